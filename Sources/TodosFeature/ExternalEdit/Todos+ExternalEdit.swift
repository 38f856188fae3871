import Architecture
import FoundationEssentials
import TodoTxt

extension Todos.Action {
  /// `E` and the user's editor closing.
  public enum ExternalEdit: Equatable {
    /// `E`: edit the selected todo's line in the user's editor.
    case keyPressed
    /// The editor closed: what it saved for the todo with this id, or why nothing changed.
    case finished(UUID, ExternalEditor.Outcome)
  }
}

extension Todos {
  /// `E`: the selected todo's line goes to the user's editor (the terminal is handed over and
  /// the app waits); what comes back replaces the todo: nothing deletes it, several lines
  /// become several todos in its place, all in one undo step. A failed editor changes nothing.
  ///
  /// ```swift
  /// store.send(.externalEdit(.keyPressed))  // runs the editor, then .externalEdit(.finished)
  /// ```
  @MainActor
  static func reduceExternalEdit(
    into state: inout State, action: Action.ExternalEdit, environment: TodosEnvironment
  ) -> Effect<Action> {
    switch action {
    case .keyPressed:
      guard let id = state.viewport.selectedID, let todo = state.list[id: id] else {
        return .none
      }
      let line = String(decoding: todo.line.serialized(), as: UTF8.self)
      let editor = environment.editor
      return .run { send in send(.externalEdit(.finished(id, editor.edit(line + "\n")))) }

    case .finished(let id, .failed(let reason)):
      guard state.list[id: id] != nil else { return .none }
      state.status = StatusMessage("Editor: \(reason) · nothing changed", kind: .error)
      return .none

    case .finished(let id, .saved(let saved)):
      guard let todo = state.list[id: id] else { return .none }
      let original = String(decoding: todo.line.serialized(), as: UTF8.self)
      let lines = ExternalEditResult.lines(of: saved, original: original)
      let statusBefore = state.status
      let converted = state.convertingDates(inLines: lines, today: environment.today())
      // A value that is not a date is worth more than "Edited …": it stays said.
      let datesStatus = state.status != statusBefore ? state.status : nil
      switch ExternalEditResult(lines: converted) {
      case .empty:
        state.delete(id)
      case .notATodo(let line):
        state.status = StatusMessage(
          "Not a todo line: “\(line)” · nothing changed (a todo line cannot start with #)",
          kind: .error)
      case .lines(let lines):
        // A todo completed (or reopened) in the editor settles like a toggled one.
        let toggled = state.replace(todo, with: lines, newID: environment.uuid)
        if let datesStatus { state.status = datesStatus }
        guard !toggled.isEmpty else { return .none }
        state.settling.formUnion(toggled)
        return sortCompletedTodos(after: environment.settleDelay, environment)
      }
      return .none
    }
  }
}

extension Todos.State {
  /// Puts the todos of `lines` in the place of `todo` (the first keeps its id), as one undo
  /// step; nothing when the one line is the todo's own. Returns the ids whose completion
  /// differs from the todo's (they settle, as after a toggle).
  @MainActor
  @discardableResult
  mutating func replace(
    _ todo: Todo.State, with lines: [TodoTxtLine], newID: @MainActor () -> UUID
  ) -> Set<UUID> {
    guard let index = list.index(id: todo.id) else { return [] }
    var first = Todo.State(line: lines[0], id: todo.id)
    // The todo's own line back (a CR line ending aside, which the editor's lines do not keep).
    let own = { (line: TodoTxtLine) in line.serialized().reversed().drop { $0 == ASCII.cr } }
    if own(first.line).elementsEqual(own(todo.line)) { first = todo }
    let added = lines.dropFirst().enumerated().map { offset, line in
      TodoList.IndexedTodo(Todo.State(line: line, id: newID()), at: index + 1 + offset)
    }
    guard first != todo || !added.isEmpty else {
      status = Todos.StatusMessage("No change")
      return []
    }
    let selectedID = viewport.selectedID
    let undo = list.apply([.insert(added), .update([first])])
    history.record("edit \(Todos.quoted(todo)) in the editor", undo, selectedID: selectedID)
    status = Todos.StatusMessage(
      added.isEmpty
        ? "Edited \(Todos.quoted(first)) · u to undo"
        : "Edited \(Todos.quoted(todo)) into \(added.count + 1) todos · u to undo")
    let rows = [first] + added.map(\.todo)
    return Set(rows.filter { $0.isComplete != todo.isComplete }.map(\.id))
  }
}
