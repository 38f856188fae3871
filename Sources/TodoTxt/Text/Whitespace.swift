/// Trimming blanks off both ends of a string without Foundation, with the same characters as
/// Foundation's `CharacterSet.whitespaces` (tab, the Unicode space separators, Zs, and U+200B) and
/// `CharacterSet.whitespacesAndNewlines` (those, the line and paragraph separators, U+000A–U+000D
/// and U+0085). Trimmed by Unicode scalar, as Foundation does.
///
/// ```swift
/// "\t buy milk \u{3000}".trimmingWhitespace()  // "buy milk"
/// " a\n".trimmingWhitespaceAndNewlines()  // "a"
/// ```
extension StringProtocol {
  /// The text without the tabs and spaces (any Zs) at its ends.
  ///
  /// ```swift
  /// "  Call Mom ".trimmingWhitespace()  // "Call Mom"
  /// ```
  public func trimmingWhitespace() -> String {
    trimming(while: Self.isWhitespace)
  }

  /// The text without the whitespace and line breaks at its ends.
  ///
  /// ```swift
  /// "\r\n todo.txt \n".trimmingWhitespaceAndNewlines()  // "todo.txt"
  /// ```
  public func trimmingWhitespaceAndNewlines() -> String {
    trimming { Self.isWhitespace($0) || Self.isNewline($0) }
  }

  private func trimming(while isBlank: (Unicode.Scalar) -> Bool) -> String {
    let scalars = Substring(self).unicodeScalars
    guard let first = scalars.firstIndex(where: { !isBlank($0) }),
      let last = scalars.lastIndex(where: { !isBlank($0) })
    else { return "" }
    return String(Substring(scalars[first...last]))
  }

  /// Tab, a space separator (Unicode general category Zs) or U+200B ZERO WIDTH SPACE (a Zs
  /// in the Unicode tables Foundation's set was made from).
  static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "\t" || scalar == "\u{200B}" || scalar.properties.generalCategory == .spaceSeparator
  }

  /// U+000A–U+000D, U+0085, or a line or paragraph separator (Zl, Zp).
  static func isNewline(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
    default: false
    }
  }
}
