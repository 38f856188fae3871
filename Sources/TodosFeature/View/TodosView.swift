import FoundationEssentials
import TerminalUI

/// The screen as a pure function of the state: title, filter bar, rows, status and key hints.
///
/// The cost is proportional to the rows on screen (the active count is kept in the state), plus,
/// under a filter or search only, one O(n) pass to find the visible todos.
///
/// ```swift
/// let frame = TodosView.frame(for: store.state)
/// terminal.draw(frame)
/// ```
public enum TodosView {
  /// Below this size the screen only says the terminal is too small.
  public static let minimumWidth = 24
  public static let minimumHeight = 6
  /// The first row of the list area.
  public static let listTop = 2
  /// The column of the checkbox `[ ]`, and of the description.
  public static let checkboxX = 2
  public static let textX = 6
  /// The tag at the end of a row that waits for the settle moment.
  public static let settlingTag = "(settling)"

  /// The frame for the state's own terminal size.
  ///
  /// ```swift
  /// terminal.draw(TodosView.frame(for: store.state))
  /// ```
  public static func frame(for state: Todos.State) -> Frame {
    frame(for: state, width: state.viewport.size.width, height: state.viewport.size.height)
  }

  /// The frame for a terminal of `width` × `height` cells, with the cursor when editing or
  /// searching; `linesNotShown` (comments and the like in the file) is said in the title. The
  /// caret is only the frame's cursor, never a painted cell: the terminal shows its own cursor
  /// there (xterm inverts the cell under it, so a painted one would cancel out).
  ///
  /// ```swift
  /// let frame = TodosView.frame(for: state, width: 40, height: 10)
  /// ```
  public static func frame(
    for state: Todos.State, width: Int, height: Int, linesNotShown: Int = 0,
    keys: KeyBindings = .standard, theme: TodosTheme = .standard, file: FileTitle? = nil,
    pendingKey: Key? = nil
  ) -> Frame {
    var buffer = ScreenBuffer(width: width, height: height)
    guard width >= minimumWidth, height >= minimumHeight else {
      drawTooSmall(into: &buffer)
      return Frame(buffer: buffer, cursor: nil)
    }
    let layout = Layout(state: state, width: width, height: height)
    var cursor: CursorPosition?
    drawTitle(state, linesNotShown: linesNotShown, file: file, into: &buffer)
    if let searchCursor = drawFilterBar(state, layout: layout, into: &buffer, keys: keys) {
      cursor = searchCursor
    }
    if state.focus == .help {
      drawHelp(
        into: &buffer, top: listTop, height: layout.listHeight, keys: keys,
        first: state.helpTop)
    } else if case .picking(let picker) = state.mode {
      cursor = drawPicker(picker, into: &buffer, top: listTop, height: layout.listHeight)
    } else if let links = state.organise.linkPicker {
      drawLinkPicker(links, into: &buffer, top: listTop, height: layout.listHeight)
    } else if case .choosingList(let picker) = state.mode {
      cursor = drawListPicker(picker, into: &buffer, top: listTop, height: layout.listHeight)
    } else if case .pickingView(let picker) = state.mode {
      cursor = drawViewPicker(picker, into: &buffer, top: listTop, height: layout.listHeight)
    } else if let editCursor = drawList(
      state, layout: layout, into: &buffer, keys: keys, theme: theme)
    {
      cursor = editCursor
    }
    if let prompt = state.organise.prompt {
      cursor = drawPrompt(prompt, state, into: &buffer, y: height - 2)
    } else {
      drawStatus(state, into: &buffer, y: height - 2, theme: theme, keys: keys)
      let listArea = Viewport.listHeight(screenHeight: height)
      let pane = detailHeight(state, width: width, height: height, listHeight: listArea)
      drawDetail(state, top: listTop + listArea - pane, height: pane, into: &buffer)
    }
    if let pendingKey {
      drawPendingKey(pendingKey, state, into: &buffer, y: height - 1, keys: keys)
    } else {
      drawHints(state, into: &buffer, y: height - 1, keys: keys)
    }
    return Frame(buffer: buffer, cursor: cursor)
  }

  /// Just the buffer (for snapshot tests and callers that do not need the cursor).
  ///
  /// ```swift
  /// let buffer = TodosView.render(state)
  /// ```
  public static func render(_ state: Todos.State) -> ScreenBuffer { frame(for: state).buffer }

  /// Which todo is under a mouse position in the state's own screen, and whether it is on
  /// the checkbox.
  ///
  /// ```swift
  /// TodosView.hitTest(x: 3, y: 2, in: state)  // (id: …, isCheckbox: true)
  /// ```
  public static func hitTest(x: Int, y: Int, in state: Todos.State) -> (id: UUID, isCheckbox: Bool)?
  {
    let width = state.viewport.size.width
    let height = state.viewport.size.height
    guard width >= minimumWidth, height >= minimumHeight, state.focus == .list else {
      return nil
    }
    let layout = Layout(state: state, width: width, height: height)
    let row = y - listTop
    guard row >= 0, row < layout.listHeight else { return nil }
    guard case .todo(let position) = layout.visible.content(ofLine: layout.top + row) else {
      return nil
    }
    let id = layout.visible[position].id
    return (id, x >= checkboxX && x < checkboxX + 3)
  }

  // MARK: - Parts

  static let titleStyle = Style(bold: true)
  static let currentFilterStyle = Style(bold: true, reverse: true)
  static let hintStyle = Style(dim: true)
  static let selectedStyle = Style(reverse: true)
  static let completedStyle = Style(dim: true)
  static let fieldStyle = Style(underline: true)
  static let errorStyle = Style(bold: true, foreground: .red)
  /// The `overdue 3d` badge (on the selected row: bold, in the row's colours).
  static let overdueStyle = Style(bold: true, foreground: .red)
  /// The `today` badge.
  static let dueTodayStyle = Style(bold: true, foreground: .yellow)
  /// A todo hidden by its dates, shown with `H`.
  static let hiddenRowStyle = Style(dim: true)
  /// The project or context picked with `+`/`@`, in the filter bar.
  static let pickedTagStyle = Style(bold: true)
  static let conflictStyle = Style(bold: true, foreground: .yellow)

  static func drawTooSmall(into buffer: inout ScreenBuffer) {
    let lines = ["Terminal too small", "need \(minimumWidth)×\(minimumHeight)"]
    let top = max((buffer.height - lines.count) / 2, 0)
    for (offset, line) in lines.enumerated() {
      let text = DisplayWidth.truncate(line, toWidth: buffer.width)
      let x = max((buffer.width - DisplayWidth.of(text)) / 2, 0)
      buffer.write(text, x: x, y: top + offset, style: offset == 0 ? titleStyle : .plain)
    }
  }

  static func drawTitle(
    _ state: Todos.State, linesNotShown: Int = 0, file: FileTitle? = nil,
    into buffer: inout ScreenBuffer
  ) {
    // The line depends on these alone: kept from the last frame.
    let dates = state.list.dates
    let key = TitleKey(
      active: state.activeCount - dates.hiddenActiveCount, overdue: dates.overdueCount,
      hidden: dates.hidden.count, linesNotShown: linesNotShown, file: file, view: state.view,
      sortTitle: state.sortTitle, width: buffer.width)
    _ = state.list.viewCache.title.draw(key, x: 0, y: 0, into: &buffer) { buffer in
      // The span is the whole line: every cell of it is written.
      buffer.fill(x: 0, y: 0, width: buffer.width, height: 1, style: .plain)
      drawTitleLine(state, linesNotShown: linesNotShown, file: file, into: &buffer)
      return buffer.width
    }
  }

  private static func drawTitleLine(
    _ state: Todos.State, linesNotShown: Int, file: FileTitle?, into buffer: inout ScreenBuffer
  ) {
    let count = itemsLeft(state, fitting: buffer.width - 2)
    let countX = max(buffer.width - 1 - DisplayWidth.of(count), 1)
    // The file's comments and undecodable lines: said, never silent (docs/file-format.md).
    let notShown =
      linesNotShown > 0
      ? " · \(linesNotShown) \(linesNotShown == 1 ? "line" : "lines") not shown" : ""
    // A long path is shortened before the parts after it are cut.
    let sortOrder =
      (state.view.map { " · \($0)" } ?? "") + (state.sortTitle.map { " · \($0)" } ?? "")
    let after = DisplayWidth.of(sortOrder + notShown)
    var x = 1 + drawName(file, maxX: countX - 1, reserving: after, into: &buffer)
    x += drawSortOrder(state, x: x, maxX: countX - 1, into: &buffer)
    guard linesNotShown > 0 else {
      buffer.write(count, x: countX, y: 0)
      return
    }
    let room = countX - 1 - x
    if room > 4 {
      buffer.write(
        DisplayWidth.truncate(notShown, toWidth: room), x: x, y: 0, style: hintStyle)
    }
    buffer.write(count, x: countX, y: 0)
  }

  /// Draws the rows (or the empty hints); returns the edit cursor.
  static func drawList(
    _ state: Todos.State, layout: Layout, into buffer: inout ScreenBuffer,
    keys: KeyBindings = .standard, theme: TodosTheme = .standard
  ) -> CursorPosition? {
    var cursor: CursorPosition?
    var editing: Editor.State?
    if case .editing(let current) = state.mode { editing = current }
    if let editing, editing.isNew {
      cursor = drawEditingRow(editing, y: listTop, into: &buffer)
    } else if layout.visible.count == 0 {
      drawEmptyHint(state, into: &buffer, keys: keys)
      return nil
    }
    let range = state.rangePositions(in: layout.visible)
    let cache = state.list.viewCache
    cache.drawnRows.startFrame(height: layout.listHeight)
    let marksGutter = theme.selectionBar == .marker
    let listKey = range != nil ? nil : Self.listKey(state, layout, editing, buffer.width, theme)
    if let listKey, let rows = cache.drawnRows.keptList(for: listKey) {
      return drawKeptList(rows, state, editing: editing, into: &buffer, theme: theme) ?? cursor
    }
    // Asked once: `listKey != nil` compares two optional keys (copying both) in the loop.
    let keepsRows = listKey != nil
    var drawn: [DrawnRows.ListRow] = []
    if keepsRows { drawn.reserveCapacity(layout.listHeight) }
    for row in layout.firstRow..<layout.listHeight {
      let y = listTop + row
      let line = layout.visible.content(ofLine: layout.top + row - layout.firstRow)
      guard let line else { break }
      guard case .todo(let position) = line else {
        if case .header(let group) = line {
          drawGroupHeader(group, y: y, into: &buffer)
          if keepsRows {
            drawn.append(DrawnRows.ListRow(y: y, cells: buffer.cells(ofRow: y), id: nil))
          }
        }
        continue
      }
      let todo = layout.visible[position]
      if let editing, !editing.isNew, editing.id == todo.id {
        cursor = drawEditingRow(
          editing, y: y, into: &buffer, isComplete: todo.isComplete, created: todo.creationDate)
        if keepsRows { drawn.append(DrawnRows.ListRow(y: y, cells: [], id: todo.id)) }
      } else {
        let isSelected = todo.id == state.viewport.selectedID
        let isInRange = range?.contains(position) == true
        let isMarked = (isSelected || isInRange) && editing == nil
        // With the marker look the selection changes only the gutter: the row is kept as
        // unselected and the gutter drawn over it, so a move redraws no row.
        let rowSelected = isMarked && !marksGutter
        let isSettling = state.isWaitingToSettle(todo)
        let isConflicted = state.conflicted.holds(todo.id)
        let badge = badge(for: todo, in: state)
        cache.drawnRows.draw(
          todo, isSelected: rowSelected, isSettling: isSettling, isConflicted: isConflicted,
          badge: badge, width: buffer.width, theme: theme, y: y, into: &buffer
        ) { buffer in
          drawRow(
            todo, y: y, isSelected: rowSelected, isSettling: isSettling,
            isConflicted: isConflicted, badge: badge, into: &buffer, theme: theme)
        }
        if keepsRows {
          drawn.append(DrawnRows.ListRow(y: y, cells: buffer.cells(ofRow: y), id: todo.id))
        }
        if isMarked, marksGutter {
          drawGutter(todo, y: y, isSelected: true, style: theme.selection, into: &buffer)
        }
        if isInRange {
          drawRangeMark(
            todo, y: y, isSelected: isSelected, isSettling: state.isWaitingToSettle(todo),
            into: &buffer, theme: theme)
        }
      }
    }
    cache.drawnRows.keepList(listKey, drawn)
    return cursor
  }

  static func drawEmptyHint(
    _ state: Todos.State, into buffer: inout ScreenBuffer, keys: KeyBindings = .standard
  ) {
    let text: String
    if state.list.isEmpty {
      text = "No todos yet · press \(keys.keyName(of: "add") ?? "a") to add one"
    } else if let search = state.search, !search.field.text.isEmpty {
      let clear = keys.key("clear_kept_search", or: "Esc")
      text = "No todos match “\(search.field.text)” · \(clear) clears the search"
    } else if let tag = state.pickedTag {
      text = noTodosWithTagHint(tag, state, keys: keys)
    } else if let hidden = allHiddenHint(state, keys: keys) {
      text = hidden
    } else {
      let all = keys.keyName(of: "filter_all") ?? "1"
      let which = state.view.map { "todos in \($0)" } ?? "\(state.filter.title.lowercased()) todos"
      text = "No \(which) · press \(all) to show all"
    }
    let width = buffer.width - checkboxX - 1
    buffer.write(
      DisplayWidth.truncate(text, toWidth: width), x: checkboxX, y: listTop + 1, style: hintStyle)
  }

  static func drawStatus(
    _ state: Todos.State, into buffer: inout ScreenBuffer, y: Int,
    theme: TodosTheme = .standard, keys: KeyBindings = .standard
  ) {
    guard let status = state.status ?? state.queryProblemStatus else { return }
    let text = keys.statusText(status.text)
    var x = 1
    let width = buffer.width - 2
    if status.kind == .error {
      x += buffer.write("Error: ", x: x, y: y, style: errorStyle, maxWidth: width)
    }
    let room = buffer.width - 1 - x
    buffer.write(
      DisplayWidth.truncate(text, toWidth: room), x: x, y: y, style: theme.status)
  }

  static func drawHints(
    _ state: Todos.State, into buffer: inout ScreenBuffer, y: Int,
    keys: KeyBindings = .standard
  ) {
    let room = buffer.width - 2
    let date = editorDateHint(state)
    let hints = keys.hints(for: state.focus)
    // The line depends on these alone: kept from the last frame.
    let key = HintsKey(date: date, hints: hints, room: room)
    // The whole line is the span (from column 0, blank where no hint is), so a frame hands
    // the line kept from the last one back whole.
    _ = state.list.viewCache.hints.draw(key, x: 0, y: y, into: &buffer) { buffer in
      buffer.fill(x: 0, y: y, width: buffer.width, height: 1, style: .plain)
      // Each hint measured once and written on its own: no line is built (a string growing
      // past 15 bytes allocates), and the ASCII hints take the buffer's one-byte-a-cell path.
      var x = 1
      var used = 0
      if let date {
        used = buffer.write(date, x: x, y: y, style: hintStyle, maxWidth: room)
        x += used
      }
      let separator = " · "
      let separatorWidth = DisplayWidth.of(separator)
      for hint in hints {
        let width = DisplayWidth.of(hint) + (used == 0 ? 0 : separatorWidth)
        guard used + width <= room else { break }
        if used > 0 { x += buffer.write(separator, x: x, y: y, style: hintStyle) }
        x += buffer.write(hint, x: x, y: y, style: hintStyle)
        used += width
      }
      return buffer.width
    }
  }

}
