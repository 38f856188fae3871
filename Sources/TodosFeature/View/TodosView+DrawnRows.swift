import FoundationEssentials
import TerminalUI

/// The list's rows as last drawn, kept by todo id with everything their look depends on, so
/// that a frame draws only the rows whose look changed and shares the others' cells.
///
/// A `j` changes two rows (the one left, the one selected); the twenty others of the screen
/// are the kept rows themselves. Kept in the list's `ViewCache` (outside the state's value):
/// the key holds the todo and every flag `drawRow` reads, so a kept row is used only when
/// drawing it again would give the same cells, and a frame is the same with or without it.
///
/// ```swift
/// rows.startFrame(height: 22)
/// rows.draw(todo, isSelected: false, …, y: 4, into: &buffer) {
///   drawRow(todo, y: 4, …, into: &$0)
/// }
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

  /// Where each todo's row is in `entries`: the entries are read and changed in place (a
  /// dictionary's values are copied out to be read, a row's cells and todo with them).
  private var slots: [UUID: Int] = [:]
  private var entries: [Entry] = []
  /// The slot drawn at each screen row last time: most rows show the same todo as in the last
  /// frame, found here without hashing its id.
  private var slotsByRow: [Int] = []
  private var frame: UInt64 = 0

  /// Starts a frame of `height` rows: forgets the rows no recent frame showed once there are
  /// many more than a screen holds (after scrolling).
  mutating func startFrame(height: Int) {
    frame &+= 1
    if entries.count > 3 * max(height, 8) {
      let recent = frame &- 1
      entries.removeAll { $0.frame < recent }
      slotsByRow = []
      slots = [:]
      for (slot, entry) in entries.enumerated() { slots[entry.key.todo.id] = slot }
    }
  }

  /// Draws row `y` of `todo` with these flags: the cells kept for it when they are the same
  /// (compared in place; the row shares their storage), else `drawing` into the row (blank
  /// before it), keeping what it drew under a new key.
  mutating func draw(
    _ todo: Todo.State, isSelected: Bool, isSettling: Bool, isConflicted: Bool,
    badge: RowBadge?, width: Int, theme: TodosTheme, y: Int, into buffer: inout ScreenBuffer,
    drawing: (inout ScreenBuffer) -> Void
  ) {
    let slot = slot(of: todo.id, y: y)
    remember(slot ?? entries.count, atRow: y)
    if let slot {
      // Compared through the buffer: reading `kept[slot].key` into a value would copy it.
      let same = entries.withUnsafeBufferPointer { kept in
        kept[slot].key.isSelected == isSelected && kept[slot].key.isSettling == isSettling
          && kept[slot].key.isConflicted == isConflicted && kept[slot].key.width == width
          && kept[slot].key.badge == badge && kept[slot].key.todo == todo
          && kept[slot].key.theme == theme
      }
      if same {
        entries[slot].frame = frame
        entries.withUnsafeBufferPointer { buffer.replaceRow(y, with: $0[slot].cells) }
        return
      }
    }
    drawing(&buffer)
    let key = Key(
      todo: todo, isSelected: isSelected, isSettling: isSettling, isConflicted: isConflicted,
      badge: badge, width: width, theme: theme)
    // The row's own storage, shared with the buffer: kept without a copy, and handed back by
    // `replaceRow` as that same storage, which the diff knows unchanged without reading it.
    guard let slot else {
      slots[todo.id] = entries.count
      entries.append(Entry(key: key, cells: buffer.cells(ofRow: y), frame: frame))
      return
    }
    entries[slot].key = key
    entries[slot].frame = frame
    entries[slot].cells = buffer.cells(ofRow: y)
  }

  /// The slot of the todo `id`: the one drawn at row `y` last time when it is that todo's.
  private func slot(of id: UUID, y: Int) -> Int? {
    if y >= 0, y < slotsByRow.count {
      let guess = slotsByRow[y]
      let found = entries.withUnsafeBufferPointer { kept in
        guess >= 0 && guess < kept.count && kept[guess].key.todo.id == id
      }
      if found { return guess }
    }
    return slots[id]
  }

  private mutating func remember(_ slot: Int, atRow y: Int) {
    guard y >= 0 else { return }
    if slotsByRow.count <= y {
      slotsByRow += repeatElement(-1, count: y + 1 - slotsByRow.count)
    }
    slotsByRow[y] = slot
  }

  /// How many rows are kept (for tests).
  var count: Int { entries.count }
}
