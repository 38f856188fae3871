import Foundation
import IdentifiedCollections
import TerminalUI
import Testing

@testable import TodosFeature

/// The mark on the disk's version of a todo both sides changed: drawn on its row only.
@MainActor
@Suite struct ConflictMarkTests {
  @Test func theDisksVersionIsMarkedAtTheEndOfItsRow() {
    var state = Todos.State(
      todos: [
        todo(0, "x 2026-11-23 Call Mom"), todo(1, "Call Mom about Sunday"), todo(2, "Buy milk"),
      ],
      selectedID: id(2), size: TerminalSize(width: 50, height: 8))
    state.conflicted = [id(1)]
    let buffer = TodosView.frame(for: state).buffer
    let rows = (TodosView.listTop..<TodosView.listTop + 3).map { buffer.text(ofRow: $0) }
    #expect(rows[1].hasSuffix(TodosView.conflictTag))
    #expect(rows[1].contains("Call Mom about Sunday"))
    #expect(!rows[0].contains("conflict") && !rows[2].contains("conflict"))
    // Beside a settling tag, both show.
    state.settling = [id(1)]
    let settling = TodosView.frame(for: state).buffer.text(ofRow: TodosView.listTop + 1)
    #expect(settling.contains(TodosView.conflictTag + " " + TodosView.settlingTag))
  }

  @Test func aConflictRowShowsItsDueBadgeAndNeverACutTag() {
    // Once the mark was written over the end of the text: `… due:2026-11-` and no badge.
    let state = Todos.State(
      todos: [todo(0, "Renew the passport before the trip due:2024-05-20")],
      selectedID: nil, size: TerminalSize(width: 60, height: 8))
    var conflicted = state
    conflicted.conflicted = [id(0)]
    let row = TodosView.frame(for: conflicted).buffer.text(ofRow: TodosView.listTop)
    #expect(row == "  [ ] Renew the passport before… May 20 (conflict: on disk)")
  }
}
