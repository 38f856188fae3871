import Architecture
import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import Testing

@testable import TodosFeature

/// The history on its own: undo and redo on a list, the selection and the status line.
@MainActor
@Suite struct HistoryReducerTests {
  @Test func undoAndRedoReplayAStepBothWays() {
    var state = Todos.State(todos: [todo(0, "A"), todo(1, "B")], selectedID: id(1))
    state.history.record(
      "delete “A”", [.insert([TodoList.IndexedTodo(todo(0, "A"), at: 0)])], selectedID: id(0))
    state.list.remove(id: id(0))
    #expect(state.undo() == nil)
    #expect(state.list.rows.ids.elements == [id(0), id(1)])
    #expect(state.viewport.selectedID == id(0))
    #expect(state.status == Todos.StatusMessage("Undid delete “A” · Ctrl-R to redo"))
    #expect(state.history.undoStack.isEmpty)
    #expect(state.history.redoStack.map(\.label) == ["delete “A”"])
    state.redo()
    #expect(state.list.rows.ids.elements == [id(1)])
    #expect(state.status == Todos.StatusMessage("Redid delete “A”"))
    #expect(state.history.undoStack.map(\.label) == ["delete “A”"])
  }

  @Test func nothingToUndoOrRedoSaysSo() {
    var state = Todos.State()
    #expect(state.undo() == nil)
    #expect(state.status == Todos.StatusMessage("Nothing to undo"))
    state.redo()
    #expect(state.status == Todos.StatusMessage("Nothing to redo"))
    #expect(state.list.revision == 0)
  }

  @Test func aNewStepForgetsTheRedoStepsAndTheStackIsBounded() {
    var history = History.State(redoStack: [History.Entry(label: "x", changes: [], selectedID: nil)]
    )
    for n in 0..<(History.limit + 5) {
      history.record("step \(n)", [], selectedID: nil)
    }
    #expect(history.redoStack.isEmpty)
    #expect(history.undoStack.count == History.limit)
    #expect(history.undoStack.first?.label == "step 5")
  }
}
