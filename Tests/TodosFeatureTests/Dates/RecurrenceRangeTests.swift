import Architecture
import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import Testing

@testable import TodosFeature

/// Completing `rec:` todos through a range (`v` … Space): each gets its next occurrence, as
/// Space on one row and `T` do, in the same undo step.
@MainActor
@Suite struct RecurrenceRangeTests {
  @Test func completingARangeAddsTheNextOccurrenceOfItsRecurringTodosInOneUndoStep() {
    let clock = TestDayClock("2026-11-23")
    let water = todo(1, "Water plants due:2026-11-20 rec:1w")
    let plain = todo(2, "Plain")
    var state = Todos.State(todos: [water, plain], selectedID: id(2))
    state.organise.rangeAnchor = id(1)
    let store = clock.store(state)
    let waterDone = Todo.State(
      id: id(1), description: water.description, isComplete: true,
      completionDate: day("2026-11-23"))
    let plainDone = Todo.State(
      id: id(2), description: "Plain", isComplete: true, completionDate: day("2026-11-23"))
    let copy = Todo.State(id: id(0), description: "Water plants due:2026-11-30 rec:1w")
    store.send(.organise(.rangeToggled)) {
      $0.organise.rangeAnchor = nil
      $0.list.rows = [waterDone, copy, plainDone]
      $0.list.revision = 2
      $0.settling = [id(1), id(2)]
      $0.recurrenceCopies = [id(1): id(0)]
      $0.history.undoStack = [
        History.Entry(
          label: "complete 2 todos", changes: [.update([water, plain]), .remove([id(0)])],
          selectedID: id(2))
      ]
      // Both counts, not only the next occurrences.
      $0.status = Todos.StatusMessage("Completed 2 todos · added 1 next occurrence · u to undo")
    }
    clock.scheduler.advance(by: Todos.settleDelay)
    store.receive(.sortCompletedTodos) { $0.settling = [] }
    clock.scheduler.advance(by: Todos.statusDuration)
    store.receive(.statusMessageExpired) { $0.status = nil }
    // One undo: the copy goes and both todos are open again.
    store.send(.history(.undoKeyPressed)) {
      $0.list.rows = [water, plain]
      $0.list.revision = 3
      $0.history.undoStack = []
      $0.history.redoStack = [
        History.Entry(
          label: "complete 2 todos",
          changes: [
            .insert([TodoList.IndexedTodo(copy, at: 1)]), .update([waterDone, plainDone]),
          ],
          selectedID: id(2))
      ]
      $0.status = Todos.StatusMessage("Undid complete 2 todos · Ctrl-R to redo")
    }
    clock.scheduler.advance(by: Todos.statusDuration)
    store.receive(.statusMessageExpired) { $0.status = nil }
    store.finish()
  }
}
