import Architecture
import FoundationEssentials
import IdentifiedCollections
import TodoTxt

/// `M`: todos moved to another list, as file effects in the order that never loses one: the
/// target file is written (and fsync'd, as every save is) before the source file is rewritten
/// without them, so a crash in between leaves them in both files, never in neither (the rule
/// `A` follows with done.txt). Its undo writes the source file with them back first, then the
/// target without them. The lists change only once the files did.
extension ListsFeature {
  /// How a move (or its undo) went: the receiving list's save, then the giving list's.
  public struct MoveOutcome: Equatable, Sendable {
    /// The list the todos leave (written second).
    public var from: ListID
    /// The list the todos go to (written first).
    public var to: ListID
    /// The todos moved, in list order (an undo: none, they are back already).
    public var todos: [Todo.State]
    public var ids: [UUID]
    /// The todos go to the end of the receiving list (`new_todo_position = "bottom"`).
    public var atBottom: Bool
    /// The receiving file's save, its layout, and the list revision it was made from.
    public var received: Result<FileStamp, FileError>
    public var receivedLayout: TodoTxtDocument
    public var receivedRevision: Int
    /// The giving file's save (nil: not tried, the first failed).
    public var given: Result<FileStamp, FileError>?
    public var givenLayout: TodoTxtDocument
    public var givenRevision: Int
  }

  /// `M` then a list: opens the picker of the other lists for the selected todo or range.
  @MainActor
  static func openMovePicker(
    from id: ListID, _ state: inout State, _ environment: Environment
  ) -> Effect<Action> {
    guard let list = state.lists[id: id]?.list else { return .none }
    let ids = list.targetIDs
    state.lists[id: id]?.list.organise.rangeAnchor = nil
    guard !ids.isEmpty else { return .none }
    let others = state.entries.filter { $0.id != id }
    guard let first = others.first else {
      let fix = "To fix, open several: todos-tui work.txt home.txt"
      return say(
        Todos.StatusMessage("No other list to move to. \(fix)", kind: .error), in: id, &state,
        environment)
    }
    state.lists[id: id]?.list.mode = .choosingList(
      ListPicker.State(purpose: .move(ids), entries: others, selected: first.id))
    return .none
  }

  /// The target chosen: writes the target file with the todos, then the source without them,
  /// and says how it went with `.moveFinished`.
  @MainActor
  static func move(
    _ ids: [UUID], from source: ListID, to target: ListID, reopening: Bool?,
    _ state: inout State, _ environment: Environment, _ run: Run
  ) -> Effect<Action> {
    guard source != target, let from = state.lists[id: source], let to = state.lists[id: target],
      let fromEnvironment = environment.lists[source],
      let toEnvironment = environment.lists[target]
    else { return .none }
    if let problem = cannotMove(from: from, to: to) {
      return say(
        Todos.StatusMessage("\(problem): nothing moved", kind: .error), in: source, &state,
        environment)
    }
    let leaving = Set(ids)
    var todos = Array(from.list.list.rows.filter { leaving.contains($0.id) })
    guard !todos.isEmpty else { return .none }
    if reopening == true {
      // A todo restored from done.txt, reopened: as Space would reopen it.
      let today = toEnvironment.list.today()
      let keeping = toEnvironment.list.keepsPriorityOnCompletion
      for index in todos.indices where todos[index].isComplete {
        todos[index].setComplete(false, on: today, keepingPriority: keeping)
      }
    }
    let atBottom = toEnvironment.list.addsAtBottom
    var receiving = to.list.list
    _ = receiving.apply([.insert(inserted(todos, into: receiving, atBottom: atBottom))])
    let (toDocument, toLayout) = to.file.document.filled(
      with: receiving.rows, newAtEnd: atBottom)
    let (fromDocument, fromLayout) = from.file.document.filled(
      with: from.list.list.rows, leaving: leaving, newAtEnd: fromEnvironment.list.addsAtBottom)
    let pause = environment.afterMoveTargetWritten
    let write = TwoWrites(
      first: toEnvironment.file, firstBytes: toDocument.serialized(), firstStamp: to.file.stamp,
      second: fromEnvironment.file, secondBytes: fromDocument.serialized(),
      secondStamp: from.file.stamp)
    let outcome = MoveOutcome(
      from: source, to: target, todos: todos, ids: todos.map(\.id), atBottom: atBottom,
      received: .failure(.changedOnDisk("")), receivedLayout: toLayout,
      receivedRevision: to.list.list.revision, given: nil, givenLayout: fromLayout,
      givenRevision: from.list.list.revision)
    return .run { send in
      var done = outcome  // its two results are the writes'
      (done.received, done.given) = write.perform(between: pause)
      send(.moveFinished(done))
    }
  }

  /// Why todos cannot move between these lists now, or nil.
  static func cannotMove(from: AppFeature.State, to: AppFeature.State) -> String? {
    for list in [to, from] {
      let name = list.file.title.name
      if !list.file.isLoaded { return "\(name) cannot be written now" }
      if list.file.readOnly != nil { return "\(name) is read-only" }
    }
    return nil
  }

  /// Where moved todos go in the receiving list: after its last row, or before its first.
  static func inserted(
    _ todos: [Todo.State], into list: TodoList, atBottom: Bool
  ) -> [TodoList.IndexedTodo] {
    let start = atBottom ? list.rows.count : 0
    return todos.enumerated().map { TodoList.IndexedTodo($1, at: start + $0) }
  }

  /// Both files written (or the first): the lists change as their files did.
  @MainActor
  static func moveFinished(
    _ outcome: MoveOutcome, _ state: inout State, _ environment: Environment, _ run: Run
  ) -> Effect<Action> {
    let source = outcome.from
    let toName = state.lists[id: outcome.to]?.file.title.name ?? outcome.to.path
    let fromName = state.lists[id: source]?.file.title.name ?? source.path
    let count = outcome.ids.count
    let noun = count == 1 ? "todo" : "todos"
    let isRestore = state.doneViews[source] != nil
    guard case .success(let stamp) = outcome.received else {
      guard case .failure(let error) = outcome.received else { return .none }
      let said = say(
        Todos.StatusMessage("\(toName): \(error.message): nothing moved", kind: .error),
        in: source, &state, environment)
      guard case .changedOnDisk = error else { return said }
      return .merge(said, run(outcome.to, .fileChangedOnDisk, &state))
    }
    var effects: [Effect<Action>] = []
    if state.lists[id: outcome.to] != nil {
      state.lists[id: outcome.to]!.list.receivedMove(outcome.todos, atBottom: outcome.atBottom)
      effects.append(
        state.lists[id: outcome.to]!.saved(
          stamp, layout: outcome.receivedLayout, revision: outcome.receivedRevision + 1,
          id: outcome.to))
    }
    switch outcome.given {
    case .success(let givenStamp)?:
      let receipt = MoveReceipt(target: outcome.to, ids: outcome.ids)
      let revision = state.lists[id: source]?.list.list.revision
      state.lists[id: source]?.list.movedOut(
        outcome.ids, receipt: receipt, to: toName, verb: isRestore ? "restore" : "move")
      if revision == outcome.givenRevision, state.lists[id: source] != nil {
        effects.append(
          state.lists[id: source]!.saved(
            givenStamp, layout: outcome.givenLayout, revision: outcome.givenRevision + 1,
            id: source))
      }
      let said =
        isRestore
        ? restoredStatus(outcome.todos, to: toName)
        : "Moved \(count) \(noun) to \(toName) · u to undo"
      effects.append(say(Todos.StatusMessage(said), in: source, &state, environment))
    case .failure(let error)?:
      effects.append(
        say(
          Todos.StatusMessage(
            "Copied \(count) \(noun) to \(toName), but \(fromName): \(error.message), so "
              + "they are in both", kind: .error), in: source, &state, environment))
      if case .changedOnDisk = error { effects.append(run(source, .fileChangedOnDisk, &state)) }
    case nil:
      break
    }
    return .merge(effects)
  }
}

/// Two saves in order: the second only once the first is written and fsync'd.
///
/// ```swift
/// let (first, second) = TwoWrites(...).perform(between: {})
/// ```
struct TwoWrites {
  var first: FileClient
  var firstBytes: [UInt8]
  var firstStamp: FileStamp?
  var second: FileClient
  var secondBytes: [UInt8]
  var secondStamp: FileStamp?

  @MainActor
  func perform(
    between pause: @MainActor () -> Void
  ) -> (Result<FileStamp, FileError>, Result<FileStamp, FileError>?) {
    let firstSave = catching { () throws(FileError) in try first.save(firstBytes, firstStamp) }
    guard case .success = firstSave else { return (firstSave, nil) }
    pause()
    let secondSave = catching { () throws(FileError) in try second.save(secondBytes, secondStamp) }
    return (firstSave, secondSave)
  }
}

extension AppFeature.State {
  /// The file was written with the list as it was at `revision`: it is saved, unless the list
  /// changed since (the next save writes the rest). Cancels the save that was waiting.
  @MainActor
  mutating func saved(
    _ stamp: FileStamp, layout: TodoTxtDocument, revision: Int, id: ListID
  ) -> Effect<ListsFeature.Action> {
    file.stamp = stamp
    file.document = layout
    guard list.list.revision == revision else { return .none }
    file.savedRevision = revision
    file.scheduledRevision = revision
    file.problem = nil
    return Effect<ListsFeature.Action>
      .cancel(ids: [AppFeature.CancelID.save, .saveDeadline])
      .cancellationNamespaced(id)
  }
}

extension Todos.State {
  /// Todos moved here from another list: they join the list (no undo step here: the move's
  /// step is the other list's).
  mutating func receivedMove(_ todos: [Todo.State], atBottom: Bool) {
    let before = snapshot
    let present = todos.filter { list[id: $0.id] == nil }
    _ = list.apply([
      .insert(ListsFeature.inserted(present, into: list, atBottom: atBottom))
    ])
    viewport.follow(visible, previous: before.visibleIDs)
  }

  /// Todos moved to another list (`name`): they leave this one, as one undo step that takes
  /// them back.
  mutating func movedOut(
    _ ids: [UUID], receipt: MoveReceipt, to name: String, verb: String = "move"
  ) {
    let before = snapshot
    let selectedID = viewport.selectedID
    let present = ids.filter { list[id: $0] != nil }
    guard !present.isEmpty else { return }
    let first = present.count == 1 ? list[id: present[0]] : nil
    let inverse = list.apply([.remove(present)])
    let what = first.map(Todos.quoted) ?? "\(present.count) todos"
    history.record("\(verb) \(what) to \(name)", inverse, selectedID: selectedID, move: receipt)
    settling.subtract(present)
    viewport.follow(visible, previous: before.visibleIDs)
  }

  /// Todos taken back out after the move that brought them here was undone.
  mutating func tookBack(_ ids: [UUID]) {
    let before = snapshot
    let present = ids.filter { list[id: $0] != nil }
    guard !present.isEmpty else { return }
    _ = list.apply([.remove(present)])
    settling.subtract(present)
    viewport.follow(visible, previous: before.visibleIDs)
  }
}
