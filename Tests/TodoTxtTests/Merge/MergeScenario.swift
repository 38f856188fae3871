/// A random base file and two independent edits of it, with every line tracked by the identity
/// of the todo it belongs to: the oracle for the merge property test.
///
/// ```swift
/// var rng = MergeRNG(seed: 42)
/// let scenario = MergeScenario.random(&rng, duplicates: false)
/// scenario.expectedLines()  // what the merge must hold, worked out per todo
/// ```
struct MergeScenario: CustomStringConvertible {
  /// One line's meaning, from which its bytes are printed.
  struct Item: Equatable {
    enum Kind: Equatable { case todo, comment, blank, notUTF8 }
    var kind = Kind.todo
    var isDone = false
    var doneOn = ""
    var priority: Character?
    var text = ""

    var bytes: [UInt8] {
      switch kind {
      case .blank: return []
      case .comment: return Array("# \(text)".utf8)
      case .notUTF8: return [0xFF] + Array(text.utf8)
      case .todo:
        if isDone {
          return Array("x \(doneOn) \(text)\(priority.map { " pri:\($0)" } ?? "")".utf8)
        }
        return Array("\(priority.map { "(\($0)) " } ?? "")\(text)".utf8)
      }
    }
  }

  /// A version of the file: (todo identity, line) in file order.
  typealias Version = [(id: Int, item: Item)]

  static let words = [
    "call", "buy", "pay", "fix", "read", "plan", "milk", "rent", "Mom", "bike", "+home",
    "+work", "@phone", "@store", "due:2026-12-01", "taxes", "garden", "email", "Über", "日本",
  ]

  var base: Version = []
  var ours: Version = []
  var theirs: Version = []
  var oursCRLF = false
  var theirsCRLF = false
  /// What each side did, for the failure message.
  var oursLog: [String] = []
  var theirsLog: [String] = []

  var description: String {
    func show(_ version: Version) -> String {
      version.map { "  #\($0.id) \(String(decoding: $0.item.bytes, as: UTF8.self))" }
        .joined(separator: "\n")
    }
    return """
      base:
      \(show(base))
      ours (\(oursLog.joined(separator: ", "))):
      \(show(ours))
      theirs (\(theirsLog.joined(separator: ", "))):
      \(show(theirs))
      """
  }

  static func file(_ version: Version, crlf: Bool) -> [UInt8] {
    version.flatMap { $0.item.bytes + (crlf ? [0x0D, 0x0A] : [0x0A]) }
  }

  /// A base of up to 12 lines, then up to 5 edits on each side. With `duplicates`, lines may
  /// be copies of other lines; without, every line's text is unique.
  static func random(_ rng: inout MergeRNG, duplicates: Bool) -> MergeScenario {
    var scenario = MergeScenario()
    var next = 0
    func newItem(_ rng: inout MergeRNG) -> Item {
      next += 1
      var item = Item()
      switch Int.random(in: 0..<20, using: &rng) {
      case 0: item.kind = .comment
      case 1: item.kind = duplicates ? .blank : .comment
      case 2: item.kind = .notUTF8
      default: break
      }
      let count = Int.random(in: 1...3, using: &rng)
      let words = (0..<count).map { _ in Self.words.randomElement(using: &rng)! }
      item.text = (words + ["k\(next)"]).joined(separator: " ")
      if item.kind == .todo, Int.random(in: 0..<5, using: &rng) == 0 {
        item.isDone = true
        item.doneOn = "2026-11-01"
      }
      if item.kind == .todo, Int.random(in: 0..<4, using: &rng) == 0 {
        item.priority = Character(Unicode.Scalar(UInt8.random(in: 65...67, using: &rng)))
      }
      return item
    }
    for _ in 0..<Int.random(in: 0...12, using: &rng) {
      if duplicates, !scenario.base.isEmpty, Bool.random(using: &rng) {
        next += 1
        scenario.base.append((next, scenario.base.randomElement(using: &rng)!.item))
      } else {
        let item = newItem(&rng)
        scenario.base.append((next, item))
      }
    }
    let days = ["2026-11-23", "2026-11-24"]
    let oursDay = days[0]
    let theirsDay = days.randomElement(using: &rng)!
    for side in 0..<2 {
      var version = scenario.base
      var log: [String] = []
      for _ in 0..<Int.random(in: 0...5, using: &rng) {
        let edit = Int.random(in: 0..<(duplicates ? 7 : 6), using: &rng)
        if edit == 0 || version.isEmpty {
          let item = newItem(&rng)
          version.insert((next, item), at: Int.random(in: 0...version.count, using: &rng))
          log.append("add #\(next)")
          continue
        }
        let at = Int.random(in: 0..<version.count, using: &rng)
        let id = version[at].id
        var item = version[at].item
        switch edit {
        case 1:
          guard item.kind == .todo else { continue }
          item.isDone.toggle()
          item.doneOn = item.isDone ? (side == 0 ? oursDay : theirsDay) : ""
          log.append("toggle #\(id)")
        case 2:
          var words = item.text.split(separator: " ").map(String.init)
          switch Int.random(in: 0..<3, using: &rng) {
          case 0: words.append(Self.words.randomElement(using: &rng)!)
          case 1: words[0] = Self.words.randomElement(using: &rng)!
          default: words = newItem(&rng).text.split(separator: " ").map(String.init)
          }
          item.text = words.joined(separator: " ")
          log.append("edit #\(id)")
        case 3:
          version.remove(at: at)
          log.append("delete #\(id)")
          continue
        case 4:
          let moving = version.remove(at: at)
          version.insert(moving, at: Int.random(in: 0...version.count, using: &rng))
          log.append("move #\(id)")
          continue
        case 5:
          guard item.kind == .todo, !item.isDone else { continue }
          let choices: [Character?] = [nil, "A", "B", "C"]
          item.priority = choices.randomElement(using: &rng)!
          log.append("priority #\(id)")
        default:
          next += 1
          version.insert((next, item), at: Int.random(in: 0...version.count, using: &rng))
          log.append("duplicate #\(id) as #\(next)")
          continue
        }
        version[at].item = item
      }
      if side == 0 {
        scenario.ours = version
        scenario.oursLog = log
      } else {
        scenario.theirs = version
        scenario.theirsLog = log
      }
    }
    scenario.oursCRLF = Int.random(in: 0..<4, using: &rng) == 0
    scenario.theirsCRLF = Int.random(in: 0..<4, using: &rng) == 0
    return scenario
  }

  /// Whether every line's bytes belong to one todo: the same bytes never stand for two todos,
  /// within a version or across them.
  var linesAreUnique: Bool {
    var owner: [[UInt8]: Int] = [:]
    for version in [base, ours, theirs] {
      var seen: Set<[UInt8]> = []
      for (id, item) in version {
        guard seen.insert(item.bytes).inserted else { return false }
        if let other = owner.updateValue(id, forKey: item.bytes), other != id { return false }
      }
    }
    return true
  }

  /// The lines the merge must hold, per todo: untouched on both sides, the base line; changed
  /// (or deleted) on one side only, that side's version; changed on both, both versions (an
  /// edit wins over a deletion); added, kept. The same new line on both sides counts once.
  func expectedLines() -> [[UInt8]: Int] {
    var kept: [[UInt8]: Int] = [:]
    var oursNew: [[UInt8]: Int] = [:]
    var theirsNew: [[UInt8]: Int] = [:]
    let oursByID = Dictionary(ours.map { ($0.id, $0.item) }, uniquingKeysWith: { a, _ in a })
    let theirsByID = Dictionary(theirs.map { ($0.id, $0.item) }, uniquingKeysWith: { a, _ in a })
    let baseIDs = Set(base.map(\.id))
    for (id, item) in base {
      let mine = oursByID[id]
      let other = theirsByID[id]
      let mineChanged = mine != item
      let otherChanged = other != item
      if !mineChanged && !otherChanged { kept[item.bytes, default: 0] += 1 }
      if mineChanged, let mine { oursNew[mine.bytes, default: 0] += 1 }
      if otherChanged, let other { theirsNew[other.bytes, default: 0] += 1 }
    }
    for (id, item) in ours where !baseIDs.contains(id) { oursNew[item.bytes, default: 0] += 1 }
    for (id, item) in theirs where !baseIDs.contains(id) {
      theirsNew[item.bytes, default: 0] += 1
    }
    return kept.merging(oursNew.merging(theirsNew, uniquingKeysWith: max), uniquingKeysWith: +)
  }

  /// Todos changed on both sides, to different lines, by completion or priority only (their
  /// text, the todo's identity, is unchanged and no other todo has it): these must be
  /// reported as conflicts, as (ours' line, theirs' line).
  func recognisableConflicts() -> [(ours: [UInt8], theirs: [UInt8])] {
    var textOwners: [String: Set<Int>] = [:]
    for version in [base, ours, theirs] {
      for (id, item) in version { textOwners[item.text, default: []].insert(id) }
    }
    var result: [(ours: [UInt8], theirs: [UInt8])] = []
    for (id, item) in base where item.kind == .todo && textOwners[item.text] == [id] {
      guard let mine = ours.first(where: { $0.id == id })?.item,
        let other = theirs.first(where: { $0.id == id })?.item,
        mine != item, other != item, mine != other, mine.text == item.text,
        other.text == item.text
      else { continue }
      result.append((mine.bytes, other.bytes))
    }
    return result
  }
}

/// SplitMix64: a small seeded generator, so a failing case can be replayed from its seed.
struct MergeRNG: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
