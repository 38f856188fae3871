import Foundation
import IdentifiedCollections
import SnapshotTesting
import TerminalUI
import TerminalUITestSupport
import Testing

@testable import TodosFeature

/// The pickers count as the title does: todos hidden by their dates (`t:` later, `h:1`) are
/// said apart (`3 (+3 hidden)`), and a choice whose todos are all hidden says `H` shows them.
@MainActor
@Suite struct PickerHiddenCountTests {
  // testDay is 2024-05-01: `t:2024-06-01` is later, so hidden.
  static let todos: IdentifiedArrayOf<Todo.State> = [
    todo(0, "Paint +house"), todo(1, "Sweep +house @home"), todo(2, "Fix roof +house h:1"),
    todo(3, "Clean gutters +house t:2024-06-01"), todo(4, "Ask @c3 t:2024-06-01"),
    todo(5, "Old +house", done: true),
  ]

  @Test func thePickerCountsHiddenTodosApart() {
    let (store, _) = makeStore(Todos.State(todos: Self.todos, selectedID: id(0)))
    store.send(.picking(.keyPressed(.project))) {
      $0.mode = .picking(
        TagPicker.State(
          kind: .project,
          entries: [TagIndex.Entry(tag: "+house", activeCount: 4, count: 5, hiddenCount: 2)]))
    }
    store.send(.picking(.keyPressed(.context))) {
      $0.mode = .picking(
        TagPicker.State(
          kind: .context,
          entries: [
            TagIndex.Entry(tag: "@c3", activeCount: 1, count: 1, hiddenCount: 1),
            TagIndex.Entry(tag: "@home", activeCount: 1, count: 1),
          ]))
    }
    store.finish()
  }

  @Test func aPickerRowSaysHowManyMoreAreHidden() {
    var state = Todos.State(
      todos: Self.todos, selectedID: id(0), size: TerminalSize(width: 50, height: 10))
    state.mode = .picking(
      TagPicker.State(
        kind: .project, entries: state.list.countingHidden(state.list.tagIndex.entries(.project)),
        selected: 0))
    let frame = TodosView.frame(for: state)
    #expect(frame.buffer.text(ofRow: 4) == "  +house             2 (+2 hidden)")
    assertSnapshot(of: frame, as: .styledScreen)
  }

  @Test func aChoiceCarriedOnlyByHiddenTodosSaysHShowsThem() {
    var state = Todos.State(
      todos: Self.todos, selectedID: nil, size: TerminalSize(width: 80, height: 8))
    state.pickedTag = "@c3"
    let text = TodosView.frame(for: state).buffer.text(ofRow: 3)
    #expect(
      text
        == "  No todos with @c3 show: 1 is hidden by their dates · press H to show them")
    state.filter = .completed
    #expect(
      TodosView.frame(for: state).buffer.text(ofRow: 3)
        == "  No completed todos with @c3 · press + or @ to change")
  }
}
