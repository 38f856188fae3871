import TerminalUI

/// The keys in force: `KeyTable`'s bindings with the keys config.toml gave them, by name. The
/// keymap, the help overlay and the hint line all read this one value, so a remapped key is in
/// all three or in none.
///
/// ```swift
/// let keys = KeyBindings.standard.remapped(["quit": [[.character("Q")]], "delete": []])
/// keys.hints(for: .list)  // […, "Q quit"]
/// ```
public struct KeyBindings: Sendable {
  /// The help overlay, in order, with the keys in force.
  public private(set) var sections: [KeyTable.Section]
  /// The help screen's own keys.
  public private(set) var helpScreen: [KeyTable.Binding]
  /// Every binding.
  public private(set) var bindings: [KeyTable.Binding]
  // Each by focus, at the focus's `rawValue` (its place in `allCases`): read at every key and
  // every frame, where a dictionary by focus hashed it each time.
  /// Single keys but the ASCII characters' (`asciiBindings`) by focus: the index of the
  /// binding in `bindings`.
  private var table: [[Key: Int]] = []
  /// Two-key sequences by focus: the index of the binding in `bindings`.
  private var sequenceTable: [[[Key]: Int]] = []
  /// The same for the ASCII characters, by `focus.rawValue * 128 + byte`: the binding's index
  /// (-1 for none), and whether a sequence starts with the character. A typed letter asks both
  /// at every key; the dictionaries hashed the key (SipHash over a `Character`) and walked every
  /// sequence, a path of code and heap pages a cold key paid for.
  private var asciiBindings: [Int32] = []
  private var asciiStartsSequence: [Bool] = []
  /// The hint line of each focus, built once (the view draws one every frame).
  private var hintLines: [[String]] = []

  /// The default keys: `KeyTable`'s, as written there.
  public static let standard = KeyBindings(
    sections: KeyTable.sections, helpScreen: KeyTable.helpScreen)

  init(sections: [KeyTable.Section], helpScreen: [KeyTable.Binding]) {
    self.sections = sections
    self.helpScreen = helpScreen
    self.bindings = sections.flatMap { $0.lines.flatMap(\.bindings) } + helpScreen
    // Built at every start: the tables hold indices (not copies of the bindings), each sized
    // once, and each binding's hint is written once, whatever the number of its focuses. A
    // focus's tables are found by its place in `allCases` (its `rawValue`), not by hashing it.
    let focuses = Todos.Focus.allCases
    var keyCounts = [Int](repeating: 0, count: focuses.count)
    var sequenceCounts = [Int](repeating: 0, count: focuses.count)
    var places: [[Int]] = []
    places.reserveCapacity(bindings.count)
    for binding in bindings {
      let bindingPlaces = binding.focuses.map(\.rawValue)
      for place in bindingPlaces {
        keyCounts[place] += binding.keys.count
        sequenceCounts[place] += binding.sequences.count
      }
      places.append(bindingPlaces)
    }
    var keyTables = keyCounts.map { [Key: Int](minimumCapacity: $0) }
    var sequenceTables = sequenceCounts.map { [[Key]: Int](minimumCapacity: $0) }
    var hinted = [[(rank: Int, text: String)]](repeating: [], count: focuses.count)
    var ascii = [Int32](repeating: -1, count: focuses.count * 128)
    var asciiStarts = [Bool](repeating: false, count: focuses.count * 128)
    for (index, binding) in bindings.enumerated() {
      let hint = binding.hint.flatMap { hint in binding.hintText.map { (hint.rank, $0) } }
      for place in places[index] {
        for key in binding.keys {
          // An ASCII key in its table only: `binding(for:)` never looks it up by hashing.
          if let byte = Self.asciiByte(of: key) {
            ascii[place * 128 + byte] = Int32(index)
          } else {
            keyTables[place][key] = index
          }
        }
        for sequence in binding.sequences {
          sequenceTables[place][sequence] = index
          if let byte = sequence.first.flatMap(Self.asciiByte) {
            asciiStarts[place * 128 + byte] = true
          }
        }
        if let hint { hinted[place].append(hint) }
      }
    }
    table = keyTables
    sequenceTable = sequenceTables
    asciiBindings = ascii
    asciiStartsSequence = asciiStarts
    hintLines = focuses.indices.map { place in
      // `sorted` is stable: hints of one rank stay in the table's order.
      let hints = hinted[place].sorted { $0.rank < $1.rank }
      return hints.map(\.text) + KeyTable.notes[focuses[place], default: []]
    }
  }

  /// The table with `keys` (action name → its keys and two-key sequences) in place of the
  /// defaults; an empty list unbinds the action; names not given keep their keys. A help line
  /// whose keys changed is written afresh from its bindings (`j / k` for "next / previous").
  ///
  /// ```swift
  /// KeyBindings.standard.remapped(["first": [[.character("g"), .character("g")]]])
  /// ```
  public func remapped(_ keys: [String: [[Key]]]) -> KeyBindings {
    func apply(_ binding: KeyTable.Binding) -> KeyTable.Binding {
      guard let name = binding.name, let sequences = keys[name] else { return binding }
      var changed = binding
      changed.keys = sequences.filter { $0.count == 1 }.map { $0[0] }
      changed.sequences = sequences.filter { $0.count > 1 }
      return changed
    }
    let sections = sections.map { section in
      var section = section
      section.lines = section.lines.map { line in
        var line = line
        let before = line.bindings.map(\.allSequences)
        line.bindings = line.bindings.map(apply)
        if line.bindings.map(\.allSequences) != before { line.keys = Self.keysText(of: line) }
        return line
      }
      return section
    }
    var remapped = KeyBindings(sections: sections, helpScreen: helpScreen.map(apply))
    // Meanings that name other actions' keys ("? Esc q close") name the keys in force.
    let bindings = remapped.bindings
    let names = { (name: String) in
      bindings.first { $0.name == name }?.allSequences.map(KeyTable.name) ?? []
    }
    for index in remapped.sections.indices {
      for line in remapped.sections[index].lines.indices {
        let meaning = remapped.sections[index].lines[line].meaning
        remapped.sections[index].lines[line].meaning = Self.meaning(meaning, names: names)
      }
    }
    return remapped
  }

  /// A help line's keys written from its bindings: each binding's keys, bindings apart by
  /// ` / ` (a binding repeated for another focus counted once), `-` for one without keys.
  /// The line names only keys that do what it says (`unlisted` bindings are left out).
  static func keysText(of line: KeyTable.Line) -> String {
    var seen: [String] = []
    var parts: [String] = []
    for binding in line.bindings {
      let key = binding.name ?? "\(parts.count)"
      guard !seen.contains(key), !unlisted.contains(key) else { continue }
      seen.append(key)
      let names = binding.allSequences.map(KeyTable.name)
      parts.append(names.isEmpty ? "-" : names.joined(separator: " "))
    }
    return parts.joined(separator: " / ")
  }

  /// Bindings a help line does not name: Ctrl-C quitting from the priority prompt is there so
  /// that the default `^C` quits everywhere; with `quit = "Q"` the line says `? / Q`, not `^C`.
  static let unlisted: Set<String> = ["quit_from_priority"]

  /// How the screen names the first key of the action called `name`, nil when it has none.
  ///
  /// ```swift
  /// KeyBindings.standard.keyName(of: "add")  // "a"
  /// ```
  public func keyName(of name: String) -> String? {
    bindings.first { $0.name == name }?.allSequences.first.map(KeyTable.name)
  }

  /// The binding of a single key in `focus`.
  public func binding(for key: Key, in focus: Todos.Focus) -> KeyTable.Binding? {
    if let byte = Self.asciiByte(of: key) {
      let index = asciiBindings[focus.rawValue * 128 + byte]
      return index < 0 ? nil : bindings[Int(index)]
    }
    return table[focus.rawValue][key].map { bindings[$0] }
  }

  /// The binding of a two-key sequence in `focus`.
  public func binding(forSequence keys: [Key], in focus: Todos.Focus) -> KeyTable.Binding? {
    sequenceTable[focus.rawValue][keys].map { bindings[$0] }
  }

  /// Whether `key` starts a two-key sequence in `focus`.
  public func startsSequence(_ key: Key, in focus: Todos.Focus) -> Bool {
    if let byte = Self.asciiByte(of: key) {
      return asciiStartsSequence[focus.rawValue * 128 + byte]
    }
    return sequenceTable[focus.rawValue].keys.contains { $0.first == key }
  }

  /// The byte of an ASCII character key (one byte of UTF-8), nil for any other key: its place
  /// in the ASCII tables.
  private static func asciiByte(of key: Key) -> Int? {
    guard case .character(let character) = key else { return nil }
    let utf8 = character.utf8
    guard utf8.count == 1, let byte = utf8.first else { return nil }
    return Int(byte)
  }

  /// The hint line of a focus: the hinted bindings, most important first, then the notes.
  ///
  /// ```swift
  /// KeyBindings.standard.hints(for: .editor)  // ["Enter save", "Esc cancel", …]
  /// ```
  public func hints(for focus: Todos.Focus) -> [String] { hintLines[focus.rawValue] }

  /// One action config.toml can bind: its name, default keys, what it does (one sentence,
  /// `summaries`) and the focuses it works in (actions whose focuses do not meet may share keys).
  public struct Action: Equatable, Sendable {
    public var name: String
    public var sequences: [[Key]]
    public var summary: String
    public var focuses: [String]
  }

  /// Every named action of the table, once each, in the help overlay's order: the vocabulary
  /// of config.toml's `[keys]`.
  ///
  /// ```swift
  /// KeyBindings.standard.actions.map(\.name)  // ["next", "previous", "first", …]
  /// ```
  public var actions: [Action] {
    var actions: [Action] = []
    actions.reserveCapacity(bindings.count)
    // Where each name is in `actions`: looked up, not searched for (read at every start),
    // sized once, and one lookup a binding (a name seen before is put back).
    var positions = [String: Int](minimumCapacity: bindings.count)
    for binding in bindings {
      guard let name = binding.name else { continue }
      let focuses = binding.focuses.map(\.name)
      if let index = positions.updateValue(actions.count, forKey: name) {
        positions[name] = index
        actions[index].focuses = Array(Set(actions[index].focuses + focuses)).sorted()
        continue
      }
      let summary = Self.summaries[name] ?? ""
      actions.append(
        Action(
          name: name, sequences: binding.allSequences, summary: summary,
          focuses: focuses.sorted()))
    }
    return actions
  }
}

/// The keymap's memory between keys: the first key of a two-key sequence (`g` of `g g`).
/// A key that does not complete the sequence drops the pending one and counts on its own.
///
/// ```swift
/// var reader = KeySequenceReader()
/// reader.action(for: .character("g"), in: state, keys: keys)  // nil: waiting
/// reader.action(for: .character("g"), in: state, keys: keys)  // select(.first)
/// ```
public struct KeySequenceReader: Sendable {
  /// The first key of a sequence, waiting for the second.
  public private(set) var pending: Key?

  public init() {}

  /// The wait for the second key is over (`KeyInput.timeout`): the first key is dropped.
  public mutating func expire() { pending = nil }

  /// The action `key` means now, given the key before it.
  @MainActor
  public mutating func action(
    for key: Key, in state: Todos.State, keys: KeyBindings
  ) -> Todos.Action? {
    let focus = state.focus
    if let first = pending {
      pending = nil
      if let binding = keys.binding(forSequence: [first, key], in: focus) {
        return binding.action(state)
      }
    }
    if !Keymap.isTooSmall(state), keys.startsSequence(key, in: focus) {
      pending = key
      return nil
    }
    return Keymap.action(for: key, in: state, keys: keys)
  }
}

extension Todos.Focus {
  /// The focus's name, as config.toml's action groups write it (no reflection: start-up).
  var name: String {
    switch self {
    case .list: "list"
    case .editor: "editor"
    case .search: "search"
    case .help: "help"
    case .picker: "picker"
    case .range: "range"
    case .priority: "priority"
    case .prompt: "prompt"
    case .links: "links"
    case .restore: "restore"
    }
  }
}
