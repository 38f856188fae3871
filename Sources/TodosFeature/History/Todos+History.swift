import Architecture
import TodoTxt

// Undo and redo as changes of the list: they apply a step's changes to the rows in place (never
// a copy of them), put the selection back, and say what they did on the status line.

extension Todos {
  /// `u` and Ctrl-R; the undo of an archive tells the app to take its lines back out of
  /// done.txt.
  ///
  /// ```swift
  /// case .history(let action): return reduceHistory(into: &state, action: action)
  /// ```
  @MainActor
  static func reduceHistory(into state: inout State, action: History.Action) -> Effect<Action> {
    switch action {
    case .undoKeyPressed:
      let move = state.history.undoStack.last?.move
      let revision = state.list.revision
      if let receipt = state.undo() { return .send(.delegate(.restoreDoneFile(receipt))) }
      // A move to another list, undone here: the app takes the todos out of that list.
      guard let move, state.list.revision != revision else { return .none }
      return .send(.delegate(.moveUndone(move)))
    case .redoKeyPressed:
      state.redo()
      return .none
    }
  }
}

extension Todos.State {
  /// `u`: takes back the last step. Returns what an archive appended to done.txt when the step
  /// was an archive, for the app to take back out (the list does not touch files).
  ///
  /// ```swift
  /// state.delete(id)
  /// state.undo()  // the todo is back, and selected; the status line says how to redo
  /// ```
  mutating func undo() -> AppendReceipt? {
    guard let entry = history.undoStack.popLast() else {
      status = Todos.StatusMessage("Nothing to undo")
      return nil
    }
    guard entry.applies(to: list) else {
      status = Todos.StatusMessage(
        "Skipped undo of \(entry.label): its todo is no longer in the file")
      return nil
    }
    let reverted = replay(entry)
    if let receipt = entry.archive {
      // Redoing it would have to write done.txt again: `A` archives again instead.
      history.redoStack = []
      status = Todos.StatusMessage("Undid \(entry.label)")
      return receipt
    }
    if entry.move != nil {
      // Redoing it would have to write the other list again: `M` moves again instead.
      history.redoStack = []
      status = Todos.StatusMessage("Undid \(entry.label)")
      return nil
    }
    history.redoStack.append(reverted)
    status = Todos.StatusMessage("Undid \(entry.label) · Ctrl-R to redo")
    return nil
  }

  /// Ctrl-R: makes the last undone step again.
  ///
  /// ```swift
  /// state.undo()
  /// state.redo()  // as before the undo; the status line says "Redid …"
  /// ```
  mutating func redo() {
    guard let entry = history.redoStack.popLast() else {
      status = Todos.StatusMessage("Nothing to redo")
      return
    }
    guard entry.applies(to: list) else {
      status = Todos.StatusMessage(
        "Skipped redo of \(entry.label): its todo is no longer in the file")
      return
    }
    history.undoStack.append(replay(entry))
    status = Todos.StatusMessage("Redid \(entry.label)")
  }

  /// Applies a step and returns the step that reverts it; the selection goes back to where it
  /// was (the list then keeps it on a visible todo).
  private mutating func replay(_ entry: History.Entry) -> History.Entry {
    let inverse = list.apply(entry.changes)
    let reverted = History.Entry(
      title: entry.title, changes: inverse, selectedID: viewport.selectedID)
    viewport.selectedID = entry.selectedID
    return reverted
  }
}
