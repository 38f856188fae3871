extension ConfigParser {
  /// `[keys]`: action = "key", ["key", "key"], [] or "none". An action with a key the config
  /// cannot read keeps its default keys; so does one with a key already taken by another action
  /// (the later line when both are set in the file).
  mutating func parseKeys(_ table: TOMLTable) {
    var setLines: [String: Int] = [:]
    var asWritten: [String: String] = [:]
    for (name, value) in table {
      let line = lines.line(ofKey: name, inSection: "keys")
      guard vocabulary.action(named: name) != nil else {
        report(
          line: line, .unknownAction, "There is no action \"\(name)\" to bind keys to.",
          value: "\(name) = \(written(value))",
          fix: fixForUnknown(
            name, among: vocabulary.actions.map(\.name), kind: "the actions"))
        continue
      }
      guard let keys = keySequences(value, action: name, line: line) else { continue }
      config.keys[name] = keys
      setLines[name] = line ?? Int.max
      asWritten[name] = "\(name) = \(written(value))"
    }
    resolveConflicts(setLines: setLines)
    keepAKey(setLines: setLines, asWritten: asWritten)
  }

  /// Gives an action that must keep a key (quit) its default keys back when the file left it
  /// none (`quit = []`, or keys all taken by other actions), taking them from any action of
  /// its groups that has them; says so.
  private mutating func keepAKey(setLines: [String: Int], asWritten: [String: String]) {
    for action in vocabulary.actions
    where action.keepsAKey && !action.defaultKeys.isEmpty
      && (config.keys[action.name] ?? []).isEmpty
    {
      let defaults = action.defaultKeys
      config.keys[action.name] = defaults
      var takenFrom: [String] = []
      for other in vocabulary.actions
      where other.name != action.name && groupsMeet(other.group, action.group) {
        let keys = config.keys[other.name] ?? []
        let kept = keys.filter { key in
          !defaults.contains { $0 == key || $0.isPrefix(of: key) || key.isPrefix(of: $0) }
        }
        guard kept.count != keys.count else { continue }
        config.keys[other.name] = kept
        takenFrom.append(other.name)
      }
      let names = defaults.map { "\"\($0)\"" }.joined(separator: ", ")
      let taken = takenFrom.isEmpty ? "" : " (taken back from \(takenFrom.joined(separator: ", ")))"
      let line = setLines[action.name].flatMap { $0 == Int.max ? nil : $0 }
      report(
        line: line, .noKeyLeft,
        "No key would be left to \(action.name): \(action.name) keeps its default keys, "
          + "\(names)\(taken).",
        value: asWritten[action.name] ?? "\(action.name) = []",
        fix: "To fix, give \(action.name) a key of its own that no other action uses, such as "
          + "\(action.name) = [\"Q\"]; \(action.name) can never be left without a key.")
    }
  }

  /// The sequences a `[keys]` value gives, nil (with a problem reported) when any is wrong.
  private mutating func keySequences(
    _ value: TOMLValue, action: String, line: Int?
  ) -> [KeySequence]? {
    var names: [String] = []
    if let string = value.string {
      if string.lowercased() == "none" { return [] }
      names = [string]
    } else if let array = value.array {
      for element in array {
        guard let string = element.string else {
          report(
            line: line, .badType,
            "Keys are written as text, not \(typeName(element)).",
            value: "\(action) = \(written(value))",
            fix: "To fix, quote each key: \(action) = [\"x\", \"ctrl-x\"]; \(action) keeps "
              + "its default keys until then.")
          return nil
        }
        names.append(string)
      }
    } else {
      report(
        line: line, .badType,
        "The keys of \(action) must be text or a list of text, not \(typeName(value)).",
        value: "\(action) = \(written(value))",
        fix: "To fix, write \(action) = \"x\", \(action) = [\"x\", \"f2\"], or \(action) = [] "
          + "to unbind it.")
      return nil
    }
    var sequences: [KeySequence] = []
    var failed = false
    for name in names {
      do {
        let sequence = try KeySequence(parsing: name)
        if !sequences.contains(sequence) { sequences.append(sequence) }
      } catch {
        failed = true
        report(
          line: lines.line(ofValue: name, from: line), .unknownKeyName,
          "\(error.reason) \(action) keeps its default keys.",
          value: "\"\(name)\"", fix: error.fix)
      }
    }
    return failed ? nil : sequences
  }

  /// Finds two actions of one group on one key, or on a key and a sequence starting with it
  /// (`g` and `g g`), and refuses the line of the action the file set (the later one if it set
  /// both): that action keeps its default keys, less any an earlier line took.
  private mutating func resolveConflicts(setLines: [String: Int]) {
    // Defaults first (they win), then the file's settings in line order.
    let order = vocabulary.actions.enumerated().sorted { left, right in
      let l = setLines[left.element.name] ?? 0
      let r = setLines[right.element.name] ?? 0
      return l != r ? l < r : left.offset < right.offset
    }.map(\.element)
    var taken: [(sequence: KeySequence, action: String, group: String)] = []
    func clash(_ sequence: KeySequence, _ group: String) -> (KeySequence, String, String)? {
      // The keys first: comparing them is cheap, the groups are split only on a match.
      taken.first { other in
        (other.sequence == sequence || other.sequence.isPrefix(of: sequence)
          || sequence.isPrefix(of: other.sequence)) && groupsMeet(other.group, group)
      }
    }
    for action in order {
      let fromFile = setLines[action.name] != nil
      var kept: [KeySequence] = []
      var refused: [(KeySequence, (sequence: KeySequence, action: String, group: String))] = []
      for sequence in config.keys[action.name] ?? [] {
        let own = kept.first { $0.isPrefix(of: sequence) || sequence.isPrefix(of: $0) }
        if fromFile, let clash = clash(sequence, action.group) {
          refused.append((sequence, clash))
        } else if fromFile, let own {
          refused.append((sequence, (own, action.name, action.group)))
        } else {
          kept.append(sequence)
        }
      }
      if !refused.isEmpty {
        // The line is refused as a whole: the action keeps the defaults no earlier line took.
        kept = action.defaultKeys.filter { clash($0, action.group) == nil }
        for (sequence, clash) in refused {
          reportConflict(
            sequence, action: action.name, with: clash, keeping: kept, setLines: setLines)
        }
      }
      for sequence in kept { taken.append((sequence, action.name, action.group)) }
      config.keys[action.name] = kept
    }
  }

  private mutating func reportConflict(
    _ sequence: KeySequence, action: String,
    with clash: (sequence: KeySequence, action: String, group: String), keeping: [KeySequence],
    setLines: [String: Int]
  ) {
    let line = setLines[action].flatMap { $0 == Int.max ? nil : $0 }
    let kept =
      keeping.isEmpty
      ? "\(action) is left without keys"
      : "\(action) keeps its default keys (\(keeping.map(\.description).joined(separator: ", ")))"
    guard clash.action != action else {
      report(
        line: lines.line(ofValue: sequence.description, from: line), .keyConflict,
        "One action on two keys that start alike: \"\(clash.sequence)\" and \"\(sequence)\" "
          + "(both \(action)), so the app could not tell which is meant; \(kept).",
        value: "\(action) = [\"\(clash.sequence)\", \"\(sequence)\"]",
        fix: "To fix, keep one of the two for \(action).")
      return
    }
    let how =
      clash.sequence == sequence
      ? "\"\(sequence)\" is already bound to \(clash.action)"
      : "\"\(sequence)\" and \"\(clash.sequence)\" (bound to \(clash.action)) start alike, so "
        + "the app could not tell which is meant"
    let whose = setLines[clash.action] == nil ? " (its default)" : ""
    report(
      line: lines.line(ofValue: sequence.description, from: line), .keyConflict,
      "Two actions on one key: \(how)\(whose); \(kept).",
      value: "\(action) = \"\(sequence)\"\n\(clash.action) = \"\(clash.sequence)\"",
      fix: "To fix, pick another key for \(action), or give \(clash.action) other keys "
        + "(\(clash.action) = [\"…\"], or [] to unbind it).")
  }
}

extension ConfigParser {
  /// Reports a view's `key` that an action of the list also has (bound in `[keys]` or by
  /// default), or whose key sequence starts with it (`g` and `g g`): the action wins, as the
  /// list's keys are read before the views'.
  mutating func reportViewKeyClashes() {
    for view in config.views {
      guard let key = view.key else { continue }
      let section = "views.\(view.table)"
      for action in vocabulary.actions where groupsMeet(action.group, "list") {
        let keys = config.keys[action.name] ?? action.defaultKeys
        guard let taken = keys.first(where: { $0 == key || key.isPrefix(of: $0) }) else {
          continue
        }
        let name = SavedViewName.displayName(ofTable: view.table)
        let how =
          taken == key
          ? "is also the key of \(action.name)"
          : "starts \"\(taken)\", the key of \(action.name)"
        let whose = keys == action.defaultKeys ? " (its default)" : ""
        report(
          line: lines.line(ofKey: "key", inSection: section) ?? lines.line(ofSection: section),
          .keyConflict,
          "The key of the view \(name), \"\(key)\", \(how)\(whose): \(action.name) wins, "
            + "and the key does not show the view.",
          value: "[\(section)] key = \"\(key)\"\n\(action.name) = \"\(taken)\"",
          fix: "To fix, give the view a key no action of the list uses (a digit from 8, say), "
            + "or give \(action.name) other keys in [keys] (\(action.name) = [\"…\"], or [] to "
            + "unbind it).")
        break
      }
    }
  }
}

/// A view's name as the list shows it, from its table's (`no_date` is `No date`).
enum SavedViewName {
  static func displayName(ofTable table: String) -> String {
    let spaced = table.split(separator: "_", omittingEmptySubsequences: false)
      .joined(separator: " ")
    return spaced.prefix(1).uppercased() + spaced.dropFirst()
  }
}

/// Whether two actions' groups meet: the same group, or space-separated lists of focuses with
/// one in common (`"editor search"` and `"editor"`).
func groupsMeet(_ left: String, _ right: String) -> Bool {
  left == right
    || !Set(left.split(separator: " ")).isDisjoint(with: right.split(separator: " "))
}
