import Architecture
import ArchitectureTestSupport
import CustomDump
import Foundation
import IdentifiedCollections
import TerminalUI
import Testing

@testable import TodosFeature

/// The list core: its invariants hold whatever changes the rows.
@MainActor
@Suite struct TodoListTests {
  @Test func eachChangeKeepsTheCountAndMakesOneRevision() {
    var list = TodoList(todos: [todo(0, "A"), todo(1, "B", done: true)])
    #expect(list.activeCount == 1)
    list.insert(todo(2, "C"), at: 0)
    #expect((list.activeCount, list.revision) == (2, 1))
    list.update(id: id(1)) { $0.isComplete = false }
    #expect((list.activeCount, list.revision) == (3, 2))
    list.update(id: id(1)) { $0.isComplete = false }  // no change, no revision
    #expect((list.activeCount, list.revision) == (3, 2))
    #expect(list.remove(id: id(0)) == TodoList.IndexedTodo(todo(0, "A"), at: 1))
    #expect((list.activeCount, list.revision) == (2, 3))
    #expect(list.toggleAll(on: testDay).map(\.id) == [id(2), id(1)])
    #expect((list.activeCount, list.revision) == (0, 4))
    #expect(list.removeCompleted().map(\.index) == [0, 1])
    #expect((list.activeCount, list.revision, list.count) == (0, 5, 0))
  }

  @Test func theViewIsAStablePartitionAndTheListKeepsTheFileOrder() {
    let rows = [todo(0, "A", done: true), todo(1, "B"), todo(2, "C", done: true), todo(3, "D")]
    let state = Todos.State(todos: IdentifiedArray(uniqueElements: rows))
    #expect(state.visible.ids == [id(1), id(3), id(0), id(2)])
    #expect(state.list.rows.elements == rows)
    #expect(state.list.revision == 0)
    // Already completed-last: the view is the list itself.
    let sorted = Todos.State(todos: IdentifiedArray(uniqueElements: [rows[1], rows[0]]))
    #expect(sorted.visible.indices == nil)
    #expect(sorted.visible.ids == [id(1), id(0)])
  }

  @Test func activeCountFollowsEveryChange() {
    // Ids from 10 on: the test environment gives new todos 0, 1, ….
    let (store, scheduler) = makeStore(
      Todos.State(todos: [todo(10, "A"), todo(11, "B", done: true), todo(12, "C")]))
    let unit = Store(
      initialState: store.state, reducer: Todos.reducer(.test(scheduler: scheduler)))
    #expect(unit.state.activeCount == 2)
    unit.send(.todos(.element(id: id(10), action: .checkboxToggled)))
    #expect(unit.state.activeCount == 1)
    unit.send(.toggleAllKeyPressed)
    #expect(unit.state.activeCount == 0)
    unit.send(.history(.undoKeyPressed))
    #expect(unit.state.activeCount == 1)
    unit.send(.history(.redoKeyPressed))
    #expect(unit.state.activeCount == 0)
    unit.send(.toggleAllKeyPressed)
    #expect(unit.state.activeCount == 3)
    unit.send(.addKeyPressed)
    unit.send(.editor(.textEdited(.insert("D"))))
    unit.send(.editor(.enterPressed))
    #expect(unit.state.activeCount == 4)
    unit.send(.deleteKeyPressed)  // "D", selected
    #expect(unit.state.activeCount == 3)
    unit.send(.history(.undoKeyPressed))
    #expect(unit.state.activeCount == 4)
    unit.send(.todos(.element(id: id(11), action: .checkboxToggled)))
    unit.send(.todos(.element(id: id(12), action: .checkboxToggled)))
    #expect(unit.state.activeCount == 2)
    unit.send(.clearCompletedKeyPressed)
    #expect(unit.state.activeCount == 2)
    #expect(unit.state.list.rows.count == 2)
    var loaded = unit.state
    loaded.load([todo(7, "X", done: true), todo(8, "Y"), todo(8, "Y again")])
    #expect(loaded.activeCount == 1)
    // Setting the list from outside the reducer recounts.
    var state = unit.state
    state.list.rows[id: id(7)]?.isComplete = false
    #expect(state.activeCount == 2)
    unit.cancelAllEffects()
    store.finish()
  }

  @Test func loadReplacesTheListKeepingTheHistoryWhileARowIsLeftAndNoRevision() {
    var state = Todos.State(
      todos: [todo(0, "A")], selectedID: id(0),
      undoStack: [History.Entry(label: "add “A”", changes: [.remove([id(0)])], selectedID: nil)],
      revision: 4)
    var expected = state
    let kept = state.load([todo(5, "X"), todo(0, "A2"), todo(5, "duplicate id")])
    #expect(kept)
    expected.list.rows = [todo(5, "X"), todo(0, "A2")]
    expectNoDifference(state, expected)
    // None of the rows is left: the steps cannot apply, and are cleared.
    let keptAgain = state.load([todo(6, "Y")])
    #expect(!keptAgain)
    expected.history.undoStack = []
    expected.list.rows = [todo(6, "Y")]
    expected.viewport.selectedID = id(6)
    expectNoDifference(state, expected)
    state.load([])
    expected.list.rows = []
    expected.viewport.selectedID = nil
    expectNoDifference(state, expected)
    #expect(state.list.revision == 4)
  }

}
