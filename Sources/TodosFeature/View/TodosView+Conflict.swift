import TerminalUI

// The mark on a todo a merge kept twice: the disk's version of a todo both sides changed.

extension TodosView {
  /// The tag at the end of the disk's version of a todo changed on both sides.
  public static let conflictTag = "(conflict: on disk)"

  /// Writes the conflict tag ending at column `right` (exclusive) of row `y`, in the row's
  /// style when selected; returns where the text before it must end (`right` when it does not
  /// fit).
  ///
  /// ```swift
  /// textEnd = drawConflictTag(y: y, right: textEnd, rowStyle: style, into: &buffer)
  /// ```
  static func drawConflictTag(
    y: Int, right: Int, rowStyle: Style, isSelected: Bool = false,
    into buffer: inout ScreenBuffer
  ) -> Int {
    let x = right - DisplayWidth.of(conflictTag)
    guard x - 1 - textX >= 4 else { return right }
    var style = isSelected ? rowStyle : TodosTheme.layered(conflictStyle, over: rowStyle)
    style.bold = true
    buffer.write(conflictTag, x: x, y: y, style: style)
    return x - 1
  }
}
