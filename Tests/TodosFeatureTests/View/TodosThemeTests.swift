import Foundation
import TerminalUI
import Testing

@testable import TodosFeature

/// The view draws with the theme it is given: config.toml's `[colors]`, or the app's own look.
@MainActor
@Suite struct TodosThemeTests {
  let state = Todos.State(
    todos: [
      Todo.State(id: id(0), description: "Call +home @phone", priority: "A"),
      todo(1, "Done", done: true),
    ], selectedID: id(1), size: TerminalSize(width: 40, height: 8))

  /// The style of the first cell of `text` on row `y`.
  func style(of text: String, row y: Int, in buffer: ScreenBuffer) -> Style? {
    let row = buffer.text(ofRow: y)
    guard let range = row.range(of: text) else { return nil }
    return buffer[x: row.distance(from: row.startIndex, to: range.lowerBound), y: y].style
  }

  @Test func theStandardThemeIsTheAppsLook() {
    let buffer = TodosView.frame(for: state).buffer
    #expect(style(of: "(A)", row: 2, in: buffer) == Style(bold: true, foreground: .yellow))
    #expect(style(of: "+home", row: 2, in: buffer) == Style(foreground: .cyan))
    #expect(style(of: "@phone", row: 2, in: buffer) == Style(foreground: .magenta))
    // The selection marks the gutter; the completed row keeps its own look.
    #expect(style(of: "Done", row: 3, in: buffer) == Style(dim: true))
    #expect(style(of: "> [x]", row: 3, in: buffer) == Style(reverse: true))
    #expect(buffer[x: TodosView.textX - 2, y: 3].style == Style(reverse: true))
    #expect(buffer[x: TodosView.textX - 1, y: 3].style == Style(dim: true))
  }

  /// `selection_bar = "row"`: the bar covers the row, over the completed look.
  @Test func theRowBarCoversTheWholeRow() {
    var theme = TodosTheme.standard
    theme.selectionBar = .row
    let buffer = TodosView.frame(for: state, width: 40, height: 8, theme: theme).buffer
    #expect(style(of: "Done", row: 3, in: buffer) == Style(dim: true, reverse: true))
    #expect(buffer[x: 39, y: 3].style == Style(dim: true, reverse: true))
  }

  @Test func aThemeColoursEachPartAndTheSelectionKeepsTagsReadable() {
    var theme = TodosTheme.standard
    theme.priorityA = Style(foreground: .yellow)
    theme.project = Style(foreground: .green)
    theme.selection = Style(foreground: .black, background: .brightBlue)
    theme.completed = Style(foreground: .brightBlack)
    theme.status = Style(foreground: .cyan)
    var shown = state
    shown.status = Todos.StatusMessage("Saved")
    let buffer = TodosView.frame(for: shown, width: 40, height: 8, theme: theme).buffer
    #expect(style(of: "(A)", row: 2, in: buffer) == Style(foreground: .yellow))
    #expect(style(of: "+home", row: 2, in: buffer) == Style(foreground: .green))
    #expect(style(of: "Done", row: 3, in: buffer) == Style(foreground: .brightBlack))
    #expect(
      style(of: "> [x]", row: 3, in: buffer)
        == Style(foreground: .black, background: .brightBlue))
    #expect(style(of: "Saved", row: 6, in: buffer) == Style(foreground: .cyan))
    // On a reverse-video bar a tag is underlined, not coloured.
    var selected = state
    selected.viewport.selectedID = id(0)
    var rowTheme = TodosTheme.standard
    rowTheme.selectionBar = .row
    let reversed = TodosView.frame(for: selected, width: 40, height: 8, theme: rowTheme).buffer
    #expect(style(of: "+home", row: 2, in: reversed) == Style(reverse: true, underline: true))
    #expect(style(of: "(A)", row: 2, in: reversed) == Style(bold: true, reverse: true))
  }

  @Test func withoutColorsOnlyTheAttributesStay() {
    var theme = TodosTheme.standard
    theme.overdue = Style(bold: true, foreground: .red, background: .white)
    #expect(theme.withoutColors.overdue == Style(bold: true))
    #expect(theme.withoutColors.project == .plain)
    #expect(
      TodosTheme.layered(Style(bold: true, foreground: .red), over: Style(reverse: true))
        == Style(bold: true, reverse: true, foreground: .red))
  }
}
