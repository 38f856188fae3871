import Foundation
import TerminalUI
import Testing

@testable import TodosFeature

/// A description cut to fit ends in `…` in the row's own style, whatever word it cuts, so that
/// `(settling)` taking room redraws one plain cell, not a coloured one.
@MainActor
@Suite struct CutTextTests {
  @Test(arguments: ["@errands", "@errand", "+books x", "plain words here"])
  func theEllipsisIsInTheRowsStyle(_ last: String) throws {
    let todo = Todo.State(
      id: UUID(counter: 1), description: "Todo 000007 buy renew book write kitchen pay " + last,
      priority: "C")
    var buffer = ScreenBuffer(width: 62, height: 3)
    TodosView.drawRow(todo, y: 1, isSelected: false, isSettling: true, into: &buffer)
    let row = buffer.text(ofRow: 1)
    let cut = try #require(row.firstIndex(of: "…"))
    let x = row.distance(from: row.startIndex, to: cut)
    #expect(buffer[x: x, y: 1].style == .plain)
    #expect(row.hasSuffix("… (settling)"))
  }
}
