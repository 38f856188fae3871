@_spi(_Unicode) import Swift

extension Search {
  /// A search query, folded once: matches a description case-insensitively without copying it.
  ///
  /// An ASCII query (the usual case) is compared byte by byte with the description's UTF-8,
  /// ASCII letters folded; an ASCII letter followed by a combining accent (`e` + U+0301) is not
  /// that letter. Any other query compares lowercased text: `été` finds `Été`, `σοφία` finds
  /// `ΣΟΦΊΑ`; an all-ASCII description cannot hold such a query, so it is skipped unread.
  ///
  /// ```swift
  /// Search.Pattern("MILK").matches("Buy milk")  // true
  /// ```
  struct Pattern {
    /// The query lowercased; empty matches everything.
    let folded: String
    /// The folded query's bytes when it is ASCII.
    let ascii: [UInt8]?
    /// Whether text made only of ASCII can hold the query: false when the query's canonical
    /// decomposition has a code point outside ASCII (`é` is `e` + U+0301). Only a few code
    /// points decompose to ASCII (U+037E to `;`), and such a query reads every description.
    let canMatchASCIIText: Bool
    /// A query with `+tag`/`@tag` or `(A)` terms (`SearchQuery`): its phrases, each matched as
    /// a query of its own, and its tags and priorities, matched whole; nil for a query without.
    let tagged: (phrases: [Pattern], tags: SearchQuery)?

    init(_ query: String) {
      let split = SearchQuery(query)
      let terms = split.tags + split.priorities.map { "(\($0))" }
      tagged =
        terms.isEmpty
        ? nil
        : (split.phrases.map(Pattern.init), SearchQuery(terms.joined(separator: " ")))
      folded = query.lowercased()
      ascii = folded.utf8.allSatisfy { $0 < 0x80 } ? Array(folded.utf8) : nil
      canMatchASCIIText =
        ascii != nil
        || Self.decomposesToASCII(folded)
    }

    var isEmpty: Bool { folded.isEmpty }

    /// Whether a todo with description `text` and `priority` matches.
    func matches(_ text: String, priority: Character? = nil) -> Bool {
      if let tagged {
        return tagged.phrases.allSatisfy { $0.matches(text) }
          && tagged.tags.matches(text, priority: priority)
      }
      guard let ascii else {
        // Lowercasing copies the text: at 100k todos that cost 0.4 s per key.
        if !canMatchASCIIText, Self.isASCII(text) { return false }
        return text.lowercased().contains(folded)
      }
      if ascii.isEmpty { return true }
      if let found = text.utf8.withContiguousStorageIfAvailable({ Self.find(ascii, in: $0) }) {
        return found
      }
      return Array(text.utf8).withUnsafeBufferPointer { Self.find(ascii, in: $0) }
    }

    /// Whether `needle` (lowercase ASCII) occurs in `haystack` with ASCII letters folded, not
    /// followed by a combining accent (U+0300…U+036F, lead bytes 0xCC 0xCD).
    static func find(_ needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
      let count = needle.count
      guard haystack.count >= count else { return false }
      return needle.withUnsafeBufferPointer { needle in
        let first = needle[0]
        var start = 0
        let last = haystack.count - count
        while start <= last {
          if fold(haystack[start]) == first {
            var offset = 1
            while offset < count, fold(haystack[start + offset]) == needle[offset] { offset += 1 }
            if offset == count {
              let end = start + count
              if end == haystack.count || !(0xCC...0xCD).contains(haystack[end]) { return true }
            }
          }
          start += 1
        }
        return false
      }
    }

    /// Whether every byte of the text's UTF-8 is ASCII (read in place, no copy).
    static func isASCII(_ text: String) -> Bool {
      text.utf8.withContiguousStorageIfAvailable { bytes in !bytes.contains { $0 >= 0x80 } }
        ?? text.utf8.allSatisfy { $0 < 0x80 }
    }

    /// Whether the text's canonical decomposition (NFD) is all ASCII, so that it can occur in
    /// ASCII text (`K`, U+212A KELVIN SIGN, decomposes to `K`; `é` does not), as
    /// Foundation's `decomposedStringWithCanonicalMapping` would say, from the standard
    /// library's own decomposition.
    ///
    /// ```swift
    /// Search.Pattern.decomposesToASCII("\u{212A}")  // true
    /// ```
    static func decomposesToASCII(_ text: String) -> Bool {
      text._nfd.allSatisfy(\.isASCII)
    }

    @inline(__always) static func fold(_ byte: UInt8) -> UInt8 {
      byte &- 0x41 < 26 ? byte | 0x20 : byte
    }
  }
}
