import Architecture
import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import Testing

@testable import TodosFeature

/// Completing a `rec:` todo (docs/dates.md, "`rec:` — recurrence"), on a controlled today.
@MainActor
@Suite struct RecurrenceFeatureTests {
  static let water = "Water plants due:2026-11-20 rec:1w"

  /// "Water plants" (id 1, above "Other"), its completed version and the next occurrence
  /// completing it makes (id 0).
  let original = todo(1, Self.water)
  let completed = Todo.State(
    id: id(1), description: Self.water, isComplete: true, completionDate: day("2026-11-23"))
  let copy = Todo.State(id: id(0), description: "Water plants due:2026-11-30 rec:1w")

  /// A store on 2026-11-23 where Space has just completed "Water plants", asserted in full.
  func completedWater(_ clock: TestDayClock) -> TestStore<Todos.State, Todos.Action> {
    let store = clock.store(Todos.State(todos: [original, todo(2, "Other")], selectedID: id(1)))
    store.send(.todos(.element(id: id(1), action: .checkboxToggled))) {
      // The completed todo keeps its line (and the selection); the copy is on the next one.
      $0.list.rows = [completed, copy, todo(2, "Other")]
      $0.list.revision = 2
      $0.settling = [id(1)]
      $0.recurrenceCopies = [id(1): id(0)]
      $0.status = Todos.StatusMessage("Added the next one: due Nov 30")
      $0.history.undoStack = [
        History.Entry(
          label: "complete “Water plants due:2026-11-20 r…”",
          changes: [.update([original]), .remove([id(0)])], selectedID: id(1))
      ]
    }
    return store
  }

  @Test func theNextOccurrenceGoesRightBelowTheCompletedOneAndOneUndoTakesItBack() {
    let clock = TestDayClock("2026-11-23")
    let store = completedWater(clock)
    #expect(store.state.visible.ids == [id(1), id(0), id(2)])
    clock.scheduler.advance(by: Todos.settleDelay)
    // The settle moves only the view: the selection stays on its row, now the copy's.
    store.receive(.sortCompletedTodos) {
      $0.settling = []
      $0.viewport.selectedID = id(0)
    }
    #expect(store.state.visible.ids == [id(0), id(2), id(1)])
    clock.scheduler.advance(by: Todos.statusDuration)
    store.receive(.statusMessageExpired) { $0.status = nil }
    // One step: the copy goes, the todo is open again, where it was.
    store.exhaustivity = .off  // the undo steps are the History tests' to assert
    store.send(.history(.undoKeyPressed)) {
      $0.list.rows = [original, todo(2, "Other")]
      $0.list.revision = 3
      $0.viewport.selectedID = id(1)
      $0.status = Todos.StatusMessage(
        "Undid complete “Water plants due:2026-11-20 r…” · Ctrl-R to redo")
    }
    clock.scheduler.advance(by: Todos.statusDuration)
    store.receive(.statusMessageExpired) { $0.status = nil }
    // Redo puts both back.
    store.send(.history(.redoKeyPressed)) {
      $0.list.rows = [completed, copy, todo(2, "Other")]
      $0.list.revision = 4
      $0.viewport.selectedID = id(0)
      $0.status = Todos.StatusMessage("Redid complete “Water plants due:2026-11-20 r…”")
    }
    clock.scheduler.advance(by: Todos.statusDuration)
    store.receive(.statusMessageExpired) { $0.status = nil }
    store.finish()
  }

  /// Space twice within the settle: the second one reopens the todo and takes its next
  /// occurrence back, so the list (and the file) is as it was; one undo makes it again.
  @Test func spaceTwiceWithinTheSettleGivesTheListBack() {
    let clock = TestDayClock("2026-11-23")
    let store = completedWater(clock)
    let toggle = Todos.Action.todos(.element(id: id(1), action: .checkboxToggled))
    clock.scheduler.advance(by: .milliseconds(500))
    store.send(toggle) {
      $0.list.rows = [original, todo(2, "Other")]
      $0.list.revision = 4
      $0.recurrenceCopies = [:]
      $0.status = Todos.StatusMessage("Took back the next one")
      $0.history.undoStack.append(
        History.Entry(
          label: "reactivate “Water plants due:2026-11-20 r…”",
          changes: [.update([completed]), .insert([TodoList.IndexedTodo(copy, at: 1)])],
          selectedID: id(1)))
    }
    clock.scheduler.advance(by: Todos.settleDelay)
    store.receive(.sortCompletedTodos) { $0.settling = [] }
    clock.scheduler.advance(by: Todos.statusDuration)
    store.receive(.statusMessageExpired) { $0.status = nil }
    store.exhaustivity = .off  // the undo steps are the History tests' to assert
    store.send(.history(.undoKeyPressed)) {
      $0.list.rows = [completed, copy, todo(2, "Other")]
      $0.list.revision = 5
      $0.status = Todos.StatusMessage(
        "Undid reactivate “Water plants due:2026-11-20 r…” · Ctrl-R to redo")
    }
    clock.scheduler.advance(by: Todos.statusDuration)
    store.receive(.statusMessageExpired) { $0.status = nil }
    store.finish()
  }

  @Test func reopeningAfterTheSettleKeepsTheCopyAndCompletingAgainMakesNoSecondOne() {
    let clock = TestDayClock("2026-11-23")
    let store = clock.store(Todos.State(todos: [todo(7, Self.water)], selectedID: id(7)))
    store.exhaustivity = .off
    let toggle = Todos.Action.todos(.element(id: id(7), action: .checkboxToggled))
    store.send(toggle)
    #expect(store.state.list.rows.ids.elements == [id(7), id(0)])
    clock.scheduler.advance(by: Todos.settleDelay)
    store.send(toggle)  // reopened by hand, after the settle: the copy stays
    #expect(store.state.list.rows.ids.elements == [id(7), id(0)])
    #expect(store.state.list.rows[id: id(7)]?.isComplete == false)
    store.send(toggle)  // completed again: the copy is still there
    #expect(store.state.list.rows.ids.elements == [id(7), id(0)])
    #expect(store.state.list.rows[id: id(7)]?.isComplete == true)
    // Once the copy is gone, completing it makes a new one.
    clock.scheduler.advance(by: Todos.settleDelay)
    store.send(toggle)
    store.send(.viewport(.rowClicked(id(0))))
    store.send(.deleteKeyPressed)
    store.send(toggle)
    #expect(store.state.list.rows.ids.elements == [id(7), id(1)])
    #expect(store.state.list.rows[1].description == "Water plants due:2026-11-30 rec:1w")
    clock.scheduler.run()
  }

  @Test(arguments: [
    // Normal: from the day of completion; strict: from the old due date.
    ("2026-02-10", "Rent due:2026-01-31 rec:1m", "Rent due:2026-03-10 rec:1m"),
    ("2026-02-10", "Rent due:2026-01-31 rec:+1m", "Rent due:2026-02-28 rec:+1m"),
    ("2026-11-23", "Pay due:2026-11-01 rec:+1m", "Pay due:2026-12-01 rec:+1m"),
    // Leap years.
    ("2024-02-29", "Birthday due:2024-02-29 rec:+1y", "Birthday due:2025-02-28 rec:+1y"),
    ("2024-01-31", "Check rec:1m due:2024-01-15", "Check rec:1m due:2024-02-29"),
    // Business days over a weekend.
    ("2026-11-27", "Standup due:2026-11-27 rec:1b", "Standup due:2026-11-30 rec:1b"),
    ("2026-11-28", "Standup due:2026-11-27 rec:1b", "Standup due:2026-11-30 rec:1b"),
    ("2026-11-26", "Report rec:3b due:2026-11-26", "Report rec:3b due:2026-12-01"),
    ("2026-11-27", "Sync due:2026-11-27 rec:+1b", "Sync due:2026-11-30 rec:+1b"),
    // t: keeps its distance before due:; t: alone moves; no date gets a due date.
    (
      "2026-11-23", "Report t:2026-11-17 due:2026-11-20 rec:1w",
      "Report t:2026-11-27 due:2026-11-30 rec:1w"
    ),
    ("2026-11-23", "Backup t:2026-11-01 rec:+1w", "Backup t:2026-11-08 rec:+1w"),
    ("2026-11-23", "Backup t:2026-11-01 rec:1w", "Backup t:2026-11-30 rec:1w"),
    ("2026-11-23", "Stretch rec:2d +health", "Stretch rec:2d +health due:2026-11-25"),
  ])
  func theNextOccurrenceMovesTheDates(today: String, line: String, next: String) {
    let clock = TestDayClock(today)
    let store = clock.store(Todos.State(todos: [todo(1, line)], selectedID: id(1)))
    store.exhaustivity = .off
    store.send(.todos(.element(id: id(1), action: .checkboxToggled)))
    #expect(store.state.list.rows.map(\.description) == [line, next])
    #expect(store.state.list.rows.map(\.isComplete) == [true, false])
    clock.scheduler.run()
  }

  @Test func theCopyKeepsPriorityAndGetsTodayAsCreationDateIfTheOriginalHadOne() {
    let clock = TestDayClock("2026-11-23")
    var original = todo(1, "Call Mom +family @phone due:2026-11-23 rec:1w")
    original.priority = "A"
    original.creationDate = day("2026-01-01")
    let store = clock.store(Todos.State(todos: [original], selectedID: id(1)))
    store.exhaustivity = .off
    store.send(.todos(.element(id: id(1), action: .checkboxToggled)))
    #expect(
      store.state.list.rows[1]
        == Todo.State(
          id: id(0), description: "Call Mom +family @phone due:2026-11-30 rec:1w",
          priority: "A", creationDate: day("2026-11-23")))
    clock.scheduler.run()
  }

  @Test func aNextDatePastYear9999IsSaidAsSuchAndMakesNoCopy() {
    let clock = TestDayClock("2026-11-23")
    let line = "Far off due:9999-12-31 rec:+1y"
    let store = clock.store(Todos.State(todos: [todo(1, line)], selectedID: id(1)))
    store.exhaustivity = .off
    store.send(.todos(.element(id: id(1), action: .checkboxToggled)))
    #expect(store.state.list.rows.map(\.description) == [line])
    #expect(
      store.state.status
        == Todos.StatusMessage(
          "“rec:+1y” would put the next date past year 9999, so no next occurrence was added"))
    clock.scheduler.run()
  }

  @Test func aMalformedRecIsSaidAndMakesNoCopy() {
    let clock = TestDayClock("2026-11-23")
    let store = clock.store(Todos.State(todos: [todo(1, "Water rec:often")], selectedID: id(1)))
    store.exhaustivity = .off
    store.send(.todos(.element(id: id(1), action: .checkboxToggled)))
    #expect(store.state.list.rows.count == 1)
    #expect(
      store.state.status
        == Todos.StatusMessage("“rec:often” is not understood, so no next occurrence was added"))
    clock.scheduler.run()
  }

  @Test func toggleAllCompletesRecurringTodosLikeOneAtATimeInOneUndoStep() {
    let clock = TestDayClock("2026-11-23")
    let store = clock.store(
      Todos.State(
        todos: [todo(7, "A rec:1d"), todo(8, "B"), todo(9, "C due:2026-11-23 rec:+1w")],
        selectedID: id(7)))
    store.exhaustivity = .off
    store.send(.toggleAllKeyPressed)
    #expect(
      store.state.list.rows.map(\.description) == [
        "A rec:1d", "A rec:1d due:2026-11-24", "B", "C due:2026-11-23 rec:+1w",
        "C due:2026-11-30 rec:+1w",
      ])
    #expect(
      store.state.status
        == Todos.StatusMessage("Completed 3 todos · added 2 next occurrences · u to undo"))
    store.send(.history(.undoKeyPressed))
    #expect(
      store.state.list.rows.map(\.description) == ["A rec:1d", "B", "C due:2026-11-23 rec:+1w"])
    #expect(store.state.activeCount == 3)
    clock.scheduler.run()
  }

  @Test func reactivatingAllMakesNoCopies() {
    let clock = TestDayClock("2026-11-23")
    let store = clock.store(
      Todos.State(todos: [todo(7, "A rec:1d", done: true), todo(8, "B", done: true)]))
    store.exhaustivity = .off
    store.send(.toggleAllKeyPressed)
    #expect(store.state.list.rows.map(\.description) == ["A rec:1d", "B"])
    #expect(store.state.activeCount == 2)
    clock.scheduler.run()
  }
}
