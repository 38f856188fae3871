import SnapshotTesting
import TerminalUI
import TerminalUITestSupport
import Testing

@Suite struct ScreenBufferTests {
  @Test func writesPlainText() {
    var buffer = ScreenBuffer(width: 10, height: 2)
    let used = buffer.write("Buy milk", x: 1, y: 1)
    #expect(used == 8)
    #expect(
      buffer.description == """

         Buy milk
        """)
  }

  @Test func clipsAtTheRightEdge() {
    var buffer = ScreenBuffer(width: 5, height: 1)
    #expect(buffer.write("abcdefgh", x: 2, y: 0) == 3)
    #expect(buffer.description == "  abc")
  }

  @Test func clipsAtTheLeftEdge() {
    var buffer = ScreenBuffer(width: 5, height: 1)
    #expect(buffer.write("abcdefgh", x: -3, y: 0) == 8)
    #expect(buffer.description == "defgh")
  }

  @Test func clipsAtTheTopAndBottomEdges() {
    var buffer = ScreenBuffer(width: 3, height: 2)
    #expect(buffer.write("top", x: 0, y: -1) == 0)
    #expect(buffer.write("low", x: 0, y: 2) == 0)
    #expect(buffer.write("end", x: 5, y: 0) == 0)
    #expect(buffer == ScreenBuffer(width: 3, height: 2))
  }

  @Test func clipsToMaxWidth() {
    var buffer = ScreenBuffer(width: 10, height: 1)
    #expect(buffer.write("Buy milk", x: 2, y: 0, maxWidth: 5) == 5)
    #expect(buffer.description == "  Buy m")
    #expect(buffer.write("zzz", x: 0, y: 0, maxWidth: 0) == 0)
    #expect(buffer.write("zzz", x: 0, y: 0, maxWidth: -4) == 0)
    #expect(buffer.description == "  Buy m")
  }

  @Test func wideCharactersTakeTwoColumns() {
    var buffer = ScreenBuffer(width: 8, height: 1)
    #expect(buffer.write("日本x", x: 0, y: 0) == 5)
    #expect(buffer[x: 0, y: 0] == Cell(grapheme: "日", style: .plain, width: 2))
    #expect(buffer[x: 1, y: 0] == Cell(grapheme: "", style: .plain, width: 0))
    #expect(buffer[x: 4, y: 0].grapheme == "x")
    #expect(buffer.description == "日本x")
  }

  @Test func aWideCharacterAtTheLastColumnIsReplacedNotSplit() {
    var buffer = ScreenBuffer(width: 5, height: 1)
    #expect(buffer.write("abcd日", x: 0, y: 0, style: Style(bold: true)) == 5)
    #expect(buffer[x: 4, y: 0] == .blank(Style(bold: true)))
    #expect(buffer.description == "abcd")
    // The same at a maxWidth limit inside the buffer.
    var limited = ScreenBuffer(width: 6, height: 1)
    #expect(limited.write("a日本", x: 0, y: 0, maxWidth: 4) == 4)
    #expect(limited.description == "a日")
    #expect(limited[x: 3, y: 0] == .blank())
  }

  @Test func aWideCharacterAcrossTheLeftEdgeLeavesABlank() {
    var buffer = ScreenBuffer(width: 4, height: 1)
    buffer.write("xxxx", x: 0, y: 0)
    #expect(buffer.write("日本", x: -1, y: 0) == 4)
    #expect(buffer.description == " 本x")
    #expect(buffer[x: 0, y: 0] == .blank())
  }

  @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
    var buffer = ScreenBuffer(width: 6, height: 1)
    buffer.write("日本語", x: 0, y: 0)
    buffer.write("a", x: 1, y: 0)  // the right half of 日
    buffer.write("b", x: 2, y: 0)  // the left half of 本
    #expect(buffer.description == " ab 語")
    for x in 0..<6 { #expect(buffer[x: x, y: 0].width == (x >= 4 ? [2, 0][x - 4] : 1)) }
  }

  @Test func combiningMarksStayInOneCell() {
    var buffer = ScreenBuffer(width: 6, height: 1)
    #expect(buffer.write("e\u{301}tude", x: 0, y: 0) == 5)
    #expect(buffer[x: 0, y: 0].grapheme == "e\u{301}")
    #expect(buffer[x: 1, y: 0].grapheme == "t")
    #expect(buffer.description == "e\u{301}tude")
  }

  @Test func anEmojiSequenceTakesOneCellPerSpacingCodePoint() {
    var buffer = ScreenBuffer(width: 12, height: 1)
    #expect(buffer.write("👩‍💻🇫🇷👍🏽!", x: 0, y: 0) == 11)
    #expect(buffer[x: 0, y: 0] == Cell(grapheme: "👩\u{200D}", style: .plain, width: 2))
    #expect(buffer[x: 1, y: 0].isContinuation)
    #expect(buffer[x: 2, y: 0] == Cell(grapheme: "💻", style: .plain, width: 2))
    #expect(buffer[x: 4, y: 0] == Cell(grapheme: "🇫", style: .plain, width: 1))
    #expect(buffer[x: 5, y: 0] == Cell(grapheme: "🇷", style: .plain, width: 1))
    #expect(buffer[x: 6, y: 0] == Cell(grapheme: "👍", style: .plain, width: 2))
    #expect(buffer[x: 8, y: 0] == Cell(grapheme: "🏽", style: .plain, width: 2))
    #expect(buffer[x: 10, y: 0].grapheme == "!")
    // Nothing is lost: the row reads back as written.
    #expect(buffer.description == "👩‍💻🇫🇷👍🏽!")
  }

  @Test func aClusterThatDoesNotFitIsBlankedWhole() {
    var buffer = ScreenBuffer(width: 7, height: 1)
    #expect(buffer.write("ab👨‍👩‍👧", x: 0, y: 0) == 7)
    #expect(buffer.description == "ab")
    var limited = ScreenBuffer(width: 10, height: 1)
    #expect(limited.write("a👍🏽b", x: 0, y: 0, maxWidth: 4) == 4)
    #expect(limited.description == "a")
  }

  @Test func controlCharactersBecomeReplacementCharacters() {
    var buffer = ScreenBuffer(width: 10, height: 1)
    #expect(buffer.write("a\tb\u{1B}[2Jc\r\n\u{7F}", x: 0, y: 0) == 10)
    #expect(buffer.description == "a�b�[2Jc��")
    #expect(!buffer.cells.contains { $0.grapheme.unicodeScalars.contains { $0.value < 0x20 } })
  }

  @Test func zeroWidthClustersWithNothingToJoinAreDropped() {
    var buffer = ScreenBuffer(width: 5, height: 1)
    #expect(buffer.write("a\u{200B}b\u{202E}c", x: 0, y: 0) == 3)
    #expect(buffer.description == "abc")
  }

  @Test func zeroByZeroAndOneByOneBuffersNeverCrash() {
    var empty = ScreenBuffer(width: 0, height: 0)
    #expect(empty.write("anything", x: 0, y: 0) == 0)
    empty.fill(x: 0, y: 0, width: 5, height: 5, style: Style(reverse: true))
    empty.setStyle(x: 0, y: 0, width: 3) { $0.bold = true }
    empty[x: 0, y: 0] = Cell("x")
    #expect(empty[x: 0, y: 0] == .blank())
    #expect(empty.description == "")
    #expect(empty.styledDescription == "")
    #expect(ScreenBuffer.diff(from: nil, to: empty) == [])

    var negative = ScreenBuffer(width: -3, height: -1)
    #expect(negative.width == 0 && negative.height == 0)
    #expect(negative.write("x", x: 0, y: 0) == 0)

    var one = ScreenBuffer(width: 1, height: 1)
    #expect(one.write("日", x: 0, y: 0) == 1)  // cannot fit: a blank
    #expect(one.description == "")
    #expect(one.write("ab", x: 0, y: 0) == 1)
    #expect(one.description == "a")
    one[x: 0, y: 0] = Cell("本")
    #expect(one[x: 0, y: 0] == .blank())
  }

  @Test func subscriptOutOfRangeReadsBlankAndIgnoresWrites() {
    var buffer = ScreenBuffer(width: 2, height: 2)
    for (x, y) in [(-1, 0), (0, -1), (2, 0), (0, 2), (Int.max, Int.min)] {
      buffer[x: x, y: y] = Cell("x")
      #expect(buffer[x: x, y: y] == .blank())
    }
    #expect(buffer == ScreenBuffer(width: 2, height: 2))
  }

  @Test func fillBlanksARectangleClippedToTheBuffer() {
    var buffer = ScreenBuffer(width: 6, height: 3)
    buffer.write("abcde", x: 0, y: 0)
    buffer.write("日本語", x: 0, y: 1)
    // Rows -1 to 1, columns 1 and 2: cuts 日 and 本 in half, so both go.
    buffer.fill(x: 1, y: -1, width: 2, height: 3, style: Style(reverse: true))
    #expect(
      buffer.styledDescription == """
        a  de
         aa  [a] reverse
            語
         aa  [a] reverse


        """)
    buffer.fill(x: 3, y: 2, width: Int.max, height: Int.max, style: Style(dim: true))
    #expect(buffer[x: 5, y: 2].style == Style(dim: true))
    #expect(buffer[x: 2, y: 2].style == .plain)
  }

  @Test func setStyleRestylesARunKeepingText() {
    var buffer = ScreenBuffer(width: 8, height: 2)
    buffer.write("[ ] 牛乳", x: 0, y: 0)
    buffer.write("[x] Done", x: 0, y: 1)
    buffer.setStyle(x: 0, y: 0, width: 5) { $0.reverse = true }  // ends in the middle of 牛
    buffer.setStyle(x: 4, y: 1, width: 100) { $0.foreground = .green }
    buffer.setStyle(x: 0, y: 5, width: 3) { $0.bold = true }  // out of range: nothing
    #expect(
      buffer.styledDescription == """
        [ ] 牛乳
        aaaaaa  [a] reverse
        [x] Done
            aaaa  [a] fg=green
        """)
  }

  @Test func styledDescriptionMarksEachDistinctStyleOfARow() {
    var buffer = ScreenBuffer(width: 12, height: 2)
    buffer.write("Todos", x: 0, y: 0, style: Style(bold: true))
    buffer.write("3", x: 10, y: 0, style: Style(bold: true, foreground: .yellow))
    buffer.write("plain row", x: 0, y: 1)
    #expect(
      buffer.styledDescription == """
        Todos     3
        aaaaa     b  [a] bold [b] bold fg=yellow
        plain row

        """)
  }

  @Test func snapshotStrategies() {
    var buffer = ScreenBuffer(width: 24, height: 4)
    buffer.write("Todos", x: 0, y: 0, style: Style(bold: true))
    buffer.write("[ ] Buy milk 牛乳", x: 0, y: 1)
    buffer.write("[x] Ship it 🚀", x: 0, y: 2, style: Style(dim: true))
    buffer.setStyle(x: 0, y: 1, width: 24) { $0.reverse = true }
    buffer.write("? help", x: 0, y: 3, style: Style(foreground: .cyan, background: .black))
    assertSnapshot(of: buffer, as: .screen)
    assertSnapshot(of: buffer, as: .styledScreen)
    assertSnapshot(of: Frame(buffer: buffer, cursor: CursorPosition(x: 3, y: 1)), as: .screen)
  }
}

@Suite struct ScreenBufferDiffTests {
  @Test func noChangesNoRuns() {
    var buffer = ScreenBuffer(width: 4, height: 2)
    buffer.write("ab", x: 0, y: 0)
    #expect(ScreenBuffer.diff(from: buffer, to: buffer) == [])
  }

  @Test func everyRowWhenThereIsNoPreviousBufferOrTheSizeChanged() {
    var buffer = ScreenBuffer(width: 3, height: 2)
    buffer.write("abc", x: 0, y: 0)
    let runs = ScreenBuffer.diff(from: nil, to: buffer)
    #expect(runs.map(\.y) == [0, 1])
    #expect(runs.allSatisfy { $0.x == 0 && $0.cells.count == 3 })
    #expect(ScreenBuffer.diff(from: ScreenBuffer(width: 4, height: 2), to: buffer) == runs)
  }

  @Test func changedRunsOnly() {
    let old = ScreenBuffer(width: 10, height: 2)
    var new = old
    new.write("ab", x: 1, y: 0)
    new.write("z", x: 7, y: 0)
    new.write("q", x: 9, y: 1, style: Style(bold: true))
    #expect(
      ScreenBuffer.diff(from: old, to: new) == [
        CellRun(x: 1, y: 0, cells: [Cell("a"), Cell("b")]),
        CellRun(x: 7, y: 0, cells: [Cell("z")]),
        CellRun(x: 9, y: 1, cells: [Cell("q", style: Style(bold: true))]),
      ])
  }

  @Test func aStyleChangeIsAChange() {
    var old = ScreenBuffer(width: 3, height: 1)
    old.write("abc", x: 0, y: 0)
    var new = old
    new.setStyle(x: 1, y: 0, width: 1) { $0.reverse = true }
    #expect(
      ScreenBuffer.diff(from: old, to: new) == [
        CellRun(x: 1, y: 0, cells: [Cell("b", style: Style(reverse: true))])
      ])
  }

  @Test func runsNeverSplitAWideCharacter() {
    var old = ScreenBuffer(width: 6, height: 1)
    old.write("日本語", x: 0, y: 0)
    var new = old
    new.write("本", x: 0, y: 0)  // only the lead cell's grapheme differs
    #expect(
      ScreenBuffer.diff(from: old, to: new) == [
        CellRun(x: 0, y: 0, cells: [Cell("本"), Cell(grapheme: "", style: .plain, width: 0)])
      ])
    // A change that only touches a continuation cell's style starts at its lead.
    var styled = old
    styled.setStyle(x: 3, y: 0, width: 1) { $0.bold = true }
    let runs = ScreenBuffer.diff(from: old, to: styled)
    #expect(runs.count == 1)
    #expect(runs.first?.x == 2)
    #expect(runs.first?.cells.count == 2)
  }

  @Test func applyingTheRunsReproducesTheNewBuffer() {
    var old = ScreenBuffer(width: 12, height: 3)
    old.write("Todos 日本 🎉", x: 0, y: 0)
    old.write("[ ] one", x: 0, y: 1)
    var new = ScreenBuffer(width: 12, height: 3)
    new.write("Todos 本日 🎉!", x: 0, y: 0)
    new.write("[x] one", x: 0, y: 1, style: Style(dim: true))
    new.write("e\u{301}", x: 11, y: 2)
    var replayed = old
    for run in ScreenBuffer.diff(from: old, to: new) {
      for (offset, cell) in run.cells.enumerated() where !cell.isContinuation {
        replayed[x: run.x + offset, y: run.y] = cell
      }
    }
    #expect(replayed == new)
  }
}

/// ASCII text is written a byte at a time without grapheme breaking; it must give the cells the
/// character-by-character path gives, wherever the ASCII meets marks, controls or wide text.
@Suite struct ScreenBufferASCIITests {
  /// Pieces that meet ASCII in every way that matters: a mark joining the letter before it, CR LF
  /// as one cluster, a control, wide and zero-width characters, emoji with a selector.
  static let pieces = [
    "a", "b", "Z", " ", "~", "\u{301}", "\r", "\n", "\r\n", "\t", "\u{7F}", "界", "\u{200B}",
    "☺\u{FE0F}", "é", "🇫🇷",
  ]

  @Test func asciiMeetingOtherTextGivesTheCellsOfTheSlowPath() {
    var seed: UInt64 = 42
    func next(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(bound))
    }
    for round in 0..<400 {
      let text = (0..<next(12)).map { _ in Self.pieces[next(Self.pieces.count)] }.joined()
      let x = next(6) - 2
      let maxWidth = next(10) + 1
      var fast = ScreenBuffer(width: 12, height: 1)
      var slow = ScreenBuffer(width: 12, height: 1)
      // A zero-width space first (a cluster of its own, then dropped) sends every character of
      // the text through the character-by-character path.
      let used = fast.write(text, x: x, y: 0, maxWidth: maxWidth)
      let slowUsed = slow.write("\u{200B}" + text, x: x, y: 0, maxWidth: maxWidth)
      #expect(fast == slow, "round \(round): \(text.unicodeScalars.map(\.value))")
      #expect(used == slowUsed, "round \(round)")
    }
  }
}

extension ScreenBufferASCIITests {
  @Test func asciiWidthsAndCutsAgreeWithTheSlowPath() {
    var seed: UInt64 = 7
    func next(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(bound))
    }
    for round in 0..<400 {
      let text = (0..<next(14)).map { _ in Self.pieces[next(Self.pieces.count)] }.joined()
      // The zero-width space in front takes the character-by-character path and adds nothing.
      #expect(DisplayWidth.of(text) == DisplayWidth.of("\u{200B}" + text), "round \(round)")
      let width = next(10) + 1
      let cut = DisplayWidth.truncate(text, toWidth: width)
      let slowCut = DisplayWidth.truncate("\u{200B}" + text, toWidth: width)
      #expect(
        cut == String(slowCut.dropFirst()),
        "round \(round): \(width) \(text.unicodeScalars.map(\.value))")
    }
  }
}
