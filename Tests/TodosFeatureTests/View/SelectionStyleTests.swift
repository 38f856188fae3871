import Foundation
import TerminalUI
import Testing

@testable import TodosFeature

/// Any selection style, not only reverse video, keeps the selected row's tags, priority and
/// badge readable: underlined or bold in the bar's own colours, never in theirs.
@MainActor
@Suite struct SelectionStyleTests {
  /// The style of the first cell of `text` on row `y`.
  func style(of text: String, row y: Int, in buffer: ScreenBuffer) -> Style? {
    let row = buffer.text(ofRow: y)
    guard let range = row.range(of: text) else { return nil }
    return buffer[x: row.distance(from: row.startIndex, to: range.lowerBound), y: y].style
  }

  @Test func aColouredSelectionBarShowsTagsUnderlinedInItsColours() {
    let state = Todos.State(
      todos: [
        Todo.State(
          id: id(0), description: "Call +home @phone due:2024-04-28", priority: "A")
      ], selectedID: id(0), size: TerminalSize(width: 60, height: 8))
    var theme = TodosTheme.standard
    theme.selection = Style(foreground: .black, background: .brightBlue)
    theme.selectionBar = .row
    let buffer = TodosView.frame(for: state, width: 60, height: 8, theme: theme).buffer
    let bar = Style(foreground: .black, background: .brightBlue)
    #expect(style(of: "+home", row: 2, in: buffer) == Style(underline: true).on(bar))
    #expect(style(of: "@phone", row: 2, in: buffer) == Style(underline: true).on(bar))
    #expect(style(of: "(A)", row: 2, in: buffer) == Style(bold: true).on(bar))
    #expect(style(of: "overdue", row: 2, in: buffer) == Style(bold: true).on(bar))
    #expect(style(of: "Call", row: 2, in: buffer) == bar)
  }

  /// The default look: the selection's style marks the gutter (`> [ ]`) only, so the row's
  /// tags, priority and badge keep their own colours, and moving the selection rewrites the
  /// gutters of two rows, not the rows.
  @Test func theMarkerColoursOnlyTheGutter() {
    let state = Todos.State(
      todos: [
        Todo.State(
          id: id(0), description: "Call +home @phone due:2024-04-28", priority: "A")
      ], selectedID: id(0), size: TerminalSize(width: 60, height: 8))
    var theme = TodosTheme.standard
    theme.selection = Style(foreground: .black, background: .brightBlue)
    let buffer = TodosView.frame(for: state, width: 60, height: 8, theme: theme).buffer
    let bar = Style(foreground: .black, background: .brightBlue)
    for x in 0..<(TodosView.textX - 1) { #expect(buffer[x: x, y: 2].style == bar, "column \(x)") }
    #expect(buffer.text(ofRow: 2).hasPrefix("> [ ] (A) Call"))
    #expect(style(of: "+home", row: 2, in: buffer) == theme.project)
    #expect(style(of: "@phone", row: 2, in: buffer) == theme.context)
    #expect(style(of: "(A)", row: 2, in: buffer) == theme.priorityA)
    #expect(style(of: "overdue", row: 2, in: buffer) == theme.overdue)
    #expect(style(of: "Call", row: 2, in: buffer) == .plain)
    #expect(buffer[x: 59, y: 2].style == .plain)
  }
}

extension Style {
  /// These attributes in `bar`'s colours.
  fileprivate func on(_ bar: Style) -> Style { TodosTheme.layered(self, over: bar) }
}
