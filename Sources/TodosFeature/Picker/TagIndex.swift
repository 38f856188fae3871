import TodoTxt

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Every `+project` and `@context` in the list with how many todos carry it: the data of the
/// `+` and `@` pickers. Kept up to date one row at a time (`apply(removing:adding:)`), so a
/// change never rescans the list.
///
/// Tags are case-sensitive, as in todo.txt (`+Work` and `+work` are two projects); the picker
/// lists them alphabetically ignoring case, `+Work` before `+work` on a tie. A word is a tag by
/// the codec's rule (`TodoTxtText.kind(ofWord:)`), the one that highlights it in the list.
///
/// ```swift
/// var index = TagIndex(state.rows)
/// index.entries(.project)  // [TagIndex.Entry(tag: "+home", activeCount: 2, count: 3), …]
/// index.apply(removing: before, adding: after)  // one row edited
/// ```
public struct TagIndex: Equatable, Sendable {
  /// Which picker.
  public enum Kind: Equatable, Hashable, Sendable, CaseIterable {
    case project, context
  }

  /// One picker row.
  public struct Entry: Equatable, Hashable, Sendable {
    /// The tag as written, with its sign: `+home`, `@phone`.
    public var tag: String
    /// How many active todos carry it.
    public var activeCount: Int
    /// How many todos carry it, completed ones included.
    public var count: Int
    /// How many of the active ones are hidden by their dates today (`t:` later, `h:1`): the
    /// picker counts the others, as the title does, and says these apart (`3 (+3 hidden)`).
    public var hiddenCount: Int

    public init(tag: String, activeCount: Int, count: Int, hiddenCount: Int = 0) {
      self.tag = tag
      self.activeCount = activeCount
      self.count = count
      self.hiddenCount = hiddenCount
    }

    /// The active todos carrying it that show without `H`.
    public var shownCount: Int { activeCount - hiddenCount }
  }

  private struct Counts: Equatable, Sendable {
    var active = 0
    var all = 0

    /// Counts one more todo; true when it is the tag's first.
    mutating func count(isActive: Bool) -> Bool {
      all += 1
      if isActive { active += 1 }
      return all == 1
    }
  }

  private var counts: [String: Counts] = [:]
  /// Project tags, then context tags, each in picker order (kept sorted on insert).
  private var sorted: [Kind: [String]] = [.project: [], .context: []]

  /// An empty index.
  public init() {}

  /// The index of `todos`: one scan of their descriptions.
  ///
  /// ```swift
  /// TagIndex(state.rows)
  /// ```
  public init(_ todos: some Sequence<Todo.State>) {
    // Called from other modules the generic loop is not specialised; an array's buffer is
    // walked directly.
    let walked: Void? = todos.withContiguousStorageIfAvailable { buffer in
      for index in buffer.indices {
        add(buffer[index].description, isComplete: buffer[index].isComplete)
      }
    }
    guard walked == nil else { return }
    for todo in todos { add(todo.description, isComplete: todo.isComplete) }
  }

  /// The picker rows for `kind`, alphabetical.
  ///
  /// ```swift
  /// index.entries(.context).map(\.tag)  // ["@home", "@phone"]
  /// ```
  public func entries(_ kind: Kind) -> [Entry] {
    (sorted[kind] ?? []).map { tag in
      let counts = counts[tag] ?? Counts()
      return Entry(tag: tag, activeCount: counts.active, count: counts.all)
    }
  }

  /// The picker rows for `kind` matching the typed text, ignoring case and a leading `+`/`@`:
  /// those starting with it first, then those containing it, each group alphabetical.
  ///
  /// ```swift
  /// index.entries(.project, matching: "wo")  // +work, +WorkOut, then +homework
  /// ```
  public func entries(_ kind: Kind, matching typed: String) -> [Entry] {
    Self.narrow(entries(kind), to: typed)
  }

  /// The rows of `all` (in picker order) matching the typed text, as
  /// `entries(_:matching:)` orders them: the picker narrows the rows it opened with.
  ///
  /// ```swift
  /// TagIndex.narrow(picker.entries, to: "wo")
  /// ```
  public static func narrow(_ all: [Entry], to typed: String) -> [Entry] {
    var needle = Substring(typed.lowercased())
    if let first = needle.first, first == "+" || first == "@" { needle = needle.dropFirst() }
    guard !needle.isEmpty else { return all }
    var prefixed: [Entry] = []
    var containing: [Entry] = []
    for entry in all {
      let name = entry.tag.dropFirst().lowercased()
      if name.hasPrefix(needle) {
        prefixed.append(entry)
      } else if name.containsText(needle) {
        containing.append(entry)
      }
    }
    return prefixed + containing
  }

  /// Updates the counts for one row changing from `old` to `new` (nil: added or removed).
  /// Only the two descriptions are scanned.
  ///
  /// ```swift
  /// index.apply(removing: nil, adding: newTodo)       // added
  /// index.apply(removing: deleted, adding: nil)       // deleted
  /// index.apply(removing: before, adding: after)      // edited or toggled
  /// ```
  public mutating func apply(removing old: Todo.State?, adding new: Todo.State?) {
    if let old, let new, old.description == new.description, old.isComplete == new.isComplete {
      return
    }
    if let old { remove(old.description, isComplete: old.isComplete) }
    if let new { add(new.description, isComplete: new.isComplete) }
  }

  /// Counts a row with `text`.
  public mutating func add(_ text: String, isComplete: Bool) {
    Self.forEachDistinctTag(in: text) { kind, word in
      let tag = String(word)
      // One hash of the tag in the usual case (a tag seen before).
      if counts[tag, default: Counts()].count(isActive: !isComplete) {
        var names = sorted[kind] ?? []
        sorted[kind] = nil  // keeps `names` uniquely referenced: no copy on insert
        names.insert(tag, at: Self.insertionIndex(of: tag, in: names))
        sorted[kind] = names
      }
    }
  }

  /// Stops counting a row with `text` (it must have been added).
  public mutating func remove(_ text: String, isComplete: Bool) {
    Self.forEachDistinctTag(in: text) { kind, word in
      let tag = String(word)
      guard var existing = counts[tag] else { return }
      existing.all -= 1
      if !isComplete { existing.active -= 1 }
      if existing.all > 0 {
        counts[tag] = existing
      } else {
        counts[tag] = nil
        var names = sorted[kind] ?? []
        sorted[kind] = nil
        let index = Self.insertionIndex(of: tag, in: names)
        if index < names.count, names[index] == tag { names.remove(at: index) }
        sorted[kind] = names
      }
    }
  }

  /// Calls `body` once per distinct tag of `text`, in order. Rows rarely carry more than a few
  /// tags, so a repeat is found by comparing with the earlier ones, without allocating for the
  /// first two.
  static func forEachDistinctTag(in text: String, _ body: (Kind, Substring) -> Void) {
    var first: Substring?
    var second: Substring?
    var more: [Substring] = []
    forEachTag(in: text) { kind, word in
      if word == first || word == second || more.contains(word) { return }
      if first == nil {
        first = word
      } else if second == nil {
        second = word
      } else {
        more.append(word)
      }
      body(kind, word)
    }
  }

  /// The distinct projects and contexts in `text`, in order, each with its sign.
  ///
  /// ```swift
  /// TagIndex.tags(in: "Call +Mom @phone +Mom")  // [(.project, "+Mom"), (.context, "@phone")]
  /// ```
  public static func tags(in text: String) -> [(kind: Kind, tag: String)] {
    var found: [(kind: Kind, tag: String)] = []
    forEachDistinctTag(in: text) { kind, word in found.append((kind, String(word))) }
    return found
  }

  /// Calls `body` with where each word of `bytes` (split at spaces and tabs) that starts with
  /// `sign` (`+` or `@`) begins and ends, and whether it is all ASCII, in order, until `body`
  /// returns false: `memchr` jumps from sign to sign, so a description is read in a few
  /// instructions (a view's tag term and a grouped view's labels read every row).
  ///
  /// ```swift
  /// TagIndex.forEachWord(startingWith: UInt8(ascii: "+"), in: bytes) { start, end, _ in true }
  /// ```
  static func forEachWord(
    startingWith sign: UInt8, in bytes: UnsafeBufferPointer<UInt8>,
    _ body: (_ start: Int, _ end: Int, _ isASCII: Bool) -> Bool
  ) {
    guard let base = bytes.baseAddress else { return }
    // Spaces and tabs (`TodoTxtText.isBlank`), compared here: a call per byte cost a third.
    func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
    var index = 0
    while index < bytes.count {
      guard let hit = memchr(base + index, Int32(sign), bytes.count - index) else { return }
      let start = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
      index = start + 1
      // A sign inside a word (`a+work`) starts no tag.
      guard start == 0 || isBlank(bytes[start - 1]) else { continue }
      var end = index
      var isASCII = true
      while end < bytes.count, !isBlank(bytes[end]) {
        if bytes[end] >= 0x80 { isASCII = false }
        end += 1
      }
      guard body(start, end, isASCII) else { return }
      index = end
    }
  }

  /// Calls `body` with each project or context word of `text` (repeats included). Words are
  /// split at spaces and tabs and classified by `TodoTxtText.kind(ofWord:)`.
  static func forEachTag(in text: String, _ body: (Kind, Substring) -> Void) {
    // Word starts (offsets) of `+…`/`@…` words, found on the raw bytes: a tight loop over
    // contiguous UTF-8, several times faster than walking the UTF-8 view.
    var starts: (Int, Int) = (-1, -1)
    var more: [Int] = []
    let scanned: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
      var previousIsBlank = true
      for offset in bytes.indices {
        let byte = bytes[offset]
        if previousIsBlank, byte == UInt8(ascii: "+") || byte == UInt8(ascii: "@") {
          if starts.0 < 0 {
            starts.0 = offset
          } else if starts.1 < 0 {
            starts.1 = offset
          } else {
            more.append(offset)
          }
        }
        previousIsBlank = TodoTxtText.isBlank(byte)
      }
    }
    guard scanned != nil else {
      var copy = text
      copy.makeContiguousUTF8()
      return forEachTag(in: copy, body)
    }
    guard starts.0 >= 0 else { return }
    let utf8 = text.utf8
    func visit(_ offset: Int) {
      let start = utf8.index(utf8.startIndex, offsetBy: offset)
      var end = start
      while end < utf8.endIndex, !TodoTxtText.isBlank(utf8[end]) { end = utf8.index(after: end) }
      let word = text[start..<end]
      switch TodoTxtText.kind(ofWord: word) {
      case .project: body(.project, word)
      case .context: body(.context, word)
      default: break
      }
    }
    visit(starts.0)
    if starts.1 >= 0 { visit(starts.1) }
    for offset in more { visit(offset) }
  }

  /// Picker order: ignoring case, then by the exact spelling, so distinct tags never tie.
  static func precedes(_ lhs: String, _ rhs: String) -> Bool {
    let l = lhs.lowercased()
    let r = rhs.lowercased()
    return l != r ? l < r : lhs < rhs
  }

  private static func insertionIndex(of tag: String, in names: [String]) -> Int {
    var low = 0
    var high = names.count
    while low < high {
      let middle = (low + high) / 2
      if precedes(names[middle], tag) { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
