import Foundation
import SnapshotTesting
import TerminalUI
import TerminalUITestSupport
import Testing

@testable import TodosFeature

/// The `z` / `m` prompt on the status line and its hint line, as styled text under
/// `__Snapshots__/ActPromptSnapshotTests/`.
@MainActor
@Suite struct ActPromptSnapshotTests {
  func state(_ prompt: ActPrompt, anchor: UInt64? = nil) -> Todos.State {
    var state = Todos.State(
      todos: [
        todo(0, "Call Mom due:2024-04-28"), todo(1, "Milk @home"), todo(2, "Eggs +work"),
      ],
      selectedID: id(2), size: TerminalSize(width: 60, height: 8))
    state.organise.rangeAnchor = anchor.map(id)
    state.organise.prompt = prompt
    return state
  }

  @Test func thePostponePromptOnARangeSaysHowManyTodos() {
    var prompt = ActPrompt(.postpone)
    prompt.field.apply(.insert("3d"))
    let frame = TodosView.frame(for: state(prompt, anchor: 0))
    #expect(frame.buffer.text(ofRow: 6).hasPrefix(" Postpone by (3 todos): 3d"))
    #expect(frame.buffer.text(ofRow: 7).hasPrefix(" Enter apply · Esc cancel"))
    #expect(frame.cursor == CursorPosition(x: 26, y: 6))
    assertSnapshot(of: frame, as: .styledScreen)
  }

  @Test func anEmptyModifyPromptShowsAnExample() {
    let frame = TodosView.frame(for: state(ActPrompt(.modify)))
    #expect(frame.buffer.text(ofRow: 6).hasPrefix(" Modify: +project @context due:fri"))
    #expect(frame.cursor == CursorPosition(x: 9, y: 6))
    assertSnapshot(of: frame, as: .styledScreen)
  }
}
