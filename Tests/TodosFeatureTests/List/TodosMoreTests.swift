import Architecture
import ArchitectureTestSupport
import CustomDump
import Foundation
import IdentifiedCollections
import TerminalUI
import Testing

@testable import TodosFeature

/// Status messages, navigation, scrolling, search, size, loading, help and quitting.
@MainActor
@Suite struct TodosListTests {
  @Test func statusMessageExpiresAfterExactlyThreeSecondsAndANewOneRestartsTheWait() {
    let (store, scheduler) = makeStore()
    store.send(.history(.undoKeyPressed)) {
      $0.status = Todos.StatusMessage("Nothing to undo")
    }
    scheduler.advance(by: .seconds(2))
    store.send(.clearCompletedKeyPressed) {
      $0.status = Todos.StatusMessage("No completed todos to clear")
    }
    scheduler.advance(by: .milliseconds(2999))
    store.assertNothingReceived()
    scheduler.advance(by: .milliseconds(1))
    store.receive(.statusMessageExpired) { $0.status = nil }
    store.finish()
  }

  @Test func theSameMessageShownAgainGetsItsOwnThreeSeconds() {
    let (store, scheduler) = makeStore()
    store.send(.history(.undoKeyPressed)) {
      $0.status = Todos.StatusMessage("Nothing to undo")
    }
    scheduler.advance(by: .seconds(2))
    store.send(.history(.undoKeyPressed))
    scheduler.advance(by: .milliseconds(2999))
    store.assertNothingReceived()
    scheduler.advance(by: .milliseconds(1))
    store.receive(.statusMessageExpired) { $0.status = nil }
    store.finish()
  }

  @Test func helpOpensAndClosesAndQuitIsAFlag() {
    let (store, _) = makeStore()
    store.send(.helpKeyPressed) { $0.mode = .help }
    store.send(.helpDismissed) { $0.mode = .normal }
    store.send(.quitKeyPressed) { $0.isQuitting = true }
    store.finish()
  }

  @Test func aDelayedSortFindsItsRowsAfterTheToggledTodoWasDeleted() {
    let (store, scheduler) = makeStore(
      Todos.State(todos: [todo(0, "A"), todo(1, "B")], selectedID: id(0)))
    store.send(.todos(.element(id: id(0), action: .checkboxToggled))) {
      $0.list.rows[id: id(0)]?.isComplete = true
      $0.list.rows[id: id(0)]?.completionDate = testDay
      $0.settling = [id(0)]
      $0.history.undoStack = [
        History.Entry(
          label: "complete “A”", changes: [.update([todo(0, "A")])], selectedID: id(0))
      ]
      $0.list.revision = 1
    }
    store.send(.deleteKeyPressed) {
      $0.list.rows = [todo(1, "B")]
      $0.viewport.selectedID = id(1)
      $0.settling = []
      $0.history.undoStack.append(
        History.Entry(
          label: "delete “A”",
          changes: [
            .insert([
              TodoList.IndexedTodo(
                Todo.State(
                  id: id(0), description: "A", isComplete: true, completionDate: testDay),
                at: 0)
            ])
          ],
          selectedID: id(0)))
      $0.list.revision = 2
      $0.status = Todos.StatusMessage("Deleted “A” · u to undo")
    }
    scheduler.advance(by: .seconds(1))
    store.receive(.sortCompletedTodos)
    scheduler.advance(by: .seconds(2))
    store.receive(.statusMessageExpired) { $0.status = nil }
    store.finish()
  }
}
