#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension ScreenBuffer {
  /// The rows as plain text, each followed by an annotation line that marks styled runs.
  ///
  /// Under each styled column the annotation line has a letter, one letter per distinct style
  /// in that row, and after the marks a legend such as `[a] reverse [b] bold fg=red`. Rows with
  /// no styling get an empty annotation line. A snapshot of this text catches a highlight that
  /// moved or a colour that changed, not only changed text.
  ///
  /// ```swift
  /// var buffer = ScreenBuffer(width: 8, height: 1)
  /// buffer.write("Todos", x: 0, y: 0, style: Style(bold: true))
  /// buffer.styledDescription  // "Todos\naaaaa  [a] bold"
  /// ```
  public var styledDescription: String {
    var lines: [String] = []
    for y in 0..<height {
      lines.append(text(ofRow: y))
      lines.append(annotation(ofRow: y))
    }
    return lines.joined(separator: "\n")
  }

  private func annotation(ofRow y: Int) -> String {
    let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
    var styles: [Style] = []
    var marks = ""
    for cell in row(y) {
      guard cell.style != .plain else {
        marks.append(" ")
        continue
      }
      let index: Int
      if let known = styles.firstIndex(of: cell.style) {
        index = known
      } else {
        styles.append(cell.style)
        index = styles.count - 1
      }
      marks.append(index < letters.count ? letters[index] : "*")
    }
    while marks.last == " " { marks.removeLast() }
    guard !styles.isEmpty else { return "" }
    let legend = styles.enumerated().map { index, style in
      "[\(index < letters.count ? letters[index] : "*")] \(style.summary)"
    }
    return marks + "  " + legend.joined(separator: " ")
  }
}

/// A run of consecutive cells on one row that changed between two frames.
///
/// ```swift
/// for run in ScreenBuffer.diff(from: previous, to: next) { draw(run.cells, at: run.x, run.y) }
/// ```
public struct CellRun: Hashable, Sendable {
  /// Column of the first cell (never a continuation cell).
  public var x: Int
  public var y: Int
  /// The new cells, a wide character always with its continuation cell.
  public var cells: [Cell]

  public init(x: Int, y: Int, cells: [Cell]) {
    self.x = x
    self.y = y
    self.cells = cells
  }
}

extension ScreenBuffer {
  /// The runs of cells that differ between `old` and `new`; every row in full when there is no
  /// old buffer or its size differs. Runs never start or end inside a wide character.
  ///
  /// ```swift
  /// let runs = ScreenBuffer.diff(from: shown, to: next)  // [] when nothing changed
  /// ```
  public static func diff(from old: ScreenBuffer?, to new: ScreenBuffer) -> [CellRun] {
    var runs: [CellRun] = []
    forEachChange(from: old, to: new) { x, y, cells in
      runs.append(CellRun(x: x, y: y, cells: Array(cells)))
    }
    return runs
  }

  /// Calls `body` with each run `diff` would return, the cells a slice of `new`'s own: the
  /// backend's way, which allocates nothing.
  ///
  /// ```swift
  /// ScreenBuffer.forEachChange(from: shown, to: next) { x, y, cells in draw(cells, x, y) }
  /// ```
  public static func forEachChange(
    from old: ScreenBuffer?, to new: ScreenBuffer,
    _ body: (_ x: Int, _ y: Int, _ cells: ArraySlice<Cell>) -> Void
  ) {
    guard new.width > 0 else { return }
    guard let old, old.width == new.width, old.height == new.height else {
      for y in 0..<new.height { body(0, y, new.row(y)) }
      return
    }
    let width = new.width
    for y in 0..<new.height {
      let was = old.rows[y]
      let now = new.rows[y]
      // A row kept from the last frame is the same storage: unchanged, unread. Otherwise a
      // row whose bytes are the same is the same (a cell has no padding): most rows of a
      // frame after a key are, and comparing cell by cell cost most of a key's diff.
      let same = was.withUnsafeBufferPointer { was in
        now.withUnsafeBufferPointer { now in
          was.baseAddress == now.baseAddress
            || memcmp(was.baseAddress!, now.baseAddress!, width * MemoryLayout<Cell>.stride) == 0
        }
      }
      if same { continue }
      was.withUnsafeBufferPointer { was in
        now.withUnsafeBufferPointer { now in
          forEachRun(from: was, to: now) { body($0.lowerBound, y, new.rows[y][$0]) }
        }
      }
    }
  }

  /// Calls `body` with each run of columns that differ between two rows of the same width,
  /// widened to whole wide characters; runs that touch are joined.
  private static func forEachRun(
    from was: UnsafeBufferPointer<Cell>, to now: UnsafeBufferPointer<Cell>,
    _ body: (Range<Int>) -> Void
  ) {
    let width = now.count
    // The run found last, not yet given to `body` (the next may touch it).
    var pending: Range<Int>? = nil
    var x = 0
    while x < width {
      guard differ(was, now, at: x) else {
        x += 1
        continue
      }
      var start = x
      if now[start].isContinuation, start > 0 { start -= 1 }
      var end = x + 1
      while end < width, differ(was, now, at: end) { end += 1 }
      if now[end - 1].width == 2, end < width { end += 1 }
      if let run = pending, run.upperBound >= start {
        // Touching or overlapping the previous run: extend it.
        pending = run.lowerBound..<max(run.upperBound, end)
      } else {
        if let run = pending { body(run) }
        pending = start..<end
      }
      x = end
    }
    if let run = pending { body(run) }
  }

  /// Whether the cells at `x` differ, compared as the words of their bytes (a cell has no
  /// padding, so equal cells have equal bytes: `CellTests`).
  @inline(__always)
  private static func differ(
    _ was: UnsafeBufferPointer<Cell>, _ now: UnsafeBufferPointer<Cell>, at x: Int
  ) -> Bool {
    let a = UnsafeRawPointer(was.baseAddress! + x)
    let b = UnsafeRawPointer(now.baseAddress! + x)
    var offset = 0
    while offset < MemoryLayout<Cell>.size {
      if a.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        != b.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      {
        return true
      }
      offset += 8
    }
    return false
  }
}
