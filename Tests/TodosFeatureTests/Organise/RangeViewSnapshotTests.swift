import Foundation
import IdentifiedCollections
import SnapshotTesting
import TerminalUI
import TerminalUITestSupport
import Testing

@testable import TodosFeature

/// A `v` range on screen, and the organising keys in the help and the hint line. Recorded
/// under `__Snapshots__/RangeViewSnapshotTests/`; re-record with
/// `SNAPSHOT_TESTING_RECORD=all swift test --filter RangeViewSnapshotTests`.
@MainActor
@Suite struct RangeViewSnapshotTests {
  let todos: IdentifiedArrayOf<Todo.State> = [
    todo(0, "Buy milk"), todo(1, "Call Mom +family @phone"), todo(2, "Water the plants"),
    todo(3, "Pay rent", done: true), todo(4, "Book flights"),
  ]

  func state(anchor: UInt64, selected: UInt64) -> Todos.State {
    var state = Todos.State(
      todos: todos, selectedID: id(selected), size: TerminalSize(width: 60, height: 10))
    state.organise.rangeAnchor = id(anchor)
    return state
  }

  /// Every row of the range has its gutter reversed and marked `*`; `>` stays on the moving
  /// end; the hint line has the range's keys. Without colours (NO_COLOR) the range is just as visible.
  @Test func aSelectedRangeIsMarkedAndReversed() {
    let frame = TodosView.frame(for: state(anchor: 1, selected: 3))
    let rows = (2...6).map { frame.buffer.text(ofRow: $0) }
    // On screen the completed "Pay rent" is last: the range from "Call Mom" holds four rows.
    #expect(rows.map { String($0.prefix(2)) } == ["  ", " *", " *", " *", ">*"])
    // Every row of the range has its gutter marked as the selected row's is; the text not.
    for y in 3...6 {
      for x in 0..<frame.buffer.width {
        let isGutter = x < TodosView.textX - 1
        #expect(frame.buffer[x: x, y: y].style.reverse == isGutter, "row \(y) column \(x)")
      }
    }
    #expect(!frame.buffer[x: 0, y: 2].style.reverse)
    assertSnapshot(of: frame, as: .styledScreen)
  }

  /// The range drawn upwards (the moving end above where `v` was pressed).
  @Test func aRangeExtendedUpwards() {
    assertSnapshot(of: TodosView.frame(for: state(anchor: 4, selected: 2)), as: .screen)
  }

  /// After `p`, the hint line says what `p` waits for.
  @Test func theHintLineAfterP() {
    var state = state(anchor: 0, selected: 0)
    state.organise = Organise.State(isAwaitingPriority: true)
    let frame = TodosView.frame(for: state)
    #expect(
      frame.buffer.text(ofRow: 9).trimmingCharacters(in: .whitespaces)
        == "Space clear · Esc cancel · a-z set the priority")
  }

  /// A tall help overlay shows the organising keys.
  @Test func theHelpShowsTheOrganiseKeys() {
    var state = Todos.State(todos: todos, size: TerminalSize(width: 80, height: 40))
    state.mode = .help
    assertSnapshot(of: TodosView.frame(for: state), as: .screen, named: "80x40")
  }
}
