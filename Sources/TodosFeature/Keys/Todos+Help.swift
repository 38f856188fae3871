import TerminalUI

extension Todos {
  /// How the help overlay scrolls: a line, a page, or to an end.
  public enum HelpScroll: Equatable, Sendable { case down, up, pageDown, pageUp, top, bottom }
}

extension KeyTable {
  /// The help overlay's lines: each section's title, its lines, a blank line between sections.
  ///
  /// ```swift
  /// KeyTable.helpLines(KeyBindings.standard.sections).count  // 45, say
  /// ```
  public static func helpLines(_ sections: [Section]) -> [(
    keys: String, meaning: String, isHeading: Bool
  )] {
    var lines: [(keys: String, meaning: String, isHeading: Bool)] = []
    for (index, section) in sections.enumerated() {
      if index > 0 { lines.append(("", "", false)) }
      lines.append((section.title, "", true))
      lines += section.lines.map { ($0.keys, $0.meaning, false) }
    }
    return lines
  }

  /// How many lines the help overlay has (remapping keys changes no line count).
  static let helpLineCount = helpLines(sections).count
}

extension Todos.State {
  /// Scrolls the help overlay, never past its first or last line.
  mutating func scrollHelp(_ scroll: Todos.HelpScroll) {
    let height = viewport.listHeight
    let last = max(KeyTable.helpLineCount - height, 0)
    switch scroll {
    case .down: helpTop += 1
    case .up: helpTop -= 1
    case .pageDown: helpTop += max(height - 1, 1)
    case .pageUp: helpTop -= max(height - 1, 1)
    case .top: helpTop = 0
    case .bottom: helpTop = last
    }
    helpTop = min(max(helpTop, 0), last)
  }
}
