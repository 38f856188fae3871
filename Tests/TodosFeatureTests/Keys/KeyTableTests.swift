import Architecture
import TerminalUI
import Testing

@testable import TodosFeature

/// The keymap, the help overlay and the hint line are read from one table: a key can never be
/// in one and missing from another.
@MainActor
@Suite struct KeyTableTests {
  /// Every key a terminal can send us, bar the mouse.
  static let keys: [Key] =
    (32...126).map { Key.character(Character(Unicode.Scalar($0)!)) }
    + ["é", "牛"].map(Key.character)
    + (UInt8(ascii: "a")...UInt8(ascii: "z")).map { Key.ctrl(Character(Unicode.Scalar($0))) }
    + [
      .enter, .escape, .backspace, .delete, .tab, .backTab, .up, .down, .left, .right, .home,
      .end, .pageUp, .pageDown, .shiftUp, .shiftDown, .shiftLeft, .shiftRight, .insert,
      .function(1),
    ]

  /// A state whose keys all mean something in `focus` (a selection, a kept search).
  static func state(in focus: Todos.Focus) -> Todos.State {
    var state = Todos.State(todos: [todo(0, "A"), todo(1, "B")], selectedID: id(0))
    switch focus {
    case .list: state.search = Search.State(kept: "a")
    case .editor: state.mode = .editing(Editor.State(editing: todo(0, "A")))
    case .search: state.search = Search.State()
    case .help: state.mode = .help
    case .range: state.organise.rangeAnchor = id(1)
    case .priority: state.organise.isAwaitingPriority = true
    case .picker: state.mode = .picking(TagPicker.State(kind: .project, entries: []))
    case .prompt: state.organise.prompt = ActPrompt(.modify)
    case .links: state.organise.linkPicker = LinkPicker(links: ["https://a.example", "mailto:b"])
    case .restore: state.mode = .restoring(id(0))
    }
    return state
  }

  /// The keys the help overlay (or, on the help screen, its hint line) shows for `focus`.
  static func shownKeys(in focus: Todos.Focus) -> Set<Key> {
    var bindings = KeyTable.sections.flatMap { $0.lines.flatMap(\.bindings) }
    if focus == .help { bindings += KeyTable.helpScreen }
    return Set(bindings.filter { $0.focuses.contains(focus) }.flatMap(\.keys))
  }

  @Test func aKeyDoesSomethingExactlyWhenTheHelpShowsIt() {
    for focus in Todos.Focus.allCases {
      #expect(Self.state(in: focus).focus == focus)
      let shown = Self.shownKeys(in: focus)
      for key in Self.keys {
        let action = Keymap.action(for: key, in: Self.state(in: focus))
        if case .character = key, [.editor, .search, .picker, .prompt].contains(focus),
          !shown.contains(key)
        {
          // Typed into the field.
          #expect(
            action == Self.state(in: focus).textEdited(.insert(String(describing: key.character!))))
          continue
        }
        if case .character(let character) = key, focus == .priority, !shown.contains(key) {
          // After `p`, a letter is a priority; anything else means nothing.
          let letter = PriorityChange.letter(forKey: character)
          #expect(action == letter.map { .organise(.priorityLetterTyped($0)) }, "\(key)")
          continue
        }
        #expect(
          (action != nil) == shown.contains(key), "\(focus): \(key) → \(String(describing: action))"
        )
      }
    }
  }

  @Test func eachHelpLineNamesExactlyTheKeysOfItsBindings() {
    for line in KeyTable.sections.flatMap(\.lines) {
      let written = Set(line.keys.split(separator: " ").map(String.init))
      let bound = Set(line.bindings.flatMap(\.keys).map(KeyTable.name))
      #expect(written == bound, "\(line.keys)")
    }
  }

  @Test func everyHintNamesKeysThatDoWhatItSays() {
    for focus in Todos.Focus.allCases {
      let names = Set(Self.shownKeys(in: focus).map(KeyTable.name))
      let notes = KeyTable.notes[focus, default: []]
      let hints = KeyTable.hints(for: focus).filter { !notes.contains($0) }
      #expect(!hints.isEmpty)
      for hint in hints {
        let binding = KeyTable.bindings.first { $0.focuses.contains(focus) && $0.hintText == hint }
        let named = binding.map { $0.keys.prefix($0.hintKeyCount).map(KeyTable.name) } ?? []
        #expect(!named.isEmpty && hint.hasPrefix(named.joined(separator: " ")), "\(hint)")
        #expect(Set(named).isSubset(of: names), "\(focus): \(hint)")
      }
    }
    #expect(
      KeyTable.hints(for: .help) == [
        "? Esc q close help", "j scroll", "more: man todos-tui",
      ])
    #expect(KeyTable.hints(for: .list).first == "? help")
  }

  @Test func noKeyIsBoundTwiceInOneFocus() {
    for focus in Todos.Focus.allCases {
      let keys = KeyTable.bindings.filter { $0.focuses.contains(focus) }.flatMap(\.keys)
      #expect(keys.count == Set(keys).count, "\(focus)")
    }
  }
}

extension Key {
  fileprivate var character: Character? {
    if case .character(let character) = self { character } else { nil }
  }
}
