import Architecture
import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import Testing

@testable import TodosFeature

/// Dates typed into the editor (docs/dates.md, "Typing dates"), on a controlled today.
@MainActor
@Suite struct TypingDatesTests {
  /// Adds a todo typed as `typed` on `today`; returns the store after Enter.
  func add(_ typed: String, on today: String) -> TestStore<Todos.State, Todos.Action> {
    let clock = TestDayClock(today)
    let store = clock.store(Todos.State())
    store.exhaustivity = .off
    store.send(.addKeyPressed)
    store.send(.editor(.textEdited(.insert(typed))))
    store.send(.editor(.enterPressed))
    return store
  }

  @Test func aWeekdayIsSavedAsTheNextSuchDay() {
    let clock = TestDayClock("2026-11-23")  // a Monday
    let store = clock.store(Todos.State(todos: [todo(9, "Milk")], selectedID: id(9)))
    var editor = Editor.State.new(id: id(0))
    store.send(.addKeyPressed) { $0.mode = .editing(editor) }
    editor.field.apply(.insert("Call Bob due:fri"))
    store.send(.editor(.textEdited(.insert("Call Bob due:fri")))) { $0.mode = .editing(editor) }
    store.exhaustivity = .off  // the undo steps are the History tests' to assert
    store.send(.editor(.enterPressed)) {
      $0.mode = .normal
      $0.list.rows = [
        Todo.State(
          id: id(0), description: "Call Bob due:2026-11-27", creationDate: day("2026-11-23")),
        todo(9, "Milk"),
      ]
      $0.list.revision = 1
      $0.viewport.selectedID = id(0)
    }
    store.finish()
  }

  @Test(arguments: [
    ("2026-11-23", "a due:today", "a due:2026-11-23"),
    ("2026-11-23", "a due:TOMORROW", "a due:2026-11-24"),
    ("2026-11-23", "a due:mon", "a due:2026-11-30"),  // never today itself
    ("2026-11-23", "a due:Sunday t:0d", "a due:2026-11-29 t:2026-11-23"),
    ("2026-11-23", "a due:2w", "a due:2026-12-07"),
    ("2026-01-31", "a due:1m", "a due:2026-02-28"),  // a month from Jan 31
    ("2024-01-31", "a due:1m", "a due:2024-02-29"),  // in a leap year
    ("2024-02-29", "a due:1y", "a due:2025-02-28"),
    ("2026-12-31", "a due:1d +x", "a due:2027-01-01 +x"),
  ])
  func relativeValuesBecomeDates(today: String, typed: String, saved: String) {
    let store = add(typed, on: today)
    #expect(store.state.list.rows.first?.description == saved)
    #expect(store.state.status == nil)
  }

  @Test func aValueThatIsNotADateIsKeptAndTheStatusLineSaysSo() {
    let clock = TestDayClock("2026-01-31")
    let store = clock.store(Todos.State(todos: [todo(1, "Pay rent")], selectedID: id(1)))
    var editor = Editor.State(editing: todo(1, "Pay rent"))
    store.send(.editKeyPressed) { $0.mode = .editing(editor) }
    editor.field.apply(.insert(" due:1m t:someday"))
    store.send(.editor(.textEdited(.insert(" due:1m t:someday")))) { $0.mode = .editing(editor) }
    store.exhaustivity = .off  // the undo steps are the History tests' to assert
    store.send(.editor(.enterPressed)) {
      $0.mode = .normal
      $0.list.rows[id: id(1)]?.description = "Pay rent due:2026-02-28 t:someday"
      $0.list.revision = 1
      $0.status = Todos.StatusMessage("“someday” is not a date")
    }
    clock.scheduler.advance(by: Todos.statusDuration)
    store.receive(.statusMessageExpired) { $0.status = nil }
    store.finish()
  }

  @Test func aThresholdTypedAfterTheDueDateIsSavedOnTheDueDateAndSaid() {
    let clock = TestDayClock("2026-11-23")
    let store = clock.store(Todos.State(todos: [todo(1, "Report")], selectedID: id(1)))
    var editor = Editor.State(editing: todo(1, "Report"))
    store.send(.editKeyPressed) { $0.mode = .editing(editor) }
    editor.field.apply(.insert(" due:2026-11-30 t:2026-12-02"))
    store.send(.editor(.textEdited(.insert(" due:2026-11-30 t:2026-12-02")))) {
      $0.mode = .editing(editor)
    }
    store.exhaustivity = .off  // the undo steps are the History tests' to assert
    store.send(.editor(.enterPressed)) {
      $0.mode = .normal
      $0.list.rows[id: id(1)]?.description = "Report due:2026-11-30 t:2026-11-30"
      $0.list.revision = 1
      $0.status = Todos.StatusMessage(
        "t:2026-12-02 was after the due date: moved to t:2026-11-30")
    }
    clock.scheduler.advance(by: Todos.statusDuration)
    store.receive(.statusMessageExpired) { $0.status = nil }
    store.finish()
  }

  @Test func anImpossibleDateIsKeptAndTheStatusLineSaysSo() {
    let store = add("Tax due:2026-02-30", on: "2026-01-10")
    #expect(store.state.list.rows.first?.description == "Tax due:2026-02-30")
    #expect(store.state.status == Todos.StatusMessage("“2026-02-30” is not a date"))
    // No badge for it: the row shows the tag as text.
    #expect(TodosView.badge(for: store.state.list.rows[0], in: store.state) == nil)
  }

  @Test func pastedTextIsConvertedWhenSaved() {
    let clock = TestDayClock("2026-11-23")
    let store = clock.store(Todos.State())
    store.exhaustivity = .off
    for action in Keymap.actions(forPaste: "Call Bob due:tomorrow", in: store.state) {
      store.send(action)
    }
    store.send(.editor(.enterPressed))
    #expect(store.state.list.rows.map(\.description) == ["Call Bob due:2026-11-24"])
  }
}

/// `t:` and `h:1`: hidden, not counted, shown with `H`; a threshold arriving at midnight.
@MainActor
@Suite struct HiddenTodosTests {
  let todos: IdentifiedArrayOf<Todo.State> = [
    todo(1, "Now"), todo(2, "Later t:2026-11-24"), todo(3, "Someday h:1"),
    todo(4, "Starts today t:2026-11-23"), todo(5, "Done later t:2026-12-01", done: true),
    todo(6, "Not a date t:soon h:0"),
  ]

  @Test func laterThresholdsAndH1AreNotShownNorCountedAndHShowsThem() {
    let clock = TestDayClock("2026-11-23")
    let store = clock.store(Todos.State(todos: todos, selectedID: id(1)))
    #expect(store.state.visible.ids == [id(1), id(4), id(6)])
    #expect(TodosView.itemsLeft(store.state) == "3 items left · 3 hidden")
    store.send(.dates(.toggleHiddenKeyPressed)) { $0.showsHidden = true }
    #expect(store.state.visible.ids == [id(1), id(2), id(3), id(4), id(6), id(5)])
    #expect(TodosView.itemsLeft(store.state) == "3 items left · 3 hidden")
    #expect(TodosView.badge(for: todos[1], in: store.state)?.text == "starts tomorrow")
    #expect(TodosView.badge(for: todos[2], in: store.state)?.text == "hidden")
    #expect(TodosView.badge(for: todos[4], in: store.state)?.text == "starts Dec 1")
    store.send(.dates(.toggleHiddenKeyPressed)) { $0.showsHidden = false }
    #expect(store.state.visible.ids == [id(1), id(4), id(6)])
    store.finish()
  }

  @Test func theFiltersAndTheSearchLeaveHiddenTodosOutToo() {
    let clock = TestDayClock("2026-11-23")
    let store = clock.store(Todos.State(todos: todos, selectedID: id(1)))
    store.exhaustivity = .off
    store.send(.filterPicked(.completed))
    #expect(store.state.visible.ids == [])
    store.send(.filterPicked(.active))
    #expect(store.state.visible.ids == [id(1), id(4), id(6)])
    store.send(.searchKeyPressed)
    store.send(.search(.textEdited(.insert("t"))))
    #expect(store.state.visible.ids == [id(4), id(6)])
    store.send(.dates(.toggleHiddenKeyPressed))
    #expect(store.state.visible.ids == [id(2), id(4), id(6)])
  }

  @Test func whatShowsFollowsRowsThatMoveAroundHiddenOnes() {
    let clock = TestDayClock("2026-11-23")
    let store = clock.store(
      Todos.State(
        todos: [todo(1, "A"), todo(2, "B t:2026-12-01"), todo(3, "C"), todo(4, "D h:1")],
        selectedID: id(1)))
    store.exhaustivity = .off
    #expect(store.state.visible.ids == [id(1), id(3)])
    store.send(.todos(.element(id: id(1), action: .checkboxToggled)))
    #expect(store.state.visible.ids == [id(1), id(3)])
    clock.scheduler.advance(by: Todos.settleDelay)
    store.receive(.sortCompletedTodos)
    #expect(store.state.list.rows.ids.elements == [id(1), id(2), id(3), id(4)])  // the file's
    #expect(store.state.visible.ids == [id(3), id(1)])
    store.send(.history(.undoKeyPressed))
    #expect(store.state.visible.ids == [id(1), id(3)])
    store.send(.addKeyPressed)
    store.send(.editor(.textEdited(.insert("E"))))
    store.send(.editor(.enterPressed))
    #expect(store.state.visible.ids == [id(0), id(1), id(3)])
    clock.scheduler.run()
  }

  @Test func hWithNothingHiddenSaysSo() {
    let clock = TestDayClock("2026-11-23")
    let store = clock.store(Todos.State(todos: [todo(1, "A")], selectedID: id(1)))
    store.send(.dates(.toggleHiddenKeyPressed)) {
      $0.showsHidden = true
      $0.status = Todos.StatusMessage("No todo is hidden (t: after today, or h:1)")
    }
    clock.scheduler.advance(by: Todos.statusDuration)
    store.receive(.statusMessageExpired) { $0.status = nil }
    store.finish()
  }

  @Test func aThresholdArrivesAtMidnightWithoutAKeyAndTheNextMidnightIsScheduled() {
    let clock = TestDayClock("2026-11-23", at: 23 * 3600)
    let store = clock.store(
      Todos.State(
        todos: [todo(1, "A"), todo(2, "B t:2026-11-24"), todo(3, "C due:2026-11-24")],
        selectedID: id(1)),
      watchesDays: true)
    let row3 = store.state.list.rows[2]
    // What the app does at start (AppFeature `.started`): one timer, for midnight.
    store.send(.dates(.dayChanged))
    #expect(clock.scheduler.pendingCount == 1)
    #expect(store.state.visible.ids == [id(1), id(3)])
    #expect(TodosView.badge(for: row3, in: store.state)?.text == "tomorrow")
    clock.scheduler.advance(by: .seconds(3599))
    store.assertNothingReceived()
    clock.scheduler.advance(by: .seconds(1))
    store.receive(.dates(.dayChanged)) { $0.today = day("2026-11-24") }
    #expect(store.state.visible.ids == [id(1), id(2), id(3)])
    #expect(TodosView.itemsLeft(store.state) == "3 items left")
    #expect(TodosView.badge(for: row3, in: store.state)?.text == "today")
    // No polling: one timer, a whole day away.
    #expect(clock.scheduler.pendingCount == 1)
    clock.scheduler.advance(by: .seconds(86_399))
    store.assertNothingReceived()
    clock.scheduler.advance(by: .seconds(1))
    store.receive(.dates(.dayChanged)) { $0.today = day("2026-11-25") }
    #expect(TodosView.badge(for: row3, in: store.state)?.text == "overdue 1d")
    #expect(TodosView.itemsLeft(store.state) == "3 items left · 1 overdue")
    store.send(.quitKeyPressed) { $0.isQuitting = true }
    #expect(clock.scheduler.pendingCount == 0)
    store.finish()
  }

  @Test func theSelectionLeavesATodoThatBecomesHidden() {
    let clock = TestDayClock("2026-11-23")
    let store = clock.store(
      Todos.State(todos: [todo(1, "A"), todo(2, "B")], selectedID: id(1)))
    store.exhaustivity = .off
    store.send(.editKeyPressed)
    store.send(.editor(.textEdited(.insert(" t:tomorrow"))))
    store.send(.editor(.enterPressed))
    #expect(store.state.list.rows[0].description == "A t:2026-11-24")
    #expect(store.state.visible.ids == [id(2)])
    #expect(store.state.viewport.selectedID == id(2))
    #expect(store.state.status == Todos.StatusMessage("Hidden until Nov 24 · H shows hidden todos"))
  }
}

/// Due dates: the badge, overdue counting, completed todos.
@MainActor
@Suite struct DueDatesTests {
  @Test func theTitleCountsOverdueActiveTodosOnly() {
    let clock = TestDayClock("2026-11-23")
    let todos: IdentifiedArrayOf<Todo.State> = [
      todo(1, "A due:2026-11-20"), todo(2, "B due:2026-11-22"), todo(3, "C due:2026-11-23"),
      todo(4, "D due:2026-11-01", done: true), todo(5, "E due:2026-11-10 t:2026-12-01"),
      todo(6, "F due:someday"),
    ]
    let store = clock.store(Todos.State(todos: todos, selectedID: id(1)))
    #expect(TodosView.itemsLeft(store.state) == "4 items left · 2 overdue · 1 hidden")
    // Completed: no overdue warning, the date instead.
    #expect(
      TodosView.badge(for: todos[3], in: store.state)
        == RowBadge(text: "Nov 1", kind: .later, hidesDue: true, isHiddenRow: false))
    #expect(TodosView.badge(for: todos[0], in: store.state)?.text == "overdue 3d")
    #expect(TodosView.badge(for: todos[2], in: store.state)?.kind == .today)
    #expect(TodosView.badge(for: todos[5], in: store.state) == nil)
    store.exhaustivity = .off
    store.send(.todos(.element(id: id(1), action: .checkboxToggled)))
    #expect(TodosView.itemsLeft(store.state) == "3 items left · 1 overdue · 1 hidden")
    store.send(.history(.undoKeyPressed))
    #expect(TodosView.itemsLeft(store.state) == "4 items left · 2 overdue · 1 hidden")
    store.send(.toggleAllKeyPressed)
    #expect(TodosView.itemsLeft(store.state) == "0 items left · 1 hidden")
  }
}
