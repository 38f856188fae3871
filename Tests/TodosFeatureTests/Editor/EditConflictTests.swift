import Architecture
import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import Testing
import TodoTxt
import TodosFeatureTestSupport

@testable import TodosFeature

/// An edit open while another program changes or removes that todo: the warning shows at once
/// (the merge's own status line does not hide it), and Enter keeps the todo's creation date.
extension AppFeatureTests {
  /// "2026-10-02 Call Mom" (id 0) and "2026-10-01 Buy milk" (id 1) loaded, "Buy milk" being
  /// edited with " today" typed.
  func editingBuyMilk(_ file: InMemoryFile) -> TestStore<AppFeature.State, AppFeature.Action> {
    let store = loaded(
      file,
      todos: [
        Todo.State(
          id: id(0), description: "Call Mom",
          creationDate: TodoDate(year: 2026, month: 10, day: 2)),
        Todo.State(
          id: id(1), description: "Buy milk",
          creationDate: TodoDate(year: 2026, month: 10, day: 1)),
      ])
    store.exhaustivity = .off
    store.send(.list(.viewport(.selectionMoved(.next))))
    store.send(.list(.editKeyPressed))
    store.send(.list(.editor(.textEdited(.moveToEnd))))
    store.send(.list(.editor(.textEdited(.insert(" today")))))
    return store
  }

  @Test func theDisksEditOfTheEditedTodoIsSaidAtOnceAndEnterKeepsItsCreationDate() {
    let file = InMemoryFile(contents: "2026-10-02 Call Mom\n2026-10-01 Buy milk\n")
    let store = editingBuyMilk(file)
    file.writeExternally("2026-10-02 Call Mom\n(A) 2026-10-01 Buy oat milk\n")
    store.send(.fileChangedOnDisk)
    store.skipReceivedActions()
    #expect(store.state.list.status?.text == Todos.editedTodoChanged)
    #expect(
      Todos.editedTodoChanged
        == "The todo you are editing was changed in the file · Enter keeps both, Esc drops yours")
    store.send(.list(.editor(.enterPressed)))
    let kept = store.state.list.rows.first { $0.description == "Buy milk today" }
    #expect(kept?.creationDate == TodoDate(year: 2026, month: 10, day: 1))
    #expect(
      store.state.list.rows.map(\.description)
        == ["Buy milk today", "Call Mom", "Buy oat milk"])
    store.skipReceivedActions()
    store.skipInFlightEffects()
  }

  @Test func theDisksRemovalOfTheEditedTodoIsSaidAtOnceAndEnterKeepsItsCreationDate() {
    let file = InMemoryFile(contents: "2026-10-02 Call Mom\n2026-10-01 Buy milk\n")
    let store = editingBuyMilk(file)
    file.writeExternally("2026-10-02 Call Mom\n")
    store.send(.fileChangedOnDisk)
    store.skipReceivedActions()
    #expect(store.state.list.status?.text == Todos.editedTodoRemoved)
    store.send(.list(.editor(.enterPressed)))
    let kept = store.state.list.rows.first { $0.description == "Buy milk today" }
    #expect(kept?.creationDate == TodoDate(year: 2026, month: 10, day: 1))
    store.skipReceivedActions()
    store.skipInFlightEffects()
  }

  /// An edit the file left alone: Enter changes the todo, and a new todo gets today's date.
  @Test func aPlainAddStillGetsTodaysCreationDate() {
    let editor = Editor.State.new(id: id(5))
    #expect(editor.creationDate(else: testDay) == testDay)
    var kept = editor
    kept.original = Todo.State(id: id(1), description: "Milk")
    #expect(kept.creationDate(else: testDay) == nil)
  }
}
