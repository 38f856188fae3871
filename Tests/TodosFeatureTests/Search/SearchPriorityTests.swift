import Foundation
import IdentifiedCollections
import Testing

@testable import TodosFeature

/// A search term `(A)` finds the priority-A todos (`pri:A`); `"(A)"` in quotes finds the text.
@MainActor
@Suite struct SearchPriorityTests {
  @Test func aPriorityTermIsAPriorityWithAnyCase() {
    #expect(SearchQuery("(A)").priorities == ["A"])
    #expect(SearchQuery("call (b) mom").priorities == ["B"])
    #expect(SearchQuery("call (b) mom").phrases == ["call", "mom"])
    #expect(SearchQuery("(AB) (1) ()").priorities == [])
    #expect(SearchQuery("(a)").matches("Call Mom", priority: "A"))
    #expect(!SearchQuery("(a)").matches("Call Mom", priority: "B"))
    #expect(SearchQuery("(A)").matches("Grade (A) papers"))
  }

  @Test func searchingAPriorityShowsTheTodosWithIt() {
    var todos: IdentifiedArrayOf<Todo.State> = [
      todo(0, "Call Mom"), todo(1, "Pay rent +home"), todo(2, "Grade (A) papers"),
      todo(3, "Walk"), todo(4, "Old", done: true),
    ]
    todos[id: id(0)]?.priority = "A"
    todos[id: id(1)]?.priority = "A"
    todos[id: id(3)]?.priority = "B"
    var state = Todos.State(todos: todos)
    state.search = Search.State(field: TextField(text: "(A)"))
    #expect(shownTexts(state) == ["Call Mom", "Pay rent +home"])
    state.search = Search.State(field: TextField(text: "\"(A)\""))
    #expect(shownTexts(state) == ["Grade (A) papers"])
    state.search = Search.State(field: TextField(text: "(a) +home"))
    #expect(shownTexts(state) == ["Pay rent +home"])
    state.search = Search.State(field: TextField(text: "(b)"))
    #expect(shownTexts(state) == ["Walk"])
  }
}
