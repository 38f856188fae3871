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
  /// How many frames copied the span (for tests).
  private(set) var reuses = 0

  /// Copies the cells kept under `key` to (x, y) and returns their width, or draws the span
  /// with `drawing` (which returns the columns it used from `x`) and keeps what it drew.
  mutating func draw(
    _ key: Key, x: Int, y: Int, into buffer: inout ScreenBuffer,
    drawing: (inout ScreenBuffer) -> Int
  ) -> Int {
    if self.key == key, self.x == x, self.y == y {
      buffer.replaceCells(x: x, y: y, with: cells)
      reuses += 1
      return used
    }
    let used = drawing(&buffer)
    let end = min(x + max(used, 0), buffer.width)
    self.key = key
    self.x = x
    self.y = y
    self.used = used
    cells = x < end ? Array(buffer.row(y).dropFirst(x).prefix(end - x)) : []
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
    var width: Int { Self.digits(first) + 1 + Self.digits(last) + 4 + Self.digits(count) }

    static func digits(_ number: Int) -> Int {
      var (digits, rest) = (number < 0 ? 2 : 1, number.magnitude)
      while rest >= 10 {
        digits += 1
        rest /= 10
      }
      return digits
    }
  }

  /// What the key hints line depends on.
  struct HintsKey: Equatable {
    var date: String?
    var hints: [String]
    var room: Int
  }
}
