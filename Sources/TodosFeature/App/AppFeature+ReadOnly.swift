import Architecture
import TodoTxt

/// A file the app cannot write, found at start: the title says `read-only` from the first
/// frame, and a key that would change a todo changes nothing and says why, so nothing is
/// kept in memory only to end up in a recovery file. (A file or folder that becomes
/// unwritable later is a failed save: kept in memory, retried, the recovery file on quit.)
extension AppFeature {
  /// `list`, except that while the file is read-only the keys that change todos (or open the
  /// editor to change one) are refused with a status message, and the file is looked at again,
  /// so a `chmod u+w` lets the next key through.
  ///
  /// ```swift
  /// let list = refusingChangesWhenReadOnly(environment, Todos.reducer(…).scope(…))
  /// ```
  @MainActor
  static func refusingChangesWhenReadOnly(
    _ environment: Environment, _ list: Reducer<State, Action>
  ) -> Reducer<State, Action> {
    Reducer { state, action in
      guard let problem = state.file.readOnly, case .list(let todos) = action else {
        return list.reduce(into: &state, action: action)
      }
      // A paste opens the editor and types into it: with the editor refused, its keys are
      // nobody's.
      if case .editor = todos, !state.list.isEditing { return .none }
      guard todos.changesTodos else { return list.reduce(into: &state, action: action) }
      let before = state.list.status
      state.list.status = Todos.StatusMessage(
        "\(fileName(state)) is read-only (\(problem.readOnlyReason)): nothing changed",
        kind: .error)
      state.list.organise = Organise.State()
      let file = environment.file
      return .merge(
        state.list.statusExpiry(since: before, environment.list).map(Action.list),
        .run { send in send(.writeAccessChecked(file.writeProblem())) })
    }
  }
}

extension Todos.Action {
  /// Whether the action changes a todo, or opens the editor to change one: what a read-only
  /// file refuses. Moving, searching, filtering, sorting, `H`, help and quitting do not.
  ///
  /// ```swift
  /// Todos.Action.toggleAllKeyPressed.changesTodos  // true
  /// ```
  var changesTodos: Bool {
    switch self {
    case .todos, .checkboxClicked, .toggleAllKeyPressed, .deleteKeyPressed, .moveKeyPressed,
      .clearCompletedKeyPressed, .addKeyPressed, .linesPasted, .editKeyPressed,
      .externalEdit(.keyPressed),
      .history(.undoKeyPressed), .history(.redoKeyPressed), .delegate(.archive),
      .lists(.moveKeyPressed):
      return true
    case .organise(let organise):
      switch organise {
      case .priorityKeyPressed, .priorityLetterTyped, .priorityClearPressed, .rangeToggled,
        .rangeDeleted, .archiveKeyPressed, .postponeKeyPressed, .modifyKeyPressed,
        .promptConfirmed:
        return true
      case .priorityCancelled, .rangeKeyPressed, .rangeEnded, .promptEdited, .promptCancelled,
        .detailKeyPressed, .detailClosed, .link:
        return false
      }
    default:
      return false
    }
  }
}
