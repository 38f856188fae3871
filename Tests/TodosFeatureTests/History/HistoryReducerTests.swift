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
    var list = TodoList(todos: [todo(0, "A"), todo(1, "B")])
    var history = History.State()
    history.record(
      "delete “A”", [.insert([TodoList.IndexedTodo(todo(0, "A"), at: 0)])], selectedID: id(0))
    list.remove(id: id(0))
    var context = History.Context(history: history, list: list, selectedID: id(1), status: nil)
    _ = History.reducer.reduce(into: &context, action: .undoKeyPressed)
    #expect(context.list.rows.ids.elements == [id(0), id(1)])
    #expect(context.selectedID == id(0))
    #expect(context.status == Todos.StatusMessage("Undid delete “A” · Ctrl-R to redo"))
    #expect(context.history.undoStack.isEmpty)
    #expect(context.history.redoStack.map(\.label) == ["delete “A”"])
    _ = History.reducer.reduce(into: &context, action: .redoKeyPressed)
    #expect(context.list.rows.ids.elements == [id(1)])
    #expect(context.status == Todos.StatusMessage("Redid delete “A”"))
    #expect(context.history.undoStack.map(\.label) == ["delete “A”"])
  }

  @Test func nothingToUndoOrRedoSaysSo() {
    var context = History.Context(
      history: History.State(), list: TodoList(), selectedID: nil, status: nil)
    _ = History.reducer.reduce(into: &context, action: .undoKeyPressed)
    #expect(context.status == Todos.StatusMessage("Nothing to undo"))
    _ = History.reducer.reduce(into: &context, action: .redoKeyPressed)
    #expect(context.status == Todos.StatusMessage("Nothing to redo"))
    #expect(context.list.revision == 0)
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
