import TerminalUI

extension TodosView {
  /// Draws the `w` picker over the list area: the prompt with the typed text, then a row per
  /// filter and view with its count and query (dim), the selected one reversed; returns the
  /// cursor.
  ///
  /// ```
  ///  View: o
  ///    Overdue       1  is:overdue
  ///    No date       2  due:none is:active
  /// ```
  static func drawViewPicker(
    _ picker: ViewPicker.State, into buffer: inout ScreenBuffer, top: Int, height: Int
  ) -> CursorPosition? {
    let width = buffer.width
    let cursor = drawPickerPrompt("View: ", picker.field, into: &buffer, top: top)
    let x = checkboxX
    let shown = picker.shown
    let rows = max(height - 1, 1)
    let first = max(picker.selected - rows + 1, 0)
    let nameWidth = min(
      max(shown.map { DisplayWidth.of($0.title) }.max() ?? 0, 10), max(width - x - 9, 4))
    let countWidth = max(shown.map { String($0.count).count }.max() ?? 1, 1)
    for row in 0..<rows {
      let index = first + row
      guard index < shown.count else { break }
      let y = top + 1 + row
      let isSelected = index == picker.selected
      let style = isSelected ? selectedStyle : Style.plain
      if isSelected {
        buffer.write(String(repeating: " ", count: width - 2), x: 1, y: y, style: style)
      }
      let entry = shown[index]
      buffer.write(DisplayWidth.truncate(entry.title, toWidth: nameWidth), x: x, y: y, style: style)
      let count = String(entry.count)
      var countX = x + nameWidth + 2 + countWidth - count.count
      guard countX + count.count < width - 1 else { continue }
      countX += buffer.write(count, x: countX, y: y, style: style)
      let queryX = countX + 2
      let room = width - 1 - queryX
      guard room > 3, !entry.query.isEmpty else { continue }
      buffer.write(
        DisplayWidth.truncate(entry.query, toWidth: room), x: queryX, y: y,
        style: isSelected ? style : hintStyle)
    }
    if shown.isEmpty, rows > 1 {
      buffer.write(
        DisplayWidth.truncate("No view matches “\(picker.field.text)”", toWidth: width - x - 1),
        x: x, y: top + 2, style: hintStyle)
    }
    return cursor
  }
}
