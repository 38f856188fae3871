import Architecture
import ArchitectureTestSupport
import CustomDump
import Foundation
import IdentifiedCollections
import TerminalUI
import Testing

@testable import TodosFeature

/// The viewport on its own: moves over the visible todos, and keeping the selection.
@MainActor
@Suite struct ViewportTests {
  let visible = Visibility().apply(to: [todo(0, "A"), todo(1, "B"), todo(2, "C")])

  @Test func movesClampAtTheEndsAndStartFromNothing() {
    var viewport = Viewport.State()
    viewport.move(.next, in: visible)
    #expect(viewport.selectedID == id(0))
    viewport.move(.last, in: visible)
    #expect(viewport.selectedID == id(2))
    viewport.move(.next, in: visible)
    #expect(viewport.selectedID == id(2))
    viewport.move(.pageUp, in: visible)
    #expect(viewport.selectedID == id(0))
  }

  @Test func theSelectionFollowsToTheNextTodoThenThePreviousOne() {
    var viewport = Viewport.State(selectedID: id(1))
    let withoutB = Visibility().apply(to: [todo(0, "A"), todo(2, "C")])
    viewport.follow(withoutB, previous: { [id(0), id(1), id(2)] })
    #expect(viewport.selectedID == id(2))
    viewport.selectedID = id(2)
    viewport.follow(
      Visibility().apply(to: [todo(0, "A")]), previous: { [id(0), id(1), id(2)] })
    #expect(viewport.selectedID == id(0))
    viewport.follow(Visibility().apply(to: []), previous: { [] })
    #expect(viewport.selectedID == nil)
  }

  @Test func aVisibleSelectionNeverAsksForThePreviousList() {
    var viewport = Viewport.State(selectedID: id(1))
    viewport.follow(
      visible,
      previous: {
        Issue.record("asked"); return []
      })
    #expect(viewport.selectedID == id(1))
  }

  @Test func theTopRowShowsTheSelectionWithTheLeastScrolling() {
    let many = Visibility().apply(
      to: IdentifiedArray(uniqueElements: (0..<30).map { todo($0, "T") }))
    var viewport = Viewport.State(selectedID: id(25), scrollTop: 0)
    #expect(viewport.top(in: many, height: 10) == 16)
    viewport.selectedID = id(3)
    viewport.scrollTop = 5
    #expect(viewport.top(in: many, height: 10) == 3)
    viewport.scrollTop = 29
    #expect(viewport.top(in: many, height: 10) == 3)
  }

  @Test func resizingNeverGoesNegative() {
    var viewport = Viewport.State()
    viewport.apply(.terminalResized(width: -1, height: 7), in: visible)
    #expect(viewport.size == TerminalSize(width: 0, height: 7))
    #expect(viewport.listHeight == 3)
  }
}

/// Navigation, scrolling and filters, through the list.
@MainActor
@Suite struct ViewportThroughTheListTests {
  @Test func navigationMovesTheSelectionAmongVisibleTodos() {
    let (store, _) = makeStore(
      Todos.State(
        todos: [todo(0, "A"), todo(1, "B", done: true), todo(2, "C"), todo(3, "D")],
        filter: .active))
    store.send(.viewport(.selectionMoved(.next))) { $0.viewport.selectedID = id(0) }
    store.send(.viewport(.selectionMoved(.next))) { $0.viewport.selectedID = id(2) }
    store.send(.viewport(.selectionMoved(.next))) { $0.viewport.selectedID = id(3) }
    store.send(.viewport(.selectionMoved(.next)))
    store.send(.viewport(.selectionMoved(.first))) { $0.viewport.selectedID = id(0) }
    store.send(.viewport(.selectionMoved(.previous)))
    store.send(.viewport(.selectionMoved(.last))) { $0.viewport.selectedID = id(3) }
    store.send(.viewport(.selectionMoved(.pageUp))) { $0.viewport.selectedID = id(0) }
    store.send(.viewport(.rowClicked(id(2)))) { $0.viewport.selectedID = id(2) }
    store.send(.viewport(.rowClicked(id(1))))  // hidden by the filter: ignored
    store.finish()
  }

  @Test func scrollingKeepsTheSelectionVisible() {
    let todos = IdentifiedArray(uniqueElements: (0..<20).map { todo(UInt64($0), "T\($0)") })
    // 10 rows high: 6 list rows.
    let (store, _) = makeStore(
      Todos.State(
        todos: todos, selectedID: id(0), size: TerminalSize(width: 40, height: 10)))
    store.send(.viewport(.selectionMoved(.pageDown))) {
      $0.viewport.selectedID = id(6)
      $0.viewport.scrollTop = 1
    }
    store.send(.viewport(.selectionMoved(.last))) {
      $0.viewport.selectedID = id(19)
      $0.viewport.scrollTop = 14
    }
    store.send(.viewport(.scrolled(by: -3))) {
      $0.viewport.scrollTop = 11
      $0.viewport.selectedID = id(16)
    }
    store.send(.viewport(.scrolled(by: -30))) {
      $0.viewport.scrollTop = 0
      $0.viewport.selectedID = id(5)
    }
    store.send(.viewport(.scrolled(by: 100))) {
      $0.viewport.scrollTop = 14
      $0.viewport.selectedID = id(14)
    }
    store.send(.viewport(.terminalResized(width: 40, height: 24))) {
      $0.viewport.size = TerminalSize(width: 40, height: 24)
      $0.viewport.scrollTop = 0
    }
    store.send(.viewport(.terminalResized(width: 40, height: 8))) {
      $0.viewport.size = TerminalSize(width: 40, height: 8)
      $0.viewport.scrollTop = 11
    }
    store.finish()
  }

  @Test func filtersKeepTheSelectionOrMoveItToTheNextShownTodo() {
    let (store, _) = makeStore(
      Todos.State(
        todos: [todo(0, "A"), todo(1, "B", done: true), todo(2, "C")], selectedID: id(1)))
    store.send(.filterPicked(.completed)) { $0.filter = .completed }
    store.send(.filterCycled) {
      $0.filter = .all
    }
    store.send(.filterPicked(.active)) {
      $0.filter = .active
      $0.viewport.selectedID = id(2)
    }
    store.send(.filterPicked(.active))
    store.finish()
  }

}
