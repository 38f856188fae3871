import TerminalUI
import Testing

@testable import TodosConfig

@Suite struct KeySequenceTests {
  @Test(arguments: [
    ("x", [Key.character("x")]),
    ("G", [.character("G")]),
    ("?", [.character("?")]),
    ("ctrl-r", [.ctrl("r")]),
    ("Ctrl-R", [.ctrl("r")]),
    ("ctrl-space", [.ctrl("@")]),
    ("ctrl-_", [.ctrl("_")]),
    ("shift-up", [.shiftUp]),
    ("shift-down", [.shiftDown]),
    ("shift-left", [.shiftLeft]),
    ("shift-right", [.shiftRight]),
    ("shift-tab", [.backTab]),
    ("shift-a", [.character("A")]),
    ("f1", [.function(1)]),
    ("F12", [.function(12)]),
    ("enter", [.enter]),
    ("return", [.enter]),
    ("esc", [.escape]),
    ("escape", [.escape]),
    ("tab", [.tab]),
    ("space", [.character(" ")]),
    ("backspace", [.backspace]),
    ("delete", [.delete]),
    ("insert", [.insert]),
    ("home", [.home]),
    ("end", [.end]),
    ("pageup", [.pageUp]),
    ("pagedown", [.pageDown]),
    ("up", [.up]),
    ("down", [.down]),
    ("left", [.left]),
    ("right", [.right]),
    ("g g", [.character("g"), .character("g")]),
    ("ctrl-x  f2", [.ctrl("x"), .function(2)]),
  ])
  func readsEveryKind(name: String, expected: [Key]) throws {
    #expect(try KeySequence(parsing: name).keys == expected)
  }

  @Test(arguments: [
    "x", "G", "ctrl-r", "ctrl-space", "shift-up", "shift-tab", "f7", "enter", "esc", "tab",
    "space", "backspace", "delete", "insert", "home", "end", "pageup", "pagedown", "up",
    "down", "left", "right", "g g", "ctrl-\\",
  ])
  func canonicalNameReadsBack(name: String) throws {
    let sequence = try KeySequence(parsing: name)
    #expect(sequence.description == name)
    #expect(try KeySequence(parsing: sequence.description) == sequence)
  }

  @Test(arguments: [
    ("hyper-x", "is not a key name"),
    ("f13", "no function key"),
    ("f0", "no function key"),
    ("ctrl-h", "as backspace"),
    ("ctrl-m", "as enter"),
    ("ctrl-z", "suspends the app"),
    ("ctrl-1", "no Ctrl code"),
    ("ctrl-ab", "Ctrl goes with a letter"),
    ("shift-/", "Shift only with"),
    ("alt-x", "does not read Alt"),
    ("a b c", "not 3"),
    ("   ", "empty"),
  ])
  func rejectsWithAReasonAndAFix(name: String, reason: String) {
    #expect {
      _ = try KeySequence(parsing: name)
    } throws: { error in
      guard let error = error as? KeyNameError else { return false }
      return error.reason.contains(reason) && error.fix.hasPrefix("To fix, ")
    }
  }

  @Test(arguments: [
    ("ctrl-r", "^R"), ("ctrl-space", "^Space"), ("space", "Space"), ("pagedown", "PageDown"),
    ("shift-up", "Shift-Up"), ("shift-tab", "Shift-Tab"), ("f5", "F5"), ("esc", "Esc"),
    ("enter", "Enter"), ("g g", "g g"), ("G", "G"), ("delete", "Delete"),
  ])
  func labelsForHelpAndHints(name: String, label: String) throws {
    #expect(try KeySequence(parsing: name).label == label)
  }

  @Test func prefix() throws {
    let g = try KeySequence(parsing: "g")
    let gg = try KeySequence(parsing: "g g")
    #expect(g.isPrefix(of: gg))
    #expect(!gg.isPrefix(of: g))
    #expect(!g.isPrefix(of: g))
    #expect(!(try KeySequence(parsing: "x")).isPrefix(of: gg))
  }
}
