import ArchitectureTestSupport
import Foundation
import Testing
import TodoTxt

@testable import TodosFeature

/// Several lines pasted in the list: one todo per line that is not blank, one undo step.
@MainActor
@Suite struct PasteLinesTests {
  @Test func aPasteOfSeveralLinesInTheListIsOneTodoPerLine() {
    let state = Todos.State(todos: [todo(9, "Old")], selectedID: id(9))
    #expect(
      Keymap.actions(forPaste: "Buy milk\r\n\n  \nCall Mom due:tomorrow\n", in: state)
        == [.linesPasted(["Buy milk", "Call Mom due:tomorrow"])])
    // One line (blank lines aside) opens the editor with it, as before.
    #expect(
      Keymap.actions(forPaste: "Buy milk\n\n", in: state)
        == [.addKeyPressed, .editor(.textEdited(.insert("Buy milk\n\n")))])
    let (store, scheduler) = makeStore(state)
    store.send(.linesPasted(["Buy milk", "Call Mom due:tomorrow"])) {
      $0.list.rows = [
        Todo.State(id: id(0), description: "Buy milk", creationDate: testDay),
        Todo.State(id: id(1), description: "Call Mom due:2024-05-02", creationDate: testDay),
        todo(9, "Old"),
      ]
      $0.list.revision = 2  // one per todo added
      $0.viewport.selectedID = id(0)
      $0.history.undoStack = [
        History.Entry(label: "add 2 todos", changes: [.remove([id(0), id(1)])], selectedID: id(9))
      ]
      $0.status = Todos.StatusMessage("Added 2 todos · u to undo")
    }
    store.send(.history(.undoKeyPressed)) {
      $0.list.rows = [todo(9, "Old")]
      $0.list.revision = 3
      $0.viewport.selectedID = id(9)
      $0.history.undoStack = []
      $0.history.redoStack = [
        History.Entry(
          label: "add 2 todos",
          changes: [
            .insert([
              TodoList.IndexedTodo(
                Todo.State(id: id(0), description: "Buy milk", creationDate: testDay), at: 0),
              TodoList.IndexedTodo(
                Todo.State(
                  id: id(1), description: "Call Mom due:2024-05-02", creationDate: testDay),
                at: 1),
            ])
          ],
          selectedID: id(0))
      ]
      $0.status = Todos.StatusMessage("Undid add 2 todos · Ctrl-R to redo")
    }
    scheduler.advance(by: .seconds(3))
    store.receive(.statusMessageExpired) { $0.status = nil }
    store.finish()
  }
}
