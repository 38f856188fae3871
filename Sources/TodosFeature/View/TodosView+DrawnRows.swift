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

  // MARK: - The whole list

  /// What the list area's rows depend on besides each row's own key: while it stays the same,
  /// so do the rows on screen, and a frame takes them as they were (`keptList(for:)`) without
  /// working out a single row's key. A range selection is never kept this way.
  struct ListKey: Equatable {
    /// The rows' contents and the day they are seen on (`TodoList.contentToken`).
    var token: UInt64
    var visibility: Visibility
    var top: Int
    var firstRow: Int
    var listHeight: Int
    var width: Int
    var theme: TodosTheme
    /// The todo being edited, whose row is drawn every frame.
    var editing: UUID?
    /// The selection, when the theme's bar marks the whole row (otherwise the gutter is drawn
    /// over the kept rows, and the rows do not depend on it).
    var barSelection: UUID?
    var conflicted: Set<UUID>
  }

  /// A list row as drawn: its screen row, its cells (before any gutter drawn over them), and
  /// the todo on it (nil for a section header).
  struct ListRow {
    var y: Int
    var cells: [Cell]
    var id: UUID?
  }

  private var listKey: ListKey?
  private var listRows: [ListRow] = []

  /// The list's rows drawn last frame, when `key` is that frame's key. Mutating only so that
  /// it is called in place: the rows are kept in a class (`ViewCache`), and a method that
  /// does not mutate gets a copy of all of them, every array retained and released.
  mutating func keptList(for key: ListKey) -> [ListRow]? {
    listKey == key ? listRows : nil
  }

  /// Whether the whole list kept is the one `other` kept, under the same key (for tests).
  func keepsTheSameList(as other: DrawnRows) -> Bool {
    listKey != nil && listKey == other.listKey
  }

  /// Keeps the list's rows as drawn this frame under `key` (nil: keeps none).
  mutating func keepList(_ key: ListKey?, _ rows: [ListRow]) {
    listKey = key
    listRows = key == nil ? [] : rows
  }
}

extension TodosView {
  /// The key of the list area's rows this frame (`DrawnRows.ListKey`).
  static func listKey(
    _ state: Todos.State, _ layout: Layout, _ editing: Editor.State?, _ width: Int,
    _ theme: TodosTheme
  ) -> DrawnRows.ListKey {
    DrawnRows.ListKey(
      token: state.list.contentToken, visibility: layout.visibility, top: layout.top,
      firstRow: layout.firstRow, listHeight: layout.listHeight, width: width, theme: theme,
      editing: editing.map(\.id),
      barSelection: theme.selectionBar == .marker ? nil : state.viewport.selectedID,
      conflicted: state.conflicted)
  }

  /// The list's rows as the last frame drew them, nothing they depend on having changed: the
  /// edited row drawn again (its text is not in the key), and the selection's gutter over its
  /// row. Returns the edit cursor.
  static func drawKeptList(
    _ rows: [DrawnRows.ListRow], _ state: Todos.State, editing: Editor.State?,
    into buffer: inout ScreenBuffer, theme: TodosTheme
  ) -> CursorPosition? {
    var cursor: CursorPosition?
    let selected = state.viewport.selectedID
    for row in rows {
      guard let id = row.id, id == editing?.id || id == selected else {
        buffer.replaceRow(row.y, with: row.cells)
        continue
      }
      let todo = state.list[id: id]
      if let editing, !editing.isNew, id == editing.id {
        cursor = drawEditingRow(
          editing, y: row.y, into: &buffer, isComplete: todo?.isComplete ?? false,
          created: todo?.creationDate)
        continue
      }
      buffer.replaceRow(row.y, with: row.cells)
      if let todo, editing == nil, theme.selectionBar == .marker {
        drawGutter(todo, y: row.y, isSelected: true, style: theme.selection, into: &buffer)
      }
    }
    return cursor
  }
}
