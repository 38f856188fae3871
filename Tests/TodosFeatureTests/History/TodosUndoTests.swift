import Architecture
import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import Testing

@testable import TodosFeature

/// Undo/redo of each kind of change.
@MainActor
@Suite struct TodosUndoTests {
  @Test func undoAddThenRedoIt() {
    let (store, scheduler) = makeStore(Todos.State(todos: [todo(7, "Old")], selectedID: id(7)))
    store.send(.addKeyPressed) {
      $0.mode = .editing(Editor.State(id: id(0), isNew: true, field: TextField()))
    }
    store.send(.editor(.textEdited(.insert("New")))) {
      $0.mode = .editing(
        Editor.State(id: id(0), isNew: true, field: TextField(text: "New", cursor: 3)))
    }
    store.send(.editor(.enterPressed)) {
      $0.mode = .normal
      $0.list.rows = [
        Todo.State(id: id(0), description: "New", creationDate: testDay), todo(7, "Old"),
      ]
      $0.viewport.selectedID = id(0)
      $0.history.undoStack = [
        History.Entry(label: "add “New”", changes: [.remove([id(0)])], selectedID: id(7))
      ]
      $0.list.revision = 1
    }
    store.send(.history(.undoKeyPressed)) {
      $0.list.rows = [todo(7, "Old")]
      $0.viewport.selectedID = id(7)
      $0.history.undoStack = []
      $0.history.redoStack = [
        History.Entry(
          label: "add “New”",
          changes: [
            .insert([
              TodoList.IndexedTodo(
                Todo.State(id: id(0), description: "New", creationDate: testDay), at: 0)
            ])
          ],
          selectedID: id(0))
      ]
      $0.list.revision = 2
      $0.status = Todos.StatusMessage("Undid add “New” · Ctrl-R to redo")
    }
    store.send(.history(.redoKeyPressed)) {
      $0.list.rows = [
        Todo.State(id: id(0), description: "New", creationDate: testDay), todo(7, "Old"),
      ]
      $0.viewport.selectedID = id(0)
      $0.history.undoStack = [
        History.Entry(label: "add “New”", changes: [.remove([id(0)])], selectedID: id(7))
      ]
      $0.history.redoStack = []
      $0.list.revision = 3
      $0.status = Todos.StatusMessage("Redid add “New”")
    }
    store.send(.history(.redoKeyPressed)) { $0.status = Todos.StatusMessage("Nothing to redo") }
    scheduler.advance(by: .seconds(3))
    store.receive(.statusMessageExpired) { $0.status = nil }
    store.finish()
  }

  @Test func undoEditRestoresTheTextAndTheRawLine() {
    let (store, scheduler) = makeStore(
      Todos.State(todos: [todo(0, "Milk", raw: "(A) Milk")], selectedID: id(0)))
    store.send(.editKeyPressed) {
      $0.mode = .editing(
        Editor.State(id: id(0), isNew: false, field: TextField(text: "Milk", cursor: 4)))
    }
    store.send(.editor(.textEdited(.insert("s")))) {
      $0.mode = .editing(
        Editor.State(id: id(0), isNew: false, field: TextField(text: "Milks", cursor: 5)))
    }
    store.send(.editor(.enterPressed)) {
      $0.mode = .normal
      $0.list.rows = [Todo.State(id: id(0), description: "Milks")]
      $0.history.undoStack = [
        History.Entry(
          label: "edit “Milk”", changes: [.update([todo(0, "Milk", raw: "(A) Milk")])],
          selectedID: id(0))
      ]
      $0.list.revision = 1
    }
    store.send(.history(.undoKeyPressed)) {
      $0.list.rows = [todo(0, "Milk", raw: "(A) Milk")]
      $0.history.undoStack = []
      $0.history.redoStack = [
        History.Entry(
          label: "edit “Milk”", changes: [.update([Todo.State(id: id(0), description: "Milks")])],
          selectedID: id(0))
      ]
      $0.list.revision = 2
      $0.status = Todos.StatusMessage("Undid edit “Milk” · Ctrl-R to redo")
    }
    scheduler.advance(by: .seconds(3))
    store.receive(.statusMessageExpired) { $0.status = nil }
    store.finish()
  }

  @Test func undoToggleAfterTheSortPutsTheTodoBackWhereItWas() {
    let (store, scheduler) = makeStore(
      Todos.State(todos: [todo(0, "A"), todo(1, "B")], selectedID: id(0)))
    store.send(.todos(.element(id: id(0), action: .checkboxToggled))) {
      $0.list.rows[id: id(0)]?.isComplete = true
      $0.list.rows[id: id(0)]?.completionDate = testDay
      $0.settling = [id(0)]
      $0.history.undoStack = [
        History.Entry(
          label: "complete “A”", changes: [.update([todo(0, "A")])], selectedID: id(0))
      ]
      $0.list.revision = 1
    }
    scheduler.advance(by: .seconds(1))
    // The settle moves "A" down in the view only; the selection stays on the first row.
    store.receive(.sortCompletedTodos) {
      $0.settling = []
      $0.viewport.selectedID = id(1)
    }
    #expect(store.state.visible.ids == [id(1), id(0)])
    store.send(.history(.undoKeyPressed)) {
      $0.list.rows = [todo(0, "A"), todo(1, "B")]
      $0.viewport.selectedID = id(0)
      $0.history.undoStack = []
      $0.history.redoStack = [
        History.Entry(
          label: "complete “A”",
          changes: [
            .update([
              Todo.State(id: id(0), description: "A", isComplete: true, completionDate: testDay)
            ])
          ],
          selectedID: id(1))
      ]
      $0.list.revision = 2
      $0.status = Todos.StatusMessage("Undid complete “A” · Ctrl-R to redo")
    }
    #expect(store.state.visible.ids == [id(0), id(1)])
    scheduler.advance(by: .seconds(3))
    store.receive(.statusMessageExpired) { $0.status = nil }
    store.finish()
  }

  @Test func undoToggleAllAndUndoMove() {
    let (store, scheduler) = makeStore(
      Todos.State(todos: [todo(0, "A"), todo(1, "B")], selectedID: id(1)))
    store.send(.moveKeyPressed(.up)) {
      $0.list.rows = [todo(1, "B"), todo(0, "A")]
      $0.history.undoStack = [
        History.Entry(
          label: "move “B”",
          changes: [.move([TodoList.IndexedID(id(0), at: 0), TodoList.IndexedID(id(1), at: 1)])],
          selectedID: id(1))
      ]
      $0.list.revision = 1
    }
    store.send(.toggleAllKeyPressed) {
      $0.list.rows = [
        Todo.State(id: id(1), description: "B", isComplete: true, completionDate: testDay),
        Todo.State(id: id(0), description: "A", isComplete: true, completionDate: testDay),
      ]
      $0.settling = [id(0), id(1)]
      $0.history.undoStack.append(
        History.Entry(
          label: "complete all", changes: [.update([todo(1, "B"), todo(0, "A")])],
          selectedID: id(1)))
      $0.list.revision = 2
      $0.status = Todos.StatusMessage("Completed 2 todos · u to undo")
    }
    store.send(.history(.undoKeyPressed)) {
      $0.list.rows = [todo(1, "B"), todo(0, "A")]
      $0.history.undoStack = [
        History.Entry(
          label: "move “B”",
          changes: [.move([TodoList.IndexedID(id(0), at: 0), TodoList.IndexedID(id(1), at: 1)])],
          selectedID: id(1))
      ]
      $0.history.redoStack = [
        History.Entry(
          label: "complete all",
          changes: [
            .update([
              Todo.State(id: id(1), description: "B", isComplete: true, completionDate: testDay),
              Todo.State(id: id(0), description: "A", isComplete: true, completionDate: testDay),
            ])
          ],
          selectedID: id(1))
      ]
      $0.list.revision = 3
      $0.status = Todos.StatusMessage("Undid complete all · Ctrl-R to redo")
    }
    store.send(.history(.undoKeyPressed)) {
      $0.list.rows = [todo(0, "A"), todo(1, "B")]
      $0.history.undoStack = []
      $0.history.redoStack.append(
        History.Entry(
          label: "move “B”",
          changes: [.move([TodoList.IndexedID(id(1), at: 0), TodoList.IndexedID(id(0), at: 1)])],
          selectedID: id(1)))
      $0.list.revision = 4
      $0.status = Todos.StatusMessage("Undid move “B” · Ctrl-R to redo")
    }
    store.send(.history(.undoKeyPressed)) { $0.status = Todos.StatusMessage("Nothing to undo") }
    // The toggle-all wait is still running: the settle comes after it.
    scheduler.advance(by: .seconds(1))
    store.receive(.sortCompletedTodos) { $0.settling = [] }
    scheduler.advance(by: .seconds(2))
    store.receive(.statusMessageExpired) { $0.status = nil }
    store.finish()
  }

  @Test func aNewChangeForgetsTheRedoSteps() {
    let (store, scheduler) = makeStore(
      Todos.State(todos: [todo(0, "A"), todo(1, "B")], selectedID: id(0)))
    store.send(.deleteKeyPressed) {
      $0.list.rows = [todo(1, "B")]
      $0.viewport.selectedID = id(1)
      $0.history.undoStack = [
        History.Entry(
          label: "delete “A”", changes: [.insert([TodoList.IndexedTodo(todo(0, "A"), at: 0)])],
          selectedID: id(0))
      ]
      $0.list.revision = 1
      $0.status = Todos.StatusMessage("Deleted “A” · u to undo")
    }
    store.send(.history(.undoKeyPressed)) {
      $0.list.rows = [todo(0, "A"), todo(1, "B")]
      $0.viewport.selectedID = id(0)
      $0.history.undoStack = []
      $0.history.redoStack = [
        History.Entry(label: "delete “A”", changes: [.remove([id(0)])], selectedID: id(1))
      ]
      $0.list.revision = 2
      $0.status = Todos.StatusMessage("Undid delete “A” · Ctrl-R to redo")
    }
    store.send(.moveKeyPressed(.down)) {
      $0.list.rows = [todo(1, "B"), todo(0, "A")]
      $0.history.undoStack = [
        History.Entry(
          label: "move “A”",
          changes: [.move([TodoList.IndexedID(id(0), at: 0), TodoList.IndexedID(id(1), at: 1)])],
          selectedID: id(0))
      ]
      $0.history.redoStack = []
      $0.list.revision = 3
    }
    scheduler.advance(by: .milliseconds(100))
    store.receive(.sortCompletedTodos)
    scheduler.advance(by: .seconds(3))
    store.receive(.statusMessageExpired) { $0.status = nil }
    store.finish()
  }

  @Test func historyIsBoundedToAHundredSteps() {
    let store = Store(
      initialState: Todos.State(todos: [todo(0, "A")], selectedID: id(0)),
      reducer: Todos.reducer(.test(scheduler: TestScheduler())))
    for _ in 0..<150 { store.send(.todos(.element(id: id(0), action: .checkboxToggled))) }
    #expect(store.state.history.undoStack.count == 100)
    #expect(store.state.list.revision == 150)
  }
}
