import Architecture
import Foundation
import IdentifiedCollections
import SnapshotTesting
import TerminalUI
import TerminalUITestSupport
import Testing
import TodoTxt

@testable import TodosFeature

/// Due, overdue and hidden rows, recorded as styled text under `__Snapshots__/DatesSnapshotTests/`
/// in colour and as NO_COLOR draws them (colours dropped: the words carry the meaning).
/// Re-record with `SNAPSHOT_TESTING_RECORD=all swift test --filter DatesSnapshotTests`.
@MainActor
@Suite struct DatesSnapshotTests {
  /// Monday 2026-11-23.
  static let today = TodoDate(string: "2026-11-23")!

  let todos: IdentifiedArrayOf<Todo.State> = [
    todo(0, "Send the report due:2026-11-20 +work"),
    todo(1, "due:2026-11-23 Call Bob"),
    todo(2, "Buy milk due:2026-11-24 @store"),
    todo(3, "Book flights due:2026-11-27"),
    todo(4, "Pay rent due:2026-12-01 rec:+1m"),
    todo(5, "Renew passport due:2027-01-05"),
    todo(6, "Old bill due:2026-11-01", done: true),
    todo(7, "Plan the party t:2026-12-01 due:2026-12-20"),
    todo(8, "Someday list h:1"),
    todo(9, "Read more due:someday"),
  ]

  func state(selected: UInt64, showsHidden: Bool = false) -> Todos.State {
    Todos.State(
      todos: todos, selectedID: id(selected), size: TerminalSize(width: 64, height: 16),
      today: Self.today, showsHidden: showsHidden)
  }

  @Test func dueBadgesOverdueAndCompleted() {
    let frame = TodosView.frame(for: state(selected: 1))
    #expect(frame.buffer.text(ofRow: 0).hasSuffix("7 items left · 1 overdue · 2 hidden"))
    // The badge replaces the due: tag in the row.
    #expect(!frame.buffer.text(ofRow: TodosView.listTop).contains("due:"))
    #expect(frame.buffer.text(ofRow: TodosView.listTop).hasSuffix("overdue 3d"))
    let overdue = frame.buffer[x: 64 - 1 - 3, y: TodosView.listTop].style
    #expect(overdue.bold && overdue.foreground == .red)
    assertSnapshot(of: frame, as: .styledScreen, named: "colour")
    assertSnapshot(of: withoutColours(frame.buffer), as: .styledScreen, named: "no-color")
  }

  /// On a reverse-video bar (`selection_bar = "row"`) the overdue badge is bold, not red.
  @Test func theSelectedOverdueRowIsBoldWithoutColour() {
    var theme = TodosTheme.standard
    theme.selectionBar = .row
    let frame = TodosView.frame(for: state(selected: 0), width: 64, height: 16, theme: theme)
    let y = TodosView.listTop
    for x in 0..<frame.buffer.width {
      #expect(frame.buffer[x: x, y: y].style.foreground == nil, "column \(x)")
    }
    #expect(frame.buffer[x: 64 - 1 - 3, y: y].style.bold)
    assertSnapshot(of: frame, as: .styledScreen)
  }

  @Test func hiddenTodosShownWithHAreDimWithTheirStartDate() {
    let frame = TodosView.frame(for: state(selected: 0, showsHidden: true))
    #expect(frame.buffer.text(ofRow: 1).contains("+hidden (H)"))
    // The completed "Old bill" is shown last, below the active todos.
    let party = frame.buffer.text(ofRow: TodosView.listTop + 6)
    // Both dates in the badge, never the raw `due:` tag.
    #expect(party.contains("Plan the party t:2026-12-01 "))
    #expect(!party.contains("due:"))
    #expect(party.hasSuffix("starts Dec 1 · due Dec 20"))
    #expect(frame.buffer[x: TodosView.textX, y: TodosView.listTop + 6].style.dim)
    assertSnapshot(of: frame, as: .styledScreen, named: "colour")
    assertSnapshot(of: withoutColours(frame.buffer), as: .styledScreen, named: "no-color")
  }

  @Test func whenEverythingIsHiddenTheListSaysHowToShowIt() {
    let state = Todos.State(
      todos: [todo(0, "Later t:2026-12-01"), todo(1, "Never h:1")],
      size: TerminalSize(width: 64, height: 8), today: Self.today)
    let frame = TodosView.frame(for: state)
    #expect(frame.buffer.text(ofRow: 0).hasSuffix("0 items left · 2 hidden"))
    assertSnapshot(of: frame, as: .styledScreen)
  }

  /// The buffer as the backend draws it with NO_COLOR: attributes kept, colours dropped.
  func withoutColours(_ buffer: ScreenBuffer) -> ScreenBuffer {
    var buffer = buffer
    for y in 0..<buffer.height {
      for x in 0..<buffer.width {
        var cell = buffer[x: x, y: y]
        guard !cell.isContinuation, cell.style.foreground != nil || cell.style.background != nil
        else { continue }
        cell.style.foreground = nil
        cell.style.background = nil
        buffer[x: x, y: y] = cell
      }
    }
    return buffer
  }
}
