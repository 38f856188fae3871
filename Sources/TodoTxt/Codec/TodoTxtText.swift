/// A run of a todo's text, for highlighting `+project`, `@context` and `key:value` in the view.
/// The spans of a text, joined, give the text back.
///
/// ```swift
/// TodoTxtText.spans(in: "Call +Mom @phone").map(\.kind)
/// // [.word, .whitespace, .project, .whitespace, .context]
/// ```
public struct TodoTxtSpan: Equatable, Sendable {
  /// What a span is.
  public enum Kind: Equatable, Sendable {
    /// An ordinary word (including `soandso@example.com`, `+`, `@`).
    case word
    /// Spaces and tabs between words, verbatim.
    case whitespace
    /// `+name`: a `+` starting a word, followed by at least one character.
    case project
    /// `@name`: an `@` starting a word, followed by at least one character.
    case context
    /// `key:value`: one colon, non-empty key and value, no other colon, value not `//…` (URL).
    case tag
  }

  public var kind: Kind
  public var text: Substring

  public init(kind: Kind, text: Substring) {
    self.kind = kind
    self.text = text
  }
}

/// Helpers on the text of a todo: spans for highlighting, and making text safe for one line.
///
/// ```swift
/// TodoTxtText.sanitized("two\nlines")  // "two lines"
/// ```
public enum TodoTxtText {
  /// Splits `text` into words and whitespace, classifying each word.
  ///
  /// ```swift
  /// TodoTxtText.spans(in: "soandso@example.com due:2024-06-01").map(\.kind)
  /// // [.word, .whitespace, .tag]
  /// ```
  public static func spans(in text: String) -> [TodoTxtSpan] {
    var spans: [TodoTxtSpan] = []
    forEachSpan(in: Substring(text)) { spans.append($0) }
    return spans
  }

  /// The spans of `spans(in:)`, one after the other, without an array for them (a row of the
  /// list is drawn span by span on every toggle). Each span's text is a slice of `text`.
  ///
  /// ```swift
  /// TodoTxtText.forEachSpan(in: "call +mom") { print($0.kind) }  // word, whitespace, project
  /// ```
  public static func forEachSpan(in text: Substring, _ body: (TodoTxtSpan) -> Void) {
    var spans = Spans(text)
    while let span = spans.next() { body(span) }
  }

  /// The spans of `spans(in:)` as a sequence read in place: a loop over it captures nothing
  /// (a closure that changes the caller's variables boxes them).
  ///
  /// ```swift
  /// for span in TodoTxtText.Spans("call +mom") { print(span.kind) }  // word, whitespace, project
  /// ```
  public struct Spans: Sequence, IteratorProtocol {
    private let text: Substring
    private var index: Substring.Index

    public init(_ text: Substring) {
      self.text = text
      self.index = text.startIndex
    }

    public mutating func next() -> TodoTxtSpan? {
      guard index < text.endIndex else { return nil }
      let utf8 = text.utf8
      let isSpace = isBlank(utf8[index])
      var end = utf8.index(after: index)
      while end < utf8.endIndex, isBlank(utf8[end]) == isSpace { end = utf8.index(after: end) }
      let piece = text[index..<end]
      index = end
      return TodoTxtSpan(kind: isSpace ? .whitespace : kind(ofWord: piece), text: piece)
    }
  }

  /// `text` with line breaks (LF, CR, VT, FF, NEL, U+2028, U+2029) turned into spaces and other
  /// control characters (C0 but tab, DEL, C1) into U+FFFD, so it fits on one todo.txt line.
  ///
  /// ```swift
  /// TodoTxtText.sanitized("a\r\nb\u{1B}")  // "a  b\u{FFFD}"
  /// ```
  public static func sanitized(_ text: String) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: scalars.append(" ")
      case 0x09: scalars.append(scalar)
      case 0x00..<0x20, 0x7F...0x9F: scalars.append("\u{FFFD}")
      default: scalars.append(scalar)
      }
    }
    return String(scalars)
  }

  /// Whether valid UTF-8 `bytes` hold anything `sanitized` would change.
  static func needsSanitizing<C: Collection<UInt8>>(_ bytes: C) -> Bool where C.Index == Int {
    var i = bytes.startIndex
    while i < bytes.endIndex {
      let b = bytes[i]
      if b < 0x20 && b != ASCII.tab || b == 0x7F { return true }
      if b == 0xC2, i + 1 < bytes.endIndex, (0x80...0x9F).contains(bytes[i + 1]) { return true }
      if b == 0xE2, i + 2 < bytes.endIndex, bytes[i + 1] == 0x80,
        bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9
      {
        return true
      }
      i += 1
    }
    return false
  }

  /// Appends `text`'s UTF-8, sanitized, to `out`.
  static func appendSanitized(_ text: String, to out: inout [UInt8]) {
    var text = text
    let clean = text.withUTF8 { !needsSanitizing($0) }
    if clean {
      out.append(contentsOf: text.utf8)
    } else {
      out.append(contentsOf: sanitized(text).utf8)
    }
  }

  package static func isBlank(_ byte: UInt8) -> Bool { byte == ASCII.space || byte == ASCII.tab }

  package static func kind(ofWord word: Substring) -> TodoTxtSpan.Kind {
    let utf8 = word.utf8
    guard let first = utf8.first else { return .word }
    if utf8.count > 1 {
      if first == UInt8(ascii: "+") { return .project }
      if first == UInt8(ascii: "@") { return .context }
    }
    let colon = UInt8(ascii: ":")
    guard let c = utf8.firstIndex(of: colon), c != utf8.startIndex else { return .word }
    let value = utf8[utf8.index(after: c)...]
    guard !value.isEmpty, !value.contains(colon) else { return .word }
    if value.starts(with: "//".utf8) { return .word }
    return .tag
  }
}
