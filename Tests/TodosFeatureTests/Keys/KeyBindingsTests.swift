import Architecture
import TerminalUI
import Testing

@testable import TodosFeature

/// The key table as a value config.toml can rebuild: remapping by name, unbinding, two-key
/// sequences; the keymap, the help overlay and the hints follow.
@MainActor
@Suite struct KeyBindingsTests {
  let list = Todos.State(todos: [todo(0, "A"), todo(1, "B")], selectedID: id(1))

  @Test func everyBindingHasANameAndBindingsOfOneNameShareTheirKeys() {
    let bindings = KeyBindings.standard.bindings
    for binding in bindings {
      #expect(binding.name != nil, "\(binding.keys) has no name: config.toml cannot remap it")
      let name = binding.name ?? ""
      #expect(name.allSatisfy { $0.isLowercase || $0 == "_" }, "\(name) is not snake_case")
    }
    for name in Set(bindings.compactMap(\.name)) {
      let keys = Set(bindings.filter { $0.name == name }.map(\.allSequences))
      #expect(keys.count == 1, "\(name) has different keys in different bindings")
    }
    let names = KeyBindings.standard.actions.map(\.name)
    #expect(names.count == Set(names).count)
    #expect(names.prefix(4) == ["next", "previous", "first", "last"])
    #expect(names.contains("quit") && names.contains("edit_in_editor"))
  }

  /// Every key in every focus finds the binding a search of the list finds (the last one with
  /// that key), and starts a sequence exactly when one starts with it, whether the table reads
  /// the key by its ASCII byte or by hashing it: with the default keys and remapped ones.
  @Test(arguments: [
    KeyBindings.standard,
    KeyBindings.standard.remapped([
      "delete": [[.character("X")]], "first": [[.character("z"), .character("z")]],
      "next": [[.character("é")], [.character("~")]], "quit": [],
    ]),
  ])
  func everyKeyFindsTheBindingTheListHas(keys: KeyBindings) {
    var candidates: [Key] = (0..<128).map { .character(Character(Unicode.Scalar(UInt8($0)))) }
    candidates += [.enter, .escape, .up, .ctrl("r"), .character("é"), .character("日")]
    candidates += keys.bindings.flatMap(\.keys)
    candidates += keys.bindings.flatMap { $0.sequences.compactMap(\.first) }
    for focus in Todos.Focus.allCases {
      for key in candidates {
        let expected = keys.bindings.last { $0.focuses.contains(focus) && $0.keys.contains(key) }
        let found = keys.binding(for: key, in: focus)
        #expect(found?.name == expected?.name, "\(key) in \(focus)")
        #expect(found?.keys == expected?.keys, "\(key) in \(focus)")
        #expect(found?.focuses == expected?.focuses, "\(key) in \(focus)")
        let starts = keys.bindings.contains { binding in
          binding.focuses.contains(focus) && binding.sequences.contains { $0.first == key }
        }
        #expect(keys.startsSequence(key, in: focus) == starts, "\(key) in \(focus)")
      }
    }
  }

  @Test func aRemappedKeyWorksAndTheOldOneNoLonger() {
    let keys = KeyBindings.standard.remapped(["delete": [[.character("X")]]])
    #expect(Keymap.action(for: .character("X"), in: list, keys: keys) == .deleteKeyPressed)
    #expect(Keymap.action(for: .character("d"), in: list, keys: keys) == nil)
    #expect(Keymap.action(for: .delete, in: list, keys: keys) == nil)
    #expect(keys.hints(for: .list).contains("X delete"))
    let line = keys.sections[0].lines.first { $0.meaning == "delete / clear completed" }
    #expect(line?.keys == "X / C")
    // The defaults are untouched.
    #expect(Keymap.action(for: .character("d"), in: list) == .deleteKeyPressed)
  }

  @Test func anUnboundActionHasNoKeyNoHintAndADashInTheHelp() {
    let keys = KeyBindings.standard.remapped(["delete": []])
    #expect(Keymap.action(for: .character("d"), in: list, keys: keys) == nil)
    #expect(!keys.hints(for: .list).contains { $0.hasSuffix(" delete") })
    #expect(keys.sections[0].lines.contains { $0.keys == "- / C" })
  }

  @Test func aTwoKeySequenceWaitsForItsSecondKey() {
    let keys = KeyBindings.standard.remapped([
      "first": [[.character("g"), .character("g")], [.home]]
    ])
    var reader = KeySequenceReader()
    #expect(reader.action(for: .character("g"), in: list, keys: keys) == nil)
    #expect(reader.pending == .character("g"))
    #expect(
      reader.action(for: .character("g"), in: list, keys: keys)
        == .viewport(.selectionMoved(.first)))
    #expect(reader.pending == nil)
    // A key that does not finish the sequence counts on its own.
    _ = reader.action(for: .character("g"), in: list, keys: keys)
    #expect(
      reader.action(for: .character("k"), in: list, keys: keys)
        == .viewport(.selectionMoved(.previous)))
    #expect(
      reader.action(for: .home, in: list, keys: keys) == .viewport(.selectionMoved(.first)))
    #expect(keys.sections[0].lines.contains { $0.keys == "Home g g / G End" })
    // Without sequences, the reader is the keymap.
    var plain = KeySequenceReader()
    #expect(
      plain.action(for: .character("g"), in: list, keys: .standard)
        == .viewport(.selectionMoved(.first)))
  }

  @Test func aRemappedQuitAndHelpStillWorkWhenTheTerminalIsTooSmall() {
    var tiny = list
    tiny.viewport.size = TerminalSize(width: 10, height: 3)
    let keys = KeyBindings.standard.remapped([
      "quit": [[.character("Q")]], "help": [[.function(1)]],
    ])
    #expect(Keymap.action(for: .character("Q"), in: tiny, keys: keys) == .quitKeyPressed)
    #expect(Keymap.action(for: .function(1), in: tiny, keys: keys) == .helpKeyPressed)
    #expect(Keymap.action(for: .character("q"), in: tiny, keys: keys) == nil)
    #expect(Keymap.action(for: .ctrl("c"), in: tiny, keys: keys) == .quitKeyPressed)
  }

  @Test func theViewDrawsTheKeysInForce() {
    let keys = KeyBindings.standard.remapped([
      "quit": [[.character("Q")]], "add": [[.function(2)]],
    ])
    var empty = Todos.State()
    let hints = TodosView.frame(for: empty, width: 120, height: 10, keys: keys).buffer
    #expect(hints.text(ofRow: 9).contains("F2 add"))
    #expect(hints.text(ofRow: 9).contains("Q quit"))
    #expect(hints.text(ofRow: 3).contains("press F2 to add one"))
    empty.mode = .help
    let help = TodosView.frame(for: empty, width: 80, height: 30, keys: keys).buffer
    #expect((0..<30).contains { help.text(ofRow: $0).contains("? / Q") })
    #expect((0..<30).contains { help.text(ofRow: $0).contains("F2 / e Enter / E") })
  }
}
