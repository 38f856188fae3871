import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import TerminalUI
import Testing
import TodoTxt

@testable import TodosFeature

private func row(
  _ n: UInt64, _ text: String, priority: Character? = nil, done: Bool = false,
  created: String? = nil
) -> Todo.State {
  var row = todo(n, text, done: done)
  row.priority = priority
  row.creationDate = created.flatMap { TodoDate(string: $0) }
  return row
}

private func spec(_ text: String) -> SortSpec { try! SortSpec(parsing: text) }

/// Sort orders written as keys: a view's `sort`, `s` cycling config's `sort_orders`, the
/// completed todos sinking with the settle, and the order against a plain reference sort.
@MainActor
@Suite struct CustomSortTests {
  let todos: IdentifiedArrayOf<Todo.State> = [
    row(0, "Pay rent due:2026-12-01 +home", priority: "B"),
    row(1, "Call Bob due:2026-11-25 +work"),
    row(2, "Fix bug due:2026-12-01 +work", priority: "A"),
    row(3, "Read a book"),
    row(4, "Ship it due:2026-11-20 +work", done: true),
    row(5, "Plan week due:2026-11-25 +work", priority: "C"),
  ]

  @Test func aViewWithSortShowsItsTodosInItsOrderAndTheTitleSaysIt() {
    var state = Todos.State(todos: todos, selectedID: id(1))
    state.views = [SavedView(name: "Work", query: "+work", sort: spec("due desc,priority"))]
    let (store, scheduler) = makeStore(state)
    store.send(.viewPicked("Work")) { $0.view = "Work" }
    // Latest due first; the two due the 1st by priority; the completed one last.
    #expect(
      shownTexts(store.state) == [
        "Fix bug due:2026-12-01 +work", "Plan week due:2026-11-25 +work",
        "Call Bob due:2026-11-25 +work", "Ship it due:2026-11-20 +work",
      ])
    #expect(store.state.sortTitle == "by due desc, priority")
    // Todos move only in file order.
    store.send(.moveKeyPressed(.down)) {
      $0.status = Todos.StatusMessage(Todos.movingIsInFileOrder)
    }
    scheduler.advance(by: .seconds(3))
    store.receive(.statusMessageExpired) { $0.status = nil }
    // Back to All: the list's own order.
    store.send(.filterPicked(.all)) { $0.view = nil }
    #expect(store.state.sortTitle == nil)
    #expect(shownTexts(store.state).first == "Pay rent due:2026-12-01 +home")
    store.finish()
  }

  @Test func aViewSortThatIsABuiltInOrderUsesIt() {
    var state = Todos.State(todos: todos, selectedID: id(1))
    state.views = [SavedView(name: "Work", query: "+work", sort: spec("priority"))]
    state.view = "Work"
    #expect(state.visibility.order == .priority)
    #expect(state.visibility.sort == nil)
    #expect(state.sortTitle == "by priority")
    // An `s` order wins over the view's.
    state.sortOrder = .dueDate
    #expect(state.sortTitle == "by due date")
  }

  @Test func sCyclesTheConfiguredOrders() {
    var state = Todos.State(todos: todos, selectedID: id(3))
    state.sortOrders = [spec("file"), spec("due,priority"), spec("priority"), spec("text desc")]
    let (store, _) = makeStore(state)
    store.send(.sortKeyPressed) {
      $0.customSort = spec("due,priority")
      $0.viewport.selectedID = id(5)
    }
    #expect(store.state.sortTitle == "by due, priority")
    #expect(
      shownTexts(store.state) == [
        "Plan week due:2026-11-25 +work", "Call Bob due:2026-11-25 +work",
        "Fix bug due:2026-12-01 +work", "Pay rent due:2026-12-01 +home", "Read a book",
        "Ship it due:2026-11-20 +work",
      ])
    store.send(.sortKeyPressed) {
      $0.customSort = nil
      $0.sortOrder = .priority
      $0.viewport.selectedID = id(2)
    }
    #expect(store.state.sortTitle == "by priority")
    store.send(.sortKeyPressed) {
      $0.customSort = spec("text desc")
      $0.sortOrder = .fileOrder
      $0.viewport.selectedID = id(3)
    }
    #expect(
      shownTexts(store.state) == [
        "Read a book", "Plan week due:2026-11-25 +work", "Pay rent due:2026-12-01 +home",
        "Fix bug due:2026-12-01 +work", "Call Bob due:2026-11-25 +work",
        "Ship it due:2026-11-20 +work",
      ])
    store.send(.sortKeyPressed) {
      $0.customSort = nil
      $0.viewport.selectedID = id(0)
    }
    #expect(store.state.sortTitle == nil)
    store.finish()
  }

  @Test func theDefaultCycleIsTodaysThreeOrders() {
    let (store, _) = makeStore(Todos.State(todos: todos, selectedID: id(0)))
    store.send(.sortKeyPressed) {
      $0.sortOrder = .priority
      $0.viewport.selectedID = id(2)
    }
    store.send(.sortKeyPressed) {
      $0.sortOrder = .dueDate
      $0.viewport.selectedID = id(1)
    }
    store.send(.sortKeyPressed) {
      $0.sortOrder = .fileOrder
      $0.viewport.selectedID = id(0)
    }
    store.finish()
  }

  @Test func aCompletedTodoSinksAtTheSettleInAKeyedOrder() {
    var state = Todos.State(todos: todos, selectedID: id(1))
    state.customSort = spec("due,priority")
    let (store, scheduler) = makeStore(state)
    store.exhaustivity = .off  // the undo steps are the History tests' to assert
    store.send(.todos(.element(id: id(1), action: .checkboxToggled))) {
      $0.list.rows[id: id(1)]?.isComplete = true
      $0.list.rows[id: id(1)]?.completionDate = testDay
      $0.list.revision = 1
      $0.settling = [id(1)]
    }
    // Still in its place, under the user's finger, until the settle.
    #expect(shownTexts(store.state)[1] == "Call Bob due:2026-11-25 +work")
    scheduler.advance(by: .seconds(1))
    store.receive(.sortCompletedTodos) { $0.settling = [] }
    #expect(
      shownTexts(store.state) == [
        "Plan week due:2026-11-25 +work", "Fix bug due:2026-12-01 +work",
        "Pay rent due:2026-12-01 +home", "Read a book", "Ship it due:2026-11-20 +work",
        "Call Bob due:2026-11-25 +work",
      ])
    store.finish()
  }

  @Test(arguments: 0..<40)
  func theOrderIsAPlainReferenceSort(seed: UInt64) {
    var random = SeededRandom(seed: seed)
    let dates = ["2026-11-20", "2026-11-25", "2026-12-01", nil]
    let words = ["apple", "Banana", "cherry", "apple"]
    let rows = IdentifiedArray(
      uniqueElements: (0..<30).map { n -> Todo.State in
        var text = words.randomElement(using: &random)!
        if let due = dates.randomElement(using: &random)! { text += " due:\(due)" }
        if let start = dates.randomElement(using: &random)! { text += " t:\(start)" }
        var todo = row(
          UInt64(n), text, priority: ["A", "B", nil].randomElement(using: &random)!,
          done: Int.random(in: 0..<4, using: &random) == 0,
          created: dates.randomElement(using: &random)!)
        if todo.isComplete { todo.completionDate = TodoDate(string: dates[n % 3]!) }
        return todo
      })
    let fields = (0..<Int.random(in: 1...3, using: &random)).map { _ in
      SortSpec.Field(
        SortSpec.Key.allCases.randomElement(using: &random)!,
        descending: Bool.random(using: &random))
    }
    var state = Todos.State(todos: rows, showsHidden: true)  // `t:` after today hides
    state.customSort = SortSpec(fields)
    #expect(shownTexts(state) == referenceSort(rows.elements, fields).map(\.description))
  }

  /// Completed last, then each key (no value last), then file order: a stable sort, written
  /// plainly over the todos' text.
  private func referenceSort(_ todos: [Todo.State], _ fields: [SortSpec.Field]) -> [Todo.State] {
    func value(_ todo: Todo.State, _ index: Int, _ key: SortSpec.Key) -> String? {
      func tag(_ name: String) -> String? {
        todo.description.split(separator: " ").first { $0.hasPrefix(name + ":") }
          .map { String($0.dropFirst(name.count + 1)) }
      }
      switch key {
      case .priority: return todo.priority.map(String.init)
      case .due: return tag("due")
      case .t: return tag("t")
      case .created: return todo.creationDate.map(\.description)
      case .completed: return todo.completionDate.map(\.description)
      case .text: return todo.description.lowercased()
      case .file: return String(format: "%06d", index)
      }
    }
    let indexed = Array(todos.enumerated())
    var sorted = indexed.filter { !$0.element.isComplete }
    var done = indexed.filter { $0.element.isComplete }
    for field in fields.reversed() {
      for part in [0, 1] {
        var list = part == 0 ? sorted : done
        // Stable: insertion sort, moving a row only past rows it strictly precedes.
        for i in list.indices {
          var j = i
          while j > 0 {
            let a = value(list[j].element, list[j].offset, field.key)
            let b = value(list[j - 1].element, list[j - 1].offset, field.key)
            let before: Bool
            switch (a, b) {
            case (nil, _): before = false
            case (_, nil): before = true
            case (let a?, let b?): before = field.descending ? a > b : a < b
            }
            guard before else { break }
            list.swapAt(j, j - 1)
            j -= 1
          }
        }
        if part == 0 { sorted = list } else { done = list }
      }
    }
    return (sorted + done).map(\.element)
  }
}
