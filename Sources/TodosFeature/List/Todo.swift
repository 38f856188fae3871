import Architecture
import Foundation

/// One todo: the row feature of the list.
///
/// ```swift
/// store.send(.todos(.element(id: id, action: .checkboxToggled)))
/// ```
public enum Todo {
  /// A todo and everything the todo.txt file needs to write it back.
  public struct State: Equatable, Identifiable, Sendable {
    public var id: UUID
    /// The text the user sees and edits.
    public var description: String
    public var isComplete: Bool
    /// The todo.txt priority letter, `A`…`Z`.
    public var priority: Character?
    /// When the todo was added (only the date part matters to the file).
    public var creationDate: TodoDate?
    /// When the todo was completed; nil while it is active.
    public var completionDate: TodoDate?
    /// The original line bytes, so an untouched todo is written back byte-identical. Any change
    /// sets it to nil.
    public var rawLine: [UInt8]?

    /// A todo; only the id is required.
    ///
    /// ```swift
    /// Todo.State(id: UUID(counter: 0), description: "Milk")
    /// ```
    public init(
      id: UUID,
      description: String = "",
      isComplete: Bool = false,
      priority: Character? = nil,
      creationDate: TodoDate? = nil,
      completionDate: TodoDate? = nil,
      rawLine: [UInt8]? = nil
    ) {
      self.id = id
      self.description = description
      self.isComplete = isComplete
      self.priority = priority
      self.creationDate = creationDate
      self.completionDate = completionDate
      self.rawLine = rawLine
    }
  }

  /// What can happen to one row.
  public enum Action: Equatable, Sendable {
    /// The checkbox was toggled (Space, `x`, or a click on `[ ]`).
    case checkboxToggled
  }

  /// The row reducer: toggling stamps or clears the completion date and drops the raw line.
  ///
  /// ```swift
  /// let row = Todo.reducer(environment)
  /// ```
  @MainActor
  public static func reducer(_ environment: TodosEnvironment) -> Reducer<State, Action> {
    Reducer { state, action in
      switch action {
      case .checkboxToggled:
        state.setComplete(!state.isComplete, on: environment.today())
        return .none
      }
    }
  }
}

extension Todo.State {
  /// Completes (stamping `date`) or reactivates the todo, and drops the raw line.
  mutating func setComplete(_ isComplete: Bool, on date: TodoDate) {
    self.isComplete = isComplete
    completionDate = isComplete ? date : nil
    rawLine = nil
  }
}
