import Testing

@testable import TerminalUI

/// A cell's grapheme kept as two words (`CellText`) reads back as it was written, at every
/// length, and two cells are equal exactly when their graphemes, styles and widths are.
@Suite struct CellTextTests {
  @Test(arguments: [
    "", " ", "a", "~", "é", "e\u{301}", "日", "🇫🇷", "👍🏽", "\u{1F469}\u{200D}\u{1F4BB}",
    "123456789012345", "1234567890123456", "abcdefgh", "abcdefghi",
    "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}", "ǅ̴̵̶̷̸",
  ])
  func aGraphemeReadsBackAsWritten(_ text: String) {
    #expect(CellText(text).string == text)
    #expect(Cell(grapheme: text, style: .plain, width: 1).grapheme == text)
  }

  @Test func everyASCIIByteReadsBackAsItsCharacter() {
    for byte in UInt8(32)..<UInt8(127) {
      let cell = Cell(ascii: byte, style: Style(bold: true))
      #expect(cell.grapheme == String(UnicodeScalar(byte)))
      #expect(
        cell == Cell(grapheme: String(UnicodeScalar(byte)), style: Style(bold: true), width: 1))
    }
  }

  @Test func cellsAreEqualWhenTheirPartsAre() {
    let long = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}"
    #expect(
      Cell(grapheme: long, style: .plain, width: 2) == Cell(grapheme: long, style: .plain, width: 2)
    )
    #expect(
      Cell(grapheme: long, style: .plain, width: 2)
        != Cell(grapheme: "\u{1F468}", style: .plain, width: 2))
    #expect(
      Cell(grapheme: "ab", style: .plain, width: 1) != Cell(grapheme: "ba", style: .plain, width: 1)
    )
    #expect(
      Cell(grapheme: "a", style: .plain, width: 1)
        != Cell(grapheme: "a", style: Style(dim: true), width: 1))
    #expect(
      Cell(grapheme: "日", style: .plain, width: 2) != Cell(grapheme: "日", style: .plain, width: 1))
    // Hashing agrees with equality.
    #expect(
      Set([
        Cell(grapheme: long, style: .plain, width: 2),
        Cell(grapheme: long, style: .plain, width: 2),
      ]).count == 1)
    var cell = Cell.blank()
    cell.grapheme = long
    #expect(cell.grapheme == long)
    cell.width = 2
    #expect(cell.width == 2)
  }

  /// A cell has no padding, so equal cells have equal bytes: `ScreenBuffer.forEachChange`
  /// skips a row whose bytes are unchanged with one `memcmp`.
  @Test func aCellHasNoPaddingAndEqualCellsHaveEqualBytes() {
    #expect(MemoryLayout<Cell>.size == MemoryLayout<Cell>.stride)
    #expect(MemoryLayout<Cell>.stride == 24)
    let long = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}"
    let pairs: [(Cell, Cell)] = [
      (Cell(ascii: UInt8(ascii: "a"), style: .plain), Cell(grapheme: "a", style: .plain, width: 1)),
      (
        Cell(grapheme: long, style: .plain, width: 2), Cell(grapheme: long, style: .plain, width: 2)
      ),
      (Cell("日"), Cell(grapheme: "日", style: .plain, width: 2)),
      (Cell.blank(Style(dim: true)), Cell(ascii: UInt8(ascii: " "), style: Style(dim: true))),
    ]
    for (left, right) in pairs {
      #expect(left == right)
      #expect(withUnsafeBytes(of: left) { Array($0) } == withUnsafeBytes(of: right) { Array($0) })
    }
  }
}

/// A style kept in one word reads back every attribute and colour as set, and two styles are
/// equal exactly when every part is.
@Suite struct PackedStyleTests {
  static let colors: [Color?] =
    [nil] + Color.allCases + [.palette(16), .palette(208), .palette(255)]

  @Test func everyColourReadsBackInEitherPlace() {
    for foreground in Self.colors {
      for background in Self.colors {
        let style = Style(underline: true, foreground: foreground, background: background)
        #expect(style.foreground == foreground)
        #expect(style.background == background)
        #expect(style.underline && !style.bold && !style.dim && !style.reverse)
      }
    }
  }

  @Test func stylesAreEqualExactlyWhenTheirPartsAre() {
    var styles: [Style] = []
    for bits in 0..<16 {
      for color in [nil, Color.red, .palette(1), .palette(208)] {
        styles.append(
          Style(
            bold: bits & 1 != 0, dim: bits & 2 != 0, reverse: bits & 4 != 0,
            underline: bits & 8 != 0, foreground: color, background: bits % 3 == 0 ? color : nil))
      }
    }
    for a in styles {
      for b in styles {
        let same =
          a.bold == b.bold && a.dim == b.dim && a.reverse == b.reverse
          && a.underline == b.underline && a.foreground == b.foreground
          && a.background == b.background
        #expect((a == b) == same)
      }
    }
    var style = Style(bold: true, foreground: .cyan)
    style.bold = false
    style.foreground = nil
    #expect(style == .plain)
  }
}

/// `replaceRow` copies a row kept from another frame in place, and ignores a row of another
/// width or outside the buffer.
@Suite struct ReplaceRowTests {
  @Test func aRowIsCopiedWholeOrNotAtAll() {
    var source = ScreenBuffer(width: 6, height: 2)
    source.write("ab日c", x: 0, y: 1, style: Style(bold: true))
    var buffer = ScreenBuffer(width: 6, height: 3)
    buffer.write("zzzzzz", x: 0, y: 0)
    buffer.replaceRow(2, with: Array(source.row(1)))
    #expect(buffer.text(ofRow: 2) == "ab日c")
    #expect(buffer.row(2) == source.row(1))
    #expect(buffer.text(ofRow: 0) == "zzzzzz")
    let before = buffer
    buffer.replaceRow(1, with: Array(repeating: .blank(), count: 5))
    buffer.replaceRow(3, with: Array(source.row(1)))
    buffer.replaceRow(-1, with: Array(source.row(1)))
    #expect(buffer == before)
    var empty = ScreenBuffer(width: 0, height: 2)
    empty.replaceRow(0, with: [])
    #expect(empty == ScreenBuffer(width: 0, height: 2))
  }
}
