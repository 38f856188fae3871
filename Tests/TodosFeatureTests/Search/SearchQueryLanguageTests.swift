import Architecture
import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import TerminalUI
import Testing
import TodoTxt

@testable import TodosFeature

/// `/` reads the query language (`Query`): terms, problems and the match count.
@MainActor
@Suite struct SearchQueryLanguageTests {
  let todos: IdentifiedArrayOf<Todo.State> = [
    todo(0, "Call Mom @phone"),
    todo(1, "Pay rent due:2026-11-23"),
    todo(2, "Buy milk +home"),
    todo(3, "Old bill due:2026-11-01", done: true),
  ]

  @Test func termsOfTheLanguageNarrowTheList() {
    var state = Todos.State(todos: todos, today: TodoDate(string: "2026-11-23")!)
    state.search = Search.State(kept: "due:<=today -is:done")
    #expect(state.visible.ids == [id(1)])
    state.search = Search.State(kept: "-@phone|+home")
    #expect(state.visible.ids == [id(1), id(2), id(3)])
    state.search = Search.State(kept: "call mom")
    #expect(state.visible.ids == [id(0)])
    state.search = Search.State(kept: "is:done")
    #expect(state.visible.ids == [id(3)])
  }

  @Test func aTermThatCannotBeReadMatchesNothingAndSaysWhy() {
    let (store, _) = makeStore(Todos.State(todos: todos, selectedID: id(0)))
    store.send(.searchKeyPressed) { $0.search = Search.State() }
    store.send(.search(.textEdited(.insert("due:<=banana")))) {
      $0.search?.field = TextField(text: "due:<=banana", cursor: 12)
      $0.viewport.selectedID = nil
    }
    #expect(store.state.visible.ids == [])
    #expect(store.state.queryProblemStatus?.kind == .error)
    #expect(store.state.queryProblemStatus?.text.hasPrefix("Not a date: “banana”") == true)
    let frame = TodosView.frame(for: store.state)
    #expect(frame.buffer.text(ofRow: 22).contains("Error: Not a date: “banana” in due:<=banana"))
    #expect(frame.buffer.text(ofRow: 1).hasSuffix("0 match"))
    store.send(.search(.escapePressed)) {
      $0.search = nil
      $0.viewport.selectedID = id(0)
    }
    #expect(store.state.queryProblemStatus == nil)
    store.finish()
  }

  @Test func theSearchFieldSaysHowManyTodosMatch() {
    var state = Todos.State(todos: todos, size: TerminalSize(width: 50, height: 8))
    state.search = Search.State(field: TextField(text: "+home|@phone", cursor: 12))
    let frame = TodosView.frame(for: state)
    #expect(frame.buffer.text(ofRow: 1) == "[All] Active  Completed  /+home|@phone    2 match")
    #expect(frame.cursor == CursorPosition(x: 38, y: 1))
  }

  /// The search's quick path for plain words gives what the query's matcher gives.
  @Test(arguments: ["milk", "MOM call", "au lait", "e", "-", "+work", "mom -is:done", "a|b", ""])
  func plainWordsMatchAsTheQueryDoes(_ text: String) {
    let context = Query.Context(today: QueryFixture.monday)
    let search = Search.Matcher(Query(text), context)
    let query = Query(text).matcher(in: context)
    #expect(search.words == nil || !text.contains("+"))
    for todo in QueryFixture.todos {
      #expect(search.matches(todo) == query.matches(todo), "\(text): \(todo.description)")
    }
  }

  /// Typing narrows the kept matches; a term that is not a narrowing reads every todo again,
  /// and both give what a fresh search gives.
  @Test func typingTermsGivesWhatAFreshSearchGives() {
    var state = Todos.State(todos: todos)
    var texts: [String] = []
    for text in ["m", "mi", "mil", "milk", "milk ", "milk +", "milk +h", "milk +home", "milk"] {
      state.search = Search.State(kept: text)
      texts.append(text)
      let fresh = Todos.State(todos: todos, search: Search.State(kept: text))
      #expect(state.visible.ids == fresh.visible.ids, "\(text)")
    }
    #expect(texts.count == 9)
  }
}
