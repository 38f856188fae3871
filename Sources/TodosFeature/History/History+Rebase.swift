import DequeModule
import IdentifiedCollections

/// The undo history across another program's writes: a reload or a merge keeps the steps, and a
/// step whose todo was changed on disk since is moved onto the todo as it is now, so undoing it
/// never silently takes back the other program's change.
///
/// ```swift
/// // "Call Mom" completed in the app; todo.sh then edits it to "Call Mom today"
/// history.rebase(from: before, to: list)  // undo now reopens "Call Mom today"
/// ```
extension History.State {
  /// Moves every step onto the list as it is after a reload (`list`, rows keep their ids
  /// across reloads): a row a step puts back takes, field by field, what changed on disk since
  /// `before`, where the step itself does not change that field. Returns false, with the
  /// history cleared, when no row of `before` is left (the file was replaced by another).
  mutating func rebase(from before: TodoList, to list: TodoList) -> Bool {
    guard !undoStack.isEmpty || !redoStack.isEmpty else { return true }
    if !before.isEmpty, !before.rows.ids.contains(where: { list[id: $0] != nil }) {
      self = History.State()
      return false
    }
    undoStack = Deque(undoStack.lazy.map { $0.rebased(from: before, to: list) })
    redoStack = redoStack.map { $0.rebased(from: before, to: list) }
    return true
  }
}

extension History.Entry {
  /// This step, its rows moved onto the disk's changes since `before`.
  func rebased(from before: TodoList, to list: TodoList) -> History.Entry {
    var entry = self
    entry.changes = changes.map { change in
      guard case .update(let rows) = change else { return change }
      return .update(
        rows.map { row in
          guard let was = before[id: row.id], let now = list[id: row.id], was != now else {
            return row
          }
          return row.rebased(from: was, to: now)
        })
    }
    return entry
  }

  /// Whether undoing (or redoing) this step still changes something in `list`: an insert
  /// always does; the other changes only while one of their todos is still there.
  func applies(to list: TodoList) -> Bool {
    changes.contains { change in
      switch change {
      case .insert: true
      case .update(let rows): rows.contains { list[id: $0.id] != nil }
      case .remove(let ids): ids.contains { list[id: $0] != nil }
      case .move(let places): places.contains { list[id: $0.id] != nil }
      }
    }
  }
}

extension Todo.State {
  /// This version of a todo (what a step puts back), with each field another program changed
  /// from `was` to `now` taken from `now`, where this version has `was`'s value (the step does
  /// not change that field). The original bytes go when the text does.
  func rebased(from was: Todo.State, to now: Todo.State) -> Todo.State {
    var row = self
    if description == was.description, now.description != was.description {
      row.description = now.description
      row.rawLine = nil
    }
    if priority == was.priority, now.priority != was.priority {
      row.priority = now.priority
      row.rawLine = nil
    }
    if creationDate == was.creationDate, now.creationDate != was.creationDate {
      row.creationDate = now.creationDate
      row.rawLine = nil
    }
    if isComplete == was.isComplete, completionDate == was.completionDate,
      now.isComplete != was.isComplete || now.completionDate != was.completionDate
    {
      row.isComplete = now.isComplete
      row.completionDate = now.completionDate
      row.rawLine = nil
    }
    if row.rawLine != nil, rawLine == was.rawLine { row.rawLine = now.rawLine }
    return row
  }
}
