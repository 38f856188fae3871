import ArchitectureTestSupport
import Testing

@testable import TodosFeature

/// Another program removes the todo being edited (todo.sh archives it, an editor deletes the
/// line): the reload keeps the typed text open as a new todo instead of dropping it unseen.
@MainActor
@Suite struct EditKeptOnReloadTests {
  @Test func anEditOfARemovedTodoStaysOpenAsANewTodoAndEnterAddsIt() {
    var editor = Editor.State(editing: todo(0, "Call Mom"))
    editor.field.apply(.insert(" tonight"))
    var state = Todos.State(
      todos: [todo(0, "Call Mom"), todo(1, "Milk")], selectedID: id(0), mode: .editing(editor))
    state.load([todo(1, "Milk")])
    #expect(
      state.mode
        == .editing(
          Editor.State(
            id: id(0), isNew: true, field: editor.field, original: todo(0, "Call Mom"))))
    #expect(state.status?.text.hasPrefix("The todo you are editing was removed") == true)
    let (store, _) = makeStore(state)
    store.exhaustivity = .off
    store.send(.editor(.enterPressed))
    #expect(store.state.list.rows.map(\.description) == ["Call Mom tonight", "Milk"])
    #expect(store.state.mode == .normal)
    store.skipInFlightEffects()
  }

  @Test func anEditOfATodoThatIsStillThereStaysAnEdit() {
    let editor = Editor.State(editing: todo(0, "Call Mom"))
    var state = Todos.State(
      todos: [todo(0, "Call Mom"), todo(1, "Milk")], selectedID: id(0), mode: .editing(editor))
    state.load([todo(0, "Call Mom"), todo(1, "Milk"), todo(2, "Eggs")])
    #expect(state.mode == .editing(editor))
    #expect(state.status == nil)
  }

  @Test func anEditOfATodoAnotherProgramChangedStaysOpenAsANewTodoBesideIt() {
    var editor = Editor.State(editing: todo(0, "Buy milk"))
    editor.field.apply(.insert(" today"))
    var state = Todos.State(
      todos: [todo(0, "Buy milk"), todo(1, "Eggs")], selectedID: id(0), mode: .editing(editor))
    var changed = todo(0, "Buy oat milk")
    changed.priority = "A"
    state.load([changed, todo(1, "Eggs")], newID: { id(9) })
    #expect(
      state.mode
        == .editing(
          Editor.State(
            id: id(9), isNew: true, field: editor.field, original: todo(0, "Buy milk"))))
    #expect(state.status?.text.hasPrefix("The todo you are editing was changed") == true)
    let (store, _) = makeStore(state)
    store.exhaustivity = .off
    store.send(.editor(.enterPressed))
    // Both versions: the other program's change, and what was typed.
    #expect(
      store.state.list.rows.map(\.description) == ["Buy milk today", "Buy oat milk", "Eggs"])
    #expect(store.state.list[id: id(0)]?.priority == "A")
    store.skipInFlightEffects()
  }
}
