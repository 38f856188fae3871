import Architecture
import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import TerminalUI
import Testing

@testable import TodosFeature

/// The wheel at the list's edges, and search with letters beyond ASCII.
@MainActor
@Suite struct ScrollAndSearchTests {
  /// Ten todos T0…T9 on an 80×7 terminal: three rows of list.
  func tenTodos(selected: UInt64, scrollTop: Int) -> Todos.State {
    Todos.State(
      todos: IdentifiedArray(uniqueElements: (0..<10).map { todo(UInt64($0), "T\($0)") }),
      selectedID: id(selected), size: TerminalSize(width: 80, height: 7), scrollTop: scrollTop)
  }

  @Test func wheelDownLeavingTheSelectionOneRowAboveTheTopSelectsTheNewTopRow() {
    // T2 is the last row shown (T0…T2); three rows down shows T3…T5: T2 is one row above.
    let (store, _) = makeStore(tenTodos(selected: 2, scrollTop: 0))
    store.send(.viewport(.scrolled(by: 3))) {
      $0.viewport.scrollTop = 3
      $0.viewport.selectedID = id(3)
    }
    store.finish()
  }

  @Test func wheelUpLeavingTheSelectionOneRowBelowTheBottomSelectsTheNewBottomRow() {
    // T6…T8 shown, T6 selected; three rows up shows T3…T5: T6 is one row below.
    let (store, _) = makeStore(tenTodos(selected: 6, scrollTop: 6))
    store.send(.viewport(.scrolled(by: -3))) {
      $0.viewport.scrollTop = 3
      $0.viewport.selectedID = id(5)
    }
    store.finish()
  }

  @Test func wheelThatKeepsTheSelectionOnScreenLeavesItAlone() {
    let (store, _) = makeStore(tenTodos(selected: 3, scrollTop: 0))
    store.send(.viewport(.scrolled(by: 1))) { $0.viewport.scrollTop = 1 }
    store.send(.viewport(.scrolled(by: 9))) {
      $0.viewport.scrollTop = 7  // never past the end: T7…T9
      $0.viewport.selectedID = id(7)
    }
    store.finish()
  }

  @Test func searchIgnoresTheCaseOfLettersBeyondASCII() {
    let state = Todos.State(
      todos: [
        todo(0, "Été à Paris"), todo(1, "ÉTÉ INDIEN"), todo(2, "Hiver"), todo(3, "Straße"),
        todo(4, "ΣΟΦΊΑ"),
      ])
    var search = state
    search.search = Search.State(kept: "été")
    #expect(search.visible.ids == [id(0), id(1)])
    search.search = Search.State(kept: "ÉtÉ")
    #expect(search.visible.ids == [id(0), id(1)])
    search.search = Search.State(kept: "STRAẞE")  // capital sharp s
    #expect(search.visible.ids == [id(3)])
    search.search = Search.State(kept: "σοφία")
    #expect(search.visible.ids == [id(4)])
    search.search = Search.State(kept: "e")
    // Accents count: `e` is not `é` (and `Été à Paris` has no plain e).
    #expect(search.visible.ids == [id(1), id(2), id(3)])
  }
}
