import DequeModule
import FoundationEssentials
import TodoTxt

/// The undo history feature: steps that take the list back (`u`) and forward again (Ctrl-R).
///
/// A step holds only what it changed (one row for a toggle, an edit, a delete), never a copy of
/// the list, so recording it costs the same at 10 or 100k todos.
///
/// ```swift
/// state.history.record("delete “Milk”", [.insert([TodoList.IndexedTodo(todo, at: 3)])],
///   selectedID: todo.id)
/// store.send(.history(.undoKeyPressed))  // the todo is back, and selected
/// ```
///
/// Undoing and redoing change the list, the selection and the status line, so they are the
/// list's methods (`Todos+History.swift`); this type holds the steps.
public enum History {
  /// The most undo steps kept.
  public static let limit = 100

  public struct State: Equatable, Sendable {
    /// Oldest first. A deque: once `limit` steps are kept, each new one drops the oldest, which
    /// shifted every step of an array (a tenth of a toggle's cost at 100k todos).
    public var undoStack: Deque<Entry>
    public var redoStack: [Entry]

    public init(undoStack: [Entry] = [], redoStack: [Entry] = []) {
      self.undoStack = Deque(undoStack)
      self.redoStack = redoStack
    }
  }

  /// One undo (or redo) step: what it was, and the changes that take the list back.
  ///
  /// ```swift
  /// History.Entry(label: "complete “Milk”", changes: [.update([todo])], selectedID: todo.id)
  /// ```
  public struct Entry: Equatable, Sendable {
    /// What the change was, for the status line: "delete “Milk”".
    public var label: String
    /// What puts the list back, made last first: the inverse of the step itself, then what
    /// it brought with it (a `rec:` todo's next occurrence).
    public var changes: [TodoList.Change]
    /// The selection to restore.
    public var selectedID: UUID?
    /// For an archive (`A`): what it appended to done.txt, which undoing it takes back out.
    public var archive: AppendReceipt?
    /// For a move to another list (`M`): where the todos went, which undoing it takes them
    /// back out of.
    public var move: MoveReceipt?
    public init(
      label: String, changes: [TodoList.Change], selectedID: UUID?,
      archive: AppendReceipt? = nil, move: MoveReceipt? = nil
    ) {
      self.label = label
      self.changes = changes
      self.selectedID = selectedID
      self.archive = archive
      self.move = move
    }
  }

  public enum Action: Equatable, Sendable {
    /// `u`: take back the last step.
    case undoKeyPressed
    /// Ctrl-R: make the last undone step again.
    case redoKeyPressed
  }
}

extension History.State {
  /// Pushes a step, `changes` being what undoes the change about to be made (recorded before
  /// it), and forgets the redo steps.
  mutating func record(
    _ label: String, _ changes: [TodoList.Change], selectedID: UUID?,
    archive: AppendReceipt? = nil, move: MoveReceipt? = nil
  ) {
    undoStack.append(
      History.Entry(
        label: label, changes: changes, selectedID: selectedID, archive: archive, move: move))
    if undoStack.count > History.limit { undoStack.removeFirst(undoStack.count - History.limit) }
    if !redoStack.isEmpty { redoStack = [] }
  }

  /// Forgets every step.
  mutating func clear() { self = History.State() }
}
