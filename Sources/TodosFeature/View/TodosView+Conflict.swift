import TerminalUI

// The mark on a todo a merge kept twice: the disk's version of a todo both sides changed.

extension TodosView {
  /// The tag at the end of the disk's version of a todo changed on both sides.
  public static let conflictTag = "(conflict: on disk)"

  /// Writes the conflict tag at the end of row `y`, left of a settling tag, over the end of
  /// the text (with one blank column before it).
  ///
  /// ```swift
  /// if state.conflicted.contains(todo.id) {
  ///   drawConflictTag(y: y, isSelected: true, isSettling: false, into: &buffer)
  /// }
  /// ```
  static func drawConflictTag(
    y: Int, isSelected: Bool, isSettling: Bool, into buffer: inout ScreenBuffer
  ) {
    var right = buffer.width - 1
    if isSettling { right -= DisplayWidth.of(settlingTag) + 1 }
    let width = DisplayWidth.of(conflictTag)
    let x = right - width
    guard x - 1 > textX else { return }
    var style = isSelected ? selectedStyle : conflictStyle
    style.bold = true
    buffer.fill(x: x - 1, y: y, width: 1, height: 1, style: isSelected ? selectedStyle : .plain)
    buffer.write(conflictTag, x: x, y: y, style: style)
  }
}
