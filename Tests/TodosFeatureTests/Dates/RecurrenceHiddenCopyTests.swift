import Architecture
import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import Testing

@testable import TodosFeature

/// A next occurrence whose `t:` is after today is hidden at once: the selection stays on the
/// completed todo (it still shows while it settles) rather than jump to a row that is not on
/// screen, and the status line says where the new one went.
@MainActor
@Suite struct RecurrenceHiddenCopyTests {
  @Test func aHiddenCopyLeavesTheSelectionOnTheCompletedTodoAndIsSaid() {
    let clock = TestDayClock("2026-11-23")
    let backup = todo(1, "Backup t:2026-11-20 due:2026-11-25 rec:1w")
    let store = clock.store(
      Todos.State(todos: [todo(5, "First"), backup, todo(2, "Third")], selectedID: id(1)))
    let done = Todo.State(
      id: id(1), description: backup.description, isComplete: true,
      completionDate: day("2026-11-23"))
    let copy = Todo.State(id: id(0), description: "Backup t:2026-11-25 due:2026-11-30 rec:1w")
    store.send(.todos(.element(id: id(1), action: .checkboxToggled))) {
      $0.list.rows = [todo(5, "First"), done, copy, todo(2, "Third")]
      $0.list.revision = 2
      $0.settling = [id(1)]
      $0.recurrenceCopies = [id(1): id(0)]
      $0.status = Todos.StatusMessage(
        "Added the next one: due Nov 30, hidden until Nov 25 · H shows hidden todos")
      $0.history.undoStack = [
        History.Entry(
          label: "complete “Backup t:2026-11-20 due:2026-…”",
          changes: [.update([backup]), .remove([id(0)])], selectedID: id(1))
      ]
    }
    #expect(store.state.visible.ids == [id(5), id(1), id(2)])
    store.exhaustivity = .off
    clock.scheduler.run()
  }
}
