import ArchitectureTestSupport
import Foundation
import Testing
import TodoTxt

@testable import TodosFeature

/// A new todo typed as a whole todo.txt line keeps the dates it was typed with.
@MainActor
@Suite struct TypedLineTests {
  /// Types `text` into a new todo and presses Enter; returns the todo added.
  func add(_ text: String) -> Todo.State? {
    let (store, _) = makeStore()
    store.exhaustivity = .off
    store.send(.addKeyPressed)
    store.send(.editor(.textEdited(.insert(text))))
    store.send(.editor(.enterPressed))
    return store.state.list.rows.first
  }

  @Test func aTypedCreationDateIsKeptNotDoubled() {
    #expect(
      add("2024-01-01 backdated")
        == Todo.State(
          id: id(0), description: "backdated", creationDate: TodoDate(year: 2024, month: 1, day: 1))
    )
    #expect(
      add("(B) 2024-01-01 Call Mom")
        == Todo.State(
          id: id(0), description: "Call Mom", priority: "B",
          creationDate: TodoDate(year: 2024, month: 1, day: 1)))
  }

  @Test func xAndACompletionDateMakeACompletedTodo() {
    #expect(
      add("x 2024-04-30 Filed the taxes")
        == Todo.State(
          id: id(0), description: "Filed the taxes", isComplete: true,
          completionDate: TodoDate(year: 2024, month: 4, day: 30)))
  }

  @Test func anythingElseIsTextWithTodaysCreationDate() {
    #expect(
      add("x marks the spot")
        == Todo.State(id: id(0), description: "x marks the spot", creationDate: testDay))
    #expect(
      add("2024-01-01") == Todo.State(id: id(0), description: "2024-01-01", creationDate: testDay))
  }
}
