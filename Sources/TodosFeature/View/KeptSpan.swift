import TerminalUI

/// A span of one screen line as last drawn, kept with everything its look depends on, so that
/// a frame copies its cells instead of drawing it again while that stays the same.
///
/// The title, the filter bar's names and the key hints are the same from one key to the next,
/// and drawing them (counting, measuring and writing a dozen strings) cost about a seventh of a
/// typed letter's frame.
/// Kept in the list's `ViewCache`, outside the state's value: the key holds every input the
/// drawing reads, so a kept span is used only when drawing it again would give the same cells,
/// and a frame is the same with or without it.
///
/// ```swift
/// let width = cache.hints.draw(key, x: 0, y: 23, into: &buffer) { buffer in
///   drawTheHints(into: &buffer)  // returns the columns it used from x
/// }
/// ```
struct KeptSpan<Key: Equatable> {
  private var key: Key?
  private var cells: [Cell] = []
  private var y = -1
  private var x = 0
  /// What `drawing` returned.
  private var used = 0
  /// Whether `cells` is a whole row, kept as the storage the frame drew it in: a span from
  /// column 0 to the end, drawn on a row nothing else was drawn on first. It is handed back
  /// whole (`ScreenBuffer.replaceRow`), so the diff finds it the same without reading it, to
  /// a row nothing was drawn on yet either (else the span is drawn again).
  private var wholeRow = false
  /// How many frames copied the span (for tests).
  private(set) var reuses = 0

  /// Copies the cells kept under `key` to (x, y) and returns their width, or draws the span
  /// with `drawing` (which returns the columns it used from `x`) and keeps what it drew.
  mutating func draw(
    _ key: Key, x: Int, y: Int, into buffer: inout ScreenBuffer,
    drawing: (inout ScreenBuffer) -> Int
  ) -> Int {
    let wholeRowFits = !wholeRow || (cells.count == buffer.width && buffer.isUntouched(row: y))
    if self.key == key, self.x == x, self.y == y, wholeRowFits {
      if wholeRow {
        buffer.replaceRow(y, with: cells)
      } else {
        buffer.replaceCells(x: x, y: y, with: cells)
      }
      reuses += 1
      return used
    }
    let untouched = x == 0 && buffer.isUntouched(row: y)
    let used = drawing(&buffer)
    let end = min(x + max(used, 0), buffer.width)
    self.key = key
    self.x = x
    self.y = y
    self.used = used
    wholeRow = untouched && end == buffer.width
    if wholeRow {
      cells = buffer.cells(ofRow: y)
    } else {
      cells = x < end ? Array(buffer.row(y).dropFirst(x).prefix(end - x)) : []
    }
    return used
  }
}

extension TodosView {
  /// What the filter bar's names depend on (`filterBarNames`, and the entry in effect).
  struct FilterNamesKey: Equatable {
    var views: [SavedView]
    var filter: Todos.Filter
    var view: String?
    /// Whether a search or a picked tag needs the wider room at the end.
    var reservesMore: Bool
    var width: Int
  }

  /// What the filter bar line depends on while no search shows on it: its names, the hidden
  /// todos shown (and the key that hides them), the picked tag and the position.
  struct FilterBarKey: Equatable {
    var names: FilterNamesKey
    var hiddenShown: String?
    var pickedTag: String?
    var position: PositionKey?
  }

  /// What the title line depends on: the counts it says, the file, the view and the order.
  struct TitleKey: Equatable {
    var active: Int
    var overdue: Int
    var hidden: Int
    var linesNotShown: Int
    var file: FileTitle?
    var view: String?
    var sortTitle: String?
    var width: Int
  }

  /// The filter bar's position, `first-last of count`.
  struct PositionKey: Equatable {
    var first: Int
    var last: Int
    var count: Int

    /// Its width in columns, counted without writing the numbers.
    var width: Int {
      DisplayWidth.of(decimal: first) + 1 + DisplayWidth.of(decimal: last) + 4
        + DisplayWidth.of(decimal: count)
    }
  }

  /// What the key hints line depends on.
  struct HintsKey: Equatable {
    var date: String?
    var hints: [String]
    var room: Int
  }
}
