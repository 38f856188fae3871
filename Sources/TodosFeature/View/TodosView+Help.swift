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
}
