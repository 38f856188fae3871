import TerminalUI

// A `v` range on screen: every row of it marked as the selected row is, with a `*`
// before its checkbox, so it shows in a monochrome terminal, under NO_COLOR and in a plain
// text snapshot alike. The `>` stays on the selected row, the end of the range that moves.

extension TodosView {
  /// The mark of a row in a range, between the selection's `>` and the checkbox.
  public static let rangeMark = "*"

  /// Marks the row of `todo` at `y`, drawn already as a selected row, as part of the range:
  /// in the gutter's style, or the bar's when the selection is the whole row.
  static func drawRangeMark(
    _ todo: Todo.State, y: Int, isSelected: Bool, isSettling: Bool = false,
    into buffer: inout ScreenBuffer, theme: TodosTheme = .standard
  ) {
    let looksComplete = todo.isComplete && !isSettling
    let style =
      theme.selectionBar == .row && looksComplete ? theme.selectedCompleted : theme.selection
    if !isSelected { buffer.write(" ", x: 0, y: y, style: style) }
    buffer.write(rangeMark, x: 1, y: y, style: style)
  }
}
