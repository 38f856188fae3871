import Architecture
import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import Testing
import TodoTxt
import TodosFeatureTestSupport

@testable import TodosFeature

/// `D` shows done.txt read-only in the list view; `r` restores a todo from it (reopened or
/// still completed: one key), the todo file written before done.txt, one undo step.
@MainActor
@Suite struct ListsDoneTests {
  let old = Todo.State(
    id: id(3), description: "Old", isComplete: true,
    completionDate: TodoDate(year: 1970, month: 1, day: 1))

  /// `D` in home: done.txt shows, read from its file (its row is 3).
  func showDone(_ store: TestStore<ListsFeature.State, ListsFeature.Action>, _ lists: TwoLists) {
    let (home, done) = (lists.home, lists.done)
    store.send(.key(home, .lists(.doneKeyPressed))) {
      $0.doneViews = [done: home]
      $0.current = done
      var view = AppFeature.State(path: "/tmp/done.txt")
      view.file.displayName = "done.txt · read-only"
      $0.lists.append(view)
    }
    let loaded = LoadedFile(bytes: Array("x 1970-01-01 Old\n".utf8), stamp: stamp(0, size: 17))
    store.receive(.list(done, .loadFinished(.success(loaded)))) {
      $0.lists[id: done]!.file.isLoaded = true
      $0.lists[id: done]!.file.stamp = stamp(0, size: 17)
      $0.lists[id: done]!.file.document = lists.layout("x 1970-01-01 Old\n", [3])
      $0.lists[id: done]!.list.rows = [old]
      $0.lists[id: done]!.list.viewport.selectedID = id(3)
    }
  }

  @Test func dShowsDoneTxtThatRefusesChangesAndDAgainShowsTheList() throws {
    let lists = TwoLists()
    let store = try lists.makeStore()
    let (home, done) = (lists.home, lists.done)
    showDone(store, lists)
    #expect(store.state.currentList.file.title.name == "done.txt · read-only")
    let frame = ListsView.frame(for: store.state, width: 80, height: 24)
    #expect(
      frame.buffer.text(ofRow: 23)
        == " ? help · r restore · D back · / search · f filter · i detail")
    store.send(.key(done, .deleteKeyPressed)) {
      $0.lists[id: done]!.list.status = Todos.StatusMessage(
        "done.txt is read-only here: r restores a todo to the list", kind: .error)
    }
    store.send(.key(done, .searchKeyPressed)) {  // the search works
      $0.lists[id: done]!.list.search = Search.State(isTyping: true)
    }
    store.send(.key(done, .search(.escapePressed))) { $0.lists[id: done]!.list.search = nil }
    store.send(.key(done, .lists(.nextKeyPressed))) { $0.current = lists.work }  // after home
    store.send(.key(lists.work, .lists(.previousKeyPressed))) { $0.current = home }
    store.send(.key(home, .lists(.doneKeyPressed))) { $0.current = done }  // unchanged: not read
    store.send(.key(done, .lists(.doneKeyPressed))) { $0.current = home }
    lists.scheduler.advance(by: Todos.statusDuration)
    store.receive(.key(done, .statusMessageExpired)) { $0.lists[id: done]!.list.status = nil }
    #expect(lists.doneFile.contents == "x 1970-01-01 Old\n")
  }

  @Test func rRestoresReopenedTodoTxtFirstAndUTakesItBackDoneTxtFirst() throws {
    var lists = TwoLists()
    var between: [String?] = []
    let (homeFile, doneFile) = (lists.homeFile, lists.doneFile)
    lists.between = { between = [homeFile.contents, doneFile.contents] }
    let store = try lists.makeStore()
    let (home, done) = (lists.home, lists.done)
    showDone(store, lists)
    store.send(.key(done, .lists(.restoreKeyPressed))) {
      $0.lists[id: done]!.list.mode = .restoring(id(3))
      $0.lists[id: done]!.list.status = Todos.StatusMessage(
        "Restore “Old” reopened, or still completed?")
    }
    #expect(store.state.currentList.list.focus == .restore)
    store.send(.key(done, .lists(.restoreAnswered(reopened: true)))) {
      $0.lists[id: done]!.list.mode = .normal
      $0.lists[id: done]!.list.status = nil
    }
    store.receive(.key(done, .delegate(.restoreRequested(id(3), reopened: true))))
    let reopened = todo(3, "Old")
    let receipt = MoveReceipt(target: home, ids: [id(3)])
    store.receive(
      .moveFinished(
        ListsFeature.MoveOutcome(
          from: done, to: home, todos: [reopened], ids: [id(3)], atBottom: false,
          received: .success(stamp(1, size: 8)),
          receivedLayout: lists.layout("Old\na\nb\n", [3, 0, 1]), receivedRevision: 0,
          given: .success(stamp(1, size: 0)),
          givenLayout: lists.layout("x 1970-01-01 Old\n", [3]), givenRevision: 0))
    ) {
      $0.lists[id: home]!.list.rows = [reopened, todo(0, "a"), todo(1, "b")]
      $0.lists[id: home]!.list.list.revision = 1
      $0.lists[id: home]!.file.stamp = stamp(1, size: 8)
      $0.lists[id: home]!.file.document = lists.layout("Old\na\nb\n", [3, 0, 1])
      $0.lists[id: home]!.file.savedRevision = 1
      $0.lists[id: home]!.file.scheduledRevision = 1
      $0.lists[id: done]!.list.rows = []
      $0.lists[id: done]!.list.list.revision = 1
      $0.lists[id: done]!.list.viewport.selectedID = nil
      $0.lists[id: done]!.list.history.undoStack = [
        History.Entry(
          label: "restore “Old” to todo.txt",
          changes: [.insert([TodoList.IndexedTodo(old, at: 0)])], selectedID: id(3),
          move: receipt)
      ]
      $0.lists[id: done]!.list.status = Todos.StatusMessage(
        "Restored “Old” to todo.txt, reopened · u to undo")
      $0.lists[id: done]!.file.stamp = stamp(1, size: 0)
      $0.lists[id: done]!.file.savedRevision = 1
      $0.lists[id: done]!.file.scheduledRevision = 1
    }
    // todo.txt had it before done.txt lost it.
    #expect(between == ["Old\na\nb\n", "x 1970-01-01 Old\n"])
    #expect(homeFile.contents == "Old\na\nb\n")
    #expect(doneFile.contents == "")

    store.send(.key(done, .history(.undoKeyPressed))) {
      $0.lists[id: done]!.list.rows = [old]
      $0.lists[id: done]!.list.list.revision = 2
      $0.lists[id: done]!.list.viewport.selectedID = id(3)
      $0.lists[id: done]!.list.history.undoStack = []
      $0.lists[id: done]!.list.status = Todos.StatusMessage("Undid restore “Old” to todo.txt")
      $0.lists[id: done]!.file.scheduledRevision = 2
    }
    store.receive(.key(done, .delegate(.moveUndone(receipt))))
    store.receive(
      .moveUndoFinished(
        ListsFeature.MoveOutcome(
          from: home, to: done, todos: [], ids: [id(3)], atBottom: false,
          received: .success(stamp(2, size: 17)),
          receivedLayout: lists.layout("x 1970-01-01 Old\n", [3]), receivedRevision: 2,
          given: .success(stamp(2, size: 4)),
          givenLayout: lists.layout("Old\na\nb\n", [3, 0, 1]), givenRevision: 1))
    ) {
      $0.lists[id: done]!.file.stamp = stamp(2, size: 17)
      $0.lists[id: done]!.file.savedRevision = 2
      $0.lists[id: done]!.list.status = Todos.StatusMessage(
        "Undid the restore: back here, and out of todo.txt")
      $0.lists[id: home]!.list.rows = [todo(0, "a"), todo(1, "b")]
      $0.lists[id: home]!.list.list.revision = 2
      $0.lists[id: home]!.file.stamp = stamp(2, size: 4)
      $0.lists[id: home]!.file.savedRevision = 2
      $0.lists[id: home]!.file.scheduledRevision = 2
    }
    #expect(doneFile.contents == "x 1970-01-01 Old\n")
    #expect(homeFile.contents == "a\nb\n")
    lists.scheduler.advance(by: Todos.statusDuration)
    store.receive(.key(done, .statusMessageExpired)) { $0.lists[id: done]!.list.status = nil }
  }

  @Test func cRestoresItStillCompletedAndEscRestoresNothing() throws {
    let lists = TwoLists()
    let store = try lists.makeStore()
    let done = lists.done
    showDone(store, lists)
    store.send(.key(done, .lists(.restoreKeyPressed))) {
      $0.lists[id: done]!.list.mode = .restoring(id(3))
      $0.lists[id: done]!.list.status = Todos.StatusMessage(
        "Restore “Old” reopened, or still completed?")
    }
    store.send(.key(done, .lists(.restoreCancelled))) {
      $0.lists[id: done]!.list.mode = .normal
      $0.lists[id: done]!.list.status = Todos.StatusMessage("Nothing restored")
    }
    store.exhaustivity = .off  // the restore's state is the test above's to assert
    store.send(.key(done, .lists(.restoreKeyPressed)))
    store.send(.key(done, .lists(.restoreAnswered(reopened: false))))
    store.skipReceivedActions()
    #expect(lists.homeFile.contents == "x 1970-01-01 Old\na\nb\n")
    #expect(lists.doneFile.contents == "")
    #expect(
      store.state.currentList.list.status?.text
        == "Restored “Old” to todo.txt, still completed · u to undo")
    lists.scheduler.advance(by: Todos.statusDuration)
    store.skipReceivedActions()
  }

  @Test func rOutsideDoneTxtSaysWhereItWorks() throws {
    let lists = TwoLists()
    let store = try lists.makeStore()
    store.send(.key(lists.home, .lists(.restoreKeyPressed))) {
      $0.lists[id: lists.home]!.list.status = Todos.StatusMessage(
        "r restores a todo from done.txt: press D to see it")
    }
    lists.scheduler.advance(by: Todos.statusDuration)
    store.receive(.key(lists.home, .statusMessageExpired)) {
      $0.lists[id: lists.home]!.list.status = nil
    }
  }
}
