import Synchronization

/// A grid of cells the app draws into; the terminal backend copies it to the screen.
///
/// Every write clips at the edges and never crashes, whatever the size (0×0 included). Writes
/// are width-aware: a wide character takes its cell and a continuation cell after it, a wide
/// character that would not fit is replaced by a blank rather than split, and overwriting half of
/// a wide character blanks the other half. A grapheme cluster with several spacing code points
/// (`👍🏽`, `👨‍👩‍👧`) takes one cell per code point (`DisplayWidth.segments(of:)`), the way
/// terminals draw it. Control characters are stored as `�`.
///
/// ```swift
/// var buffer = ScreenBuffer(width: 12, height: 2)
/// buffer.write("Todos 日本", x: 0, y: 0, style: Style(bold: true))
/// buffer.setStyle(x: 0, y: 1, width: 12) { $0.reverse = true }
/// print(buffer.description)
/// ```
public struct ScreenBuffer: Hashable, Sendable, CustomStringConvertible {
  /// Columns.
  public let width: Int
  /// Rows.
  public let height: Int
  /// One array of `width` cells per row. A row that is not written to is shared, not copied:
  /// the blank rows of every buffer of a width are one array (`blankRow(width:)`), and a row
  /// handed over by `replaceRow` (a row kept from an earlier frame) stays the same storage, so
  /// the diff knows it unchanged without reading it (`forEachChange`). Writing to a shared row
  /// copies that row only.
  private(set) var rows: [[Cell]]

  /// The blank row of each width made so far, shared by every buffer of that width: a row
  /// left blank is then the same storage from one frame to the next.
  private static let blankRows = Mutex(BlankRows())

  /// The blank rows by width: a terminal has one width at a time, so the widths are few and
  /// searched in order, by index (no hashing, and nothing allocated, on a frame's way: not
  /// even in a debug build, where a generic search over tuples would box them).
  private struct BlankRows {
    var widths: [Int] = []
    var rows: [[Cell]] = []
  }

  /// The shared blank row of `width` cells.
  private static func blankRow(width: Int) -> [Cell] {
    blankRows.withLock { kept in
      var index = 0
      while index < kept.widths.count {
        if kept.widths[index] == width { return kept.rows[index] }
        index += 1
      }
      let row = Array(repeating: Cell.blank(), count: width)
      kept.widths.append(width)
      kept.rows.append(row)
      return row
    }
  }

  /// Every cell, row after row (`width * height` of them): a copy, for tests and tools.
  public var cells: [Cell] { Array(rows.joined()) }

  /// A blank buffer; negative sizes count as 0.
  ///
  /// ```swift
  /// let empty = ScreenBuffer(width: 0, height: 0)
  /// ```
  public init(width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
    self.rows = Array(repeating: Self.blankRow(width: self.width), count: self.height)
  }

  /// Whether row `y` is still as the buffer was made: blank, and not written to (a row that was
  /// written to and made blank again is not). A cache keeps a whole row only where nothing else
  /// was drawn on it first.
  ///
  /// ```swift
  /// ScreenBuffer(width: 4, height: 1).isUntouched(row: 0)  // true
  /// ```
  public func isUntouched(row y: Int) -> Bool {
    guard y >= 0, y < height, width > 0 else { return false }
    let blank = Self.blankRow(width: width)
    return rows[y].withUnsafeBufferPointer { row in
      blank.withUnsafeBufferPointer { row.baseAddress == $0.baseAddress }
    }
  }

  /// The cell at a column and row; out of range, reading gives a blank and writing does nothing.
  ///
  /// ```swift
  /// buffer[x: 3, y: 0] = Cell("✓", style: Style(foreground: .green))
  /// ```
  public subscript(x x: Int, y y: Int) -> Cell {
    get { contains(x: x, y: y) ? rows[y][x] : .blank() }
    set { set(newValue, x: x, y: y) }
  }

  /// Whether a column and row are inside the buffer.
  public func contains(x: Int, y: Int) -> Bool {
    x >= 0 && y >= 0 && x < width && y < height
  }

  /// Writes `text` from (x, y), clipped to the buffer and to `maxWidth` columns; width-aware.
  ///
  /// Zero-width clusters with nothing to combine with (a lone ZWSP, a bidi control) are dropped;
  /// a cluster is written whole or not at all (blanks to the limit).
  /// - Returns: the columns advanced from `x` (0 when the row is outside the buffer).
  ///
  /// ```swift
  /// let used = buffer.write("Buy milk", x: 2, y: 1, maxWidth: 5)  // "Buy m", used == 5
  /// ```
  @discardableResult
  public mutating func write(
    _ text: String, x: Int, y: Int, style: Style = .plain, maxWidth: Int? = nil
  ) -> Int {
    writeText(text, x: x, y: y, style: style, maxWidth: maxWidth)
  }

  /// The same for a slice of a string, written as it is (a `String` made of a slice longer
  /// than 15 bytes allocates).
  ///
  /// ```swift
  /// buffer.write(line.dropFirst(4), x: 0, y: 2)
  /// ```
  @discardableResult
  public mutating func write(
    _ text: Substring, x: Int, y: Int, style: Style = .plain, maxWidth: Int? = nil
  ) -> Int {
    writeText(text, x: x, y: y, style: style, maxWidth: maxWidth)
  }

  private mutating func writeText<Text: StringProtocol>(
    _ text: Text, x: Int, y: Int, style: Style, maxWidth: Int?
  ) -> Int {
    guard y >= 0, y < height, x < width else { return 0 }
    var limit = width
    if let maxWidth {
      let (end, overflow) = x.addingReportingOverflow(max(0, maxWidth))
      if !overflow { limit = min(limit, end) }
    }
    var column = x
    let utf8 = text.utf8
    var offset = 0
    while offset < utf8.count, column < limit {
      // Printable ASCII, nearly all text: a cell per byte, no grapheme breaking or width
      // lookup; taken up again after each other character (a `·` or `…` in a line).
      let fast =
        utf8.withContiguousStorageIfAvailable {
          DisplayWidth.asciiRun(in: $0, from: offset)
        } ?? 0
      if fast > 0 {
        utf8.withContiguousStorageIfAvailable { bytes in
          column = putASCII(
            UnsafeBufferPointer(rebasing: bytes[offset..<(offset + fast)]), x: column,
            limit: limit, y: y, style: style)
        }
        offset += fast
        continue
      }
      // One code point that is a whole cluster (`·`, `…`, `✓`): no grapheme breaking either.
      let lone = utf8.withContiguousStorageIfAvailable { bytes in
        DisplayWidth.loneScalar(in: bytes, from: offset).map { found in
          (
            found,
            Cell(
              utf8: UnsafeBufferPointer(rebasing: bytes[offset..<(offset + found.length)]),
              style: style, width: found.width)
          )
        }
      }
      if let (found, cell) = lone ?? nil {
        guard column + found.width <= limit else {
          blank(from: column, to: limit, y: y, style: style)
          column = limit
          break
        }
        if column >= 0 {
          set(cell, x: column, y: y)
        } else {
          for hidden in column..<(column + found.width) where hidden >= 0 {
            set(.blank(style), x: hidden, y: y)
          }
        }
        offset += found.length
        column += found.width
        continue
      }
      let start = utf8.index(utf8.startIndex, offsetBy: offset)
      let end = text.index(after: start)
      offset = utf8.distance(from: utf8.startIndex, to: end)
      let character = text[start]
      // Almost every character is one cell: no array of segments for it.
      if let whole = DisplayWidth.unsplit(character) {
        if whole.width == 0 { continue }
        guard column + whole.width <= limit else {
          blank(from: column, to: limit, y: y, style: style)
          column = limit
          break
        }
        put(whole, x: column, y: y, style: style)
        column += whole.width
        continue
      }
      let segments = DisplayWidth.segments(of: character)
      let width = segments.reduce(0) { $0 + $1.width }
      if width == 0 { continue }
      guard column + width <= limit else {
        // A cluster that does not fit: blank what is left, never part of a cluster.
        blank(from: column, to: limit, y: y, style: style)
        column = limit
        break
      }
      for segment in segments {
        put(segment, x: column, y: y, style: style)
        column += segment.width
      }
    }
    return max(0, column - x)
  }

  /// Puts printable ASCII bytes a cell each from column `x` (clipped at 0 and `limit`) of row
  /// `y`; returns the column after the last. Only the run's two ends can cut a wide character
  /// in half, so only they are looked at.
  private mutating func putASCII(
    _ bytes: UnsafeBufferPointer<UInt8>, x: Int, limit: Int, y: Int, style: Style
  ) -> Int {
    guard x < limit else { return x }
    let end = min(x + bytes.count, limit)
    let first = max(x, 0)
    guard first < end else { return end }
    breakWideCharacter(at: first, y: y)
    breakWideCharacter(at: end - 1, y: y)
    rows[y].withUnsafeMutableBufferPointer { cells in
      for column in first..<end {
        cells[column] = Cell(ascii: bytes[column - x], style: style)
      }
    }
    return end
  }

  /// Puts one segment of a cluster at (x, y); a segment straddling the left edge leaves its
  /// visible half blank.
  private mutating func put(_ segment: DisplayWidth.Segment, x: Int, y: Int, style: Style) {
    if x >= 0 {
      set(Cell(grapheme: segment.text, style: style, width: segment.width), x: x, y: y)
    } else {
      for hidden in x..<(x + segment.width) where hidden >= 0 {
        set(.blank(style), x: hidden, y: y)
      }
    }
  }

  /// Blanks the columns from `start` up to `end` (exclusive) of row `y`.
  private mutating func blank(from start: Int, to end: Int, y: Int, style: Style) {
    var column = start
    while column < end {
      set(.blank(style), x: column, y: y)
      column += 1
    }
  }

  /// Fills a rectangle with blanks in `style` (clipped to the buffer).
  ///
  /// ```swift
  /// buffer.fill(x: 0, y: 0, width: buffer.width, height: 1, style: Style(reverse: true))
  /// ```
  public mutating func fill(x: Int, y: Int, width: Int, height: Int, style: Style) {
    let columns = clamp(x, width, to: self.width)
    let rows = clamp(y, height, to: self.height)
    guard !columns.isEmpty else { return }
    let blank = Cell.blank(style)
    for row in rows {
      // Only the run's two ends can cut a wide character in half.
      breakWideCharacter(at: columns.lowerBound, y: row)
      breakWideCharacter(at: columns.upperBound - 1, y: row)
      self.rows[row].withUnsafeMutableBufferPointer { cells in
        for column in columns { cells[column] = blank }
      }
    }
  }

  /// Restyles a run of cells on one row, keeping their text (a wide character half inside the
  /// run is restyled whole).
  ///
  /// ```swift
  /// buffer.setStyle(x: 0, y: selectedRow, width: buffer.width) { $0.reverse = true }
  /// ```
  public mutating func setStyle(x: Int, y: Int, width: Int, style: (inout Style) -> Void) {
    guard y >= 0, y < height else { return }
    var columns = clamp(x, width, to: self.width)
    guard !columns.isEmpty else { return }
    if self[x: columns.lowerBound, y: y].isContinuation, columns.lowerBound > 0 {
      columns = (columns.lowerBound - 1)..<columns.upperBound
    }
    if self[x: columns.upperBound - 1, y: y].width == 2, columns.upperBound < self.width {
      columns = columns.lowerBound..<(columns.upperBound + 1)
    }
    rows[y].withUnsafeMutableBufferPointer { cells in
      for column in columns { style(&cells[column].style) }
    }
  }

  /// The cells of one row (empty when out of range).
  public func row(_ y: Int) -> ArraySlice<Cell> {
    guard y >= 0, y < height else { return [] }
    return rows[y][...]
  }

  /// The cells of one row as an array that shares the buffer's storage (empty when out of
  /// range): what a cache keeps to hand back to `replaceRow` in a later frame.
  ///
  /// ```swift
  /// kept = buffer.cells(ofRow: 2)  // no copy
  /// ```
  public func cells(ofRow y: Int) -> [Cell] {
    guard y >= 0, y < height else { return [] }
    return rows[y]
  }

  /// Replaces row `y` with `cells` (a row of this buffer's width, such as another buffer's
  /// `cells(ofRow:)`); does nothing when out of range or of another width. The row shares
  /// `row`'s storage until one of them is written to.
  ///
  /// ```swift
  /// buffer.replaceRow(2, with: kept)  // a row drawn in an earlier frame
  /// ```
  public mutating func replaceRow(_ y: Int, with row: [Cell]) {
    guard y >= 0, y < height, width > 0, row.count == width else { return }
    rows[y] = row
  }

  /// Replaces the cells of row `y` from column `x` with `cells` (cells of a row of this
  /// buffer, such as a span of another buffer's `row(_:)`), clipped to the row. Copies in place.
  ///
  /// ```swift
  /// buffer.replaceCells(x: 0, y: 1, with: kept)  // a span drawn in an earlier frame
  /// ```
  public mutating func replaceCells(x: Int, y: Int, with span: [Cell]) {
    guard y >= 0, y < height, x >= 0, x < width else { return }
    let count = min(span.count, width - x)
    guard count > 0 else { return }
    rows[y].withUnsafeMutableBufferPointer { cells in
      span.withUnsafeBufferPointer { span in
        cells.baseAddress!.advanced(by: x).update(from: span.baseAddress!, count: count)
      }
    }
  }

  /// One row as plain text, trailing spaces trimmed.
  public func text(ofRow y: Int) -> String {
    var line = row(y).map(\.grapheme).joined()
    while line.last == " " { line.removeLast() }
    return line
  }

  /// The rows as plain text, trailing spaces trimmed per row, joined with "\n".
  public var description: String {
    (0..<height).map { text(ofRow: $0) }.joined(separator: "\n")
  }

  // MARK: - Invariants

  private mutating func set(_ newValue: Cell, x: Int, y: Int) {
    guard contains(x: x, y: y) else { return }
    var cell = newValue
    if cell.width <= 0 { cell = .blank(cell.style) }  // continuation cells are the buffer's own
    if cell.width >= 2 {
      cell.width = 2
      if x + 1 >= width { cell = .blank(cell.style) }  // no room for both halves
    }
    breakWideCharacter(at: x, y: y)
    if cell.width == 2 {
      breakWideCharacter(at: x + 1, y: y)
      rows[y][x + 1] = Cell(grapheme: "", style: cell.style, width: 0)
    }
    rows[y][x] = cell
  }

  /// Before (x, y) is overwritten: blanks the other half of a wide character it is part of.
  private mutating func breakWideCharacter(at x: Int, y: Int) {
    guard contains(x: x, y: y) else { return }
    let existing = rows[y][x]
    if existing.isContinuation, x > 0 {
      rows[y][x - 1] = .blank(rows[y][x - 1].style)
    } else if existing.width == 2, x + 1 < width {
      rows[y][x + 1] = .blank(existing.style)
    }
  }

  private func clamp(_ start: Int, _ length: Int, to limit: Int) -> Range<Int> {
    let lower = max(0, start)
    let (end, overflow) = start.addingReportingOverflow(max(0, length))
    let upper = min(limit, overflow ? limit : end)
    return lower < upper ? lower..<upper : 0..<0
  }
}
