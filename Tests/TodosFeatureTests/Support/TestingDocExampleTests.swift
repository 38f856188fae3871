import ArchitectureTestSupport
import Foundation
import Testing

@testable import TodosFeature

/// docs/testing.md's first example, kept here word for word so that it stays a test that
/// passes (DocsStayTrueTests checks the names; this checks the behaviour).
@MainActor @Suite struct MySortTests {
  @Test func completingSortsAfterOneSecond() {
    let (store, scheduler) = makeStore(
      Todos.State(todos: [todo(0, "A"), todo(1, "B")], selectedID: id(0)))
    store.send(.todos(.element(id: id(0), action: .checkboxToggled))) {
      // every change, written out: no app logic in the expectation
      $0.list.rows[id: id(0)]?.isComplete = true
      $0.list.rows[id: id(0)]?.completionDate = testDay
      $0.list.revision = 1
      $0.settling = [id(0)]
      $0.history.undoStack = [
        History.Entry(
          label: "complete “A”", changes: [.update([todo(0, "A")])], selectedID: id(0))
      ]
    }
    scheduler.advance(by: .milliseconds(999))
    store.assertNothingReceived()  // not a millisecond early
    scheduler.advance(by: .milliseconds(1))
    store.receive(.sortCompletedTodos) {
      // the settle moves the view, not the list (the file keeps its order): "A" sinks on
      // screen, and the selection stays on its row, now "B"
      $0.settling = []
      $0.viewport.selectedID = id(1)
    }
    #expect(store.state.visible.ids == [id(1), id(0)])
    store.finish()
  }
}
