import Architecture
import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import Testing

@testable import TodosFeature

/// `T` and `C` act on the todos shown: what a search, a filter, a chosen tag or the dates hide
/// is never changed by a key pressed while it is hidden.
@MainActor
@Suite struct ShownTodosTests {
  /// Six todos: three about milk, one not, one hidden until 2099 (`t:`), one hidden for good.
  let six: IdentifiedArrayOf<Todo.State> = [
    todo(0, "Buy milk"), todo(1, "Call Mom"), todo(2, "Oat milk"), todo(3, "Milk the cow"),
    todo(4, "Milk later t:2099-01-01"), todo(5, "Milk someday h:1"),
  ]

  func completed(_ todo: Todo.State) -> Todo.State {
    var todo = todo
    todo.isComplete = true
    todo.completionDate = testDay
    return todo
  }

  @Test func toggleAllUnderASearchCompletesOnlyTheTodosShownInOneUndoStep() {
    let (store, scheduler) = makeStore(
      Todos.State(todos: six, selectedID: id(0), search: Search.State(kept: "milk")))
    #expect(store.state.visible.count == 3)
    store.send(.toggleAllKeyPressed) {
      $0.list.rows = [
        completed(todo(0, "Buy milk")), todo(1, "Call Mom"), completed(todo(2, "Oat milk")),
        completed(todo(3, "Milk the cow")), todo(4, "Milk later t:2099-01-01"),
        todo(5, "Milk someday h:1"),
      ]
      $0.settling = [id(0), id(2), id(3)]
      $0.history.undoStack = [
        History.Entry(
          label: "complete all",
          changes: [.update([todo(0, "Buy milk"), todo(2, "Oat milk"), todo(3, "Milk the cow")])],
          selectedID: id(0))
      ]
      $0.list.revision = 1
      $0.status = Todos.StatusMessage("Completed 3 todos · u to undo")
    }
    store.send(.history(.undoKeyPressed)) {
      $0.list.rows = self.six
      $0.history.undoStack = []
      $0.history.redoStack = [
        History.Entry(
          label: "complete all",
          changes: [
            .update([
              completed(todo(0, "Buy milk")), completed(todo(2, "Oat milk")),
              completed(todo(3, "Milk the cow")),
            ])
          ],
          selectedID: id(0))
      ]
      $0.list.revision = 2
      $0.status = Todos.StatusMessage("Undid complete all · Ctrl-R to redo")
    }
    scheduler.advance(by: .seconds(1))
    store.receive(.sortCompletedTodos) { $0.settling = [] }
    scheduler.advance(by: .seconds(3))
    store.receive(.statusMessageExpired) { $0.status = nil }
    store.finish()
  }

  /// Without a search: every todo shown, never the ones hidden by `t:` or `h:1`.
  @Test func toggleAllLeavesTheHiddenTodosAlone() {
    let (store, _) = makeStore(Todos.State(todos: six, selectedID: id(0)))
    store.exhaustivity = .off
    store.send(.toggleAllKeyPressed)
    #expect(store.state.list.rows.map(\.isComplete) == [true, true, true, true, false, false])
    #expect(store.state.status == Todos.StatusMessage("Completed 4 todos · u to undo"))
    // Shown with H, they are the user's to change.
    store.send(.dates(.toggleHiddenKeyPressed))
    store.send(.toggleAllKeyPressed)
    #expect(store.state.list.rows.map(\.isComplete) == [true, true, true, true, true, true])
    #expect(store.state.status == Todos.StatusMessage("Completed 2 todos · u to undo"))
    store.skipInFlightEffects()
  }

  /// `A` too: under a search only the completed todos it shows go to done.txt, and a hidden
  /// completed todo stays while it is hidden.
  @Test func archiveTakesOnlyTheCompletedTodosShown() {
    let todos: IdentifiedArrayOf<Todo.State> = [
      todo(0, "Buy milk", done: true), todo(1, "Call Mom", done: true), todo(2, "Oat milk"),
      todo(3, "Milk later t:2099-01-01", done: true),
    ]
    var state = Todos.State(todos: todos, selectedID: id(0), search: Search.State(kept: "milk"))
    #expect(state.idsToArchive() == [id(0)])
    state.search = nil
    #expect(state.idsToArchive() == [id(0), id(1)])
    state.showsHidden = true
    #expect(state.idsToArchive() == [id(0), id(1), id(3)])
  }

  @Test func clearCompletedClearsOnlyTheCompletedTodosShown() {
    let todos: IdentifiedArrayOf<Todo.State> = [
      todo(0, "Buy milk", done: true), todo(1, "Call Mom", done: true), todo(2, "Oat milk"),
      todo(3, "Milk later t:2099-01-01", done: true),
    ]
    let (store, scheduler) = makeStore(
      Todos.State(todos: todos, selectedID: id(0), search: Search.State(kept: "milk")))
    store.send(.clearCompletedKeyPressed) {
      $0.list.rows = [
        todo(1, "Call Mom", done: true), todo(2, "Oat milk"),
        todo(3, "Milk later t:2099-01-01", done: true),
      ]
      $0.viewport.selectedID = id(2)
      $0.history.undoStack = [
        History.Entry(
          label: "clear completed",
          changes: [.insert([TodoList.IndexedTodo(todo(0, "Buy milk", done: true), at: 0)])],
          selectedID: id(0))
      ]
      $0.list.revision = 1
      $0.status = Todos.StatusMessage("Cleared 1 completed todo · u to undo")
    }
    scheduler.advance(by: .seconds(3))
    store.receive(.statusMessageExpired) { $0.status = nil }
    store.finish()
  }
}
