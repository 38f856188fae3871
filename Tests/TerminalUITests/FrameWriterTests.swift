import TerminalUI
import TerminalUITestSupport
import Testing

/// The bytes the ncurses backend writes for a frame (`FrameWriter`): replayed on a small
/// terminal (`TerminalEmulator`), they must show exactly the buffer, and be few.
@Suite struct FrameWriterTests {
  /// Writes `frames` one after the other, the first over nothing; returns each frame's bytes.
  private static func replay(
    _ frames: [Frame], on screen: inout TerminalEmulator, terminal: TerminalCapabilities = .xterm()
  ) -> [[UInt8]] {
    var writer = FrameWriter(terminal: terminal)
    var shown: ScreenBuffer?
    var written: [[UInt8]] = []
    for frame in frames {
      var bytes: [UInt8] = []
      writer.write(frame, over: shown, into: &bytes)
      screen.feed(bytes)
      shown = frame.buffer
      written.append(bytes)
    }
    return written
  }

  private static func frame(_ rows: [String], width: Int, cursor: CursorPosition? = nil) -> Frame {
    var buffer = ScreenBuffer(width: width, height: rows.count)
    for (y, row) in rows.enumerated() { buffer.write(row, x: 0, y: y) }
    return Frame(buffer: buffer, cursor: cursor)
  }

  @Test func everyFrameShowsAsTheBufferHasIt() {
    let texts = ["a", "word", "中文", "e\u{301}", "日本語 ok", "   ", "x", "résumé", "✓ done"]
    let styles = [
      Style.plain, Style(bold: true), Style(reverse: true), Style(dim: true, underline: true),
      Style(foreground: .red), Style(foreground: .brightCyan, background: .palette(208)),
      Style(bold: true, background: .blue),
    ]
    for seed in 1...40 {
      var random = Seeded(seed: UInt64(seed))
      let width = Int.random(in: 8...30, using: &random)
      let height = Int.random(in: 2...8, using: &random)
      var screen = TerminalEmulator(width: width, height: height)
      var buffer = ScreenBuffer(width: width, height: height)
      var frames: [Frame] = []
      for _ in 0..<12 {
        for _ in 0..<Int.random(in: 1...6, using: &random) {
          buffer.write(
            texts.randomElement(using: &random)!, x: Int.random(in: 0..<width, using: &random),
            y: Int.random(in: 0..<height, using: &random),
            style: styles.randomElement(using: &random)!)
        }
        if Bool.random(using: &random) {
          buffer.fill(
            x: Int.random(in: 0..<width, using: &random),
            y: Int.random(in: 0..<height, using: &random),
            width: width, height: 1, style: .plain)
        }
        let cursor =
          Bool.random(using: &random)
          ? CursorPosition(
            x: Int.random(in: 0..<width, using: &random),
            y: Int.random(in: 0..<height, using: &random))
          : nil
        frames.append(Frame(buffer: buffer, cursor: cursor))
      }
      var writer = FrameWriter(terminal: .xterm())
      var shown: ScreenBuffer?
      for (index, frame) in frames.enumerated() {
        var bytes: [UInt8] = []
        // Now and then the screen is cleared and drawn whole, as after a resize.
        writer.write(frame, over: index % 5 == 3 ? nil : shown, into: &bytes)
        screen.feed(bytes)
        shown = frame.buffer
        #expect(
          screen.buffer == frame.buffer,
          "seed \(seed), frame \(index):\n\(screen.buffer.description)\n---\n\(frame.buffer.description)"
        )
        #expect(screen.cursorShown == (frame.cursor != nil), "seed \(seed), frame \(index)")
        if let caret = frame.cursor {
          #expect(screen.cursor == caret, "seed \(seed), frame \(index)")
        }
      }
      #expect(screen.scrolledLines == 0, "seed \(seed)")
      #expect(screen.unknown.isEmpty, "seed \(seed): \(screen.unknown)")
    }
  }

  @Test func aLetterTypedAtTheCaretIsTheLetterAlone() {
    var screen = TerminalEmulator(width: 20, height: 2)
    let written = Self.replay(
      [
        Self.frame(["> ab"], width: 20, cursor: CursorPosition(x: 4, y: 0)),
        Self.frame(["> abc"], width: 20, cursor: CursorPosition(x: 5, y: 0)),
      ], on: &screen)
    #expect(written[1] == Array("c".utf8))
  }

  @Test func anUnchangedFrameWritesNothing() {
    var screen = TerminalEmulator(width: 20, height: 2)
    let frame = Self.frame(["one", "two"], width: 20, cursor: CursorPosition(x: 3, y: 1))
    let written = Self.replay([frame, frame], on: &screen)
    #expect(written[1].isEmpty)
    let hidden = Self.frame(["one", "two"], width: 20)
    #expect(Self.replay([hidden, hidden], on: &screen)[1].isEmpty)
  }

  @Test func aBlankEndOfLineIsOneClear() {
    var screen = TerminalEmulator(width: 40, height: 1)
    let written = Self.replay(
      [
        Self.frame(["buy milk and bread and butter"], width: 40),
        Self.frame(["buy milk"], width: 40),
      ], on: &screen)
    // Column 8 was a blank already: the clear starts after it, and moves by column alone.
    #expect(String(decoding: written[1], as: UTF8.self) == "\u{1B}[10G\u{1B}[K")
    #expect(screen.buffer.text(ofRow: 0) == "buy milk")
  }

  @Test func aShortBlankEndOfLineIsSpaces() {
    var screen = TerminalEmulator(width: 12, height: 1)
    let written = Self.replay(
      [Self.frame(["abcdef"], width: 12), Self.frame(["abcde"], width: 12)], on: &screen)
    // One changed blank is one space, shorter than `el` (the blanks after it are there
    // already); the cursor steps back to it.
    #expect(String(decoding: written[1], as: UTF8.self) == "\u{8} ")
    #expect(screen.buffer.text(ofRow: 0) == "abcde")
  }

  @Test func aSelectionMoveRewritesOnlyTheMarkers() {
    var before = Self.frame(["  [ ] one", "  [ ] two"], width: 30)
    before.buffer.write("> [ ]", x: 0, y: 0, style: Style(reverse: true))
    var after = Self.frame(["  [ ] one", "  [ ] two"], width: 30)
    after.buffer.write("> [ ]", x: 0, y: 1, style: Style(reverse: true))
    var screen = TerminalEmulator(width: 30, height: 2)
    let written = Self.replay([before, after], on: &screen)
    #expect(screen.buffer == after.buffer)
    // A move to each row's start, the five cells of each row, the reverse video on and off.
    #expect(
      written[1].count <= 30, "\(String(decoding: written[1], as: UTF8.self).debugDescription)")
  }

  @Test func stylesChangeByWhatTheyAdd() {
    var frame = Self.frame([""], width: 10)
    frame.buffer.write("ab", x: 0, y: 0, style: Style(bold: true))
    frame.buffer.write("cd", x: 2, y: 0, style: Style(bold: true, underline: true))
    var screen = TerminalEmulator(width: 10, height: 1)
    let written = Self.replay([frame], on: &screen)
    let text = String(decoding: written[0], as: UTF8.self)
    // The style at start is not known: attributes off first.
    #expect(
      text == "\u{1B}(B\u{1B}[m\u{1B}[H\u{1B}[2J\u{1B}[1mab\u{1B}[4mcd\u{1B}(B\u{1B}[m\u{1B}[?25l")
  }

  @Test func coloursTheTerminalLacksAreLeftOutOrBroughtDown() {
    var frame = Self.frame([""], width: 10)
    frame.buffer.write("a", x: 0, y: 0, style: Style(foreground: .brightRed))
    frame.buffer.write("b", x: 1, y: 0, style: Style(foreground: .palette(208)))
    var eight = TerminalEmulator(width: 10, height: 1)
    let written = Self.replay([frame], on: &eight, terminal: .xterm(colorCount: 8))
    let text = String(decoding: written[0], as: UTF8.self)
    #expect(text.contains("\u{1B}[31ma"))  // bright red is red
    #expect(text.contains("\u{1B}(B\u{1B}[mb"))  // 208 is none
    var none = TerminalEmulator(width: 10, height: 1)
    let plain = Self.replay([frame], on: &none, terminal: .xterm(colorCount: 0))
    #expect(
      String(decoding: plain[0], as: UTF8.self) == "\u{1B}(B\u{1B}[m\u{1B}[H\u{1B}[2Jab\u{1B}[?25l")
  }

  @Test func theBottomRightCellNeverScrollsTheScreen() {
    let frame = Self.frame(["abc", "def"], width: 3)
    for eatsNewline in [true, false] {
      var screen = TerminalEmulator(width: 3, height: 2)
      let terminal = TerminalCapabilities.xterm(eatsNewline: eatsNewline)
      let written = Self.replay([frame], on: &screen, terminal: terminal)
      #expect(screen.scrolledLines == 0)
      #expect(screen.buffer == frame.buffer)
      // Without xenl the last cell is written with automatic margins off.
      let text = String(decoding: written[0], as: UTF8.self)
      #expect(text.contains("\u{1B}[?7lf\u{1B}[?7h") == !eatsNewline)
    }
  }

  @Test func aTerminalWithoutClearGetsEveryCellWritten() {
    var terminal = TerminalCapabilities.xterm()
    terminal.clearScreen = []
    var screen = TerminalEmulator(width: 6, height: 2)
    screen.feed(Array("garbage!!!!!".utf8))
    let frame = Self.frame(["ab", "  c"], width: 6)
    _ = Self.replay([frame], on: &screen, terminal: terminal)
    #expect(screen.buffer == frame.buffer)
  }

  @Test func withoutAWayToTurnAttributesOffNoneIsTurnedOn() {
    var terminal = TerminalCapabilities.xterm()
    terminal.resetAttributes = []
    var frame = Self.frame(["plain"], width: 10)
    frame.buffer.write("x", x: 6, y: 0, style: Style(bold: true, foreground: .red))
    var screen = TerminalEmulator(width: 10, height: 1)
    let written = Self.replay([frame], on: &screen, terminal: terminal)
    let text = String(decoding: written[0], as: UTF8.self)
    #expect(!text.contains("\u{1B}[1m") && !text.contains("\u{1B}[31m"))
    #expect(screen.buffer.text(ofRow: 0) == "plain x")
  }

  @Test func learnsAParameterizedStringAsTheDigitsAroundItsParameters() {
    let cup = ParameterizedString.learn { Array("\u{1B}[\($0 + 1);\($1 + 1)H".utf8) }
    #expect(cup?.bytes(4, 9) == Array("\u{1B}[5;10H".utf8))
    #expect(cup?.count(4, 99) == Array("\u{1B}[5;100H".utf8).count)
    let setaf = ParameterizedString.learn { number, _ in Array("\u{1B}[38;5;\(number)m".utf8) }
    #expect(setaf?.bytes(38) == Array("\u{1B}[38;5;38m".utf8))
    // vt52's address is the position as a character: no digits to learn.
    let vt52 = ParameterizedString.learn { row, column in
      [
        0x1B, UInt8(ascii: "Y"), UInt8(truncatingIfNeeded: 32 + row),
        UInt8(truncatingIfNeeded: 32 + column),
      ]
    }
    #expect(vt52 == nil)
  }

  @Test func anAddressItCannotLearnIsAskedForEachTime() {
    var terminal = TerminalCapabilities.xterm()
    let xterm = terminal.evaluate
    terminal.evaluate = { name, a, b in
      name == .cursorAddress
        ? [
          0x1B, UInt8(ascii: "Y"), UInt8(truncatingIfNeeded: 32 + a),
          UInt8(truncatingIfNeeded: 32 + b),
        ]
        : xterm(name, a, b)
    }
    var writer = FrameWriter(terminal: terminal)
    var bytes: [UInt8] = []
    writer.write(
      Self.frame(["", "  x"], width: 5, cursor: CursorPosition(x: 1, y: 0)), over: nil,
      into: &bytes)
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.hasPrefix("\u{1B}(B\u{1B}[m\u{1B}[H\u{1B}[2J\u{1B}Y!\"x\u{1B}Y !"))
  }
}

/// Knuth's MMIX linear congruential generator, its high bits folded into the low: seeded, so
/// a failing case reproduces.
private struct Seeded: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed &* 2_862_933_555_777_941_757 &+ 3_037_000_493 }
  mutating func next() -> UInt64 {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return state ^ (state >> 29)
  }
}
