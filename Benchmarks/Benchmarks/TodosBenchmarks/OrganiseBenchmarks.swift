import Benchmark
import Foundation
import IdentifiedCollections
import TerminalUI
import TodosFeature

/// `count` rows with what the organise features read: one in five completed, one in three
/// with a priority, one in two with a due date, 50 projects and 7 contexts.
func organiseRows(count: Int) -> [Todo.State] {
  (0..<count).map { n in
    var text = "Todo \(n) water the plants +project\(n % 50) @context\(n % 7)"
    if n % 2 == 0 { text += " due:2026-\(10 + n % 3)-\(10 + n % 19)" }
    return Todo.State(
      id: UUID(counter: UInt64(n)), description: text, isComplete: n % 5 == 4,
      priority: n % 3 == 0 ? Character(Unicode.Scalar(UInt8(65 + n % 26))) : nil)
  }
}

/// The `+`/`@` pickers' index and the sort orders at 100k todos (issue 13): built once, then
/// kept up to date one row at a time.
func organiseBenchmarks() {
  let config = Benchmark.Configuration(
    metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(2), maxIterations: 50)
  nonisolated(unsafe) var rows: [Todo.State] = []
  nonisolated(unsafe) var display = DisplayOrder(.priority, keys: [])

  Benchmark("TagIndex build (100k todos)", configuration: config) { benchmark in
    for _ in benchmark.scaledIterations { blackHole(TagIndex(rows)) }
  } setup: {
    rows = organiseRows(count: 100_000)
  } teardown: {
    rows = []
  }

  Benchmark("DisplayOrder sort by due date (100k todos)", configuration: config) { benchmark in
    for _ in benchmark.scaledIterations { blackHole(DisplayOrder(.dueDate, todos: rows)) }
  } setup: {
    rows = organiseRows(count: 100_000)
  } teardown: {
    rows = []
  }

  // The common case: one row's priority changes in a sorted view of 100k.
  Benchmark("DisplayOrder update one row (100k todos)") { benchmark in
    var row = rows[50_000]
    for n in benchmark.scaledIterations {
      let old = SortKey(row, fileIndex: 50_000)
      row.priority = n % 2 == 0 ? "A" : nil
      display.update(from: old, to: SortKey(row, fileIndex: 50_000))
    }
    blackHole(display)
  } setup: {
    rows = organiseRows(count: 100_000)
    display = DisplayOrder(.priority, todos: rows)
  } teardown: {
    rows = []
    display = DisplayOrder(.priority, keys: [])
  }
}

/// One key end to end (keymap → store → frame) at 100k todos in file order, in a sorted view
/// and with a project chosen (issue 13): the sorted view and the picker's index are built
/// before the measurement, as the first `s` or `+` builds them; the keys must then cost what
/// they cost in file order.
func organiseKeyBenchmarks() {
  let views: [(name: String, order: TodoSortOrder, tag: String?)] = [
    ("file order", .fileOrder, nil), ("by priority", .priority, nil),
    ("by due date", .dueDate, nil), ("+project3 chosen", .fileOrder, "+project3"),
  ]
  for view in views {
    for (name, key) in [("j", Key.character("j")), ("space", Key.character(" "))] {
      Benchmark(
        "Organise key \(name), \(view.name) (100k todos)",
        configuration: .init(metrics: [.wallClock, .mallocCountTotal], maxIterations: 2_000)
      ) { @MainActor benchmark async in
        let rows = organiseRows(count: 100_000)
        var state = Todos.State(
          todos: IdentifiedArray(uniqueElements: rows), selectedID: nil,
          size: TerminalSize(width: 80, height: 24), pickedTag: view.tag, sortOrder: view.order)
        state.viewport.selectedID = state.visible[10].id
        let store = todosStore(state)
        // As in the app: some toggles already made (history in place), the view drawn.
        for _ in 0..<4 {
          if let action = Keymap.action(for: key, in: store.state) { store.send(action) }
        }
        var shown = TodosView.frame(for: store.state).buffer
        let back = Key.character("k")
        benchmark.startMeasurement()
        for n in benchmark.scaledIterations {
          let pressed = name == "j" && n % 2 == 1 ? back : key
          if let action = Keymap.action(for: pressed, in: store.state) { store.send(action) }
          let frame = TodosView.frame(for: store.state)
          blackHole(ScreenBuffer.diff(from: shown, to: frame.buffer))
          shown = frame.buffer
        }
        benchmark.stopMeasurement()
      }
    }
  }

  // The picker opening on a list whose index is kept (built by an earlier opening).
  Benchmark(
    "Organise key +, open the picker (100k todos)",
    configuration: .init(metrics: [.wallClock, .mallocCountTotal], maxIterations: 2_000)
  ) { @MainActor benchmark async in
    let rows = organiseRows(count: 100_000)
    let store = todosStore(
      Todos.State(
        todos: IdentifiedArray(uniqueElements: rows), selectedID: rows[0].id,
        size: TerminalSize(width: 80, height: 24)))
    store.send(.picking(.keyPressed(.project)))
    store.send(.picking(.picker(.escapePressed)))
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      store.send(.picking(.keyPressed(.project)))
      blackHole(TodosView.frame(for: store.state))
      store.send(.picking(.picker(.escapePressed)))
    }
    benchmark.stopMeasurement()
  }
}
