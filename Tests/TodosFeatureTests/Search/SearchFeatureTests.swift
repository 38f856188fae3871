import Architecture
import ArchitectureTestSupport
import CustomDump
import Foundation
import IdentifiedCollections
import TerminalUI
import Testing

@testable import TodosFeature

/// The search on its own, and through the list.
@MainActor
@Suite struct SearchFeatureTests {
  @Test func keystrokesEditTheTextAndEnterKeepsIt() {
    var search = Search.State()
    _ = Search.reducer.reduce(into: &search, action: .textEdited(.insert("  Milk ")))
    #expect(search == Search.State(field: TextField(text: "  Milk ", cursor: 7), isTyping: true))
    #expect(search.query == "Milk")
    _ = Search.reducer.reduce(into: &search, action: .enterPressed)
    #expect(search == Search.State(field: TextField(text: "  Milk ", cursor: 7), isTyping: false))
    _ = Search.reducer.reduce(into: &search, action: .escapePressed)
    #expect(!search.isTyping)
  }

  @Test func enterOnAnEmptySearchDropsIt() {
    let (store, _) = makeStore(Todos.State(todos: [todo(0, "A")], selectedID: id(0)))
    store.send(.searchKeyPressed) { $0.search = Search.State() }
    store.send(.search(.enterPressed)) { $0.search = nil }
    store.finish()
  }

  @Test func searchFiltersLiveKeepsOnEnterAndClearsOnEscape() {
    let (store, _) = makeStore(
      Todos.State(
        todos: [todo(0, "Buy milk"), todo(1, "Call Mum"), todo(2, "Milk the cow")],
        selectedID: id(1)))
    store.send(.searchKeyPressed) { $0.search = Search.State() }
    store.send(.search(.textEdited(.insert("MIL")))) {
      $0.search?.field = TextField(text: "MIL", cursor: 3)
      $0.viewport.selectedID = id(2)
    }
    #expect(store.state.visible.ids == [id(0), id(2)])
    store.send(.search(.enterPressed)) { $0.search?.isTyping = false }
    store.send(.viewport(.selectionMoved(.previous))) { $0.viewport.selectedID = id(0) }
    store.send(.searchKeyPressed) { $0.search?.isTyping = true }
    store.send(.search(.textEdited(.insert("x")))) {
      $0.search?.field = TextField(text: "MILx", cursor: 4)
      $0.viewport.selectedID = nil
    }
    store.send(.search(.textEdited(.deleteBackward))) {
      $0.search?.field = TextField(text: "MIL", cursor: 3)
      $0.viewport.selectedID = id(0)
    }
    store.send(.search(.escapePressed)) { $0.search = nil }
    #expect(store.state.visible.ids == [id(0), id(1), id(2)])
    store.finish()
  }

}
