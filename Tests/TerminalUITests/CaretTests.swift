import Testing

@testable import TerminalUI

/// Where the terminal cannot show its cursor, the caret is painted instead, and only then.
@Suite struct CaretTests {
  @Test func aTerminalWithoutACursorGetsTheCaretPaintedAndTheCursorHidden() {
    var buffer = ScreenBuffer(width: 10, height: 2)
    buffer.write("Buy milk", x: 0, y: 1, style: Style(underline: true))
    let frame = Frame(buffer: buffer, cursor: CursorPosition(x: 4, y: 1))
    let painted = frame.paintingCaret()
    #expect(painted.cursor == nil)
    #expect(painted.buffer[x: 4, y: 1].style == Style(reverse: true, underline: true))
    #expect(painted.buffer[x: 4, y: 1].grapheme == "m")
    // Every other cell is as it was.
    for x in 0..<10 where x != 4 {
      #expect(painted.buffer[x: x, y: 1] == buffer[x: x, y: 1])
    }
    #expect(painted.buffer.text(ofRow: 1) == "Buy milk")
  }

  @Test func aCaretOnAWideCharacterPaintsAllOfIt() {
    var buffer = ScreenBuffer(width: 6, height: 1)
    buffer.write("a日b", x: 0, y: 0)
    let painted = Frame(buffer: buffer, cursor: CursorPosition(x: 1, y: 0)).paintingCaret()
    #expect(painted.buffer[x: 1, y: 0].style.reverse)
    #expect(painted.buffer[x: 2, y: 0].style.reverse)
    #expect(!painted.buffer[x: 0, y: 0].style.reverse)
    #expect(!painted.buffer[x: 3, y: 0].style.reverse)
  }

  @Test func aCaretOnAReverseCellTurnsItBack() {
    var buffer = ScreenBuffer(width: 4, height: 1)
    buffer.write("ab", x: 0, y: 0, style: Style(reverse: true))
    let painted = Frame(buffer: buffer, cursor: CursorPosition(x: 0, y: 0)).paintingCaret()
    #expect(painted.buffer[x: 0, y: 0].style == .plain)
  }

  @Test func noCursorOrOneOffScreenChangesNothing() {
    var buffer = ScreenBuffer(width: 4, height: 1)
    buffer.write("ab", x: 0, y: 0)
    #expect(Frame(buffer: buffer).paintingCaret() == Frame(buffer: buffer))
    let outside = Frame(buffer: buffer, cursor: CursorPosition(x: 4, y: 0))
    #expect(outside.paintingCaret() == outside)
  }
}
