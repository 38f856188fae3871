import Architecture
import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import SnapshotTesting
import TerminalUI
import TerminalUITestSupport
import Testing
import TodoTxt

@testable import TodosFeature

/// The `w` picker (`Views/ViewPicker.swift`): every filter and view with its count and query.
@MainActor
@Suite struct ViewPickerTests {
  let todos: IdentifiedArrayOf<Todo.State> = [
    todo(0, "Call Mom due:2026-11-23"),
    todo(1, "Send the report due:2026-11-20 +work"),
    todo(2, "Plan the party due:2026-12-20"),
    todo(3, "Read more"),
    todo(4, "Old bill due:2026-11-01", done: true),
  ]

  func state() -> Todos.State {
    var state = Todos.State(
      todos: todos, selectedID: id(0), size: TerminalSize(width: 60, height: 14),
      today: TodoDate(string: "2026-11-23")!)
    state.views = SavedView.builtIn
    return state
  }

  static let rows: [ViewPicker.Row] = [
    .init(entry: .filter(.all), title: "All", query: "", count: 5),
    .init(entry: .filter(.active), title: "Active", query: "is:active", count: 4),
    .init(entry: .filter(.completed), title: "Completed", query: "is:done", count: 1),
    .init(entry: .view("Today"), title: "Today", query: "due:<=today|pri:A is:active", count: 2),
    .init(entry: .view("Week"), title: "Week", query: "due:<=7d is:active", count: 2),
    .init(entry: .view("Overdue"), title: "Overdue", query: "is:overdue", count: 1),
    .init(entry: .view("No date"), title: "No date", query: "due:none is:active", count: 1),
  ]

  @Test func wOpensThePickerTypingNarrowsAndEnterShowsTheView() {
    let (store, _) = makeStore(state())
    #expect(Keymap.action(for: .character("w"), in: store.state) == .picking(.viewKeyPressed))
    store.send(.picking(.viewKeyPressed)) {
      $0.mode = .pickingView(ViewPicker.State(rows: Self.rows, selected: 0))
    }
    #expect(store.state.focus == .picker)
    #expect(
      Keymap.action(for: .character("j"), in: store.state)
        == .picking(.viewPicker(.selectionMoved(.next))))
    #expect(
      Keymap.action(for: .character("o"), in: store.state)
        == .picking(.viewPicker(.textEdited(.insert("o")))))
    store.send(.picking(.viewPicker(.textEdited(.insert("o"))))) {
      $0.mode = .pickingView(
        ViewPicker.State(rows: Self.rows, field: TextField(text: "o", cursor: 1), selected: 0))
    }
    if case .pickingView(let picker) = store.state.mode {
      #expect(picker.shown.map(\.title) == ["Overdue", "Completed", "Today", "No date"])
    }
    store.send(.picking(.viewPicker(.enterPressed))) {
      $0.mode = .normal
      $0.view = "Overdue"
      $0.viewport.selectedID = id(1)
    }
    store.finish()
  }

  @Test func itOpensOnTheNameInEffectAndEscLeavesItSo() {
    var start = state()
    start.view = "Week"
    let (store, _) = makeStore(start)
    store.send(.picking(.viewKeyPressed)) {
      $0.mode = .pickingView(ViewPicker.State(rows: Self.rows, selected: 4))
    }
    store.send(.picking(.viewPicker(.selectionMoved(.next)))) {
      $0.mode = .pickingView(ViewPicker.State(rows: Self.rows, selected: 5))
    }
    store.send(.picking(.viewPicker(.escapePressed))) { $0.mode = .normal }
    store.finish()
  }

  @Test func snapshot() {
    var state = state()
    state.mode = .pickingView(ViewPicker.State(rows: Self.rows, selected: 3))
    let frame = TodosView.frame(for: state)
    #expect(frame.buffer.text(ofRow: 3).hasPrefix("  All         5"))
    assertSnapshot(of: frame, as: .styledScreen)
  }
}
