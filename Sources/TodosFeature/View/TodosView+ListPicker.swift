import TerminalUI

extension TodosView {
  /// Draws the list picker over the list area: the prompt with the typed text, then one row
  /// per list with its active todos, the selected one reversed; returns the cursor.
  ///
  /// ```
  ///  List:
  ///    todo.txt                 12
  ///    work.txt                  3
  /// ```
  static func drawListPicker(
    _ picker: ListPicker.State, into buffer: inout ScreenBuffer, top: Int, height: Int
  ) -> CursorPosition? {
    let width = buffer.width
    let prompt: String
    switch picker.purpose {
    case .open: prompt = "List: "
    case .move(let ids): prompt = "Move \(ids.count == 1 ? "it" : "\(ids.count) todos") to: "
    }
    let cursor = drawPickerPrompt(prompt, picker.field, into: &buffer, top: top)
    let shown = picker.shown
    let rows = max(height - 1, 1)
    let selected = picker.selectedPosition ?? 0
    let first = max(selected - rows + 1, 0)
    let nameWidth = min(
      max(shown.map { DisplayWidth.of($0.name) }.max() ?? 0, 14), max(width - checkboxX - 9, 4))
    for row in 0..<rows {
      let index = first + row
      guard index < shown.count else { break }
      let y = top + 1 + row
      let entry = shown[index]
      let isSelected = entry.id == picker.selected
      let style = isSelected ? selectedStyle : Style.plain
      if isSelected {
        buffer.write(String(repeating: " ", count: width - 2), x: 1, y: y, style: style)
      }
      let name = shortened(entry.name, toWidth: nameWidth)
      buffer.write(name, x: checkboxX, y: y, style: style)
      let count = String(entry.activeCount)
      let countX = checkboxX + nameWidth + 6 - DisplayWidth.of(count)
      if countX + DisplayWidth.of(count) < width {
        buffer.write(count, x: countX, y: y, style: style)
      }
    }
    if shown.isEmpty, rows > 1 {
      buffer.write(
        DisplayWidth.truncate("No list matches “\(picker.field.text)”", toWidth: width - 4),
        x: checkboxX, y: top + 1, style: hintStyle)
    }
    return cursor
  }
}
