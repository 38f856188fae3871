/// How many terminal columns text takes, from the project's own Unicode table, never the locale.
///
/// A `Character` (extended grapheme cluster) takes the columns terminals give it when they draw
/// it code point by code point, as xterm does: each spacing code point its own 1 or 2 columns,
/// combining marks, joiners and selectors none. So `日` is 2, `e\u{301}` 1, a flag (two regional
/// indicators) 2, `👍🏽` (emoji + skin tone) 4 and `👨‍👩‍👧` (a ZWJ sequence) 6. One exception:
/// a narrow base with U+FE0F (emoji presentation, `❤️`, `1️⃣`) takes 2, the room terminals that
/// draw it as an emoji need. Control characters count 1: the screen shows each as `�`.
///
/// ```swift
/// DisplayWidth.of("日本")                               // 4
/// DisplayWidth.truncate("Buy 牛乳 today", toWidth: 7)  // "Buy 牛…"
/// ```
public enum DisplayWidth {
  /// One screen cell's worth of a grapheme cluster: a spacing code point with the zero-width
  /// code points that follow it (combining marks, a joiner, a variation selector).
  public struct Segment: Hashable, Sendable {
    public var text: String
    /// 1 or 2.
    public var width: Int
  }

  /// The cells a grapheme cluster is drawn in, in order; empty for a cluster with no width (a
  /// lone ZWSP). A control character is one `�` cell.
  ///
  /// ```swift
  /// DisplayWidth.segments(of: "👍🏽")  // ["👍" (2), "🏽" (2)]
  /// DisplayWidth.segments(of: "é")    // ["é" (1)]
  /// ```
  public static func segments(of character: Character) -> [Segment] {
    if let whole = unsplit(character) { return whole.width == 0 ? [] : [whole] }
    var segments: [Segment] = []
    var current = Segment(text: "", width: 0)
    for scalar in character.unicodeScalars {
      let width = of(scalar: scalar)
      if width > 0, current.width > 0 {
        segments.append(current)
        current = Segment(text: "", width: 0)
      }
      current.text.unicodeScalars.append(scalar)
      current.width += width
    }
    if current.width > 0 { segments.append(current) }
    for index in segments.indices where segments[index].width == 1 {
      if segments[index].text.unicodeScalars.contains(variationSelector16) {
        segments[index].width = 2
      }
    }
    return segments
  }

  /// The one cell a character is drawn in when it needs no splitting (a single code point, or a
  /// control character, shown as one `�`), width 0 for a lone zero-width code point; nil for a
  /// cluster of several code points, which `segments(of:)` splits. Nothing is allocated: text
  /// is drawn character by character, so `ScreenBuffer.write` takes this path for almost all.
  ///
  /// ```swift
  /// DisplayWidth.unsplit("日")       // "日" (2)
  /// DisplayWidth.unsplit("👍🏽")      // nil
  /// ```
  @inline(__always)
  public static func unsplit(_ character: Character) -> Segment? {
    let scalars = character.unicodeScalars
    var iterator = scalars.makeIterator()
    guard let first = iterator.next() else { return Segment(text: "", width: 0) }
    if isControl(first) { return Segment(text: replacementText, width: 1) }
    guard iterator.next() == nil else { return nil }
    return Segment(text: String(character), width: of(scalar: first))
  }

  /// The sum of `segments(of:)`'s widths for a cluster of several code points, without making
  /// the segments: one spacing code point per segment, 2 for a narrow one with U+FE0F.
  static func widthOfSegments(_ scalars: Character.UnicodeScalarView) -> Int {
    var total = 0
    var current = 0
    var currentHasSelector = false
    for scalar in scalars {
      let width = of(scalar: scalar)
      if width > 0, current > 0 {
        total += current == 1 && currentHasSelector ? 2 : current
        current = 0
        currentHasSelector = false
      }
      if scalar == variationSelector16 { currentHasSelector = true }
      current += width
    }
    return total + (current == 1 && currentHasSelector ? 2 : current)
  }

  /// The columns one grapheme cluster takes: the sum of its segments' widths.
  ///
  /// ```swift
  /// DisplayWidth.of("👩‍💻" as Character)  // 4: 👩 and 💻 side by side
  /// ```
  public static func of(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    var iterator = scalars.makeIterator()
    guard let first = iterator.next() else { return 0 }
    guard iterator.next() != nil else { return of(scalar: first) }
    if isControl(first) { return 1 }
    return widthOfSegments(scalars)
  }

  /// The columns a string takes: the sum over its grapheme clusters.
  ///
  /// ```swift
  /// DisplayWidth.of("e\u{301}tude 学")  // 8
  /// ```
  public static func of(_ string: String) -> Int {
    // Printable ASCII and lone code points (`·`, `…`, `日`) are measured byte by byte; the
    // rest, from the first character that needs grapheme breaking, character by character.
    let (fast, end) = shortCutWidth(of: string)
    var total = fast
    if end == string.utf8.count { return total }
    for character in string[string.utf8.index(string.startIndex, offsetBy: end)...] {
      if character.isASCII, !isControl(character.unicodeScalars.first!) {
        total += 1
      } else {
        total += of(character)
      }
    }
    return total
  }

  /// How many leading bytes of `text` are each a character of one column: printable ASCII
  /// followed by ASCII (or the end). Nearly all text is, and is then measured and written a
  /// byte at a time; the count stops before a control (CR LF is one character) and before a
  /// byte a non-ASCII one follows (`e` + U+0301 is one character), so it ends on a boundary.
  ///
  /// ```swift
  /// DisplayWidth.asciiPrefix("Buy milk")  // 8
  /// DisplayWidth.asciiPrefix("caf\u{E9}")  // 2: the `f` could join what follows
  /// ```
  public static func asciiPrefix(_ text: String) -> Int { asciiRun(text, from: 0) }

  /// The UTF-8 length and width of the one non-ASCII code point at byte `start` when it is a
  /// whole cluster by itself, drawn in one cell (`·`, `…`, `✓`, `日`): followed by the end or
  /// by printable ASCII, not a control or a prepending mark, 1 or 2 columns. Nil otherwise,
  /// and the caller breaks the text into characters.
  ///
  /// ```swift
  /// DisplayWidth.loneScalar(in: Array("a · b".utf8)[...], from: 2)  // (2, 1)
  /// ```
  static func loneScalar(
    in bytes: UnsafeBufferPointer<UInt8>, from start: Int
  ) -> (length: Int, width: Int)? {
    let lead = bytes[start]
    let length: Int
    var value: UInt32
    switch lead {
    case 0xC2...0xDF: (length, value) = (2, UInt32(lead & 0x1F))
    case 0xE0...0xEF: (length, value) = (3, UInt32(lead & 0x0F))
    case 0xF0...0xF4: (length, value) = (4, UInt32(lead & 0x07))
    default: return nil
    }
    let end = start + length
    guard end <= bytes.count else { return nil }
    if end < bytes.count {
      let next = bytes[end]
      guard next >= 0x20, next < 0x7F else { return nil }
    }
    for index in (start + 1)..<end {
      let byte = bytes[index]
      guard byte & 0xC0 == 0x80 else { return nil }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    // Overlong and surrogate forms cannot be in a String; Arabic and other scripts' prepending
    // marks (which join the next character) and the C1 controls take the slow path.
    guard let scalar = Unicode.Scalar(value), value >= 0xA0, value < 0x11000,
      !(0x0600...0x0D4E).contains(value), !isControl(scalar)
    else { return nil }
    let width = of(scalar: scalar)
    guard width > 0 else { return nil }
    return (length, width)
  }

  /// `asciiPrefix` from the UTF-8 offset `start` (a character boundary): how many bytes from
  /// there are printable ASCII characters on their own.
  ///
  /// ```swift
  /// DisplayWidth.asciiRun("a · b", from: 4)  // 2: " b"
  /// ```
  public static func asciiRun(_ text: String, from start: Int) -> Int {
    text.utf8.withContiguousStorageIfAvailable { asciiRun(in: $0, from: start) } ?? 0
  }

  /// `asciiRun` over the UTF-8 bytes themselves.
  static func asciiRun(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    var offset = start
    // Eight bytes at a time while all are printable and the byte after them starts no mark
    // (a line is checked at every frame: a byte at a time was most of a typed letter's text).
    if let base = bytes.baseAddress {
      let ones: UInt64 = 0x0101_0101_0101_0101
      let highs: UInt64 = 0x8080_8080_8080_8080
      while offset + 8 <= bytes.count {
        let word = UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
        // A byte under 0x20, or over 0x7E, sets its top bit in one of these (exact for
        // bounds under 128).
        let below = (word &- ones &* 0x20) & ~word & highs
        let above = ((word &+ ones) | word) & highs
        guard below | above == 0, offset + 8 == bytes.count || bytes[offset + 8] < 0x80
        else { break }
        offset += 8
      }
    }
    while offset < bytes.count {
      let byte = bytes[offset]
      guard byte >= 0x20, byte < 0x7F, offset + 1 == bytes.count || bytes[offset + 1] < 0x80
      else { break }
      offset += 1
    }
    return offset - start
  }

  /// The columns of the text's leading characters that take the short cuts (printable ASCII,
  /// lone code points), and the UTF-8 offset where they end (a character boundary).
  static func shortCutWidth(of text: String) -> (width: Int, end: Int) {
    text.utf8.withContiguousStorageIfAvailable { bytes in
      var offset = 0
      var total = 0
      while offset < bytes.count {
        let run = asciiRun(in: bytes, from: offset)
        if run > 0 {
          offset += run
          total += run
        } else if let lone = loneScalar(in: bytes, from: offset) {
          offset += lone.length
          total += lone.width
        } else {
          break
        }
      }
      return (total, offset)
    } ?? (0, 0)
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

  /// The columns `number` takes written in decimal (a minus sign counted), without writing it.
  ///
  /// ```swift
  /// DisplayWidth.of(decimal: 1_024)  // 4
  /// DisplayWidth.of(decimal: -7)     // 2
  /// ```
  public static func of(decimal number: Int) -> Int {
    var (digits, rest) = (number < 0 ? 2 : 1, number.magnitude)
    while rest >= 10 {
      digits += 1
      rest /= 10
    }
    return digits
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
    if room > 0, asciiPrefix(string) >= room {
      // The part kept is one column per byte (a cut there splits no character).
      let kept = String(string[..<string.utf8.index(string.startIndex, offsetBy: room)])
      return ellipsisWidth <= width ? kept + ellipsis : kept
    }
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
  /// to the terminal raw): U+FFFD `�`, as for a control character read from a todo.txt file;
  /// nil for anything else.
  ///
  /// ```swift
  /// DisplayWidth.placeholder(for: "\t")  // "�"
  /// ```
  public static func placeholder(for character: Character) -> Character? {
    guard let first = character.unicodeScalars.first, isControl(first) else { return nil }
    return Character(replacement)
  }

  static let replacement: Unicode.Scalar = "\u{FFFD}"
  static let replacementText = "\u{FFFD}"

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
