import Architecture
import IdentifiedCollections
import TodoTxt

/// done.txt in the list view (`D`): read-only, with the search, the filters, the views and
/// `i` as in a list; a key that would change a todo says it is read-only. `r` restores a todo
/// to the list it was opened from, as a move (`ListsFeature+Move.swift`): that list's file is
/// written before done.txt is rewritten without it, one undo step in done.txt's view.
extension ListsFeature {
  /// The name done.txt's title gives it: its path as the list's title would say it, and that
  /// it is read-only.
  static let doneTitleSuffix = " · read-only"

  /// `D` in a list: its done.txt shows, read afresh (read at the first `D`, then looked at
  /// again); `D` in done.txt: the list it was opened from shows again.
  @MainActor
  static func showDone(
    from id: ListID, _ state: inout State, _ environment: Environment, _ run: Run
  ) -> Effect<Action> {
    if let owner = state.doneViews[id] {
      state.current = owner
      return .none
    }
    guard let done = environment.doneFiles[id], let list = state.lists[id: id] else {
      return say(
        Todos.StatusMessage("No done file for this list", kind: .error), in: id, &state,
        environment)
    }
    state.doneViews[done] = id
    state.current = done
    guard state.lists[id: done] == nil else {
      state.lists[id: done]!.list.viewport.size = list.list.viewport.size
      return run(done, .fileChangedOnDisk, &state)
    }
    var view = AppFeature.State(path: done.path)
    view.list.viewport.size = list.list.viewport.size
    view.list.today = list.list.today
    view.file.displayName = PathComponents.lastComponent(of: done.path) + doneTitleSuffix
    state.lists.append(view)
    return run(done, .started, &state)
  }

  /// A key in a done.txt view that would change a todo there: refused, and said; nil for any
  /// other action. `u` and Ctrl-R pass: done.txt's undo steps are its restores. `r` outside
  /// done.txt says where it works.
  @MainActor
  static func refusedInDoneView(
    _ id: ListID, _ action: AppFeature.Action, _ state: inout State, _ environment: Environment
  ) -> Effect<Action>? {
    guard case .list(let todos) = action else { return nil }
    let isDone = state.doneViews[id] != nil
    switch todos {
    case .lists(.restoreKeyPressed) where !isDone:
      return say(
        Todos.StatusMessage("r restores a todo from done.txt: press D to see it"), in: id,
        &state, environment)
    case .history, .lists(.restoreKeyPressed), .lists(.restoreAnswered),
      .lists(.restoreCancelled):
      return nil
    case .lists(.moveKeyPressed) where isDone:
      break
    default:
      guard isDone, todos.changesTodos || isEditorKey(todos) else { return nil }
    }
    let name = PathComponents.lastComponent(of: id.path)
    state.lists[id: id]?.list.organise = Organise.State()
    return say(
      Todos.StatusMessage(
        "\(name) is read-only here: r restores a todo to the list", kind: .error), in: id,
      &state, environment)
  }

  /// A paste, which opens the editor and types into it.
  static func isEditorKey(_ action: Todos.Action) -> Bool {
    if case .editor = action { return true }
    return false
  }

  /// "Restored “Call Mom” to todo.txt, reopened · u to undo".
  static func restoredStatus(_ todos: [Todo.State], to name: String) -> String {
    let what = todos.count == 1 ? Todos.quoted(todos[0]) : "\(todos.count) todos"
    let how = todos.allSatisfy(\.isComplete) ? "still completed" : "reopened"
    return "Restored \(what) to \(name), \(how) · u to undo"
  }
}
