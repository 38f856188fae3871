import TerminalUI
import TodosConfig

/// Key sequences from their config spellings, for expectations.
///
/// ```swift
/// keys("j", "down")  // [j, down]
/// ```
func keys(_ names: String...) -> [KeySequence] {
  names.map { try! KeySequence(parsing: $0) }
}

/// A small binding table like the app's: two groups, a key shared across groups, `g` on its own.
let vocabulary = ConfigVocabulary(
  actions: [
    .init(name: "next", defaultKeys: keys("j", "down"), summary: "Next todo."),
    .init(name: "previous", defaultKeys: keys("k", "up"), summary: "Previous todo."),
    .init(name: "first", defaultKeys: keys("g", "home"), summary: "First todo."),
    .init(name: "toggle", defaultKeys: keys("space", "x"), summary: "Toggle done."),
    .init(name: "delete", defaultKeys: keys("d", "delete"), summary: "Delete."),
    .init(name: "undo", defaultKeys: keys("u"), summary: "Undo."),
    .init(name: "quit", defaultKeys: keys("q", "ctrl-c"), summary: "Quit.", keepsAKey: true),
    .init(name: "edit.start", defaultKeys: keys("home", "ctrl-a"), group: "edit"),
  ],
  sorts: ["file", "priority", "due"])

/// Parses `text` as /cfg/config.toml with the test vocabulary.
func parse(_ text: String) -> LoadedConfig {
  Config.parse(text, file: "/cfg/config.toml", vocabulary: vocabulary)
}
