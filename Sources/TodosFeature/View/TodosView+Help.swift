import TerminalUI

extension TodosView {
  /// The help overlay's key column: the widest keys and a gap, but at most two fifths of the
  /// screen, so the meanings keep the most room on a narrow terminal.
  ///
  /// ```swift
  /// TodosView.helpKeysWidth(["j k  Down Up", "^L"], width: 80)  // 14
  /// ```
  static func helpKeysWidth(_ keys: [String], width: Int) -> Int {
    let widest = keys.map { DisplayWidth.of($0) }.max() ?? 0
    return max(min(widest + 2, (width - 2) * 2 / 5), 4)
  }

  /// The help overlay: the key table's lines from `first`, keys then meanings, each cut with
  /// `…`; a last line says how many more there are.
  static func drawHelp(
    into buffer: inout ScreenBuffer, top: Int, height: Int, keys: KeyBindings = .standard,
    first: Int = 0
  ) {
    let lines = KeyTable.helpLines(keys.sections)
    let first = min(max(first, 0), max(lines.count - height, 0))
    let keysWidth = helpKeysWidth(
      lines.filter { !$0.isHeading }.map(\.keys), width: buffer.width)
    let meaningWidth = buffer.width - 2 - keysWidth - 1
    for row in 0..<height {
      let index = first + row
      guard index < lines.count else { break }
      let y = top + row
      if row == height - 1, index < lines.count - 1 {
        let below = lines.count - index
        let more = DisplayWidth.truncate(
          "… \(below) more lines: j or PgDn", toWidth: buffer.width - 3)
        buffer.write(more, x: 2, y: y, style: hintStyle)
        break
      }
      let line = lines[index]
      // Every part cut with `…`, never mid-word without a sign (`orde`).
      if line.isHeading {
        let heading = DisplayWidth.truncate(line.keys, toWidth: buffer.width - 2)
        buffer.write(heading, x: 1, y: y, style: titleStyle)
        continue
      }
      buffer.write(DisplayWidth.truncate(line.keys, toWidth: keysWidth - 1), x: 2, y: y)
      if meaningWidth > 0 {
        buffer.write(
          DisplayWidth.truncate(line.meaning, toWidth: meaningWidth), x: 2 + keysWidth, y: y)
      }
    }
  }
}
