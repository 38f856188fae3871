import Architecture
import FoundationEssentials
import IdentifiedCollections
import TodoTxt

/// The undo of `M`, in the order that never loses a todo: the source list, its todos back
/// already, is written first; only then is the target written without them. A crash in
/// between leaves them in both files.
extension ListsFeature {
  /// A move was undone in `source` (its todos are back in the list): saves its file, then
  /// the target's without them.
  @MainActor
  static func undoMove(
    _ receipt: MoveReceipt, in source: ListID, _ state: inout State,
    _ environment: Environment, _ run: Run
  ) -> Effect<Action> {
    guard let back = state.lists[id: source], let from = state.lists[id: receipt.target],
      let backEnvironment = environment.lists[source],
      let fromEnvironment = environment.lists[receipt.target]
    else { return .none }
    let fromName = from.file.title.name
    if let problem = cannotMove(from: from, to: back) {
      return say(
        Todos.StatusMessage("\(problem), so \(fromName) keeps them too", kind: .error),
        in: source, &state, environment)
    }
    let leaving = Set(receipt.ids.filter { from.list.list[id: $0] != nil })
    let (backDocument, backLayout) = back.file.document.filled(
      with: back.list.list.rows, newAtEnd: backEnvironment.list.addsAtBottom)
    let (fromDocument, fromLayout) = from.file.document.filled(
      with: from.list.list.rows, leaving: leaving, newAtEnd: fromEnvironment.list.addsAtBottom)
    let write = TwoWrites(
      first: backEnvironment.file, firstBytes: backDocument.serialized(),
      firstStamp: back.file.stamp, second: fromEnvironment.file,
      secondBytes: fromDocument.serialized(), secondStamp: from.file.stamp)
    let outcome = MoveOutcome(
      from: receipt.target, to: source, todos: [],
      ids: Array(leaving).sorted { $0.uuidString < $1.uuidString },
      atBottom: false, received: .failure(.changedOnDisk("")), receivedLayout: backLayout,
      receivedRevision: back.list.list.revision, given: nil, givenLayout: fromLayout,
      givenRevision: from.list.list.revision)
    return .run { send in
      var done = outcome  // its two results are the writes'
      (done.received, done.given) = write.perform(between: {})
      send(.moveUndoFinished(done))
    }
  }

  /// The undo's writes ended: the source's file has the todos back; the target's list loses
  /// them once its file did.
  @MainActor
  static func moveUndoFinished(
    _ outcome: MoveOutcome, _ state: inout State, _ environment: Environment, _ run: Run
  ) -> Effect<Action> {
    let source = outcome.to
    let target = outcome.from
    let targetName = state.lists[id: target]?.file.title.name ?? target.path
    let sourceName = state.lists[id: source]?.file.title.name ?? source.path
    let what = state.doneViews[source] != nil ? "the restore" : "the move"
    switch outcome.received {
    case .failure(let error):
      let said = say(
        Todos.StatusMessage(
          "Undid \(what); \(sourceName): \(error.message), so \(targetName) keeps them too",
          kind: .error), in: source, &state, environment)
      guard case .changedOnDisk = error else { return said }
      return .merge(said, run(source, .fileChangedOnDisk, &state))
    case .success(let stamp):
      var effects: [Effect<Action>] = []
      if state.lists[id: source] != nil {
        effects.append(
          state.lists[id: source]!.saved(
            stamp, layout: outcome.receivedLayout, revision: outcome.receivedRevision, id: source))
      }
      switch outcome.given {
      case .success(let givenStamp)?:
        let revision = state.lists[id: target]?.list.list.revision
        state.lists[id: target]?.list.tookBack(outcome.ids)
        if revision == outcome.givenRevision, state.lists[id: target] != nil {
          let after = outcome.ids.isEmpty ? outcome.givenRevision : outcome.givenRevision + 1
          effects.append(
            state.lists[id: target]!.saved(
              givenStamp, layout: outcome.givenLayout, revision: after, id: target))
        }
        effects.append(
          say(
            Todos.StatusMessage("Undid \(what): back here, and out of \(targetName)"),
            in: source, &state, environment))
      case .failure(let error)?:
        effects.append(
          say(
            Todos.StatusMessage(
              "Undid \(what); \(targetName): \(error.message), so it keeps them too",
              kind: .error), in: source, &state, environment))
        if case .changedOnDisk = error { effects.append(run(target, .fileChangedOnDisk, &state)) }
      case nil:
        break
      }
      return .merge(effects)
    }
  }
}
