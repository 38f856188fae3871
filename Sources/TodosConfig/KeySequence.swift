import TerminalUI

/// One key or a two-key sequence as written in config.toml (`"q"`, `"ctrl-r"`, `"g g"`).
///
/// ```swift
/// let sequence = try KeySequence(parsing: "ctrl-r")  // [.ctrl("r")]
/// sequence.description                              // "ctrl-r"
/// ```
public struct KeySequence: Hashable, Sendable, CustomStringConvertible {
  /// One or two keys, pressed one after the other.
  public var keys: [Key]

  public init(_ keys: Key...) {
    self.keys = keys
  }

  public init(keys: [Key]) {
    self.keys = keys
  }

  /// Reads a key sequence: up to two key names separated by spaces.
  ///
  /// ```swift
  /// try KeySequence(parsing: "g g").keys  // [.character("g"), .character("g")]
  /// ```
  public init(parsing text: String) throws(KeyNameError) {
    let tokens = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    guard !tokens.isEmpty else {
      throw KeyNameError(
        name: text, reason: "A key name is empty.",
        fix: "To fix, write a key such as \"x\", \"ctrl-x\" or \"f1\", or remove the line.")
    }
    guard tokens.count <= 2 else {
      throw KeyNameError(
        name: text, reason: "A binding is one key or a sequence of two keys, not \(tokens.count).",
        fix: "To fix, use at most two keys, such as \"g g\".")
    }
    var keys: [Key] = []
    for token in tokens { keys.append(try KeyNames.key(named: token)) }
    self.keys = keys
  }

  /// The canonical spelling, which parses back to the same sequence.
  ///
  /// ```swift
  /// KeySequence(.shiftUp).description  // "shift-up"
  /// ```
  public var description: String {
    keys.map(KeyNames.name(of:)).joined(separator: " ")
  }

  /// True when `other` starts with all of this sequence's keys and is longer.
  ///
  /// ```swift
  /// KeySequence(.character("g")).isPrefix(of: try KeySequence(parsing: "g g"))  // true
  /// ```
  public func isPrefix(of other: KeySequence) -> Bool {
    other.keys.count > keys.count && other.keys.starts(with: keys)
  }
}

/// Why a key name in the config could not be read.
///
/// ```swift
/// do { _ = try KeySequence(parsing: "hyper-x") } catch { print(error.reason, error.fix) }
/// ```
public struct KeyNameError: Error, Equatable, Sendable {
  /// The name as written.
  public var name: String
  public var reason: String
  /// "To fix, …"
  public var fix: String
}

/// The names of keys in config.toml, in both directions.
///
/// ```swift
/// try KeyNames.key(named: "pagedown")  // .pageDown
/// KeyNames.name(of: .ctrl("u"))        // "ctrl-u"
/// ```
public enum KeyNames {
  /// Named keys (lowercase), with the key each means. The first name of a key is its canonical
  /// one.
  static let named: [(String, Key)] = [
    ("enter", .enter), ("return", .enter),
    ("esc", .escape), ("escape", .escape),
    ("tab", .tab), ("space", .character(" ")),
    ("backspace", .backspace), ("delete", .delete), ("del", .delete), ("insert", .insert),
    ("home", .home), ("end", .end),
    ("pageup", .pageUp), ("pgup", .pageUp), ("pagedown", .pageDown), ("pgdn", .pageDown),
    ("up", .up), ("down", .down), ("left", .left), ("right", .right),
    ("shift-up", .shiftUp), ("shift-down", .shiftDown),
    ("shift-left", .shiftLeft), ("shift-right", .shiftRight),
    ("shift-tab", .backTab), ("backtab", .backTab),
  ]

  /// The highest function key a name may give (`f12`).
  public static let maxFunctionKey = 12

  /// Every spelling the config accepts, for documentation and error messages.
  public static let summary =
    "a character (\"x\", \"G\", \"?\"), ctrl-a … ctrl-y, shift-a … shift-z, f1 … f12, "
    + "enter, esc, tab, shift-tab, space, backspace, delete, insert, home, end, pageup, "
    + "pagedown, up, down, left, right, shift-up, shift-down, shift-left, shift-right"

  /// The key a single name means.
  public static func key(named token: String) throws(KeyNameError) -> Key {
    if token.count == 1, let character = token.first {
      return .character(character)
    }
    let lower = token.lowercased()
    if let match = named.first(where: { $0.0 == lower }) { return match.1 }
    if lower.hasPrefix("f"), let number = Int(lower.dropFirst()),
      String(number) == lower.dropFirst()
    {
      guard (1...maxFunctionKey).contains(number) else {
        throw KeyNameError(
          name: token, reason: "There is no function key \(token).",
          fix: "To fix, use f1 … f\(maxFunctionKey).")
      }
      return .function(number)
    }
    if lower.hasPrefix("ctrl-") { return try control(token, rest: String(token.dropFirst(5))) }
    if lower.hasPrefix("shift-") { return try shifted(token, rest: String(token.dropFirst(6))) }
    if lower.hasPrefix("alt-") || lower.hasPrefix("meta-") || lower.hasPrefix("super-") {
      throw KeyNameError(
        name: token, reason: "The app does not read Alt, Meta or Super combinations.",
        fix: "To fix, use a plain key, a ctrl- key or a two-key sequence such as \"g x\".")
    }
    throw KeyNameError(
      name: token, reason: "\"\(token)\" is not a key name.",
      fix: "To fix, use one of: \(summary).")
  }

  private static func control(_ token: String, rest: String) throws(KeyNameError) -> Key {
    let lower = rest.lowercased()
    if lower == "space" { return .ctrl("@") }
    guard lower.count == 1, let character = lower.first else {
      throw KeyNameError(
        name: token, reason: "Ctrl goes with a letter or one of @ \\ ] ^ _, not \"\(rest)\".",
        fix: "To fix, write ctrl- and one letter, such as \"ctrl-r\".")
    }
    switch character {
    case "h", "i", "j", "m", "[":
      let same = ["h": "backspace", "i": "tab", "j": "enter", "m": "enter", "[": "esc"]
      let name = same[String(character)]!
      throw KeyNameError(
        name: token, reason: "Terminals send \(token) as \(name): the app cannot tell them apart.",
        fix: "To fix, write \"\(name)\", or pick another ctrl- key.")
    case "z":
      throw KeyNameError(
        name: token,
        reason: "Ctrl-Z suspends the app (as in any terminal program): it never "
          + "arrives as a key.",
        fix: "To fix, pick another ctrl- key; fg in the shell brings the app back after ctrl-z.")
    case "a"..."y", "@", "\\", "]", "^", "_":
      return .ctrl(character)
    default:
      throw KeyNameError(
        name: token, reason: "Terminals send no Ctrl code for \"\(rest)\".",
        fix: "To fix, use ctrl- with a letter a … z, or one of @ \\ ] ^ _.")
    }
  }

  private static func shifted(_ token: String, rest: String) throws(KeyNameError) -> Key {
    if rest.count == 1, let character = rest.first, character.isLetter {
      return .character(Character(character.uppercased()))
    }
    throw KeyNameError(
      name: token, reason: "Terminals send Shift only with letters, arrows and tab.",
      fix: "To fix, write the shifted character itself (\"?\", not \"shift-/\"), or use "
        + "shift-up, shift-down, shift-left, shift-right or shift-tab.")
  }

  /// The canonical name of `key` (`"x"`, `"ctrl-x"`, `"pagedown"`, `"f5"`).
  public static func name(of key: Key) -> String {
    switch key {
    case .character(" "): return "space"
    case .character(let character): return String(character)
    case .ctrl("@"): return "ctrl-space"
    case .ctrl(let character): return "ctrl-\(character)"
    case .function(let number): return "f\(number)"
    case .mouse: return "mouse"
    default:
      return named.first(where: { $0.1 == key })?.0 ?? "\(key)"
    }
  }
}

extension KeySequence {
  /// How the help overlay and hints show the sequence, in docs/keys.md's notation: `^R`,
  /// `PageDown`, `Shift-Up`, `F5`, `g g`.
  ///
  /// ```swift
  /// try KeySequence(parsing: "ctrl-r").label  // "^R"
  /// ```
  public var label: String {
    keys.map(KeyNames.label(of:)).joined(separator: " ")
  }
}

extension KeyNames {
  /// One key in docs/keys.md's notation (`^R`, `Enter`, `Shift-Up`, `F5`, `x`).
  public static func label(of key: Key) -> String {
    switch key {
    case .character(" "): return "Space"
    case .character(let character): return String(character)
    case .ctrl("@"): return "^Space"
    case .ctrl(let character): return "^" + character.uppercased()
    case .function(let number): return "F\(number)"
    case .enter: return "Enter"
    case .escape: return "Esc"
    case .tab: return "Tab"
    case .backTab: return "Shift-Tab"
    case .backspace: return "Backspace"
    case .delete: return "Delete"
    case .insert: return "Insert"
    case .home: return "Home"
    case .end: return "End"
    case .pageUp: return "PageUp"
    case .pageDown: return "PageDown"
    case .up: return "Up"
    case .down: return "Down"
    case .left: return "Left"
    case .right: return "Right"
    case .shiftUp: return "Shift-Up"
    case .shiftDown: return "Shift-Down"
    case .shiftLeft: return "Shift-Left"
    case .shiftRight: return "Shift-Right"
    case .mouse: return "mouse"
    }
  }
}
