/// How many terminal columns text takes, from the project's own Unicode table, never the locale.
///
/// A `Character` (extended grapheme cluster) takes 0, 1 or 2 columns: CJK and emoji take 2,
/// combining marks and emoji ZWJ sequences stay inside the cluster of their base, a flag (two
/// regional indicators) or an emoji with U+FE0F takes 2. Control characters count 1 because the
/// screen buffer shows them as one visible placeholder (see `DisplayWidth.placeholder(for:)`).
///
/// ```swift
/// DisplayWidth.of("日本")                               // 4
/// DisplayWidth.truncate("Buy 牛乳 today", toWidth: 7)  // "Buy 牛…"
/// ```
public enum DisplayWidth {
  /// The columns one grapheme cluster takes: 0, 1 or 2.
  ///
  /// ```swift
  /// DisplayWidth.of("👩‍💻" as Character)  // 2
  /// ```
  public static func of(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    var iterator = scalars.makeIterator()
    guard let first = iterator.next() else { return 0 }
    guard let second = iterator.next() else { return of(scalar: first) }
    // Several scalars: a control (CR LF) shows as one placeholder.
    if isControl(first) { return 1 }
    // Two regional indicators make a flag.
    if isRegionalIndicator(first), isRegionalIndicator(second) { return 2 }
    // The base decides, unless a variation selector 16 asks for emoji presentation.
    var width = of(scalar: first)
    if width == 0 {
      // A cluster that starts with a zero-width scalar (e.g. prepended concatenation marks):
      // take the first scalar that has a width.
      for scalar in scalars where of(scalar: scalar) > 0 {
        width = of(scalar: scalar)
        break
      }
    }
    if width == 1, scalars.contains(variationSelector16) { return 2 }
    return width
  }

  /// The columns a string takes: the sum over its grapheme clusters.
  ///
  /// ```swift
  /// DisplayWidth.of("e\u{301}tude 学")  // 8
  /// ```
  public static func of(_ string: String) -> Int {
    var total = 0
    for character in string {
      if character.isASCII, !isControl(character.unicodeScalars.first!) {
        total += 1
      } else {
        total += of(character)
      }
    }
    return total
  }

  /// The columns one code point takes on its own (0, 1 or 2), from the generated table.
  ///
  /// ```swift
  /// DisplayWidth.of(scalar: "\u{301}")  // 0
  /// ```
  public static func of(scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x300 { return 1 }  // Latin (controls count 1: they become placeholders)
    if contains(DisplayWidthTable.zeroWidth, value) { return 0 }
    if contains(DisplayWidthTable.doubleWidth, value) { return 2 }
    return 1
  }

  /// Truncates to at most `width` columns, ending with `ellipsis` when cut; never splits a wide
  /// character (the result may then be one column narrower than `width`).
  ///
  /// ```swift
  /// DisplayWidth.truncate("日本語テキスト", toWidth: 6)  // "日本…"
  /// DisplayWidth.truncate("short", toWidth: 10)          // "short"
  /// ```
  public static func truncate(_ string: String, toWidth width: Int, ellipsis: String = "…")
    -> String
  {
    guard width > 0 else { return "" }
    if of(string) <= width { return string }
    let ellipsisWidth = of(ellipsis)
    let room = ellipsisWidth <= width ? width - ellipsisWidth : width
    var result = ""
    var used = 0
    for character in string {
      let characterWidth = of(character)
      if used + characterWidth > room { break }
      result.append(character)
      used += characterWidth
    }
    return ellipsisWidth <= width ? result + ellipsis : result
  }

  /// The visible stand-in the screen buffer stores for a control character (it is never sent
  /// to the terminal raw): a Control Pictures symbol for C0 and DEL, U+FFFD for C1; nil for
  /// anything else.
  ///
  /// ```swift
  /// DisplayWidth.placeholder(for: "\t")  // "␉"
  /// ```
  public static func placeholder(for character: Character) -> Character? {
    guard let first = character.unicodeScalars.first, isControl(first) else { return nil }
    if character == "\r\n" { return "\u{2424}" }  // SYMBOL FOR NEWLINE
    switch first.value {
    case 0x00...0x1F: return Character(Unicode.Scalar(0x2400 + first.value)!)
    case 0x7F: return "\u{2421}"  // SYMBOL FOR DELETE
    default: return "\u{FFFD}"
    }
  }

  static let variationSelector16: Unicode.Scalar = "\u{FE0F}"

  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }

  static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
    (0x1F1E6...0x1F1FF).contains(scalar.value)
  }

  /// Binary search in a flat, sorted `[first, last, first, last, ...]` range table.
  static func contains(_ table: [UInt32], _ value: UInt32) -> Bool {
    var low = 0
    var high = table.count / 2 - 1
    while low <= high {
      let middle = (low + high) / 2
      if value < table[2 * middle] {
        high = middle - 1
      } else if value > table[2 * middle + 1] {
        low = middle + 1
      } else {
        return true
      }
    }
    return false
  }
}
