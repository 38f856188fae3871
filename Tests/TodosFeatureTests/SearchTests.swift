import Architecture
import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import TerminalUI
import Testing

@testable import TodosFeature

/// Search kept between keys (`Todos+Search.swift`): every answer must be what a fresh search
/// over the whole list gives, whatever was typed before and whatever changed in between.
@MainActor
@Suite struct SearchTests {
  let words = ["milk", "Mild", "MILKY way", "oat milk", "bread", "Salt", "smile", "k", ""]

  /// 200 todos with ids from 1000 (the test environment's new ids start at 0).
  func list() -> IdentifiedArrayOf<Todo.State> {
    IdentifiedArray(
      uniqueElements: (0..<200).map { n in
        todo(UInt64(1000 + n), "\(words[n % words.count]) \(n)", done: n % 3 == 0)
      })
  }

  /// What a search over every todo, from scratch, shows.
  func expected(_ state: Todos.State) -> [UUID] {
    let query = state.search.text.trimmingCharacters(in: .whitespaces).lowercased()
    return state.todos.filter { todo in
      (state.filter.matches(todo) || state.settling.contains(todo.id))
        && (query.isEmpty || todo.description.lowercased().contains(query))
    }.map(\.id)
  }

  @Test func typingAndDeletingKeyByKeyAlwaysShowsWhatAFreshSearchShows() {
    var state = Todos.State(todos: list(), mode: .searching)
    for filter in Todos.Filter.allCases {
      state.filter = filter
      for key in "milk 1" {
        state.search.apply(.insert(String(key)))
        #expect(state.visibleIDs == expected(state), "\(state.search.text) \(filter)")
      }
      for _ in 0..<6 {
        state.search.apply(.deleteBackward)
        #expect(state.visibleIDs == expected(state), "\(state.search.text) \(filter)")
      }
      state.search.apply(.insert("MIL"))
      state.search.apply(.moveToStart)
      state.search.apply(.insert("s"))  // "sMIL": a query that contains no earlier one first
      #expect(state.visibleIDs == expected(state))
      state.search = TextField()
    }
  }

  @Test func changesToTheListBetweenKeysAreNeverMissed() {
    // A plain store: this test checks what is visible after each step, not every change.
    let store = Store(
      initialState: Todos.State(todos: list(), selectedID: id(1001)),
      reducer: Todos.reducer(.test(scheduler: TestScheduler())))
    store.send(.searchButtonTapped)
    store.send(.textFieldEdited(.insert("mil")))
    #expect(store.state.visibleIDs == expected(store.state))
    // Editing the text of a match so it no longer matches, then narrowing.
    store.send(.searchCommitted)
    store.send(.todos(.element(id: id(1001), action: .descriptionChanged("no longer"))))
    #expect(!store.state.visibleIDs.contains(id(1001)))
    store.send(.searchButtonTapped)
    store.send(.textFieldEdited(.insert("d")))
    #expect(store.state.visibleIDs == expected(store.state))
    store.send(.textFieldEdited(.deleteBackward))
    #expect(store.state.visibleIDs == expected(store.state))
    // A todo added, toggled, deleted and undone: each shows at once.
    store.send(.searchCancelled)
    store.send(.addButtonTapped)
    store.send(.textFieldEdited(.insert("milk shake")))
    store.send(.editCommitted)
    store.send(.searchButtonTapped)
    store.send(.textFieldEdited(.insert("milk s")))
    #expect(store.state.visibleIDs == expected(store.state))
    #expect(store.state.visibleIDs.count == 1)
    store.send(.searchCommitted)
    store.send(.deleteButtonTapped)
    #expect(store.state.visibleIDs == [])
    store.send(.undoButtonTapped)
    #expect(store.state.visibleIDs == expected(store.state))
    #expect(store.state.visibleIDs.count == 1)
  }

  @Test func aCopyOfTheStateNeverSeesTheOtherCopysResults() {
    var first = Todos.State(todos: [todo(0, "milk"), todo(1, "bread")], mode: .searching)
    first.search = TextField(text: "milk")
    #expect(first.visibleIDs == [id(0)])
    var second = first
    second.todos[id: id(1)]?.description = "more milk"
    #expect(second.visibleIDs == [id(0), id(1)])
    #expect(first.visibleIDs == [id(0)])
    second.search = TextField(text: "milk")
    #expect(first.visibleIDs == [id(0)])
    #expect(second.visibleIDs == [id(0), id(1)])
  }

  @Test func narrowingMovesTheSelectionToTheNextMatchBelow() {
    let todos: IdentifiedArrayOf<Todo.State> = [
      todo(0, "milk"), todo(1, "bread"), todo(2, "mild"), todo(3, "milky"), todo(4, "mild tea"),
    ]
    let (store, _) = makeStore(Todos.State(todos: todos, selectedID: id(2)))
    store.send(.searchButtonTapped) { $0.mode = .searching }
    store.send(.textFieldEdited(.insert("mil"))) {
      $0.search = TextField(text: "mil")
    }
    // "mild" no longer matches: the next match below it is "milky".
    store.send(.textFieldEdited(.insert("k"))) {
      $0.search = TextField(text: "milk")
      $0.selectedID = id(3)
    }
    // Nothing below "milky" matches "milky": the last match above it, not the first.
    store.send(.textFieldEdited(.moveToStart)) { $0.search.cursor = 0 }
    store.send(.textFieldEdited(.insert("x"))) {
      $0.search = TextField(text: "xmilk", cursor: 1)
      $0.selectedID = nil
    }
    store.finish()
  }

  @Test func theASCIIMatcherFoldsLettersOnlyAndRespectsAccents() {
    func matches(_ query: String, _ text: String) -> Bool {
      Todos.SearchPattern(query).matches(text)
    }
    #expect(matches("MILK", "Buy milk"))
    #expect(matches("milk", "BUY MILK"))
    #expect(matches("", "anything"))
    #expect(!matches("[", "{"))  // [ and { differ by the same bit as A and a
    #expect(!matches("@", "`"))
    #expect(matches("cafe", "café and cafe"))
    #expect(!matches("cafe", "cafe\u{301}"))  // e + combining acute is é
    #expect(matches("caf", "cafe\u{301}"))
    #expect(!matches("milk", "mil"))
    #expect(matches("été", "L'ÉTÉ"))
  }

  /// A query with a letter outside ASCII skips descriptions made only of ASCII without
  /// lowercasing them (0.4 s per key at 100k todos), and still answers as lowercasing does.
  @Test func aNonASCIIQuerySkipsASCIIDescriptionsWithTheSameAnswers() {
    #expect(!Todos.SearchPattern("é").canMatchASCIIText)
    #expect(!Todos.SearchPattern("Σ").canMatchASCIIText)
    #expect(!Todos.SearchPattern("\u{301}").canMatchASCIIText)
    #expect(Todos.SearchPattern("milk").canMatchASCIIText)
    #expect(Todos.SearchPattern("\u{37E}").canMatchASCIIText)  // GREEK QUESTION MARK is ";"
    let texts = [
      "cafe", "CAFÉ au lait", "cafe\u{301}", "a;b", "plain ascii", "ΣΟΦΊΑ", "", "e\u{301}",
    ]
    for query in ["é", "É", "Σ", "σοφ", "\u{301}", "\u{37E}", "e\u{301}", "ΐ"] {
      for text in texts {
        #expect(
          Todos.SearchPattern(query).matches(text)
            == text.lowercased().contains(query.lowercased()), "\(query) in \(text)")
      }
    }
  }
}
