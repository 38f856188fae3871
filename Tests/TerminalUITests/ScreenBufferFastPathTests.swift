import Testing

@testable import TerminalUI

/// `ScreenBuffer.write` takes short cuts: printable ASCII a byte at a time, and a lone
/// non-ASCII code point (`·`, `…`, `日`) without grapheme breaking. Whatever the text, the cells
/// must be the ones a plain character-by-character writer (here, in the test) gives.
@Suite struct ScreenBufferFastPathTests {
  /// Pieces that meet the short cuts in every way that matters: marks joining the character
  /// before them, a prepending mark joining the one after it, CR LF, C0 and C1 controls, wide
  /// and zero-width characters, emoji with a selector, a flag.
  static let pieces = [
    "a", "b", "Z", " ", "~", "\u{301}", "\r", "\n", "\r\n", "\t", "\u{7F}", "\u{85}", "界",
    "\u{200B}", "☺\u{FE0F}", "é", "🇫🇷", "·", "…", "✓", "€", "\u{0600}", "\u{FE0F}", "😀",
    "\u{200D}", "한",
  ]

  @Test func everyShortCutGivesTheCellsOfACharacterByCharacterWriter() {
    var seed: UInt64 = 2026
    func next(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(bound))
    }
    for round in 0..<2000 {
      let text = (0..<next(12)).map { _ in Self.pieces[next(Self.pieces.count)] }.joined()
      let x = next(6) - 2
      let maxWidth = next(12) + 1
      // Over earlier text with wide characters, which a run must not leave cut in half.
      var under = ScreenBuffer(width: 12, height: 1)
      under.write(["日本語日本語", "a日b本c語", "", "x界"][next(4)], x: next(3) - 1, y: 0)
      var fast = under
      let used = fast.write(text, x: x, y: 0, maxWidth: maxWidth)
      let (slow, slowUsed) = Self.reference(
        text, x: x, over: under, maxWidth: maxWidth)
      #expect(fast == slow, "round \(round): \(text.unicodeScalars.map(\.value))")
      #expect(used == slowUsed, "round \(round): \(text.unicodeScalars.map(\.value))")
    }
  }

  /// A slice is written as the string made of it would be, wherever it starts and ends
  /// (in the middle of a cluster too: a slice's bounds are its own).
  @Test func aSliceIsWrittenAsTheStringMadeOfIt() {
    var seed: UInt64 = 5
    func next(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(bound))
    }
    for round in 0..<2000 {
      let text = (0..<next(12)).map { _ in Self.pieces[next(Self.pieces.count)] }.joined()
      let scalars = Array(text.unicodeScalars.indices) + [text.endIndex]
      let from = scalars[next(scalars.count)]
      let to = scalars[next(scalars.count)]
      let slice = text[min(from, to)..<max(from, to)]
      let x = next(6) - 2
      let maxWidth = next(12) + 1
      var sliced = ScreenBuffer(width: 12, height: 1)
      sliced.write(["日本語日本語", "a日b本c語", "", "x界"][round % 4], x: round % 3 - 1, y: 0)
      var whole = sliced
      let used = sliced.write(slice, x: x, y: 0, maxWidth: maxWidth)
      let wholeUsed = whole.write(String(slice), x: x, y: 0, maxWidth: maxWidth)
      #expect(sliced == whole, "round \(round): \(slice.unicodeScalars.map(\.value))")
      #expect(used == wholeUsed, "round \(round)")
      if sliced != whole { break }
    }
  }

  /// `fill` blanks a rectangle row by row, looking only at each run's two ends for a wide
  /// character to break: the cells are those of blanking the cells one by one.
  @Test func fillGivesTheCellsOfBlankingOneByOne() {
    var seed: UInt64 = 27
    func next(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(bound))
    }
    let lines = ["日本語日本語", "a日b本c語", "", "x界 ab", "界界界界界界"]
    for round in 0..<1000 {
      var under = ScreenBuffer(width: 12, height: 3)
      for y in 0..<3 { under.write(lines[next(lines.count)], x: next(3) - 1, y: y) }
      let (x, y, width, height) = (next(16) - 3, next(5) - 1, next(16), next(4))
      let style = Style(reverse: next(2) == 0)
      var fast = under
      fast.fill(x: x, y: y, width: width, height: height, style: style)
      var slow = under
      for row in y..<(y + height) {
        for column in x..<(x + width) { slow[x: column, y: row] = .blank(style) }
      }
      #expect(fast == slow, "round \(round): \(x), \(y), \(width)×\(height)")
      if fast != slow { break }
    }
  }

  @Test func aLoneCodePointIsFoundOnlyWhenItIsAWholeCluster() {
    func lone(_ text: String, _ offset: Int) -> Int? {
      Array(text.utf8).withUnsafeBufferPointer {
        DisplayWidth.loneScalar(in: $0, from: offset)?.width
      }
    }
    #expect(lone("a·b", 1) == 1)
    #expect(lone("日", 0) == 2)
    #expect(lone("é\u{301}", 0) == nil)  // a mark follows: one cluster of two code points
    #expect(lone("\u{0600}a", 0) == nil)  // a prepending mark joins the letter after it
    #expect(lone("\u{85}", 0) == nil)  // a C1 control: shown as �, by the slow path
    #expect(lone("\u{200B}a", 0) == nil)  // no width
  }

  /// Writes `text` character by character, each cluster as its segments, the way `write`
  /// documents it: clipped at both edges and at `maxWidth`, a cluster whole or not at all.
  static func reference(
    _ text: String, x: Int, over buffer: ScreenBuffer, maxWidth: Int
  ) -> (ScreenBuffer, Int) {
    var buffer = buffer
    let limit = min(buffer.width, x + maxWidth)
    var column = x
    for character in text {
      guard column < limit else { break }
      let segments = DisplayWidth.segments(of: character)
      let total = segments.reduce(0) { $0 + $1.width }
      if total == 0 { continue }
      guard column + total <= limit else {
        for blank in column..<limit where blank >= 0 { buffer[x: blank, y: 0] = .blank() }
        column = limit
        break
      }
      for segment in segments {
        if column >= 0 {
          buffer[x: column, y: 0] = Cell(
            grapheme: segment.text, style: .plain, width: segment.width)
        } else {
          for hidden in column..<(column + segment.width) where hidden >= 0 {
            buffer[x: hidden, y: 0] = .blank()
          }
        }
        column += segment.width
      }
    }
    return (buffer, max(0, column - x))
  }
}
