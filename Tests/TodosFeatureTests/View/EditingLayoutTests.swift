import Architecture
import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import SnapshotTesting
import TerminalUI
import TerminalUITestSupport
import Testing

@testable import TodosFeature

/// What an edit in progress does to the rest of the screen: the settle waits for it, the
/// position in the filter bar counts the rows really shown; and the help overlay's last line.
@MainActor
@Suite struct EditingLayoutTests {
  let completedA = Todo.State(
    id: id(0), description: "A", isComplete: true, completionDate: testDay)

  @Test func aSettleThatComesDueDuringAnEditWaitsUntilTheEditEnds() {
    let (store, scheduler) = makeStore(
      Todos.State(todos: [todo(0, "A"), todo(1, "B")], selectedID: id(0)))
    store.send(.todos(.element(id: id(0), action: .checkboxToggled))) {
      $0.list.rows = [self.completedA, todo(1, "B")]
      $0.settling = [id(0)]
      $0.history.undoStack = [
        History.Entry(
          label: "complete “A”", changes: [.update([todo(0, "A")])], selectedID: id(0))
      ]
      $0.list.revision = 1
    }
    store.send(.editKeyPressed) {
      $0.mode = .editing(Editor.State(id: id(0), isNew: false, field: TextField(text: "A")))
    }
    // The settle comes due under the edit: nothing moves.
    scheduler.advance(by: .seconds(1))
    store.receive(.sortCompletedTodos)
    scheduler.advance(by: .seconds(5))
    store.send(.editor(.enterPressed)) { $0.mode = .normal }
    // It happens a settle delay after the edit ended.
    scheduler.advance(by: .milliseconds(999))
    store.assertNothingReceived()
    scheduler.advance(by: .milliseconds(1))
    store.receive(.sortCompletedTodos) {
      $0.settling = []
      $0.viewport.selectedID = id(1)  // "A" sinks on screen; the selection stays on its row
    }
    store.finish()
  }

  @Test func aSettleThatComesDueWhileAddingWaitsUntilTheNewTodoIsCancelled() {
    let (store, scheduler) = makeStore(
      Todos.State(todos: [todo(0, "A"), todo(1, "B")], selectedID: id(0)))
    store.send(.todos(.element(id: id(0), action: .checkboxToggled))) {
      $0.list.rows = [self.completedA, todo(1, "B")]
      $0.settling = [id(0)]
      $0.history.undoStack = [
        History.Entry(
          label: "complete “A”", changes: [.update([todo(0, "A")])], selectedID: id(0))
      ]
      $0.list.revision = 1
    }
    store.send(.addKeyPressed) {
      $0.mode = .editing(Editor.State(id: id(0), isNew: true, field: TextField()))
    }
    scheduler.advance(by: .seconds(1))
    store.receive(.sortCompletedTodos)
    store.send(.editor(.escapePressed)) { $0.mode = .normal }
    scheduler.advance(by: .seconds(1))
    store.receive(.sortCompletedTodos) {
      $0.settling = []
      $0.viewport.selectedID = id(1)  // "A" sinks on screen; the selection stays on its row
    }
    store.finish()
  }

  @Test func anEditWithNothingSettlingSchedulesNoSort() {
    let (store, _) = makeStore(Todos.State(todos: [todo(0, "A")], selectedID: id(0)))
    store.send(.editKeyPressed) {
      $0.mode = .editing(Editor.State(id: id(0), isNew: false, field: TextField(text: "A")))
    }
    store.send(.editor(.escapePressed)) { $0.mode = .normal }
    store.finish()
  }

  /// 40 todos on 60×12 (8 list rows), the last one selected: the list shows 33-40.
  func scrolledToTheEnd() -> Todos.State {
    var state = Todos.State(
      todos: IdentifiedArray(uniqueElements: (0..<40).map { todo(UInt64($0), "Todo \($0 + 1)") }),
      selectedID: id(39), size: TerminalSize(width: 60, height: 12))
    state.revealSelection()
    return state
  }

  @Test func theRangeCountsTheRowsShownWhileAddingOnAScrolledList() {
    var state = scrolledToTheEnd()
    #expect(TodosView.render(state).text(ofRow: 1).hasSuffix("33-40 of 40"))
    state.mode = .editing(Editor.State(id: id(99), isNew: true, field: TextField(text: "New")))
    let frame = TodosView.frame(for: state)
    // The new todo takes the top row; under it, todos 1 to 7.
    #expect(frame.buffer.text(ofRow: 1).hasSuffix("1-7 of 40"))
    #expect(frame.buffer.text(ofRow: 3).contains("[ ] Todo 1"))
    #expect(frame.buffer.text(ofRow: 9).contains("[ ] Todo 7"))
    assertSnapshot(of: frame, as: .styledScreen)
  }

  @Test func theHelpOverlaysOverflowLineEndsWithAnEllipsisWhenCut() {
    var state = Todos.State(size: TerminalSize(width: 24, height: 10))
    state.mode = .help
    let frame = TodosView.frame(for: state)
    let last = frame.buffer.text(ofRow: 7)  // the last list row: 2 + 6 - 1
    #expect(last.hasPrefix("  … ") && last.contains("more lines"))
    #expect(last.trimmingCharacters(in: .whitespaces).hasSuffix("…"))
    #expect(DisplayWidth.of(last.trimmingCharacters(in: .whitespaces)) <= 24 - 3)
    assertSnapshot(of: frame, as: .styledScreen)
  }
}
