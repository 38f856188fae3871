import Foundation
import IdentifiedCollections
import SnapshotTesting
import TerminalUI
import TerminalUITestSupport
import Testing

@testable import TodosFeature

/// The picker, a chosen project and the sort orders on screen, as styled text
/// under `__Snapshots__/OrganiseSnapshotTests/`.
@MainActor
@Suite struct OrganiseSnapshotTests {
  static let todos: IdentifiedArrayOf<Todo.State> = {
    var rows = [
      todo(0, "Write the report +work due:2026-12-01"), todo(1, "Call Mom @phone"),
      todo(2, "Plan the trip +home due:2026-11-25"), todo(3, "Book flights +trip @phone"),
      todo(4, "Send slides +work", done: true), todo(5, "Fix the sink +home"),
    ]
    rows[1].priority = "B"
    rows[3].priority = "A"
    rows[5].priority = "C"
    return IdentifiedArray(uniqueElements: rows)
  }()

  func state(selected: UInt64 = 0) -> Todos.State {
    Todos.State(
      todos: Self.todos, selectedID: id(selected), size: TerminalSize(width: 60, height: 12))
  }

  @Test func theProjectPickerListsEveryProjectWithItsActiveCount() {
    var state = state()
    state.mode = .picking(
      TagPicker.State(kind: .project, entries: state.list.tagIndex.entries(.project), selected: 2))
    let frame = TodosView.frame(for: state)
    #expect(frame.buffer.text(ofRow: 2).hasPrefix(" Project:"))
    assertSnapshot(of: frame, as: .styledScreen)
  }

  @Test func theContextPickerNarrowedByTyping() {
    var state = state()
    state.mode = .picking(
      TagPicker.State(
        kind: .context, entries: state.list.tagIndex.entries(.context),
        field: TextField(text: "ph"), selected: 1))
    assertSnapshot(of: TodosView.frame(for: state), as: .styledScreen)
  }

  @Test func aChosenProjectIsInTheFilterBar() {
    var state = state()
    state.pickedTag = "+work"
    let frame = TodosView.frame(for: state)
    #expect(frame.buffer.text(ofRow: 1).contains("+work"))
    assertSnapshot(of: frame, as: .styledScreen)
  }

  @Test func sortedByPriority() {
    var state = state(selected: 3)
    state.sortOrder = .priority
    let frame = TodosView.frame(for: state)
    #expect(frame.buffer.text(ofRow: 0).contains("Todos · by priority"))
    assertSnapshot(of: frame, as: .styledScreen)
  }

  @Test func sortedByDueDate() {
    var state = state(selected: 2)
    state.sortOrder = .dueDate
    let frame = TodosView.frame(for: state)
    #expect(frame.buffer.text(ofRow: 0).contains("Todos · by due date"))
    assertSnapshot(of: frame, as: .styledScreen)
  }

  @Test func fileOrderSaysNoOrder() {
    let frame = TodosView.frame(for: state())
    #expect(frame.buffer.text(ofRow: 0).hasPrefix(" Todos  "))
    assertSnapshot(of: frame, as: .styledScreen)
  }
}
