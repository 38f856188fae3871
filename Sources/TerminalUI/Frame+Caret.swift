extension Frame {
  /// The frame for a terminal whose cursor cannot be shown: the caret becomes a painted
  /// (reverse-video) cell and the cursor is hidden. A caret is either the terminal's cursor or
  /// a painted cell, never both: xterm inverts the cell under its cursor, so the two cancel out.
  ///
  /// ```swift
  /// let shown = canShowCursor ? frame : frame.paintingCaret()
  /// ```
  public func paintingCaret() -> Frame {
    guard let cursor, buffer.contains(x: cursor.x, y: cursor.y) else { return self }
    var buffer = buffer
    buffer.setStyle(x: cursor.x, y: cursor.y, width: 1) { $0.reverse.toggle() }
    return Frame(buffer: buffer, cursor: nil)
  }
}
