import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import MallocCounter
import TerminalUI
import Testing

@testable import Architecture
@testable import TodosFeature

/// Allocation budgets of one key in process (keymap → store → view → diff), counted exactly
/// on this thread by the test executable's counting malloc: no timing, so `make test` can
/// assert them. The figures are docs/performance.md's "keypress end to end" benchmarks.
@MainActor
@Suite struct KeyAllocationTests {
  /// 10k todos, 80×24, as the benchmark builds them: one in five completed.
  private func store() -> Store<Todos.State, Todos.Action> {
    let todos = (0..<10_000).map { n in
      Todo.State(
        id: UUID(counter: UInt64(n)),
        description: "Todo \(n) water the plants and call mom about the flights +home @phone",
        isComplete: n % 5 == 4)
    }
    let state = Todos.State(
      todos: IdentifiedArray(uniqueElements: todos), selectedID: todos.first?.id,
      size: TerminalSize(width: 80, height: 24))
    return Store(
      initialState: state, reducer: Todos.reducer(.test(scheduler: TestScheduler())))
  }

  /// The mallocs of pressing `keys` one after the other, each drawn and diffed against the
  /// frame before as the backend does, after one warm-up round of the same keys: of the whole
  /// key, and of the diff alone.
  private func mallocs(pressing keys: [Key]) -> (key: [Int], diff: [Int]) {
    let store = store()
    var shown = TodosView.frame(for: store.state).buffer
    var changed = 0
    func press(_ key: Key) -> (key: Int, diff: Int) {
      malloc_counter_start()
      if let action = Keymap.action(for: key, in: store.state) { store.send(action) }
      let frame = TodosView.frame(for: store.state)
      let beforeDiff = malloc_counter_read()
      ScreenBuffer.forEachChange(from: shown, to: frame.buffer) { _, _, cells in
        changed += cells.count
      }
      let diff = malloc_counter_read() - beforeDiff
      shown = frame.buffer
      return (malloc_counter_stop(), diff)
    }
    for key in keys { _ = press(key) }
    let counts = keys.map { press($0) }
    #expect(changed > 0)
    return (counts.map(\.key), counts.map(\.diff))
  }

  /// A navigation key (`j`, then `k` back) at 10k todos. The budget is for the debug build
  /// `make test` runs: 685 mallocs on 2026-11-26 while every frame drew every row; 61 since
  /// the rows drawn before are kept (`DrawnRows`) and cells are plain values; 45 since the
  /// filter bar's names are read in place, not gathered into arrays (the release benchmark
  /// counts 7).
  @Test func aNavigationKeyAt10kTodosAllocatesFewerThan50Times() {
    let counts = mallocs(pressing: [.character("j"), .character("k"), .character("j")]).key
    #expect(counts.allSatisfy { $0 > 0 })  // the counter counts
    #expect(counts.allSatisfy { $0 < 50 }, "mallocs per key: \(counts)")
  }

  /// Space (toggle) at 10k todos, keymap → store → view → diff, in the debug build: 434 mallocs
  /// on 2026-11-26, 381 once a toggle's effects, undo step and row action stopped allocating
  /// for their bookkeeping (the test below), 333 since the redrawn row's spans, the filter
  /// bar's names and the title's count are no longer gathered into arrays and a cut row is
  /// cut in place (release: 29 → 14 per key in the toggle of `make -C Benchmarks profile`).
  @Test func aToggleAt10kTodosAllocatesFewerThan340Times() {
    let counts = mallocs(pressing: [.character(" "), .character(" "), .character(" ")]).key
    #expect(counts.allSatisfy { $0 < 340 }, "mallocs per key: \(counts)")
  }

  /// The store's side of a toggle alone (the row, its undo step, the settle's wait restarted),
  /// after the same toggles made already, in the debug build: 102 mallocs on 2026-11-26, 49
  /// since a wait restarted under its cancel id costs one lifetime and one scheduled closure,
  /// and the undo step's label is made only when shown.
  @Test func aTogglesStoreSideAllocatesFewerThan60Times() {
    let store = store()
    let id = store.state.list.rows.ids[0]
    let toggle = Todos.Action.todos(.element(id: id, action: .checkboxToggled))
    for _ in 0..<3 { store.send(toggle) }
    let counts = (0..<3).map { _ in
      malloc_counter_start()
      store.send(toggle)
      return malloc_counter_stop()
    }
    #expect(counts.allSatisfy { $0 > 0 })  // the counter counts
    #expect(counts.allSatisfy { $0 < 60 }, "mallocs per toggle: \(counts)")
  }

  /// A letter typed at the end of a todo being edited (70 bytes of text) at 10k todos,
  /// keymap → store → view → diff, in the debug build: 37 mallocs on 2026-11-27, 2 of them
  /// the store's (the view draws the edited row, title, filter bar and hints again).
  @Test func aLetterTypedAt10kTodosAllocatesFewerThan40Times() {
    let store = store()
    store.send(Keymap.action(for: .character("e"), in: store.state)!)
    #expect(store.state.isEditing)
    var shown = TodosView.frame(for: store.state).buffer
    func type(_ letter: Character) -> Int {
      malloc_counter_start()
      if let action = Keymap.action(for: .character(letter), in: store.state) {
        store.send(action)
      }
      let frame = TodosView.frame(for: store.state)
      ScreenBuffer.forEachChange(from: shown, to: frame.buffer) { _, _, _ in }
      shown = frame.buffer
      return malloc_counter_stop()
    }
    for letter in "milk" { _ = type(letter) }
    let counts = "andbread".map { type($0) }
    #expect(counts.allSatisfy { $0 < 40 }, "mallocs per letter: \(counts)")
    guard case .editing(let editor) = store.state.mode else {
      Issue.record("the editor closed")
      return
    }
    #expect(editor.field.text.hasSuffix("milkandbread"))
  }

  /// The backend's diff of a navigation key's frame (two rows changed) allocates nothing.
  @Test func theDiffOfANavigationKeysFrameAllocatesNothing() {
    let diffs = mallocs(pressing: [.character("j"), .character("k")]).diff
    #expect(diffs == [0, 0])
  }
}
