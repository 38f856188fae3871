import FoundationEssentials
import TerminalUI

/// The list's rows as last drawn, kept by todo id with everything their look depends on, so
/// that a frame draws only the rows whose look changed and copies the others' cells.
///
/// A `j` changes two rows (the one left, the one selected); the twenty others of the screen
/// are copies. Kept in the list's `ViewCache` (outside the state's value): the key holds the
/// todo and every flag `drawRow` reads, so a kept row is used only when drawing it again
/// would give the same cells, and a frame is the same with or without it.
///
/// ```swift
/// rows.startFrame(height: 22)
/// rows.draw(key, y: 4, into: &buffer) { drawRow(todo, y: 4, …, into: &$0) }
/// ```
struct DrawnRows {
  /// What a row's cells depend on.
  struct Key: Equatable {
    var todo: Todo.State
    var isSelected: Bool
    var isSettling: Bool
    var isConflicted: Bool
    var badge: RowBadge?
    var width: Int
    var theme: TodosTheme
  }

  private struct Entry {
    var key: Key
    var cells: [Cell]
    /// The last frame that showed it.
    var frame: UInt64
  }

  private var rows: [UUID: Entry] = [:]
  private var frame: UInt64 = 0

  /// Starts a frame of `height` rows: forgets the rows no recent frame showed once there are
  /// many more than a screen holds (after scrolling).
  mutating func startFrame(height: Int) {
    frame &+= 1
    if rows.count > 3 * max(height, 8) {
      let recent = frame &- 1
      rows = rows.filter { $0.value.frame >= recent }
    }
  }

  /// Draws row `y` as `key` says: a copy of the cells kept for it when the key is the same,
  /// else `drawing` into the row (blank before it) and keeps what it drew.
  mutating func draw(
    _ key: Key, y: Int, into buffer: inout ScreenBuffer,
    drawing: (inout ScreenBuffer) -> Void
  ) {
    let id = key.todo.id
    if let index = rows.index(forKey: id) {
      if rows.values[index].key == key {
        rows.values[index].frame = frame
        buffer.replaceRow(y, with: rows.values[index].cells)
        return
      }
      drawing(&buffer)
      rows.values[index].key = key
      rows.values[index].frame = frame
      let row = buffer.row(y)
      if rows.values[index].cells.count == row.count {
        rows.values[index].cells.withUnsafeMutableBufferPointer { kept in
          for (offset, cell) in zip(kept.indices, row) { kept[offset] = cell }
        }
      } else {
        rows.values[index].cells = Array(row)
      }
      return
    }
    drawing(&buffer)
    rows[id] = Entry(key: key, cells: Array(buffer.row(y)), frame: frame)
  }

  /// How many rows are kept (for tests).
  var count: Int { rows.count }
}
