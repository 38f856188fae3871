import Architecture
import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import Testing

@testable import TodosFeature

/// A `rec:` value typed into the editor that is not understood is said when the edit is saved,
/// as a `due:` that is not a date is, not only later when the todo is completed.
@MainActor
@Suite struct RecurrenceTypedTests {
  func save(_ typed: String) -> Todos.State {
    let clock = TestDayClock("2026-11-23")
    let store = clock.store(Todos.State(todos: [todo(1, "A")], selectedID: id(1)))
    store.exhaustivity = .off
    store.send(.editKeyPressed)
    store.send(.editor(.textEdited(.insert(typed))))
    store.send(.editor(.enterPressed))
    return store.state
  }

  @Test func aRecThatIsNotUnderstoodIsSaidWhenSavedAndKeptAsTyped() {
    let state = save(" rec:often")
    #expect(state.list.rows[0].description == "A rec:often")
    #expect(
      state.status
        == Todos.StatusMessage(
          "“rec:often” is not understood: rec: takes N and d, b, w, m or y (rec:1w, rec:+1m)"))
  }

  @Test func aDateThatIsNotADateIsSaidFirstThenTheRec() {
    let state = save(" due:someday rec:1")
    #expect(state.list.rows[0].description == "A due:someday rec:1")
    #expect(
      state.status
        == Todos.StatusMessage("“someday” is not a date · “rec:1” is not understood"))
  }

  @Test func anUnderstoodRecSaysNothing() {
    let state = save(" due:fri rec:+1b")
    #expect(state.list.rows[0].description == "A due:2026-11-27 rec:+1b")
    #expect(state.status == nil)
  }
}
