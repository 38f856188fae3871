import Glibc
import Testing

@testable import TerminalUI

@Suite struct KeyDecodingTests {
  @Test func printableCharactersIncludingFullUnicode() {
    #expect(CursesKeyDecoder.decode(character: 0x61) == .character("a"))
    #expect(CursesKeyDecoder.decode(character: 0x20) == .character(" "))
    #expect(CursesKeyDecoder.decode(character: 0x7E) == .character("~"))
    #expect(CursesKeyDecoder.decode(character: 0x00E9) == .character("é"))
    #expect(CursesKeyDecoder.decode(character: 0x725B) == .character("牛"))
    #expect(CursesKeyDecoder.decode(character: 0x1F389) == .character("🎉"))
  }

  @Test func enterTabEscapeAndBackspace() {
    #expect(CursesKeyDecoder.decode(character: 13) == .enter)  // CR, with nonl()
    #expect(CursesKeyDecoder.decode(character: 10) == .enter)
    #expect(CursesKeyDecoder.decode(character: 9) == .tab)
    #expect(CursesKeyDecoder.decode(character: 27) == .escape)
    #expect(CursesKeyDecoder.decode(character: 127) == .backspace)
    #expect(CursesKeyDecoder.decode(character: 8) == .backspace)
    #expect(CursesKeyDecoder.decode(keyCode: CursesKeyDecoder.Code.backspace) == .backspace)
  }

  @Test func controlLetters() {
    #expect(CursesKeyDecoder.decode(character: 1) == .ctrl("a"))
    #expect(CursesKeyDecoder.decode(character: 3) == .ctrl("c"))
    #expect(CursesKeyDecoder.decode(character: 4) == .ctrl("d"))
    #expect(CursesKeyDecoder.decode(character: 5) == .ctrl("e"))
    #expect(CursesKeyDecoder.decode(character: 11) == .ctrl("k"))
    #expect(CursesKeyDecoder.decode(character: 18) == .ctrl("r"))
    #expect(CursesKeyDecoder.decode(character: 21) == .ctrl("u"))
    #expect(CursesKeyDecoder.decode(character: 23) == .ctrl("w"))
    #expect(CursesKeyDecoder.decode(character: 26) == .ctrl("z"))
    #expect(CursesKeyDecoder.decode(character: 0) == .ctrl("@"))
    #expect(CursesKeyDecoder.decode(character: 28) == .ctrl("\\"))
    #expect(CursesKeyDecoder.decode(character: 31) == .ctrl("_"))
  }

  @Test func c1ControlsAreNotKeys() {
    #expect(CursesKeyDecoder.decode(character: 0x85) == nil)
    #expect(CursesKeyDecoder.decode(character: 0x9B) == nil)
    #expect(CursesKeyDecoder.decode(character: 0xD800) == nil)  // not a scalar
  }

  @Test func functionKeyCodes() {
    typealias Code = CursesKeyDecoder.Code
    let expected: [(Int32, Key)] = [
      (Code.up, .up), (Code.down, .down), (Code.left, .left), (Code.right, .right),
      (Code.home, .home), (Code.end, .end), (Code.previousPage, .pageUp),
      (Code.nextPage, .pageDown), (Code.deleteCharacter, .delete),
      (Code.insertCharacter, .insert), (Code.backTab, .backTab), (Code.enter, .enter),
      (Code.scrollReverse, .shiftUp), (Code.scrollForward, .shiftDown),
      (Code.shiftLeft, .shiftLeft), (Code.shiftRight, .shiftRight),
      (Code.f0 + 1, .function(1)), (Code.f0 + 12, .function(12)),
    ]
    for (code, key) in expected {
      #expect(CursesKeyDecoder.decode(keyCode: code) == key, "code \(code)")
    }
    #expect(CursesKeyDecoder.decode(keyCode: Code.resize) == nil)
    #expect(CursesKeyDecoder.decode(keyCode: Code.mouse) == nil)
    #expect(CursesKeyDecoder.decode(keyCode: 0o777) == nil)
  }

  @Test func vt220FindAndSelectAreHomeAndEnd() {
    // vt220's terminfo names ESC[1~ and ESC[4~ Find (kfnd) and Select (kslt), not Home/End.
    #expect(CursesKeyDecoder.decode(keyCode: CursesKeyDecoder.Code.find) == .home)
    #expect(CursesKeyDecoder.decode(keyCode: CursesKeyDecoder.Code.select) == .end)
  }

  @Test func codesMatchTheCursesHeader() {
    let ours: [String: Int32] = [
      "down": CursesKeyDecoder.Code.down, "up": CursesKeyDecoder.Code.up,
      "left": CursesKeyDecoder.Code.left, "right": CursesKeyDecoder.Code.right,
      "home": CursesKeyDecoder.Code.home, "backspace": CursesKeyDecoder.Code.backspace,
      "f0": CursesKeyDecoder.Code.f0, "deleteCharacter": CursesKeyDecoder.Code.deleteCharacter,
      "insertCharacter": CursesKeyDecoder.Code.insertCharacter,
      "scrollForward": CursesKeyDecoder.Code.scrollForward,
      "scrollReverse": CursesKeyDecoder.Code.scrollReverse,
      "nextPage": CursesKeyDecoder.Code.nextPage,
      "previousPage": CursesKeyDecoder.Code.previousPage,
      "enter": CursesKeyDecoder.Code.enter, "backTab": CursesKeyDecoder.Code.backTab,
      "end": CursesKeyDecoder.Code.end, "find": CursesKeyDecoder.Code.find,
      "select": CursesKeyDecoder.Code.select, "shiftLeft": CursesKeyDecoder.Code.shiftLeft,
      "shiftRight": CursesKeyDecoder.Code.shiftRight, "mouse": CursesKeyDecoder.Code.mouse,
      "resize": CursesKeyDecoder.Code.resize,
    ]
    #expect(ours == NcursesTerminal.headerKeyCodes)
  }

  @Test func mouseEvents() {
    typealias Mask = CursesKeyDecoder.MouseMask
    #expect(
      CursesKeyDecoder.decodeMouse(x: 4, y: 2, state: Mask.pressed(1))
        == MouseEvent(x: 4, y: 2, kind: .press(button: 1)))
    #expect(
      CursesKeyDecoder.decodeMouse(x: 4, y: 2, state: Mask.released(1))
        == MouseEvent(x: 4, y: 2, kind: .release(button: 1)))
    #expect(
      CursesKeyDecoder.decodeMouse(x: 0, y: 0, state: Mask.pressed(4))
        == MouseEvent(x: 0, y: 0, kind: .wheelUp))
    #expect(
      CursesKeyDecoder.decodeMouse(x: 0, y: 0, state: Mask.pressed(5))
        == MouseEvent(x: 0, y: 0, kind: .wheelDown))
    #expect(CursesKeyDecoder.decodeMouse(x: 0, y: 0, state: 0) == nil)
    #expect(Mask.pressed(4) == 0x10000)  // BUTTON4_PRESSED in ncurses mouse version 2
  }

  /// ncurses folds a press and its release that arrive in one read into one click event (and
  /// two quick clicks into a double click): each is a press, so a quick click always selects.
  @Test func aClickNcursesMadeOfAPressAndAReleaseIsAPress() {
    typealias Mask = CursesKeyDecoder.MouseMask
    for state in [Mask.clicked(1), Mask.doubleClicked(1), Mask.tripleClicked(1)] {
      #expect(
        CursesKeyDecoder.decodeMouse(x: 3, y: 4, state: state)
          == MouseEvent(x: 3, y: 4, kind: .press(button: 1)))
    }
    #expect(
      CursesKeyDecoder.decodeMouse(x: 3, y: 4, state: Mask.clicked(3))
        == MouseEvent(x: 3, y: 4, kind: .press(button: 3)))
  }

  @Test func mouseMasksMatchTheCursesHeader() {
    typealias Mask = CursesKeyDecoder.MouseMask
    for button in 1...5 {
      let ours = [
        Mask.released(button), Mask.pressed(button), Mask.clicked(button),
        Mask.doubleClicked(button), Mask.tripleClicked(button),
      ]
      let header = (0..<5).map { NcursesTerminal.headerMouseMask(button: button, kind: $0) }
      #expect(ours == header, "button \(button)")
    }
  }
}

@Suite struct CellRenditionTests {
  /// glibc's wcwidth in C.UTF-8, for this thread only.
  func withGlibcWidth(_ body: ((Unicode.Scalar) -> Int) -> Void) throws {
    let locale = try #require(newlocale(Int32(1 << LC_CTYPE), "C.UTF-8", nil))
    let previous = uselocale(locale)
    defer {
      uselocale(previous)
      freelocale(locale)
    }
    body { NcursesTerminal.cLibraryWidth($0) }
  }

  func pieces(_ cell: Cell, _ width: (Unicode.Scalar) -> Int) -> [[UInt32]] {
    CellRendition.pieces(for: cell, terminalWidth: width).map { piece in
      [UInt32(piece.offset)] + piece.scalars.map(\.value)
    }
  }

  @Test func simpleCellsAreDrawnAsTheyAre() throws {
    try withGlibcWidth { width in
      #expect(pieces(Cell("a"), width) == [[0, 0x61]])
      #expect(pieces(Cell("日"), width) == [[0, 0x65E5]])
      #expect(pieces(Cell("🎉"), width) == [[0, 0x1F389]])
      #expect(pieces(Cell("e\u{301}"), width) == [[0, 0x65, 0x301]])
    }
  }

  @Test func sequencesGlibcCannotPlaceKeepTheirColumns() throws {
    try withGlibcWidth { width in
      let flag = Cell(grapheme: "🇫🇷", style: .plain, width: 2)
      #expect(pieces(flag, width) == [[0, 0x1F1EB], [1, 0x1F1F7]])  // two halves
      #expect(pieces(Cell("❤️"), width) == [[0, 0x2764], [1, 0x20]])  // base and a space
      #expect(pieces(Cell("1️⃣"), width) == [[0, 0x31, 0x20E3], [1, 0x20]])
    }
  }

  /// Each segment of a cluster is one cell, passed whole: base and marks (up to CCHARW_MAX),
  /// never a joiner, which would make tmux draw 👩‍💻 in 2 columns where xterm draws 4.
  @Test func aSegmentIsPassedWholeButForAJoiner() throws {
    try withGlibcWidth { width in
      let woman = Cell(grapheme: "👩\u{200D}", style: .plain, width: 2)
      #expect(pieces(woman, width) == [[0, 0x1F469]])
      #expect(pieces(Cell("🏽"), width) == [[0, 0x1F3FD]])
      let marks = Cell("e\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}")
      #expect(pieces(marks, width) == [[0, 0x65, 0x301, 0x302, 0x303, 0x304]])  // 5 at most
    }
  }

  @Test func unknownToTheCLibraryBecomesAReplacementCharacter() {
    let cLocale: (Unicode.Scalar) -> Int = { $0.isASCII ? 1 : -1 }  // the C locale
    #expect(pieces(Cell("日"), cLocale) == [[0, 0x3F], [1, 0x20]])
    #expect(pieces(Cell("é"), cLocale) == [[0, 0x3F]])
    #expect(pieces(Cell("a"), cLocale) == [[0, 0x61]])
  }
}
