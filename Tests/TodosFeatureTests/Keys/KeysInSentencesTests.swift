import Architecture
import TerminalUI
import Testing
import TodoTxt

@testable import TodosFeature

/// The sentences on screen that name a key (the filter bar's `+hidden (H)`, the empty list's
/// advice, the status line's `u to undo`) name the key in force, not the default one.
@MainActor
@Suite struct KeysInSentencesTests {
  static let today = TodoDate(string: "2026-11-23")!
  let keys = KeyBindings.standard.remapped([
    "toggle_hidden": [[.ctrl("t")]], "undo": [[.ctrl("z")]], "sort": [[.character("S")]],
    "pick_project": [[.function(2)]], "clear_kept_search": [[.ctrl("l")]],
  ])

  func frame(_ state: Todos.State, keys: KeyBindings) -> ScreenBuffer {
    TodosView.frame(for: state, width: 72, height: 10, keys: keys).buffer
  }

  func screen(_ state: Todos.State, keys: KeyBindings) -> String {
    let buffer = frame(state, keys: keys)
    return (0..<buffer.height).map(buffer.text(ofRow:)).joined(separator: "\n")
  }

  @Test func theHiddenTodosAreShownAndToldWithTheRemappedKey() {
    let hidden = Todos.State(
      todos: [todo(0, "Later t:2026-12-01")], size: TerminalSize(width: 72, height: 10),
      today: Self.today)
    #expect(screen(hidden, keys: .standard).contains("press H to show"))
    #expect(screen(hidden, keys: keys).contains("press ^T to show"))
    var shown = hidden
    shown.showsHidden = true
    #expect(frame(shown, keys: keys).text(ofRow: 1).contains("+hidden (^T)"))
    #expect(!frame(shown, keys: keys).text(ofRow: 1).contains("(H)"))
  }

  @Test func theStatusLineNamesTheUndoAndSortKeysInForce() {
    var state = Todos.State(
      todos: [todo(0, "A")], selectedID: id(0), size: TerminalSize(width: 72, height: 10))
    state.status = Todos.StatusMessage("Deleted “A” · u to undo")
    #expect(frame(state, keys: .standard).text(ofRow: 8).contains("Deleted “A” · u to undo"))
    #expect(frame(state, keys: keys).text(ofRow: 8).contains("Deleted “A” · ^Z to undo"))
    let noUndo = KeyBindings.standard.remapped(["undo": []])
    #expect(frame(state, keys: noUndo).text(ofRow: 8) == " Deleted “A”")
    state.status = Todos.StatusMessage(
      "Todos move only in file order · press s until the title shows no order")
    #expect(frame(state, keys: keys).text(ofRow: 8).contains("press S until"))
  }

  @Test func statusAdviceAboutHiddenTodosNamesTheKeyInForce() {
    let text = "Added “Pay rent”, hidden until Nov 25 · H shows hidden todos"
    #expect(KeyBindings.standard.statusText(text) == text)
    #expect(keys.statusText(text).hasSuffix("· ^T shows hidden todos"))
    let none = KeyBindings.standard.remapped(["toggle_hidden": []])
    #expect(none.statusText(text) == "Added “Pay rent”, hidden until Nov 25")
  }

  @Test func theEmptyListsAdviceNamesTheKeysInForce() {
    var state = Todos.State(
      todos: [todo(0, "A")], selectedID: id(0), size: TerminalSize(width: 72, height: 10))
    state.search = Search.State(kept: "zzz")
    #expect(screen(state, keys: keys).contains("^L clears the search"))
  }
}

/// The help lines whose meaning names other actions' keys follow those keys.
@MainActor
@Suite struct HelpMeaningKeysTests {
  func meanings(_ keys: KeyBindings) -> [String] {
    keys.sections.flatMap(\.lines).map(\.meaning)
  }

  @Test func withTheDefaultKeysEveryMeaningIsWrittenAsInTheTable() {
    let standard = KeyBindings.standard
    let names = { (name: String) in
      standard.bindings.first { $0.name == name }?.allSequences.map(KeyTable.name) ?? []
    }
    for meaning in meanings(standard) {
      #expect(KeyBindings.meaning(meaning, names: names) == meaning)
    }
  }

  @Test func aRemappedKeyIsNamedInTheMeaningsThatMentionIt() {
    let keys = KeyBindings.standard.remapped([
      "close_help": [[.function(1)], [.escape]], "priority": [[.function(5)]],
      "clear_search": [[.ctrl("g")]], "range_end": [[.character("V")]],
    ])
    let all = meanings(keys)
    #expect(all.contains("help (F1 Esc close) / quit"))
    #expect(all.contains("priority: F5 then a letter; F5 Space clears"))
    #expect(all.contains("search (Enter keeps, ^G clears)"))
    #expect(all.contains("select a range (j k … extend it; V end it)"))
    #expect(!all.contains { $0.contains("? Esc q close") })
  }
}
