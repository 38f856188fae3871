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
    /// What the change was, for the status line: "delete “Milk”". Made when it is shown.
    public var label: String {
      get { title.text }
      set { title = Title(newValue) }
    }
    /// The label in parts.
    var title: Title
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
      self.title = Title(label)
      self.changes = changes
      self.selectedID = selectedID
      self.archive = archive
      self.move = move
    }

    init(title: Title, changes: [TodoList.Change], selectedID: UUID?) {
      self.title = title
      self.changes = changes
      self.selectedID = selectedID
    }
  }

  /// An undo step's label, kept as a verb and the todo's text: the text is quoted (and cut)
  /// only when the label is shown, not on every toggle. Equal when the labels read the same.
  ///
  /// ```swift
  /// History.Title(verb: "complete", quoting: "Buy milk").text  // complete “Buy milk”
  /// ```
  struct Title: Equatable, Sendable {
    var verb: String
    var subject: String?

    /// A label written out already.
    init(_ text: String) {
      self.verb = text
      self.subject = nil
    }

    /// `verb` and `subject` quoted, as `Todos.quoted` does.
    init(verb: String, quoting subject: String) {
      self.verb = verb
      self.subject = subject
    }

    var text: String { subject.map { "\(verb) \(Todos.quoted($0))" } ?? verb }

    static func == (lhs: Self, rhs: Self) -> Bool {
      (lhs.verb == rhs.verb && lhs.subject == rhs.subject) || lhs.text == rhs.text
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
    record(
      History.Entry(
        label: label, changes: changes, selectedID: selectedID, archive: archive, move: move))
  }

  /// Pushes a step whose label is made when shown (a toggle's: `complete “Milk”`).
  mutating func record(
    _ title: History.Title, _ changes: [TodoList.Change], selectedID: UUID?
  ) {
    record(History.Entry(title: title, changes: changes, selectedID: selectedID))
  }

  private mutating func record(_ entry: History.Entry) {
    undoStack.append(entry)
    if undoStack.count > History.limit { undoStack.removeFirst(undoStack.count - History.limit) }
    if !redoStack.isEmpty { redoStack = [] }
  }

  /// Forgets every step.
  mutating func clear() { self = History.State() }
}
