import TerminalUI

extension TodosView {
  /// Draws the `+`/`@` picker over the list area: the prompt with the typed text, then the rows
  /// (the first shows every todo), the selected one reversed; returns the cursor.
  ///
  /// ```
  ///  Project: wo
  ///    every project
  ///    +work                 3
  ///    +house                3 (+3 hidden)
  /// ```
  static func drawPicker(
    _ picker: TagPicker.State, into buffer: inout ScreenBuffer, top: Int, height: Int
  ) -> CursorPosition? {
    let width = buffer.width
    let noun = picker.kind.noun
    let prompt = noun.prefix(1).uppercased() + noun.dropFirst() + ": "
    let cursor = drawPickerPrompt(prompt, picker.field, into: &buffer, top: top)
    let x = checkboxX
    let shown = picker.shown
    let rows = max(height - 1, 1)
    // The selected row in view: scrolled as little as possible from the top.
    let first = max(picker.selected - rows + 1, 0)
    let nameWidth = min(
      max(shown.map { DisplayWidth.of($0.tag) }.max() ?? 0, 14), max(width - x - 9, 4))
    for row in 0..<rows {
      let index = first + row
      guard index <= shown.count else { break }
      let y = top + 1 + row
      let isSelected = index == picker.selected
      let style = isSelected ? selectedStyle : Style.plain
      if isSelected {
        buffer.write(String(repeating: " ", count: width - 2), x: 1, y: y, style: style)
      }
      guard index > 0 else {
        buffer.write(
          "every \(noun) (show all todos)", x: x, y: y, style: style, maxWidth: width - x - 1)
        continue
      }
      let entry = shown[index - 1]
      buffer.write(DisplayWidth.truncate(entry.tag, toWidth: nameWidth), x: x, y: y, style: style)
      let count = String(entry.shownCount)
      let countX = x + nameWidth + 6 - DisplayWidth.of(count)
      if countX + DisplayWidth.of(count) < width {
        buffer.write(
          count, x: countX, y: y, style: entry.shownCount == 0 && !isSelected ? hintStyle : style)
        drawHiddenCount(
          entry.hiddenCount, x: countX + DisplayWidth.of(count), y: y,
          style: isSelected ? style : hintStyle, into: &buffer)
      }
    }
    if shown.isEmpty, rows > 1 {
      let text =
        picker.entries.isEmpty
        ? "No \(noun)s in the list (a word like \(picker.kind == .project ? "+work" : "@phone"))"
        : "No \(noun) matches “\(picker.field.text)”"
      buffer.write(
        DisplayWidth.truncate(text, toWidth: width - x - 1), x: x, y: top + 2, style: hintStyle)
    }
    return cursor
  }

  /// ` (+3 hidden)` after a picker row's count, or ` (+3)` where that does not fit, or nothing.
  static func drawHiddenCount(
    _ hidden: Int, x: Int, y: Int, style: Style, into buffer: inout ScreenBuffer
  ) {
    guard hidden > 0 else { return }
    let room = buffer.width - 1 - x
    for text in [" (+\(hidden) hidden)", " (+\(hidden))"] where DisplayWidth.of(text) <= room {
      buffer.write(text, x: x, y: y, style: style)
      return
    }
  }

  /// The picked project or context in the filter bar at `x` (`+work `); returns the width used.
  static func drawPickedTag(_ state: Todos.State, x: Int, into buffer: inout ScreenBuffer) -> Int {
    guard let tag = state.pickedTag, buffer.width - 1 - x > 4 else { return 0 }
    let width = buffer.write(tag, x: x, y: 1, style: pickedTagStyle, maxWidth: buffer.width / 3)
    return width + 1
  }

  /// The sort order in the title after "Todos" at `x` (` · by priority`), when it is not file
  /// order; returns the width used.
  static func drawSortOrder(
    _ state: Todos.State, x: Int, maxX: Int, into buffer: inout ScreenBuffer
  ) -> Int {
    let parts = [state.view, state.sortTitle].compactMap { $0 }
    guard !parts.isEmpty, maxX - x > 4 else { return 0 }
    let title = parts.map { " · \($0)" }.joined()
    return buffer.write(title, x: x, y: 0, maxWidth: maxX - x)
  }
}

extension TodosView {
  /// A picker's first line: its prompt, then the text typed to narrow it; returns where the
  /// caret goes (every picker draws this line the same way).
  ///
  /// ```swift
  /// let cursor = drawPickerPrompt("View: ", picker.field, into: &buffer, top: listTop)
  /// ```
  static func drawPickerPrompt(
    _ prompt: String, _ text: TextField, into buffer: inout ScreenBuffer, top: Int
  ) -> CursorPosition {
    let x = 1 + buffer.write(prompt, x: 1, y: top, style: titleStyle, maxWidth: buffer.width - 2)
    let field = FieldLayout(field: text, width: max(buffer.width - 1 - x, 1))
    buffer.write(field.text, x: x, y: top, style: fieldStyle, maxWidth: field.width)
    return CursorPosition(x: x + field.cursorColumn, y: top)
  }
}
