import TodoTxt

/// The keys that the screen's sentences name ("press H to show", "u to undo"), written with the
/// keys in force, so that a key moved in config.toml is never named by its old key.
extension KeyBindings {
  /// The first key of the action `name` as the screen writes it, else `fallback` (the
  /// default key, for a table without that action).
  ///
  /// ```swift
  /// KeyBindings.standard.key("toggle_hidden", or: "H")  // "H"
  /// ```
  public func key(_ name: String, or fallback: String) -> String {
    guard bindings.contains(where: { $0.name == name }) else { return fallback }
    return keyName(of: name) ?? "-"
  }

  /// A status message with the keys in force: the reducers write the default keys (`u to
  /// undo`, `press s until …`); an action moved elsewhere is named by its new key, and an
  /// unbound one's advice is left out.
  ///
  /// ```swift
  /// keys.statusText("Deleted “Call Mom” · u to undo")  // "Deleted “Call Mom” · ^Z to undo"
  /// ```
  public func statusText(_ text: String) -> String {
    var text = text
    for (template, name, key) in Self.statusPhrases {
      let phrase = template.replacingText("%k", with: key)
      guard text.containsText(phrase) else { continue }
      if let now = keyName(of: name) {
        if now != key {
          text = text.replacingText(phrase, with: template.replacingText("%k", with: now))
        }
      } else {
        text = text.replacingText(" · " + phrase, with: "")
      }
    }
    return text
  }

  /// Status phrases that name a key: the phrase (`%k` for the key), its action, its key.
  static let statusPhrases: [(String, String, String)] = [
    ("%k to undo", "undo", "u"),
    ("press %k until the title shows no order", "sort", "s"),
    ("%k shows hidden todos", "toggle_hidden", "H"),
  ]
}

extension KeyBindings {
  /// A help line's meaning with the keys in force, for the meanings that name other actions'
  /// keys ("help (? Esc q close)"); any other meaning as it is. `names` gives an action's keys
  /// as the help writes them.
  ///
  /// ```swift
  /// KeyBindings.meaning("help (? Esc q close) / quit") { _ in ["F1"] }  // "help (F1 close) / quit"
  /// ```
  static func meaning(_ meaning: String, names: (String) -> [String]) -> String {
    func first(_ name: String) -> String { names(name).first ?? "-" }
    func all(_ name: String) -> String {
      let keys = names(name)
      return keys.isEmpty ? "-" : keys.joined(separator: " ")
    }
    switch meaning {
    case "help (? Esc q close) / quit":
      return "help (\(all("close_help")) close) / quit"
    case "priority: p then a letter; p Space clears":
      return "priority: \(first("priority")) then a letter; \(first("priority")) "
        + "\(first("priority_clear")) clears"
    case "select a range (j k … extend it; v Esc end it)":
      return "select a range (\(first("next")) \(first("previous")) … extend it; "
        + "\(all("range_end")) end it)"
    case "search (Enter keeps, Esc clears)":
      return "search (\(first("keep_search")) keeps, \(first("clear_search")) clears)"
    case "move the cursor; Tab types a space":
      return "move the cursor; \(first("type_space")) types a space"
    case "in a picker: select (j k until you type)":
      return "in a picker: select (\(first("picker_next_or_j")) "
        + "\(first("picker_previous_or_k")) until you type)"
    default:
      return meaning
    }
  }
}
