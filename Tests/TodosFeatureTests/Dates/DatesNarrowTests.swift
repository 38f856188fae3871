import Foundation
import IdentifiedCollections
import TerminalUI
import Testing
import TodoTxt

@testable import TodosFeature

/// Dates in a narrow terminal (30 columns): the badge keeps its word and the description gives
/// way; the title's counts drop whole parts rather than end in a bare `· 2`, and the name `Todos`
/// shows whole or not at all.
@MainActor
@Suite struct DatesNarrowTests {
  static let today = TodoDate(string: "2026-11-23")!

  func frame(width: Int) -> Frame {
    let todos: IdentifiedArrayOf<Todo.State> = [
      todo(0, "A very long description that goes on and on due:2026-11-20"),
      todo(1, "Pay rent due:2026-11-23"),
      todo(2, "Later t:2026-12-01"),
      todo(3, "Never h:1"),
    ]
    let state = Todos.State(
      todos: todos, selectedID: id(1), size: TerminalSize(width: width, height: 8),
      today: Self.today)
    return TodosView.frame(for: state)
  }

  @Test func theTitleDropsWholeCountsWhenTheyDoNotFit() {
    #expect(frame(width: 64).buffer.text(ofRow: 0).hasSuffix("2 items left · 1 overdue · 2 hidden"))
    let narrow = frame(width: 30).buffer.text(ofRow: 0)
    #expect(narrow.trimmingCharacters(in: .whitespaces) == "2 items left · 1 overdue")
    let narrower = frame(width: 24).buffer.text(ofRow: 0)
    #expect(narrower.hasPrefix(" Todos "))
    #expect(narrower.trimmingCharacters(in: .whitespaces).hasSuffix(" 2 items left"))
  }

  @Test func theBadgeKeepsItsWordAndTheDescriptionIsCut() {
    let row = frame(width: 30).buffer.text(ofRow: TodosView.listTop)
    #expect(row.hasSuffix("… overdue 3d"))
    #expect(row.hasPrefix("  [ ] A very long"))
    #expect(frame(width: 30).buffer.text(ofRow: TodosView.listTop + 1).hasSuffix("today"))
  }
}
