import Testing

@testable import TerminalUI

/// A buffer keeps a row handed over by `replaceRow` as the same storage (no copy), and the diff
/// takes a row shared with the last frame as unchanged without reading it. Neither may ever be
/// seen: a write to a shared row changes that buffer only, and the diff's runs, applied to the
/// old frame, always give the new one.
@Suite struct ScreenBufferRowsTests {
  @Test func aKeptRowIsTheSameRowAndTheDiffLeavesItOut() {
    var shown = ScreenBuffer(width: 10, height: 3)
    shown.write("kept 日本", x: 0, y: 1, style: Style(bold: true))
    shown.write("title", x: 0, y: 0)
    var next = ScreenBuffer(width: 10, height: 3)
    next.replaceRow(1, with: shown.cells(ofRow: 1))
    next.write("title 2", x: 0, y: 0)

    #expect(next.row(1) == shown.row(1))
    var changedRows: [Int] = []
    ScreenBuffer.forEachChange(from: shown, to: next) { _, y, _ in changedRows.append(y) }
    #expect(changedRows == [0])
  }

  /// Every buffer of a width starts from one blank row: a line left blank in two frames is the
  /// same storage, which the diff leaves out unread. Written to, a row is its own.
  @Test func aRowLeftBlankIsTheSameRowInEveryBuffer() {
    let first = ScreenBuffer(width: 10, height: 3)
    var second = ScreenBuffer(width: 10, height: 3)
    func storage(_ buffer: ScreenBuffer, _ y: Int) -> UnsafePointer<Cell>? {
      buffer.cells(ofRow: y).withUnsafeBufferPointer { $0.baseAddress }
    }
    #expect(storage(first, 2) == storage(second, 2))
    #expect(first.isUntouched(row: 2) && second.isUntouched(row: 2))

    second.write("a", x: 0, y: 2)
    second.write(" ", x: 0, y: 2)
    #expect(!second.isUntouched(row: 2))
    #expect(second.isUntouched(row: 1))
    #expect(storage(first, 2) != storage(second, 2))
    #expect(first.text(ofRow: 2).isEmpty && first.isUntouched(row: 2))
    #expect(!first.isUntouched(row: 3) && !first.isUntouched(row: -1))
    #expect(!ScreenBuffer(width: 0, height: 1).isUntouched(row: 0))
  }

  @Test func writingToASharedRowChangesThatBufferOnly() {
    var first = ScreenBuffer(width: 8, height: 2)
    first.write("abcdefgh", x: 0, y: 0)
    let kept = first.cells(ofRow: 0)
    var second = ScreenBuffer(width: 8, height: 2)
    second.replaceRow(0, with: kept)

    second.write("XY", x: 2, y: 0)
    second.fill(x: 5, y: 0, width: 2, height: 1, style: Style(reverse: true))
    second.setStyle(x: 0, y: 0, width: 1) { $0.bold = true }

    #expect(first.text(ofRow: 0) == "abcdefgh")
    #expect(first.row(0).allSatisfy { $0.style == .plain })
    #expect(kept.map(\.grapheme).joined() == "abcdefgh")
    #expect(second.text(ofRow: 0) == "abXYe  h")
    // And the other way: the first buffer written after it shared its row.
    var third = ScreenBuffer(width: 8, height: 2)
    third.replaceRow(0, with: first.cells(ofRow: 0))
    first.write("z", x: 0, y: 0)
    #expect(third.text(ofRow: 0) == "abcdefgh")
  }

  /// Random frames made as a view makes them (kept rows handed back, rows written over, wide
  /// characters, styles): the runs of each diff, written over the frame before, give the next
  /// one, and every run holds a cell that changed.
  @Test func theDiffsRunsAlwaysTurnTheOldFrameIntoTheNewOne() {
    var seed: UInt64 = 27
    func next(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(bound))
    }
    let texts = ["todo", "日本語", "a界b", "✓ done", "  ", "x", "+home @phone"]
    let styles = [Style.plain, Style(bold: true), Style(reverse: true), Style(dim: true)]
    let (width, height) = (12, 5)
    var kept: [[Cell]] = []
    var shown = ScreenBuffer(width: width, height: height)
    for round in 0..<500 {
      var frame = ScreenBuffer(width: width, height: height)
      for y in 0..<height {
        switch next(4) {
        case 0 where !kept.isEmpty: frame.replaceRow(y, with: kept[next(kept.count)])
        case 1: frame.replaceRow(y, with: shown.cells(ofRow: y))
        case 2: break
        default:
          frame.write(
            texts[next(texts.count)], x: next(width) - 2, y: y, style: styles[next(4)])
        }
        if next(5) == 0 {
          frame.write(texts[next(texts.count)], x: next(width), y: y, style: styles[next(4)])
        }
        if next(7) == 0 { frame.setStyle(x: next(width), y: y, width: 3) { $0.underline = true } }
      }
      kept.append(frame.cells(ofRow: next(height)))
      if kept.count > 6 { kept.removeFirst() }

      var replayed = shown.cells
      ScreenBuffer.forEachChange(from: shown, to: frame) { x, y, cells in
        let before = Array(replayed[(y * width + x)..<(y * width + x + cells.count)])
        #expect(!before.elementsEqual(cells), "round \(round): a run with nothing changed")
        for (offset, cell) in zip(0..., cells) { replayed[y * width + x + offset] = cell }
      }
      #expect(replayed.elementsEqual(frame.cells), "round \(round)")
      shown = frame
    }
  }
}
