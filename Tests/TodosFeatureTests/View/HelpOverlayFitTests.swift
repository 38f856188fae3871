import Foundation
import TerminalUI
import Testing

@testable import TodosFeature

/// The help overlay on a narrow terminal: nothing is cut without `…`, and the key column
/// leaves the meanings most of the room.
@MainActor
@Suite struct HelpOverlayFitTests {
  /// Every line of the help, scrolled through, at `width` columns.
  func helpRows(width: Int) -> [String] {
    var rows: [String] = []
    var state = Todos.State(size: TerminalSize(width: width, height: 60))
    state.mode = .help
    let buffer = TodosView.frame(for: state).buffer
    for y in TodosView.listTop..<(buffer.height - 2) { rows.append(buffer.text(ofRow: y)) }
    return rows
  }

  @Test func aHeadingTooLongEndsInAnEllipsis() {
    let rows = helpRows(width: 34)
    #expect(rows.contains(" Projects, contexts and sort ord…"))
    #expect(!rows.contains { $0.hasSuffix("orde") })
  }

  @Test func theKeyColumnIsNarrowOnANarrowTerminal() {
    let rows = helpRows(width: 40)
    // Two fifths of 38 columns: 15, the keys cut with `…` past 14 (once 21: half the screen).
    #expect(rows.contains("  j k  Down Up   next / previous"))
    #expect(rows.contains("  Down Up  PgDn… in a search: select"))
    #expect(TodosView.helpKeysWidth(["j k  Down Up", "^L"], width: 80) == 14)
  }
}
