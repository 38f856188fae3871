/// The links in a todo's text: words that are, or hold, a URL starting `http://`, `https://`,
/// `file://` or `mailto:` (the scheme in any case). Punctuation around a URL in prose is not
/// part of it: `(see https://example.com/a).` links `https://example.com/a`; a `)` that closes
/// a `(` inside the URL stays (`https://en.wikipedia.org/wiki/Swift_(language)`).
///
/// ```swift
/// TodoLinks.urls(in: "Read https://a.example/x, mailto:bob@b.example")
/// // ["https://a.example/x", "mailto:bob@b.example"]
/// ```
public enum TodoLinks {
  /// The schemes a link starts with, lowercase.
  public static let schemes = ["http://", "https://", "file://", "mailto:"]

  /// The URLs in `text`, in order, each once.
  ///
  /// ```swift
  /// TodoLinks.urls(in: "a https://x.example b https://x.example")  // ["https://x.example"]
  /// ```
  public static func urls(in text: String) -> [String] {
    var found: [String] = []
    for word in text.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
      guard let range = url(in: word) else { continue }
      let url = String(word[range])
      if !found.contains(url) { found.append(url) }
    }
    return found
  }

  /// Where the URL is in one word (no spaces), or nil when it holds none: from the first
  /// scheme to the end, less the punctuation that ends a sentence or closes a bracket opened
  /// before the URL.
  ///
  /// ```swift
  /// TodoLinks.url(in: "<https://x.example>.")  // the range of "https://x.example"
  /// ```
  public static func url(in word: Substring) -> Range<String.Index>? {
    guard word.utf8.contains(UInt8(ascii: ":")) else { return nil }
    var start = word.startIndex
    while start < word.endIndex {
      let rest = word[start...]
      if let scheme = schemes.first(where: { hasPrefix(rest, $0) }) {
        var end = word.endIndex
        while end > start {
          let last = word[word.index(before: end)]
          guard trailing.contains(last) || isUnbalancedCloser(last, in: word[start..<end]) else {
            break
          }
          end = word.index(before: end)
        }
        // Something after the scheme: `https://` alone, or `mailto:`, is no link.
        guard word.distance(from: start, to: end) > scheme.count else { return nil }
        return start..<end
      }
      start = word.index(after: start)
    }
    return nil
  }

  /// Punctuation that ends a sentence or a quotation, never a URL.
  private static let trailing: Set<Character> = [".", ",", ";", ":", "!", "?", "'", "\"", "”", "’"]

  private static let pairs: [Character: Character] = [")": "(", "]": "[", "}": "{", ">": "<"]

  /// Whether `last` closes a bracket the URL itself did not open.
  private static func isUnbalancedCloser(_ last: Character, in url: Substring) -> Bool {
    guard let opener = pairs[last] else { return false }
    let opened = url.reduce(0) { $0 + ($1 == opener ? 1 : 0) }
    let closed = url.reduce(0) { $0 + ($1 == last ? 1 : 0) }
    return closed > opened
  }

  /// Whether `text` starts with `prefix` (lowercase ASCII), ignoring the case of `text`.
  private static func hasPrefix(_ text: Substring, _ prefix: String) -> Bool {
    var iterator = text.utf8.makeIterator()
    for expected in prefix.utf8 {
      guard let byte = iterator.next() else { return false }
      let lower = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
      guard lower == expected else { return false }
    }
    return true
  }
}
