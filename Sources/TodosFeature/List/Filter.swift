extension Todos {
  /// Which todos the list shows.
  public enum Filter: String, CaseIterable, Equatable, Sendable {
    case all, active, completed

    /// The filter after this one (`f`, Tab), wrapping around.
    public var next: Filter {
      switch self {
      case .all: .active
      case .active: .completed
      case .completed: .all
      }
    }

    /// The name shown in the filter bar.
    public var title: String {
      switch self {
      case .all: "All"
      case .active: "Active"
      case .completed: "Completed"
      }
    }

    /// Whether a todo matches the filter on its own (ignoring the settle grace).
    public func matches(_ todo: Todo.State) -> Bool {
      switch self {
      case .all: true
      case .active: !todo.isComplete
      case .completed: todo.isComplete
      }
    }
  }

  /// A message on the status line, set by a reducer as state; it goes away 3 seconds after it
  /// was shown.
  ///
  /// ```swift
  /// state.status = Todos.StatusMessage("Nothing to undo")
  /// ```
  public struct StatusMessage: Equatable, Sendable {
    public enum Kind: Equatable, Sendable { case info, error }
    public var text: String
    public var kind: Kind
    /// Tells one showing from the next with the same words (each gets its 3 s); not part of
    /// equality.
    let showing = Showing()

    public init(_ text: String, kind: Kind = .info) {
      self.text = text
      self.kind = kind
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.text == rhs.text && lhs.kind == rhs.kind
    }

    /// Whether this is another showing than `other` (a new message, or the same words again).
    func isNewShowing(since other: Self?) -> Bool { showing !== other?.showing }

    /// Whether two messages are the same showing (both none, or one message not shown again),
    /// for `onChange(of:removeDuplicates:_:)`.
    static func isSameShowing(_ lhs: Self?, _ rhs: Self?) -> Bool {
      lhs?.showing === rhs?.showing
    }

    final class Showing: Sendable {}
  }
}
