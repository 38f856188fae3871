import Architecture
import ArchitectureTestSupport
import Foundation
import SnapshotTesting
import TerminalUI
import TerminalUITestSupport
import Testing

@testable import TodosFeature

/// The detail pane (`i`): the whole selected todo below the list, or over it on a short
/// terminal; it follows the selection, `i` or Esc closes it. The test day is Wed 2024-05-01.
@MainActor
@Suite struct DetailPaneTests {
  func state(height: Int = 16) -> Todos.State {
    var call = todo(
      0,
      "Call Mom about the long trip to the seaside +family @phone due:2024-05-02 t:2024-04-29 "
        + "rec:1w")
    call.priority = "A"
    call.creationDate = TodoDate(string: "2024-04-20")
    return Todos.State(
      todos: [call, todo(1, "Milk"), todo(2, "Eggs")], selectedID: id(0),
      size: TerminalSize(width: 50, height: height))
  }

  @Test func iOpensAndClosesItAndEscClosesIt() {
    let (store, _) = makeStore(state())
    #expect(Keymap.action(for: .character("i"), in: store.state) == .organise(.detailKeyPressed))
    store.send(.organise(.detailKeyPressed)) { $0.organise.showsDetail = true }
    #expect(Keymap.action(for: .escape, in: store.state) == .organise(.detailClosed))
    store.send(.organise(.detailClosed)) { $0.organise.showsDetail = false }
    store.send(.organise(.detailKeyPressed)) { $0.organise.showsDetail = true }
    store.send(.organise(.detailKeyPressed)) { $0.organise.showsDetail = false }
    store.finish()
  }

  @Test func theLinesSayTheDatesInWordsTheTagsAndThePlace() {
    let state = state()
    let lines = TodosView.detailLines(state.list.rows[0], in: state, width: 46)
    #expect(
      lines == [
        "(A) Call Mom about the long trip to the",
        "seaside +family @phone due:2024-05-02",
        "t:2024-04-29 rec:1w",
        "created Sat Apr 20, 11 days ago",
        "due Thu May 2, in 1 day",
        "starts Mon Apr 29, 2 days ago",
        "repeats 1w",
        "tags +family @phone due:2024-05-02",
        "t:2024-04-29 rec:1w",
        "todo 1 of 3 in the file",
      ])
  }

  @Test func thePaneIsBelowTheListAndFollowsTheSelection() {
    var state = state()
    state.organise.showsDetail = true
    assertSnapshot(of: TodosView.frame(for: state), as: .styledScreen)
    state.viewport.selectedID = id(2)
    let frame = TodosView.frame(for: state)
    // A short todo: a short pane.
    #expect(frame.buffer.text(ofRow: 11).hasPrefix("── i/Esc close"))
    #expect(frame.buffer.text(ofRow: 12).hasPrefix("  Eggs"))
    #expect(frame.buffer.text(ofRow: 13).hasPrefix("  todo 3 of 3 in the file"))
  }

  @Test func onAShortTerminalItCoversTheList() {
    var state = state(height: 10)
    state.organise.showsDetail = true
    let frame = TodosView.frame(for: state)
    #expect(frame.buffer.text(ofRow: 2).hasPrefix("── i/Esc close"))
    assertSnapshot(of: frame, as: .styledScreen)
  }
}

/// The Completed view says when each todo was done, at the right, where the due badge is.
@MainActor
@Suite struct CompletedDateBadgeTests {
  @Test func theCompletedViewShowsCompletionDates() {
    var done = todo(0, "Send slides due:2024-04-28", done: true)
    done.completionDate = TodoDate(string: "2024-04-30")
    var state = Todos.State(
      todos: [todo(1, "Milk"), done], selectedID: id(0), filter: .completed,
      size: TerminalSize(width: 50, height: 8))
    let frame = TodosView.frame(for: state)
    #expect(frame.buffer.text(ofRow: 2) == "> [x] Send slides due:2024-04-28      done Apr 30")
    assertSnapshot(of: frame, as: .styledScreen)
    // Under All, the due badge as before.
    state.filter = .all
    #expect(!TodosView.frame(for: state).buffer.text(ofRow: 3).contains("done"))
  }
}
