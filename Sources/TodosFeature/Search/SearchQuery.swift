import TodoTxt

/// The search text, split into tag terms (`+word`, `@word`: must be one of the todo's tags,
/// whole) and text phrases (the words between them: must appear in the text). All terms must
/// match; case is ignored throughout, as the search always did.
///
/// A query without tag terms is one phrase, so it matches exactly what the plain substring
/// search matched. Which words are tags is decided by the codec's rule
/// (`TodoTxtText.kind(ofWord:)`): a lone `+` or `@` is text. A word `(A)` (any letter, any
/// case) is a priority term: it matches the todos with that priority, as `todo.sh ls "(A)"`
/// finds them, and a description holding `(A)` as text.
///
/// ```swift
/// let query = SearchQuery("+work call mom")
/// query.matches("Call Mom +work")      // true
/// query.matches("Call Mom +workshop")  // false: +workshop is not +work
/// query.matches("call mom +Work")      // true: case is ignored
/// SearchQuery("(a)").matches("Call Mom", priority: "A")  // true
/// ```
public struct SearchQuery: Equatable, Sendable {
  /// The tag terms, lowercased, with their sign: `+work`.
  public private(set) var tags: [String] = []
  /// The text phrases, lowercased, as typed between tag terms (inner spacing kept).
  public private(set) var phrases: [String] = []
  /// The priority terms, upper case: `(a)` and `(A)` give `A`.
  public private(set) var priorities: [Character] = []

  /// Splits `text` (surrounding spaces ignored).
  ///
  /// ```swift
  /// SearchQuery("buy +home milk @store").phrases  // ["buy", "milk"]
  /// ```
  public init(_ text: String) {
    var phraseStart: String.Index?
    var phraseEnd = text.startIndex
    func endPhrase() {
      if let start = phraseStart { phrases.append(text[start..<phraseEnd].lowercased()) }
      phraseStart = nil
    }
    var index = text.startIndex
    let utf8 = text.utf8
    while index < utf8.endIndex {
      while index < utf8.endIndex, TodoTxtText.isBlank(utf8[index]) {
        index = utf8.index(after: index)
      }
      let start = index
      while index < utf8.endIndex, !TodoTxtText.isBlank(utf8[index]) {
        index = utf8.index(after: index)
      }
      guard start < index else { break }
      let word = text[start..<index]
      if let letter = Self.priority(ofWord: word) {
        endPhrase()
        if !priorities.contains(letter) { priorities.append(letter) }
        continue
      }
      switch TodoTxtText.kind(ofWord: word) {
      case .project, .context:
        endPhrase()
        let tag = word.lowercased()
        if !tags.contains(tag) { tags.append(tag) }
      default:
        if phraseStart == nil { phraseStart = start }
        phraseEnd = index
      }
    }
    endPhrase()
  }

  /// True when the query has no terms: everything matches.
  public var isEmpty: Bool { tags.isEmpty && phrases.isEmpty && priorities.isEmpty }

  /// The letter of a priority term, `(A)` or `(a)`; nil for any other word.
  ///
  /// ```swift
  /// SearchQuery.priority(ofWord: "(b)")  // "B"
  /// ```
  static func priority(ofWord word: Substring) -> Character? {
    let bytes = Array(word.utf8)
    guard bytes.count == 3, bytes[0] == UInt8(ascii: "("), bytes[2] == UInt8(ascii: ")")
    else { return nil }
    let letter = bytes[1] & ~0x20
    guard (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(letter) else { return nil }
    return Character(Unicode.Scalar(letter))
  }

  /// Whether a todo with description `text` and `priority` matches every term.
  ///
  /// ```swift
  /// SearchQuery("@phone").matches("Call Mom @phone")  // true
  /// SearchQuery("@pho").matches("Call Mom @phone")    // false
  /// ```
  public func matches(_ text: String, priority: Character? = nil) -> Bool {
    if isEmpty { return true }
    if !phrases.isEmpty || !priorities.isEmpty {
      let lowered = text.lowercased()
      for phrase in phrases where !lowered.containsText(phrase) { return false }
      for letter in priorities where letter != priority {
        guard lowered.containsText("(\(letter.lowercased()))") else { return false }
      }
    }
    guard !tags.isEmpty else { return true }
    var missing = tags.count
    var seen: [Bool] = Array(repeating: false, count: tags.count)
    TagIndex.forEachTag(in: text) { _, word in
      guard missing > 0 else { return }
      let lowered = word.lowercased()
      if let index = tags.firstIndex(of: lowered), !seen[index] {
        seen[index] = true
        missing -= 1
      }
    }
    return missing == 0
  }

  /// Whether `text` carries `tag` (`+work`, `@phone`) exactly, case included: the picker's
  /// filter, where `+Work` and `+work` are different projects.
  ///
  /// ```swift
  /// SearchQuery.carries("+work", in: "Report +work")  // true
  /// SearchQuery.carries("+work", in: "Report +Work")  // false
  /// ```
  public static func carries(_ tag: String, in text: String) -> Bool {
    var found = false
    TagIndex.forEachTag(in: text) { _, word in
      if !found, word == tag { found = true }
    }
    return found
  }
}
