import Architecture
import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import Testing
import TodoTxt
import TodosFeatureTestSupport

@testable import TodosFeature

/// `M`: the todo goes to the other list's file before it leaves its own, one undo step takes
/// it back (its own file first), and a failure between the two writes leaves it in both.
@MainActor
@Suite struct ListsMoveTests {
  /// `M` on "a" in home, then Enter on work (the only other list), up to the delegate.
  func chooseWork(_ store: TestStore<ListsFeature.State, ListsFeature.Action>, _ lists: TwoLists) {
    let (home, work) = (lists.home, lists.work)
    store.send(.key(home, .lists(.moveKeyPressed))) {
      $0.lists[id: home]!.list.mode = .choosingList(
        ListPicker.State(
          purpose: .move([id(0)]),
          entries: [ListPicker.Entry(id: work, name: "work.txt", activeCount: 1)],
          selected: work))
    }
    store.send(.key(home, .lists(.picker(.enterPressed)))) {
      $0.lists[id: home]!.list.mode = .normal
    }
    store.receive(.key(home, .delegate(.listChosen(work, .move([id(0)])))))
  }

  /// The move of "a" as `.moveFinished` reports it, each save as given.
  func moved(
    _ lists: TwoLists, received: Result<FileStamp, FileError>,
    given: Result<FileStamp, FileError>?
  ) -> ListsFeature.MoveOutcome {
    ListsFeature.MoveOutcome(
      from: lists.home, to: lists.work, todos: [todo(0, "a")], ids: [id(0)], atBottom: false,
      received: received, receivedLayout: lists.layout("a\nw\n", [0, 2]), receivedRevision: 0,
      given: given, givenLayout: lists.layout("a\nb\n", [0, 1]), givenRevision: 0)
  }

  @Test func mWritesTheTargetBeforeTheSourceAndUndoPutsItBackSourceFirst() throws {
    var lists = TwoLists()
    var seenBetween: [String?] = []
    let (homeFile, workFile) = (lists.homeFile, lists.workFile)
    lists.between = { seenBetween = [workFile.contents, homeFile.contents] }
    let store = try lists.makeStore()
    let (home, work) = (lists.home, lists.work)
    chooseWork(store, lists)
    let receipt = MoveReceipt(target: work, ids: [id(0)])
    store.receive(
      .moveFinished(
        moved(lists, received: .success(stamp(1, size: 4)), given: .success(stamp(1, size: 2))))
    ) {
      $0.lists[id: work]!.list.rows = [todo(0, "a"), todo(2, "w")]
      $0.lists[id: work]!.list.list.revision = 1
      $0.lists[id: work]!.file.stamp = stamp(1, size: 4)
      $0.lists[id: work]!.file.document = lists.layout("a\nw\n", [0, 2])
      $0.lists[id: work]!.file.savedRevision = 1
      $0.lists[id: work]!.file.scheduledRevision = 1
      $0.lists[id: home]!.list.rows = [todo(1, "b")]
      $0.lists[id: home]!.list.list.revision = 1
      $0.lists[id: home]!.list.viewport.selectedID = id(1)
      $0.lists[id: home]!.list.history.undoStack = [
        History.Entry(
          label: "move “a” to work.txt",
          changes: [.insert([TodoList.IndexedTodo(todo(0, "a"), at: 0)])], selectedID: id(0),
          move: receipt)
      ]
      $0.lists[id: home]!.list.status = Todos.StatusMessage("Moved 1 todo to work.txt · u to undo")
      $0.lists[id: home]!.file.stamp = stamp(1, size: 2)
      $0.lists[id: home]!.file.savedRevision = 1
      $0.lists[id: home]!.file.scheduledRevision = 1
    }
    // Between the writes work.txt had it and todo.txt still had it: never in neither.
    #expect(seenBetween == ["a\nw\n", "a\nb\n"])
    #expect(workFile.contents == "a\nw\n")
    #expect(homeFile.contents == "b\n")

    var undoOrder: [String] = []
    homeFile.beforeSave = { undoOrder.append("todo.txt: \(workFile.contents ?? "")") }
    workFile.beforeSave = { undoOrder.append("work.txt") }
    store.send(.key(home, .history(.undoKeyPressed))) {
      $0.lists[id: home]!.list.rows = [todo(0, "a"), todo(1, "b")]
      $0.lists[id: home]!.list.list.revision = 2
      $0.lists[id: home]!.list.viewport.selectedID = id(0)
      $0.lists[id: home]!.list.history.undoStack = []
      $0.lists[id: home]!.list.status = Todos.StatusMessage("Undid move “a” to work.txt")
      $0.lists[id: home]!.file.scheduledRevision = 2
    }
    store.receive(.key(home, .delegate(.moveUndone(receipt))))
    store.receive(
      .moveUndoFinished(
        ListsFeature.MoveOutcome(
          from: work, to: home, todos: [], ids: [id(0)], atBottom: false,
          received: .success(stamp(2, size: 4)), receivedLayout: lists.layout("a\nb\n", [0, 1]),
          receivedRevision: 2, given: .success(stamp(2, size: 2)),
          givenLayout: lists.layout("a\nw\n", [0, 2]), givenRevision: 1))
    ) {
      $0.lists[id: home]!.file.stamp = stamp(2, size: 4)
      $0.lists[id: home]!.file.savedRevision = 2
      $0.lists[id: home]!.list.status = Todos.StatusMessage(
        "Undid the move: back here, and out of work.txt")
      $0.lists[id: work]!.list.rows = [todo(2, "w")]
      $0.lists[id: work]!.list.list.revision = 2
      $0.lists[id: work]!.file.stamp = stamp(2, size: 2)
      $0.lists[id: work]!.file.savedRevision = 2
      $0.lists[id: work]!.file.scheduledRevision = 2
    }
    // todo.txt was written (while work.txt still had it) before work.txt.
    #expect(undoOrder == ["todo.txt: a\nw\n", "work.txt"])
    #expect(homeFile.contents == "a\nb\n")
    #expect(workFile.contents == "w\n")
    lists.scheduler.advance(by: Todos.statusDuration)
    store.receive(.key(home, .statusMessageExpired)) { $0.lists[id: home]!.list.status = nil }
  }

  @Test func aSourceThatCannotBeWrittenAfterTheTargetLeavesTheTodoInBothFiles() throws {
    var lists = TwoLists()
    let homeFile = lists.homeFile
    // Between the two writes, todo.txt stops taking writes (the disk fills up).
    lists.between = { homeFile.saveFailure = .diskFull(homeFile.path) }
    let store = try lists.makeStore()
    let (home, work) = (lists.home, lists.work)
    chooseWork(store, lists)
    store.receive(
      .moveFinished(
        moved(
          lists, received: .success(stamp(1, size: 4)),
          given: .failure(.diskFull(lists.homeFile.path))))
    ) {
      $0.lists[id: work]!.list.rows = [todo(0, "a"), todo(2, "w")]
      $0.lists[id: work]!.list.list.revision = 1
      $0.lists[id: work]!.file.stamp = stamp(1, size: 4)
      $0.lists[id: work]!.file.document = lists.layout("a\nw\n", [0, 2])
      $0.lists[id: work]!.file.savedRevision = 1
      $0.lists[id: work]!.file.scheduledRevision = 1
      let problem = FileError.diskFull(lists.homeFile.path).message
      $0.lists[id: home]!.list.status = Todos.StatusMessage(
        "Copied 1 todo to work.txt, but todo.txt: \(problem), so they are in both",
        kind: .error)
    }
    #expect(lists.workFile.contents == "a\nw\n")
    #expect(lists.homeFile.contents == "a\nb\n")
    lists.scheduler.advance(by: Todos.statusDuration)
    store.receive(.key(home, .statusMessageExpired)) { $0.lists[id: home]!.list.status = nil }
  }

  @Test func aTargetThatCannotBeWrittenMovesNothing() throws {
    let lists = TwoLists()
    let store = try lists.makeStore()
    let home = lists.home
    lists.workFile.saveFailure = .diskFull(lists.workFile.path)
    chooseWork(store, lists)
    store.receive(
      .moveFinished(moved(lists, received: .failure(.diskFull(lists.workFile.path)), given: nil))
    ) {
      $0.lists[id: home]!.list.status = Todos.StatusMessage(
        "work.txt: \(FileError.diskFull(lists.workFile.path).message): nothing moved",
        kind: .error)
    }
    #expect(lists.workFile.contents == "w\n")
    #expect(lists.homeFile.contents == "a\nb\n")
    lists.scheduler.advance(by: Todos.statusDuration)
    store.receive(.key(home, .statusMessageExpired)) { $0.lists[id: home]!.list.status = nil }
  }

  @Test func mMovesAVRangeAsOneStep() throws {
    let lists = TwoLists()
    let store = try lists.makeStore()
    let (home, work) = (lists.home, lists.work)
    store.send(.key(home, .organise(.rangeKeyPressed))) {
      $0.lists[id: home]!.list.organise.rangeAnchor = id(0)
    }
    store.send(.key(home, .viewport(.selectionMoved(.next)))) {
      $0.lists[id: home]!.list.viewport.selectedID = id(1)
    }
    store.send(.key(home, .lists(.moveKeyPressed))) {
      $0.lists[id: home]!.list.organise.rangeAnchor = nil
      $0.lists[id: home]!.list.mode = .choosingList(
        ListPicker.State(
          purpose: .move([id(0), id(1)]),
          entries: [ListPicker.Entry(id: work, name: "work.txt", activeCount: 1)],
          selected: work))
    }
    store.send(.key(home, .lists(.picker(.enterPressed)))) {
      $0.lists[id: home]!.list.mode = .normal
    }
    store.receive(.key(home, .delegate(.listChosen(work, .move([id(0), id(1)])))))
    store.receive(
      .moveFinished(
        ListsFeature.MoveOutcome(
          from: home, to: work, todos: [todo(0, "a"), todo(1, "b")], ids: [id(0), id(1)],
          atBottom: false, received: .success(stamp(1, size: 6)),
          receivedLayout: lists.layout("a\nb\nw\n", [0, 1, 2]), receivedRevision: 0,
          given: .success(stamp(1, size: 0)), givenLayout: lists.layout("a\nb\n", [0, 1]),
          givenRevision: 0))
    ) {
      $0.lists[id: work]!.list.rows = [todo(0, "a"), todo(1, "b"), todo(2, "w")]
      $0.lists[id: work]!.list.list.revision = 1
      $0.lists[id: work]!.file.stamp = stamp(1, size: 6)
      $0.lists[id: work]!.file.document = lists.layout("a\nb\nw\n", [0, 1, 2])
      $0.lists[id: work]!.file.savedRevision = 1
      $0.lists[id: work]!.file.scheduledRevision = 1
      $0.lists[id: home]!.list.rows = []
      $0.lists[id: home]!.list.list.revision = 1
      $0.lists[id: home]!.list.viewport.selectedID = nil
      $0.lists[id: home]!.list.history.undoStack = [
        History.Entry(
          label: "move 2 todos to work.txt",
          changes: [
            .insert([
              TodoList.IndexedTodo(todo(0, "a"), at: 0), TodoList.IndexedTodo(todo(1, "b"), at: 1),
            ])
          ], selectedID: id(1), move: MoveReceipt(target: work, ids: [id(0), id(1)]))
      ]
      $0.lists[id: home]!.list.status = Todos.StatusMessage(
        "Moved 2 todos to work.txt · u to undo")
      $0.lists[id: home]!.file.stamp = stamp(1, size: 0)
      $0.lists[id: home]!.file.savedRevision = 1
      $0.lists[id: home]!.file.scheduledRevision = 1
    }
    #expect(lists.workFile.contents == "a\nb\nw\n")
    #expect(lists.homeFile.contents == "")
    lists.scheduler.advance(by: Todos.statusDuration)
    store.receive(.key(home, .statusMessageExpired)) { $0.lists[id: home]!.list.status = nil }
  }
}
