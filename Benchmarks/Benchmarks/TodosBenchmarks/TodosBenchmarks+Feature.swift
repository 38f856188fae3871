import Architecture
import ArchitectureTestSupport
import Benchmark
import Foundation
import IdentifiedCollections
import TerminalUI
import TodosFeature

/// `count` todos like the generated data (one in five completed), the first one selected, on a
/// `width`×`height` terminal.
func todosState(count: Int, width: Int = 80, height: Int = 24) -> Todos.State {
  let todos = (0..<count).map { n in
    Todo.State(
      id: UUID(counter: UInt64(n)),
      description: "Todo \(n) water the plants and call mom about the flights +home @phone",
      isComplete: n % 5 == 4
    )
  }
  return Todos.State(
    todos: IdentifiedArray(uniqueElements: todos),
    selectedID: todos.first?.id,
    size: TerminalSize(width: width, height: height)
  )
}

/// A store over the real Todos reducer; the delayed sort waits on a scheduler that never runs.
@MainActor
func todosStore(_ state: Todos.State) -> Store<Todos.State, Todos.Action> {
  Store(
    initialState: state,
    reducer: Todos.reducer(TodosEnvironment.test(scheduler: TestScheduler())))
}

/// Store.send of the real Todos feature, the delayed sort and the view.
func todosBenchmarks() {
  for count in [10, 10_000, 100_000] {
    Benchmark("Todos send selectionMoved (\(count) todos)") { @MainActor benchmark async in
      let store = todosStore(todosState(count: count))
      store.send(.viewport(.selectionMoved(.next)))
      benchmark.startMeasurement()
      for n in benchmark.scaledIterations {
        store.send(.viewport(.selectionMoved(n % 2 == 0 ? .previous : .next)))
      }
      benchmark.stopMeasurement()
    }
    // Not the first toggle after building the list (that one also pays for a cold cache and
    // the first undo step): the app toggles with history already there.
    Benchmark(
      "Todos send row checkboxToggled (\(count) todos)",
      configuration: .init(metrics: [.wallClock, .mallocCountTotal, .mallocBytesCount])
    ) { @MainActor benchmark async in
      let store = todosStore(todosState(count: count))
      let ids = store.state.list.rows.ids.prefix(20).map { $0 }
      for id in ids { store.send(.todos(.element(id: id, action: .checkboxToggled))) }
      benchmark.startMeasurement()
      for n in benchmark.scaledIterations {
        store.send(.todos(.element(id: ids[n % ids.count], action: .checkboxToggled)))
      }
      benchmark.stopMeasurement()
    }
  }

  Benchmark(
    "Todos delayed sort (100000 todos, 20% completed)",
    configuration: .init(maxDuration: .seconds(2), maxIterations: 30)
  ) { @MainActor benchmark async in
    var state = todosState(count: 100_000)
    // Everything toggled lately is settling; the sort lets completed todos sink.
    state.settling = Set(state.list.rows.ids.prefix(1_000))
    let reducer = Todos.reducer(TodosEnvironment.test(scheduler: TestScheduler()))
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      var copy = state
      blackHole(reducer.reduce(into: &copy, action: .sortCompletedTodos))
      blackHole(copy.list.rows.count)
    }
    benchmark.stopMeasurement()
  }

  for count in [10, 100_000] {
    Benchmark("TodosView frame 200×60 (\(count) todos)") { @MainActor benchmark async in
      var state = todosState(count: count, width: 200, height: 60)
      state.viewport.selectedID = state.list.rows.ids[count / 2]
      state.viewport.scrollTop = state.viewport.top(
        in: state.visible, height: state.viewport.listHeight)
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        blackHole(TodosView.frame(for: state))
      }
      benchmark.stopMeasurement()
    }
  }

  // One keypress as the app handles it: key → action → reduce → view → diff, in a store that
  // has been running (as every key but the first after a load is): the store, its caches and
  // the shown frame are made once and kept across iterations; `j` and `k` alternate.
  for (name, key) in [("j", Key.character("j")), ("space", Key.character(" "))] {
    let run = KeypressRun()
    Benchmark(
      "Keypress \(name) end to end, 80×24 (10000 todos)",
      configuration: .init(metrics: [.wallClock, .mallocCountTotal, .mallocBytesCount])
    ) { @MainActor benchmark async in
      run.press(name == "j" && run.presses % 2 == 1 ? Key.character("k") : key, benchmark)
    }
  }

  // A letter typed at the end of the todo being edited, as the app handles it, in the same
  // running store. The text is started again (Esc, `e`, outside the measure) once it has grown
  // by 40 letters, so every letter is typed into a line of 70 to 110 characters.
  let typing = KeypressRun()
  Benchmark(
    "Keypress letter end to end, 80×24 (10000 todos)",
    configuration: .init(metrics: [.wallClock, .mallocCountTotal, .mallocBytesCount])
  ) { @MainActor benchmark async in
    let store = typing.store
    if typing.presses % 40 == 0 {
      for key in [Key.escape, Key.character("e"), Key.end] {
        if let action = Keymap.action(for: key, in: store.state) { store.send(action) }
      }
      typing.shown = TodosView.frame(for: store.state).buffer
    }
    typing.press(Key.character("abcdefghijklmnopqrstuvwxyz".randomElement()!), benchmark)
  }

  // The first key after a load: a new store each iteration, the setup's cache misses and the
  // first-use allocations (the undo history, the settle's wait) included.
  for (name, key) in [("j", Key.character("j")), ("space", Key.character(" "))] {
    Benchmark(
      "First keypress \(name) after a load, 80×24 (10000 todos)",
      configuration: .init(metrics: [.wallClock, .mallocCountTotal, .mallocBytesCount])
    ) { @MainActor benchmark async in
      let store = todosStore(todosState(count: 10_000))
      let shown = TodosView.frame(for: store.state).buffer
      benchmark.startMeasurement()
      if let action = Keymap.action(for: key, in: store.state) { store.send(action) }
      let frame = TodosView.frame(for: store.state)
      ScreenBuffer.forEachChange(from: shown, to: frame.buffer) { x, _, _ in blackHole(x) }
      benchmark.stopMeasurement()
    }
  }
}

/// A keypress benchmark's running store at 10k todos, made on its first use and kept across
/// iterations, with the frame last shown and the count of keys pressed.
@MainActor
final class KeypressRun {
  lazy var store = todosStore(todosState(count: 10_000))
  lazy var shown = TodosView.frame(for: store.state).buffer
  var presses = 0
  nonisolated init() {}

  /// Presses `key` as the app handles it, measured: keymap → store → view → the diff against
  /// the frame shown last, which the new frame then replaces.
  func press(_ key: Key, _ benchmark: Benchmark) {
    let store = self.store
    let shown = self.shown
    presses += 1
    benchmark.startMeasurement()
    if let action = Keymap.action(for: key, in: store.state) { store.send(action) }
    let frame = TodosView.frame(for: store.state)
    ScreenBuffer.forEachChange(from: shown, to: frame.buffer) { x, _, _ in blackHole(x) }
    self.shown = frame.buffer
    benchmark.stopMeasurement()
  }
}
