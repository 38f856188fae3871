import Architecture
import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import SnapshotTesting
import TerminalUI
import TerminalUITestSupport
import Testing

@testable import TodosFeature

/// Screens, recorded as styled text under `__Snapshots__/TodosViewSnapshotTests/`.
/// Re-record with `SNAPSHOT_TESTING_RECORD=all swift test --filter TodosViewSnapshotTests`.
@MainActor
@Suite struct TodosViewSnapshotTests {
  let groceries: IdentifiedArrayOf<Todo.State> = [
    todo(0, "Buy milk"), todo(1, "Call the plumber about the kitchen sink"),
    todo(2, "Water the plants"), todo(3, "Pay rent", done: true),
  ]

  func state(
    _ todos: IdentifiedArrayOf<Todo.State>, selected: UInt64? = 0, width: Int = 60,
    height: Int = 12
  ) -> Todos.State {
    Todos.State(
      todos: todos, selectedID: selected.map(id),
      size: TerminalSize(width: width, height: height))
  }

  @Test func empty() {
    assertSnapshot(of: TodosView.frame(for: state([], selected: nil)), as: .styledScreen)
  }

  @Test func aFewTodosWithSelection() {
    assertSnapshot(of: TodosView.frame(for: state(groceries, selected: 1)), as: .styledScreen)
  }

  @Test func todoTxtPrioritiesProjectsAndContextsAreMarked() {
    var call = todo(0, "Call Mom +family @phone")
    call.priority = "A"
    var selected = todo(1, "Book flights +trip due:2026-12-01")
    selected.priority = "B"
    let todos: IdentifiedArrayOf<Todo.State> = [
      call, selected, todo(2, "Email soandso@example.com"),
    ]
    let frame = TodosView.frame(for: state(todos, selected: 1, height: 7))
    #expect(frame.buffer.text(ofRow: 2).contains("[ ] (A) Call Mom +family @phone"))
    assertSnapshot(of: frame, as: .styledScreen)
  }

  /// With `selection_bar = "row"` the selected row is reverse video: colour on it would turn
  /// `+project`/`@context` into solid blocks, so its tags keep the row's colours and are
  /// underlined; other rows keep their tag colours. With NO_COLOR (colours dropped) the
  /// selected row is plain reverse.
  @Test func theSelectedRowKeepsItsTagsReadable() {
    let todos: IdentifiedArrayOf<Todo.State> = [
      todo(0, "Call Mom +family @phone"), todo(1, "Book flights +trip @home"),
      todo(2, "Renew passport +trip @town", done: true),
    ]
    var theme = TodosTheme.standard
    theme.selectionBar = .row
    for selected: UInt64 in [1, 2] {
      let frame = TodosView.frame(
        for: state(todos, selected: selected, height: 7), width: 60, height: 7, theme: theme)
      let y = TodosView.listTop + Int(selected)
      for x in 0..<frame.buffer.width {
        #expect(frame.buffer[x: x, y: y].style.foreground == nil, "column \(x)")
        #expect(frame.buffer[x: x, y: y].style.reverse, "column \(x)")
      }
      assertSnapshot(of: frame, as: .styledScreen, named: "colour-\(selected)")
      assertSnapshot(
        of: withoutColours(frame.buffer), as: .styledScreen, named: "no-color-\(selected)")
    }
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

  @Test func oneItemLeftIsSingular() {
    let todos: IdentifiedArrayOf<Todo.State> = [todo(0, "Only one"), todo(1, "Done", done: true)]
    #expect(TodosView.render(state(todos)).text(ofRow: 0).hasSuffix("1 item left"))
    assertSnapshot(of: TodosView.frame(for: state(todos)), as: .styledScreen)
  }

  @Test func editingWithTheCursorMidText() {
    var state = state(groceries)
    state.mode = .editing(
      Editor.State(id: id(0), isNew: false, field: TextField(text: "Buy oat milk", cursor: 4)))
    assertSnapshot(of: TodosView.frame(for: state), as: .styledScreen)
  }

  /// The caret is the frame's cursor only: no cell is painted for it (the terminal shows its
  /// cursor there; xterm inverts the cell under it, so a painted caret would cancel out).
  @Test func theCaretIsTheCursorNotAPaintedCell() throws {
    var state = state(groceries)
    state.mode = .editing(
      Editor.State(id: id(0), isNew: false, field: TextField(text: "Buy oat milk", cursor: 4)))
    let editing = TodosView.frame(for: state)
    #expect(editing.cursor == CursorPosition(x: TodosView.textX + 4, y: TodosView.listTop))
    #expect(editing.buffer.row(TodosView.listTop).allSatisfy { !$0.style.reverse })
    state.mode = .normal
    state.search = Search.State(field: TextField(text: "milk", cursor: 2))
    let searching = TodosView.frame(for: state)
    let caret = try #require(searching.cursor)
    #expect(caret.y == 1)
    #expect(searching.buffer[x: caret.x, y: 1].grapheme == "l")
    #expect(!searching.buffer[x: caret.x, y: 1].style.reverse)
    assertSnapshot(of: searching, as: .styledScreen, named: "searching")
  }

  @Test func addingDrawsTheNewTodoOnTop() {
    var state = state(groceries, selected: 2)
    state.mode = .editing(
      Editor.State(id: id(9), isNew: true, field: TextField(text: "Bake bread")))
    assertSnapshot(of: TodosView.frame(for: state), as: .styledScreen)
  }

  @Test func editingScrollsHorizontallyToKeepTheCursorVisible() {
    var state = state(groceries, width: 30, height: 8)
    let text = "A very long todo that does not fit in thirty columns at all"
    state.mode = .editing(Editor.State(id: id(0), isNew: false, field: TextField(text: text)))
    assertSnapshot(of: TodosView.frame(for: state), as: .styledScreen, named: "end")
    state.mode = .editing(
      Editor.State(id: id(0), isNew: false, field: TextField(text: text, cursor: 30)))
    assertSnapshot(of: TodosView.frame(for: state), as: .styledScreen, named: "middle")
    state.mode = .editing(
      Editor.State(id: id(0), isNew: false, field: TextField(text: text, cursor: 0)))
    assertSnapshot(of: TodosView.frame(for: state), as: .styledScreen, named: "start")
  }

  /// Toggles through a real store so the states are the ones the reducer makes.
  @Test func completedAndWaitingToSettleThenAfterTheSettle() {
    let scheduler = TestScheduler()
    let store = Store(
      initialState: state(groceries), reducer: Todos.reducer(.test(scheduler: scheduler)))
    store.send(.todos(.element(id: id(0), action: .checkboxToggled)))
    store.send(.viewport(.selectionMoved(.next)))
    // Waiting, only the box and the tag say it is done: the text takes the completed look
    // when it settles, so a toggle rewrites a few cells, not the row.
    let waiting = TodosView.frame(for: store.state)
    #expect(waiting.buffer.text(ofRow: TodosView.listTop).hasPrefix("  [x] Buy milk"))
    #expect(!waiting.buffer[x: TodosView.textX, y: TodosView.listTop].style.dim)
    assertSnapshot(of: waiting, as: .styledScreen, named: "waiting")
    scheduler.advance(by: .seconds(1))
    let settled = TodosView.frame(for: store.state)
    #expect(settled.buffer.text(ofRow: TodosView.listTop + 2).hasPrefix("  [x] Buy milk"))
    #expect(settled.buffer[x: TodosView.textX, y: TodosView.listTop + 2].style.dim)
    assertSnapshot(of: settled, as: .styledScreen, named: "settled")
  }

  @Test func eachFilter() {
    let scheduler = TestScheduler()
    let store = Store(
      initialState: state(groceries), reducer: Todos.reducer(.test(scheduler: scheduler)))
    assertSnapshot(of: TodosView.frame(for: store.state), as: .styledScreen, named: "all")
    store.send(.filterPicked(.active))
    assertSnapshot(of: TodosView.frame(for: store.state), as: .styledScreen, named: "active")
    store.send(.todos(.element(id: id(0), action: .checkboxToggled)))
    assertSnapshot(
      of: TodosView.frame(for: store.state), as: .styledScreen, named: "active-waiting")
    scheduler.advance(by: .seconds(1))
    assertSnapshot(
      of: TodosView.frame(for: store.state), as: .styledScreen, named: "active-settled")
    store.send(.filterPicked(.completed))
    assertSnapshot(of: TodosView.frame(for: store.state), as: .styledScreen, named: "completed")
  }

  @Test func aFilterWithNoMatchSaysSo() {
    var state = state([todo(0, "Buy milk")])
    state.filter = .completed
    assertSnapshot(of: TodosView.frame(for: state), as: .screen)
  }

  @Test func search() {
    let scheduler = TestScheduler()
    let store = Store(
      initialState: state(groceries), reducer: Todos.reducer(.test(scheduler: scheduler)))
    store.send(.searchKeyPressed)
    for character in "the" { store.send(.search(.textEdited(.insert(String(character))))) }
    assertSnapshot(of: TodosView.frame(for: store.state), as: .styledScreen, named: "typing")
    store.send(.search(.enterPressed))
    assertSnapshot(of: TodosView.frame(for: store.state), as: .styledScreen, named: "kept")
    store.send(.searchKeyPressed)
    store.send(.search(.textEdited(.insert("zzz"))))
    assertSnapshot(of: TodosView.frame(for: store.state), as: .screen, named: "no-match")
  }

  @Test func helpOverlay() {
    var state = state(groceries, width: 80, height: 24)
    state.mode = .help
    assertSnapshot(of: TodosView.frame(for: state), as: .styledScreen, named: "80x24")
    state.viewport.size = TerminalSize(width: 40, height: 10)
    assertSnapshot(of: TodosView.frame(for: state), as: .screen, named: "40x10")
  }

  @Test func hundredTodosScrolled() {
    let todos = IdentifiedArray(
      uniqueElements: (0..<100).map { todo(UInt64($0), "Todo number \($0 + 1)") })
    let store = Store(
      initialState: state(todos, width: 40, height: 12),
      reducer: Todos.reducer(.test(scheduler: TestScheduler())))
    assertSnapshot(of: TodosView.frame(for: store.state), as: .styledScreen, named: "top")
    for _ in 0..<50 { store.send(.viewport(.selectionMoved(.next))) }
    assertSnapshot(of: TodosView.frame(for: store.state), as: .styledScreen, named: "middle")
    store.send(.viewport(.selectionMoved(.last)))
    assertSnapshot(of: TodosView.frame(for: store.state), as: .styledScreen, named: "bottom")
    store.send(.viewport(.selectionMoved(.pageUp)))
    assertSnapshot(of: TodosView.frame(for: store.state), as: .screen, named: "page-up")
  }

  @Test func smallTerminals() {
    let state = state(groceries, selected: 3, width: 40, height: 10)
    assertSnapshot(of: TodosView.frame(for: state), as: .styledScreen, named: "40x10")
    assertSnapshot(
      of: TodosView.frame(for: state, width: 20, height: 5), as: .screen, named: "too-small")
    // Never crashes, whatever the size.
    for width in 0..<30 {
      for height in 0..<8 { _ = TodosView.frame(for: state, width: width, height: height) }
    }
  }

  @Test func wideAndCombiningTextStaysAligned() {
    let todos: IdentifiedArrayOf<Todo.State> = [
      todo(0, "Buy 牛乳 and 豆腐 at the 日本 shop, then more text to truncate"),
      todo(1, "Café crème (e\u{301}) — naïve"),
      todo(2, "Party 🎉🥳 with 👩‍💻 and 🇯🇵 flags and more emoji 🍣🍣🍣🍣🍣🍣🍣"),
      todo(3, "日本語のテキストはとても長いのでここで切り詰められるはずです", done: true),
    ]
    var state = state(todos, selected: 1, width: 40, height: 8)
    state.settling = [id(3)]
    assertSnapshot(of: TodosView.frame(for: state), as: .styledScreen)
  }

  @Test func aLongDescriptionIsTruncated() {
    let long = String(repeating: "very long description ", count: 10)
    assertSnapshot(
      of: TodosView.frame(for: state([todo(0, long), todo(1, "Short")], width: 40, height: 8)),
      as: .styledScreen)
  }

  @Test func statusMessages() {
    var state = state(groceries)
    state.status = Todos.StatusMessage("Deleted “Milk” · u to undo")
    assertSnapshot(of: TodosView.frame(for: state), as: .styledScreen, named: "info")
    state.status = Todos.StatusMessage("Could not save ~/todo.txt: disk full", kind: .error)
    assertSnapshot(of: TodosView.frame(for: state), as: .styledScreen, named: "error")
  }

  /// With NO_COLOR the backend drops colours: meaning must survive (marks, brackets, words).
  @Test func noColor() {
    var state = state(groceries, selected: 3)
    state.settling = [id(3)]
    state.filter = .all
    state.status = Todos.StatusMessage("Could not save", kind: .error)
    var buffer = TodosView.render(state)
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
    assertSnapshot(of: buffer, as: .styledScreen)
  }
}
