/// What stays the same when a todo is completed, reopened or re-prioritised: its words without
/// the `x`, the dates before the text, the `(A)` priority and a `pri:A` tag. The merge uses it
/// to tell "this todo changed" from "a todo was deleted and another added".
///
/// Lines that are not todos (blank, `#` comments, not UTF-8) have no identity: they only ever
/// match a line with exactly the same bytes.
///
/// ```swift
/// MergeIdentity(ArraySlice("x 2026-11-23 Call Mom pri:A".utf8))?.key  // "Call Mom"
/// MergeIdentity(ArraySlice("(A) 2026-11-01 Call Mom".utf8))?.key    // "Call Mom"
/// ```
struct MergeIdentity {
  /// The words, joined by single spaces.
  var key: [UInt8]
  /// The distinct words, for the similarity score.
  var words: Set<ArraySlice<UInt8>>

  /// The identity of a line (bytes without the line break), or nil for a line that is not a
  /// todo or has no words left once the markers are stripped.
  init?(_ line: ArraySlice<UInt8>) {
    guard let first = line.first, first != UInt8(ascii: "#"), Self.isUTF8(line) else {
      return nil
    }
    var words = line.split(whereSeparator: { $0 == 0x20 || $0 == 0x09 })
    guard !words.isEmpty else { return nil }
    var drop = 0
    if first == UInt8(ascii: "x"), words[0].count == 1 {
      // `x completion-date creation-date text`
      drop = 1
      while drop < 3, drop < words.count, Self.isDate(words[drop]) { drop += 1 }
    } else if Self.isPriority(words[0]) {
      drop = 1
      if drop < words.count, Self.isDate(words[drop]) { drop += 1 }
    } else if Self.isDate(words[0]) {
      drop = 1
    }
    words.removeFirst(drop)
    words.removeAll(where: Self.isPriorityTag)
    guard !words.isEmpty else { return nil }
    var key: [UInt8] = []
    key.reserveCapacity(line.count)
    for (offset, word) in words.enumerated() {
      if offset > 0 { key.append(0x20) }
      key.append(contentsOf: word)
    }
    self.key = key
    self.words = Set(words)
  }

  /// The Dice coefficient of the two word sets, as a fraction: 2·shared / (count + count).
  /// Two lines are the same todo changed when it is at least 0.6 (`isSimilar`).
  ///
  /// ```swift
  /// // "Buy milk" and "Buy oat milk": 2·2 / (2 + 3) = 0.8
  /// ```
  static func isSimilar(shared: Int, _ a: Int, _ b: Int) -> Bool {
    10 * 2 * shared >= 6 * (a + b)
  }

  static func isDate(_ word: ArraySlice<UInt8>) -> Bool {
    guard word.count == 10 else { return false }
    for (offset, byte) in word.enumerated() {
      let isDash = offset == 4 || offset == 7
      if isDash ? byte != UInt8(ascii: "-") : !(0x30...0x39).contains(byte) { return false }
    }
    return true
  }

  static func isPriority(_ word: ArraySlice<UInt8>) -> Bool {
    let bytes = Array(word)
    return bytes.count == 3 && bytes[0] == UInt8(ascii: "(") && bytes[2] == UInt8(ascii: ")")
      && (0x41...0x5A).contains(bytes[1])
  }

  static func isPriorityTag(_ word: ArraySlice<UInt8>) -> Bool {
    let bytes = Array(word)
    return bytes.count == 5 && bytes[0..<4].elementsEqual("pri:".utf8)
      && (0x41...0x5A).contains(bytes[4] & 0xDF)
  }

  static func isUTF8(_ line: ArraySlice<UInt8>) -> Bool {
    if line.allSatisfy({ $0 < 0x80 }) { return true }
    var iterator = line.makeIterator()
    var decoder = UTF8()
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue: continue
      case .emptyInput: return true
      case .error: return false
      }
    }
  }
}
