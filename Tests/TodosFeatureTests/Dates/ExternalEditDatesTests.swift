import Architecture
import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import Testing

@testable import TodosFeature

/// `E`: a line edited in $EDITOR gets the same date conversion as the edit field: `due:fri` is
/// saved as a date, and a value that is not a date is kept and said.
@MainActor
@Suite struct ExternalEditDatesTests {
  func edit(_ saved: String) -> Todos.State {
    let clock = TestDayClock("2026-11-23")
    var environment = clock.environment()
    environment.editor = ExternalEditor { _ in .saved(saved) }
    var state = Todos.State(todos: [todo(1, "Call Bob")], selectedID: id(1))
    state.today = clock.today
    let store = TestStore(initialState: state, reducer: Todos.reducer(environment))
    store.exhaustivity = .off
    store.send(.externalEdit(.keyPressed))
    store.receive(.externalEdit(.finished(id(1), .saved(saved))))
    let edited = store.state
    clock.scheduler.run()
    return edited
  }

  @Test func relativeDatesTypedInTheEditorAreSavedAsDates() {
    let state = edit("(A) Call Bob due:fri\tt:2d +work\r\nAnd then  due:tomorrow\r\n")
    #expect(
      state.list.rows.map(\.line).map { String(decoding: $0.serialized(), as: UTF8.self) } == [
        "(A) Call Bob due:2026-11-27\tt:2026-11-25 +work", "And then  due:2026-11-24",
      ])
  }

  @Test func aValueThatIsNotADateIsKeptAndSaid() {
    let state = edit("Call Bob due:someday\n")
    #expect(state.list.rows[0].description == "Call Bob due:someday")
    #expect(state.status == Todos.StatusMessage("“someday” is not a date"))
  }
}
