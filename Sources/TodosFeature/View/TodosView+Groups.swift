import TerminalUI

// A section header of a grouped view (`group = "project"`): a line of its own above the
// section's todos, never selected.

extension TodosView {
  /// The style of a section header: bold, as the title is.
  static let groupHeaderStyle = Style(bold: true)

  /// Draws `group`'s header (`+work · 3`) on row `y`, where a todo's checkbox would start.
  ///
  /// ```swift
  /// drawGroupHeader(VisibleTodos.Group(title: "Overdue", start: 0, count: 2), y: 3, into: &buffer)
  /// ```
  static func drawGroupHeader(
    _ group: VisibleTodos.Group, y: Int, into buffer: inout ScreenBuffer
  ) {
    let text = DisplayWidth.truncate(group.header, toWidth: buffer.width - checkboxX - 1)
    buffer.write(text, x: checkboxX, y: y, style: groupHeaderStyle)
  }
}
