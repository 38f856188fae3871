/// Where a todo.txt line's fields are recognised, shared by the parser and the printer so that
/// what one writes the other reads back.
///
/// A line is `[x ][(A) ][date ][date ]text`; which of those can still come depends on what was
/// read so far (`Position`). todo.txt has no escaping, so when a todo's text starts with
/// something that would read as a field it does not have (`x `, `(A) `, `2024-01-01 `, `#`),
/// the printer puts one space before the text and the parser drops it again. Readers that go by
/// the spec (todo.sh's `^x `, `^(A) `) see no field there either.
///
/// ```swift
/// TodoTxtLine(text: "x marks the spot").serialized()  // " x marks the spot"
/// TodoTxtLine.parse(Array(" x marks the spot".utf8))?.text  // "x marks the spot"
/// ```
enum TodoTxtField {
  /// What the parser has read so far, so which field may come next.
  enum Position: Equatable {
    /// Nothing: `x `, `(A) `, a date or a `#` comment may come.
    case lineStart
    /// `x `: a priority or the completion date may come.
    case afterCompletionMark
    /// `(A) ` (or `x (A) `): only a date may come.
    case afterPriority
    /// `x date `: only the creation date may come.
    case afterCompletionDate
    /// Every field that can come has: the rest is text whatever it looks like.
    case text
  }

  /// `x ` at `index`.
  static func isCompletionMark(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, at index: Int) -> Bool {
    index + 2 <= bytes.endIndex && bytes[index] == ASCII.x && bytes[index + 1] == ASCII.space
  }

  /// `(A) ` (an uppercase ASCII letter) at `index`.
  static func isPriority(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, at index: Int) -> Bool {
    index + 4 <= bytes.endIndex && bytes[index] == ASCII.openParen
      && bytes[index + 2] == ASCII.closeParen && bytes[index + 3] == ASCII.space
      && (ASCII.upperA...ASCII.upperZ).contains(bytes[index + 1])
  }

  /// A valid `YYYY-MM-DD` followed by a space at `index`.
  static func date(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, at index: Int) -> TodoDate? {
    guard index + 11 <= bytes.endIndex, bytes[index + 10] == ASCII.space else { return nil }
    return TodoDate(utf8: bytes[index..<(index + 10)])
  }

  /// Whether the parser, at `position`, would read a field (or a comment) at `index`.
  static func startsField(
    _ bytes: Slice<UnsafeBufferPointer<UInt8>>, at index: Int, after position: Position
  ) -> Bool {
    switch position {
    case .lineStart:
      return index < bytes.endIndex && bytes[index] == ASCII.hash
        || isCompletionMark(bytes, at: index) || isPriority(bytes, at: index)
        || date(bytes, at: index) != nil
    case .afterCompletionMark:
      return isPriority(bytes, at: index) || date(bytes, at: index) != nil
    case .afterPriority, .afterCompletionDate:
      return date(bytes, at: index) != nil
    case .text:
      return false
    }
  }

  /// Whether `text`, printed at `position`, needs the escaping space: it starts, after any
  /// spaces, with what would read as a field. (Spaces count so that text which really starts
  /// with spaces keeps all of them.)
  static func needsEscape(_ text: Slice<UnsafeBufferPointer<UInt8>>, after position: Position)
    -> Bool
  {
    guard position != .text else { return false }
    var index = text.startIndex
    while index < text.endIndex, text[index] == ASCII.space { index += 1 }
    return startsField(text, at: index, after: position)
  }

  /// Whether the rest of a line after the fields read at `position` starts with the escaping
  /// space the printer adds (`needsEscape` of the rest without its first space).
  static func isEscaped(_ rest: Slice<UnsafeBufferPointer<UInt8>>, after position: Position)
    -> Bool
  {
    guard position != .text, rest.first == ASCII.space else { return false }
    return needsEscape(rest.dropFirst(), after: position)
  }

  /// `needsEscape` for printed bytes from `start` on.
  static func needsEscape(_ bytes: [UInt8], from start: Int, after position: Position) -> Bool {
    bytes.withUnsafeBufferPointer { needsEscape($0[start...], after: position) }
  }
}
