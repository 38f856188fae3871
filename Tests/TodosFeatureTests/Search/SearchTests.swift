import Architecture
import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import TerminalUI
import Testing

@testable import TodosFeature

/// Search kept between keys (`Search/SearchMemo.swift`): every answer must be what a fresh search
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

  /// What a search over every todo, from scratch, shows: the todos whose text holds every
  /// word of the query, the active ones, then the completed ones (a todo waiting to settle
  /// placed by its completion before its toggle).
  func expected(_ state: Todos.State) -> [UUID] {
    let words = (state.search?.field.text ?? "").lowercased().split(separator: " ")
    let shown = state.list.rows.filter { todo in
      (state.filter.matches(todo) || state.settling.contains(todo.id))
        && words.allSatisfy { todo.description.lowercased().contains($0) }
    }
    let sinks = { (todo: Todo.State) in todo.isComplete != state.settling.contains(todo.id) }
    return (shown.filter { !sinks($0) } + shown.filter(sinks)).map(\.id)
  }

  @Test func typingAndDeletingKeyByKeyAlwaysShowsWhatAFreshSearchShows() {
    var state = Todos.State(todos: list(), search: Search.State())
    for filter in Todos.Filter.allCases {
      state.filter = filter
      for key in "milk 1" {
        state.search?.field.apply(.insert(String(key)))
        #expect(state.visible.ids == expected(state), "\(state.search!.field.text) \(filter)")
      }
      for _ in 0..<6 {
        state.search?.field.apply(.deleteBackward)
        #expect(state.visible.ids == expected(state), "\(state.search!.field.text) \(filter)")
      }
      state.search?.field.apply(.insert("MIL"))
      state.search?.field.apply(.moveToStart)
      state.search?.field.apply(.insert("s"))  // "sMIL": a query that contains no earlier one
      #expect(state.visible.ids == expected(state))
      state.search = Search.State()
    }
  }

  @Test func changesToTheListBetweenKeysAreNeverMissed() {
    // A plain store: this test checks what is visible after each step, not every change.
    let store = Store(
      initialState: Todos.State(todos: list(), selectedID: id(1001)),
      reducer: Todos.reducer(.test(scheduler: TestScheduler())))
    store.send(.searchKeyPressed)
    store.send(.search(.textEdited(.insert("mil"))))
    #expect(store.state.visible.ids == expected(store.state))
    // Editing the text of a match so it no longer matches, then narrowing.
    store.send(.search(.enterPressed))
    store.send(.viewport(.rowClicked(id(1001))))
    store.send(.editKeyPressed)
    store.send(.editor(.textEdited(.deleteToStart)))
    store.send(.editor(.textEdited(.insert("no longer"))))
    store.send(.editor(.enterPressed))
    #expect(!store.state.visible.ids.contains(id(1001)))
    store.send(.searchKeyPressed)
    store.send(.search(.textEdited(.insert("d"))))
    #expect(store.state.visible.ids == expected(store.state))
    store.send(.search(.textEdited(.deleteBackward)))
    #expect(store.state.visible.ids == expected(store.state))
    // A todo added, toggled, deleted and undone: each shows at once.
    store.send(.search(.escapePressed))
    store.send(.addKeyPressed)
    store.send(.editor(.textEdited(.insert("milk shake"))))
    store.send(.editor(.enterPressed))
    store.send(.searchKeyPressed)
    store.send(.search(.textEdited(.insert("milk s"))))
    #expect(store.state.visible.ids == expected(store.state))
    #expect(store.state.visible.ids.count == 1)
    store.send(.search(.enterPressed))
    store.send(.deleteKeyPressed)
    #expect(store.state.visible.ids == [])
    store.send(.history(.undoKeyPressed))
    #expect(store.state.visible.ids == expected(store.state))
    #expect(store.state.visible.ids.count == 1)
  }

  @Test func aCopyOfTheStateNeverSeesTheOtherCopysResults() {
    let first = Todos.State(
      todos: [todo(0, "milk"), todo(1, "bread")], search: Search.State(kept: "milk"))
    #expect(first.visible.ids == [id(0)])
    var second = first
    second.list.update(id: id(1)) { $0.description = "more milk" }
    #expect(second.visible.ids == [id(0), id(1)])
    #expect(first.visible.ids == [id(0)])
    second.search = Search.State(kept: "milk")
    #expect(first.visible.ids == [id(0)])
    #expect(second.visible.ids == [id(0), id(1)])
  }

  @Test func narrowingMovesTheSelectionToTheNextMatchBelow() {
    let todos: IdentifiedArrayOf<Todo.State> = [
      todo(0, "milk"), todo(1, "bread"), todo(2, "mild"), todo(3, "milky"), todo(4, "mild tea"),
    ]
    let (store, _) = makeStore(Todos.State(todos: todos, selectedID: id(2)))
    store.send(.searchKeyPressed) { $0.search = Search.State() }
    store.send(.search(.textEdited(.insert("mil")))) {
      $0.search?.field = TextField(text: "mil")
    }
    // "mild" no longer matches: the next match below it is "milky".
    store.send(.search(.textEdited(.insert("k")))) {
      $0.search?.field = TextField(text: "milk")
      $0.viewport.selectedID = id(3)
    }
    // Nothing below "milky" matches "milky": the last match above it, not the first.
    store.send(.search(.textEdited(.moveToStart))) { $0.search?.field.cursor = 0 }
    store.send(.search(.textEdited(.insert("x")))) {
      $0.search?.field = TextField(text: "xmilk", cursor: 1)
      $0.viewport.selectedID = nil
    }
    store.finish()
  }

  @Test func theASCIIMatcherFoldsLettersOnlyAndRespectsAccents() {
    func matches(_ query: String, _ text: String) -> Bool {
      Search.Pattern(query).matches(text)
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
  /// lowercasing them (0.4 s per key at 100k todos), and still answers as lowercasing does
  /// (whole characters: the standard library's `contains`, not Foundation's, which found a
  /// lone combining mark inside `e\u{301}`).
  @Test func aNonASCIIQuerySkipsASCIIDescriptionsWithTheSameAnswers() {
    #expect(!Search.Pattern("é").canMatchASCIIText)
    #expect(!Search.Pattern("Σ").canMatchASCIIText)
    #expect(!Search.Pattern("\u{301}").canMatchASCIIText)
    #expect(Search.Pattern("milk").canMatchASCIIText)
    #expect(Search.Pattern("\u{37E}").canMatchASCIIText)  // GREEK QUESTION MARK is ";"
    #expect(!Search.Pattern("\u{301}").matches("cafe\u{301}"))  // half of a character
    let texts = [
      "cafe", "CAFÉ au lait", "cafe\u{301}", "a;b", "plain ascii", "ΣΟΦΊΑ", "", "e\u{301}",
    ]
    for query in ["é", "É", "Σ", "σοφ", "\u{301}", "\u{37E}", "e\u{301}", "ΐ"] {
      for text in texts {
        #expect(
          Search.Pattern(query).matches(text)
            == (text.lowercased().firstRange(of: query.lowercased()) != nil),
          "\(query) in \(text)")
      }
    }
  }
}
