import ArchitectureTestSupport
import Foundation
import Testing

@testable import TodosFeature

/// Moves stay inside their group once the list has settled: the sort would undo them.
@MainActor
@Suite struct TodosMoveAcrossGroupsTests {
  @Test func aSettledTodoDoesNotMovePastTheOtherGroup() {
    let (store, scheduler) = makeStore(
      Todos.State(todos: [todo(0, "A"), todo(1, "B", done: true)], selectedID: id(1)))
    store.send(.moveKeyPressed(.up)) {
      $0.status = Todos.StatusMessage("Completed todos stay below active ones")
    }
    store.send(.viewport(.selectionMoved(.previous))) { $0.viewport.selectedID = id(0) }
    store.send(.moveKeyPressed(.down))  // the same message again: nothing changes
    scheduler.advance(by: .seconds(3))
    store.receive(.statusMessageExpired) { $0.status = nil }
    store.finish()
  }

  @Test func aTodoWaitingToSettleStillMoves() {
    let (store, scheduler) = makeStore(
      Todos.State(
        todos: [todo(0, "A"), todo(1, "B", done: true)], selectedID: id(1), settling: [id(1)]))
    store.send(.moveKeyPressed(.up)) {
      $0.list.rows = [todo(1, "B", done: true), todo(0, "A")]
      $0.history.undoStack = [
        History.Entry(
          label: "move “B”",
          changes: [.move([TodoList.IndexedID(id(0), at: 0), TodoList.IndexedID(id(1), at: 1)])],
          selectedID: id(1))
      ]
      $0.list.revision = 1
    }
    #expect(store.state.visible.ids == [id(1), id(0)])
    scheduler.advance(by: .milliseconds(100))
    // The settle sinks "B" on screen (the file keeps the move); the selection stays on its row.
    store.receive(.sortCompletedTodos) {
      $0.settling = []
      $0.viewport.selectedID = id(0)
    }
    #expect(store.state.visible.ids == [id(0), id(1)])
    store.finish()
  }
}
