import Architecture
import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import Testing

@testable import TodosFeature

/// The delayed completion sort.
@MainActor
@Suite struct TodosSortTests {
  @Test func completingSinksAfterExactlyOneSecondAndTheSelectionStaysOnItsRow() {
    let (store, scheduler) = makeStore(
      Todos.State(todos: [todo(0, "A", raw: "A"), todo(1, "B")], selectedID: id(0)))
    store.exhaustivity = .off  // the undo steps are the History tests' to assert
    store.send(.todos(.element(id: id(0), action: .checkboxToggled))) {
      $0.list.rows = [
        Todo.State(id: id(0), description: "A", isComplete: true, completionDate: testDay),
        todo(1, "B"),
      ]
      $0.settling = [id(0)]
      $0.list.revision = 1
    }
    scheduler.advance(by: .milliseconds(999))
    store.assertNothingReceived()
    scheduler.advance(by: .milliseconds(1))
    // "A" sinks on screen only (the list, the file's order, stays); the selection stays on
    // the first row, which now holds "B".
    store.receive(.sortCompletedTodos) {
      $0.settling = []
      $0.viewport.selectedID = id(1)
    }
    #expect(store.state.visible.ids == [id(1), id(0)])
    store.finish()
  }

  @Test func rapidTogglesRestartTheWaitAndSortOnce() {
    let (store, scheduler) = makeStore(
      Todos.State(todos: [todo(0, "A"), todo(1, "B")], selectedID: id(0)))
    store.exhaustivity = .off  // the undo steps are the History tests' to assert
    store.send(.todos(.element(id: id(0), action: .checkboxToggled))) {
      $0.list.rows[id: id(0)]?.isComplete = true
      $0.list.rows[id: id(0)]?.completionDate = testDay
      $0.settling = [id(0)]
      $0.list.revision = 1
    }
    scheduler.advance(by: .milliseconds(500))
    store.send(.todos(.element(id: id(0), action: .checkboxToggled))) {
      $0.list.rows[id: id(0)]?.isComplete = false
      $0.list.rows[id: id(0)]?.completionDate = nil
      $0.list.revision = 2
    }
    // The first wait would have ended here; it was restarted.
    scheduler.advance(by: .milliseconds(999))
    store.assertNothingReceived()
    scheduler.advance(by: .milliseconds(1))
    store.receive(.sortCompletedTodos) { $0.settling = [] }
    scheduler.run()
    store.finish()
  }

  @Test func twoTogglesHalfASecondApartSortOnceASecondAfterTheSecond() {
    let (store, scheduler) = makeStore(
      Todos.State(todos: [todo(0, "A"), todo(1, "B"), todo(2, "C")], selectedID: id(0)))
    store.exhaustivity = .off  // the undo steps are the History tests' to assert
    store.send(.todos(.element(id: id(0), action: .checkboxToggled))) {
      $0.list.rows[id: id(0)]?.isComplete = true
      $0.list.rows[id: id(0)]?.completionDate = testDay
      $0.settling = [id(0)]
      $0.list.revision = 1
    }
    scheduler.advance(by: .milliseconds(500))
    store.send(.todos(.element(id: id(1), action: .checkboxToggled))) {
      $0.list.rows[id: id(1)]?.isComplete = true
      $0.list.rows[id: id(1)]?.completionDate = testDay
      $0.settling = [id(0), id(1)]
      $0.list.revision = 2
    }
    scheduler.advance(by: .milliseconds(999))
    store.assertNothingReceived()  // 1.499 s after the first toggle
    scheduler.advance(by: .milliseconds(1))
    store.receive(.sortCompletedTodos) {
      $0.settling = []
    }
    store.finish()
  }

  @Test func sortIsStableInsideEachGroup() {
    let (store, _) = makeStore(
      Todos.State(
        todos: [
          todo(0, "A", done: true), todo(1, "B"), todo(2, "C", done: true), todo(3, "D"),
          todo(4, "E", done: true), todo(5, "F"),
        ],
        selectedID: id(2)))
    // From the first frame the view shows the active todos, then the completed ones, each in
    // file order; the list (the file) keeps its order, and a settle changes nothing.
    #expect(store.state.visible.ids == [id(1), id(3), id(5), id(0), id(2), id(4)])
    store.send(.sortCompletedTodos)
    #expect(store.state.visible.ids == [id(1), id(3), id(5), id(0), id(2), id(4)])
    store.finish()
  }

  @Test func settleUnderTheActiveFilterKeepsTheRowUntilThenAndMovesSelectionOn() {
    let (store, scheduler) = makeStore(
      Todos.State(
        todos: [todo(0, "A"), todo(1, "B"), todo(2, "C")], selectedID: id(0), filter: .active))
    store.exhaustivity = .off  // the undo steps are the History tests' to assert
    store.send(.todos(.element(id: id(0), action: .checkboxToggled))) {
      $0.list.rows[id: id(0)]?.isComplete = true
      $0.list.rows[id: id(0)]?.completionDate = testDay
      $0.settling = [id(0)]
      $0.list.revision = 1
    }
    // Still shown (waiting), so nothing jumps under the user's finger.
    #expect(store.state.visible.ids == [id(0), id(1), id(2)])
    scheduler.advance(by: .seconds(1))
    store.receive(.sortCompletedTodos) {
      $0.settling = []
      $0.viewport.selectedID = id(1)
    }
    #expect(store.state.visible.ids == [id(1), id(2)])
    store.finish()
  }

  @Test func settleUnderTheCompletedFilterRemovesReactivatedRows() {
    let (store, scheduler) = makeStore(
      Todos.State(
        todos: [todo(0, "A"), todo(1, "B", done: true), todo(2, "C", done: true)],
        selectedID: id(2), filter: .completed))
    store.exhaustivity = .off  // the undo steps are the History tests' to assert
    store.send(.todos(.element(id: id(2), action: .checkboxToggled))) {
      $0.list.rows[id: id(2)]?.isComplete = false
      $0.list.rows[id: id(2)]?.completionDate = nil
      $0.settling = [id(2)]
      $0.list.revision = 1
    }
    #expect(store.state.visible.ids == [id(1), id(2)])
    scheduler.advance(by: .seconds(1))
    store.receive(.sortCompletedTodos) {
      $0.settling = []
      $0.viewport.selectedID = id(1)
    }
    #expect(store.state.visible.ids == [id(1)])
    store.finish()
  }

  @Test func toggleAllCompletesEverythingThenReactivatesEverything() {
    let (store, scheduler) = makeStore(
      Todos.State(todos: [todo(0, "A"), todo(1, "B", done: true)], selectedID: id(0)))
    store.send(.toggleAllKeyPressed) {
      $0.list.rows[id: id(0)]?.isComplete = true
      $0.list.rows[id: id(0)]?.completionDate = testDay
      $0.settling = [id(0)]
      $0.history.undoStack = [
        History.Entry(
          label: "complete all", changes: [.update([todo(0, "A")])], selectedID: id(0))
      ]
      $0.list.revision = 1
      $0.status = Todos.StatusMessage("Completed 1 todo · u to undo")
    }
    store.send(.toggleAllKeyPressed) {
      $0.list.rows = [todo(0, "A"), todo(1, "B")]
      $0.settling = [id(0), id(1)]
      $0.history.undoStack.append(
        History.Entry(
          label: "reactivate all",
          changes: [
            .update([
              Todo.State(id: id(0), description: "A", isComplete: true, completionDate: testDay),
              todo(1, "B", done: true),
            ])
          ],
          selectedID: id(0)))
      $0.list.revision = 2
      $0.status = Todos.StatusMessage("Reactivated 2 todos · u to undo")
    }
    scheduler.advance(by: .seconds(1))
    store.receive(.sortCompletedTodos) { $0.settling = [] }
    scheduler.advance(by: .seconds(2))
    store.receive(.statusMessageExpired) { $0.status = nil }
    store.finish()
  }

  /// `J`/`K` trade the todo's line with its neighbour on screen's: every other line (here the
  /// hidden completed "B" between them) stays where it is.
  @Test func moveSwapsWithTheNextVisibleTodoAndSettlesAfter100ms() {
    let (store, scheduler) = makeStore(
      Todos.State(
        todos: [todo(0, "A"), todo(1, "B", done: true), todo(2, "C")], selectedID: id(0),
        filter: .active))
    store.send(.moveKeyPressed(.down)) {
      $0.list.rows = [todo(2, "C"), todo(1, "B", done: true), todo(0, "A")]
      $0.history.undoStack = [
        History.Entry(
          label: "move “A”",
          changes: [.move([TodoList.IndexedID(id(0), at: 0), TodoList.IndexedID(id(2), at: 2)])],
          selectedID: id(0))
      ]
      $0.list.revision = 1
    }
    store.send(.moveKeyPressed(.down))  // already the last visible: nothing
    scheduler.advance(by: .milliseconds(99))
    store.assertNothingReceived()
    scheduler.advance(by: .milliseconds(1))
    store.receive(.sortCompletedTodos)  // nothing was waiting: nothing moves
    store.send(.moveKeyPressed(.up)) {
      $0.list.rows = [todo(0, "A"), todo(1, "B", done: true), todo(2, "C")]
      $0.history.undoStack.append(
        History.Entry(
          label: "move “A”",
          changes: [.move([TodoList.IndexedID(id(2), at: 0), TodoList.IndexedID(id(0), at: 2)])],
          selectedID: id(0)))
      $0.list.revision = 2
    }
    scheduler.advance(by: .milliseconds(100))
    store.receive(.sortCompletedTodos)
    store.finish()
  }

  @Test func clearCompletedRemovesThemUndoably() {
    let all: IdentifiedArrayOf<Todo.State> = [
      todo(0, "A", done: true), todo(1, "B"), todo(2, "C", done: true),
    ]
    let (store, scheduler) = makeStore(Todos.State(todos: all, selectedID: id(0)))
    store.send(.clearCompletedKeyPressed) {
      $0.list.rows = [todo(1, "B")]
      $0.viewport.selectedID = id(1)
      $0.history.undoStack = [
        History.Entry(
          label: "clear completed",
          changes: [
            .insert([
              TodoList.IndexedTodo(todo(0, "A", done: true), at: 0),
              TodoList.IndexedTodo(todo(2, "C", done: true), at: 2),
            ])
          ],
          selectedID: id(0))
      ]
      $0.list.revision = 1
      $0.status = Todos.StatusMessage("Cleared 2 completed todos · u to undo")
    }
    store.send(.clearCompletedKeyPressed) {
      $0.status = Todos.StatusMessage("No completed todos to clear")
    }
    store.send(.history(.undoKeyPressed)) {
      $0.list.rows = all
      $0.viewport.selectedID = id(0)
      $0.history.undoStack = []
      $0.history.redoStack = [
        History.Entry(
          label: "clear completed", changes: [.remove([id(0), id(2)])], selectedID: id(1))
      ]
      $0.list.revision = 2
      $0.status = Todos.StatusMessage("Undid clear completed · Ctrl-R to redo")
    }
    store.send(.history(.redoKeyPressed)) {
      $0.list.rows = [todo(1, "B")]
      $0.viewport.selectedID = id(1)
      $0.history.undoStack = [
        History.Entry(
          label: "clear completed",
          changes: [
            .insert([
              TodoList.IndexedTodo(todo(0, "A", done: true), at: 0),
              TodoList.IndexedTodo(todo(2, "C", done: true), at: 2),
            ])
          ],
          selectedID: id(0))
      ]
      $0.history.redoStack = []
      $0.list.revision = 3
      $0.status = Todos.StatusMessage("Redid clear completed")
    }
    scheduler.advance(by: .seconds(3))
    store.receive(.statusMessageExpired) { $0.status = nil }
    store.finish()
  }
}
