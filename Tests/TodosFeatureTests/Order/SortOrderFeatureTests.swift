import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import TerminalUI
import Testing

@testable import TodosFeature

private func row(_ n: UInt64, _ text: String, priority: Character? = nil, done: Bool = false)
  -> Todo.State
{
  var row = todo(n, text, done: done)
  row.priority = priority
  return row
}

/// `s` and the sorted views: display only, completed todos sink with the delayed settle,
/// `J`/`K` refused, a new order shown from its top.
@MainActor
@Suite struct SortOrderFeatureTests {
  let todos: IdentifiedArrayOf<Todo.State> = [
    row(0, "none late due:2026-12-24"), row(1, "C soon due:2026-11-25", priority: "C"),
    row(2, "A no date", priority: "A"), row(3, "none no date"),
    row(4, "B done due:2026-11-20", done: true), row(5, "A later due:2026-12-01", priority: "A"),
  ]

  @Test func sCyclesFileOrderPriorityDueDateAndTheFileKeepsItsOrder() {
    let (store, _) = makeStore(Todos.State(todos: todos, selectedID: id(0)))
    store.send(.sortKeyPressed) {
      $0.sortOrder = .priority
      $0.viewport.selectedID = id(2)
    }
    #expect(
      shownTexts(store.state) == [
        "A no date", "A later due:2026-12-01", "C soon due:2026-11-25",
        "none late due:2026-12-24", "none no date", "B done due:2026-11-20",
      ])
    store.send(.sortKeyPressed) {
      $0.sortOrder = .dueDate
      $0.viewport.selectedID = id(1)
    }
    #expect(
      shownTexts(store.state) == [
        "C soon due:2026-11-25", "A later due:2026-12-01", "none late due:2026-12-24",
        "A no date", "none no date", "B done due:2026-11-20",
      ])
    store.send(.sortKeyPressed) {
      $0.sortOrder = .fileOrder
      $0.viewport.selectedID = id(0)
    }
    // File order: the file's, the completed todo below the active ones.
    #expect(
      shownTexts(store.state) == [
        "none late due:2026-12-24", "C soon due:2026-11-25", "A no date", "none no date",
        "A later due:2026-12-01", "B done due:2026-11-20",
      ])
    #expect(store.state.list.rows.map(\.description) == todos.map(\.description))
    // Display only: no revision, so nothing is saved.
    #expect(store.state.list.revision == 0)
    store.finish()
  }

  @Test func moveKeysAreRefusedInASortedView() {
    let (store, scheduler) = makeStore(
      Todos.State(todos: todos, selectedID: id(2), sortOrder: .priority))
    store.send(.moveKeyPressed(.down)) {
      $0.status = Todos.StatusMessage(
        "Todos move only in file order · press s until the title shows no order")
    }
    store.send(.moveKeyPressed(.up))
    scheduler.advance(by: .seconds(3))
    store.receive(.statusMessageExpired) { $0.status = nil }
    #expect(store.state.list.rows == todos)
    store.finish()
  }

  @Test func aCompletedTodoSinksAtTheSettleInASortedView() {
    let rows: IdentifiedArrayOf<Todo.State> = [
      todo(0, "first due:2026-11-25"), todo(1, "second due:2026-11-30"), todo(2, "no date"),
    ]
    let (store, scheduler) = makeStore(
      Todos.State(todos: rows, selectedID: id(0), sortOrder: .dueDate))
    store.exhaustivity = .off  // the undo steps are the History tests' to assert
    store.send(.todos(.element(id: id(0), action: .checkboxToggled))) {
      $0.list.rows[id: id(0)]?.isComplete = true
      $0.list.rows[id: id(0)]?.completionDate = testDay
      $0.list.revision = 1
      $0.settling = [id(0)]
    }
    // Still on top, under the user's finger, until the settle.
    #expect(
      shownTexts(store.state) == ["first due:2026-11-25", "second due:2026-11-30", "no date"])
    scheduler.advance(by: .seconds(1))
    store.receive(.sortCompletedTodos) {
      $0.settling = []
    }
    #expect(
      shownTexts(store.state) == ["second due:2026-11-30", "no date", "first due:2026-11-25"])
    // The selection stays on its row, which now holds the todo that came up into it.
    #expect(store.state.viewport.selectedID == id(1))
    store.finish()
  }

  @Test func aCompletedTodoThatIsLastInTheFileSinksTooWhenNothingMovesInTheFile() {
    // Toggling the last todo leaves the file as it is: the display order must still settle.
    let rows: IdentifiedArrayOf<Todo.State> = [
      row(0, "later", priority: "B"), row(1, "urgent", priority: "A"),
    ]
    var state = Todos.State(todos: rows, selectedID: id(1), sortOrder: .priority)
    #expect(shownTexts(state) == ["urgent", "later"])
    state.list.update(id: id(1)) { $0.isComplete = true }
    state.settling = [id(1)]
    #expect(shownTexts(state) == ["urgent", "later"])
    state.sortCompletedTodos()
    #expect(shownTexts(state) == ["later", "urgent"])
  }

  @Test func aNewOrderShowsFromItsTopWithItsFirstTodoSelected() {
    // `s s` once opened at `7-26 of 52`: the todos that sort first were scrolled off the top.
    let many = IdentifiedArray(
      uniqueElements: (0..<40).map { n in
        row(UInt64(n), "todo \(n)", priority: Character(Unicode.Scalar(UInt8(65 + (39 - n) % 26))))
      })
    var state = Todos.State(
      todos: many, selectedID: id(30), size: TerminalSize(width: 40, height: 14))
    state.viewport.scrollTop = 25  // todo 30 on the sixth list row
    let (store, _) = makeStore(state)
    store.send(.sortKeyPressed) {
      $0.sortOrder = .priority
      // Todo 13 is the first (A) in the file: the top of the new order, selected.
      $0.viewport.selectedID = id(13)
      $0.viewport.scrollTop = 0
    }
    store.send(.sortKeyPressed) {
      $0.sortOrder = .dueDate  // no due dates: file order, from the top
      $0.viewport.selectedID = id(0)
    }
    store.finish()
  }

  @Test func editsInASortedViewKeepTheOrderAsAFullSortWouldHaveIt() {
    // The display order is kept up to date row by row; after every change it must equal
    // one built from scratch.
    var state = Todos.State(todos: todos, selectedID: id(0), sortOrder: .priority)
    let reducer = Todos.reducer(.test(scheduler: TestScheduler()))
    func expectMatchesAFreshSort(_ note: String) {
      let fresh = Visibility(settling: state.settling, order: state.sortOrder)
        .apply(to: state.list.rows)
      let freshTexts = (0..<fresh.count).map { fresh[$0].description }
      #expect(shownTexts(state) == freshTexts, "\(note)")
    }
    var n: UInt64 = 0
    for step in 0..<60 {
      let ids = state.list.rows.ids
      let target = ids[(step * 7) % ids.count]
      state.viewport.selectedID = target
      switch step % 5 {
      case 0:
        _ = reducer.reduce(
          into: &state, action: .todos(.element(id: target, action: .checkboxToggled)))
      case 1:
        state.list.update(id: target) {
          $0.priority = Character(Unicode.Scalar(UInt8(65 + step % 4)))
        }
      case 2:
        n += 1
        state.list.insert(row(100 + n, "new \(n) due:2026-11-\(10 + step % 9)"), at: step % 3)
      case 3: state.delete(target)
      default:
        if step % 10 == 4 { state.sortOrder = state.sortOrder.cycled }
        state.sortCompletedTodos()
      }
      expectMatchesAFreshSort("step \(step)")
    }
    // Priority changes in a row: the rows shown are moved in place, never rebuilt.
    for step in 0..<40 {
      let ids = state.list.rows.ids
      let target = ids[(step * 3) % ids.count]
      let letter = step % 5 == 0 ? nil : Character(Unicode.Scalar(UInt8(65 + (step * 7) % 26)))
      state.list.update(id: target) { $0.priority = letter }
      expectMatchesAFreshSort("priority step \(step)")
    }
  }
}

@MainActor
@Suite struct SortOrderSettleTests {
  @Test func aToggledTodoKeepsItsPlaceInThePriorityViewUntilTheSettle() {
    // Completing it must not sink it under the user's finger; the settle does.
    var urgent = todo(0, "urgent")
    urgent.priority = "A"
    var later = todo(1, "later")
    later.priority = "B"
    let (store, scheduler) = makeStore(
      Todos.State(
        todos: [urgent, later, todo(2, "someday")], selectedID: id(0),
        sortOrder: .priority))
    store.exhaustivity = .off
    store.send(.todos(.element(id: id(0), action: .checkboxToggled)))
    #expect(shownTexts(store.state) == ["urgent", "later", "someday"])
    scheduler.advance(by: .seconds(1))
    store.receive(.sortCompletedTodos)
    #expect(shownTexts(store.state) == ["later", "someday", "urgent"])
    store.send(.todos(.element(id: id(0), action: .checkboxToggled)))
    #expect(shownTexts(store.state) == ["later", "someday", "urgent"])
    scheduler.advance(by: .seconds(1))
    store.receive(.sortCompletedTodos)
    #expect(shownTexts(store.state) == ["urgent", "later", "someday"])
  }
}
