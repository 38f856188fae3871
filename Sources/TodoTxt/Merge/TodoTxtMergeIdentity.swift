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
package struct MergeIdentity {
  /// The words, joined by single spaces.
  package var key: [UInt8]
  /// The distinct words as 64-bit hashes (FNV-1a), sorted, for the similarity score. A
  /// collision could only make two lines look a little more alike.
  package var words: [UInt64]

  /// The identity of a line (bytes without the line break), or nil for a line that is not a
  /// todo or has no words left once the markers are stripped.
  package init?(_ line: ArraySlice<UInt8>) {
    guard let first = line.first, first != UInt8(ascii: "#"), Self.isUTF8(line) else {
      return nil
    }
    let identity = line.withUnsafeBufferPointer { Self.make($0) }
    guard let identity else { return nil }
    self = identity
  }

  private init(key: [UInt8], words: [UInt64]) {
    self.key = key
    self.words = words
  }

  private static func make(_ line: UnsafeBufferPointer<UInt8>) -> MergeIdentity? {
    var words: [Range<Int>] = []
    var i = 0
    while i < line.count {
      while i < line.count, line[i] == 0x20 || line[i] == 0x09 { i += 1 }
      let start = i
      while i < line.count, line[i] != 0x20, line[i] != 0x09 { i += 1 }
      if i > start { words.append(start..<i) }
    }
    guard !words.isEmpty else { return nil }
    func word(_ index: Int) -> Slice<UnsafeBufferPointer<UInt8>> { line[words[index]] }
    var drop = 0
    if line[0] == UInt8(ascii: "x"), words[0].count == 1 {
      // `x completion-date creation-date text`
      drop = 1
      while drop < 3, drop < words.count, isDate(word(drop)) { drop += 1 }
    } else if isPriority(word(0)) {
      drop = 1
      if drop < words.count, isDate(word(drop)) { drop += 1 }
    } else if isDate(word(0)) {
      drop = 1
    }
    var key: [UInt8] = []
    key.reserveCapacity(line.count)
    var hashes: [UInt64] = []
    hashes.reserveCapacity(words.count)
    for index in drop..<words.count where !isPriorityTag(word(index)) {
      if !key.isEmpty { key.append(0x20) }
      var hash: UInt64 = 0xCBF2_9CE4_8422_2325
      for byte in word(index) {
        key.append(byte)
        hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3
      }
      hashes.append(hash)
    }
    guard !key.isEmpty else { return nil }
    hashes.sort()
    var unique: [UInt64] = []
    unique.reserveCapacity(hashes.count)
    for hash in hashes where unique.last != hash { unique.append(hash) }
    return MergeIdentity(key: key, words: unique)
  }

  /// How many words the two identities share (both lists are sorted and distinct).
  package func sharedWords(with other: MergeIdentity) -> Int {
    var (i, j, shared) = (0, 0, 0)
    while i < words.count, j < other.words.count {
      if words[i] == other.words[j] {
        shared += 1
        i += 1
        j += 1
      } else if words[i] < other.words[j] {
        i += 1
      } else {
        j += 1
      }
    }
    return shared
  }

  /// Whether two lines with `shared` words in common, out of `a` and `b` distinct words, are
  /// the same todo changed: their Dice coefficient 2·shared / (a + b) is at least 0.6.
  ///
  /// ```swift
  /// MergeIdentity.isSimilar(shared: 2, 2, 3)  // "Buy milk" vs "Buy oat milk": 0.8, true
  /// MergeIdentity.isSimilar(shared: 1, 2, 2)  // "Call Mom" vs "Call Dad": 0.5, false
  /// ```
  package static func isSimilar(shared: Int, _ a: Int, _ b: Int) -> Bool {
    10 * 2 * shared >= 6 * (a + b)
  }

  static func isDate(_ word: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
    guard word.count == 10 else { return false }
    let s = word.startIndex
    for offset in 0..<10 {
      let byte = word[s + offset]
      let isDash = offset == 4 || offset == 7
      if isDash ? byte != UInt8(ascii: "-") : !(0x30...0x39).contains(byte) { return false }
    }
    return true
  }

  static func isPriority(_ word: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
    let s = word.startIndex
    return word.count == 3 && word[s] == UInt8(ascii: "(") && word[s + 2] == UInt8(ascii: ")")
      && (0x41...0x5A).contains(word[s + 1])
  }

  static func isPriorityTag(_ word: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
    let s = word.startIndex
    return word.count == 5 && word[s] == UInt8(ascii: "p") && word[s + 1] == UInt8(ascii: "r")
      && word[s + 2] == UInt8(ascii: "i") && word[s + 3] == UInt8(ascii: ":")
      && (0x41...0x5A).contains(word[s + 4] & 0xDF)
  }

  static func isUTF8(_ line: ArraySlice<UInt8>) -> Bool {
    let isASCII = line.withUnsafeBufferPointer { buffer in
      var any: UInt8 = 0
      for byte in buffer { any |= byte }
      return any < 0x80
    }
    if isASCII { return true }
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
