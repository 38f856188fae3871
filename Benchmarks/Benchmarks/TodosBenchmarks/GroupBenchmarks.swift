import Architecture
import Benchmark
import Foundation
import IdentifiedCollections
import TerminalUI
import TodoTxt
import TodosFeature

/// Views with sections (`group`) at 100k todos (50 projects, one in three dated), end to end
/// (keymap → store → view): one search key typed in the view, as the search benchmark types
/// (`plants`, then six backspaces), and switching to the view and back to All; beside the
/// same view without sections.
func groupBenchmarks() {
  let keys: [Key] = "plants".map { Key.character($0) } + Array(repeating: .backspace, count: 6)
  let count = 100_000
  for group in [nil, GroupBy.project, .due] as [GroupBy?] {
    let name = group.map { "grouped by \($0.rawValue)" } ?? "not grouped"
    let configuration = Benchmark.Configuration(
      metrics: [.wallClock, .mallocCountTotal], warmupIterations: 1, maxDuration: .seconds(2),
      maxIterations: keys.count * 2)
    Benchmark(
      "View search one key end to end, \(name), 80×24 (\(count) todos)",
      configuration: configuration
    ) { @MainActor benchmark async in
      let store = todosStore(groupedState(count: count, group: group))
      store.send(.viewPicked("Work"))
      store.send(.searchKeyPressed)
      var n = 0
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        if let action = Keymap.action(for: keys[n % keys.count], in: store.state) {
          store.send(action)
        }
        blackHole(TodosView.frame(for: store.state))
        n += 1
      }
      benchmark.stopMeasurement()
    }
    Benchmark(
      "View switch end to end, \(name), 80×24 (\(count) todos)", configuration: configuration
    ) { @MainActor benchmark async in
      let store = todosStore(groupedState(count: count, group: group))
      var n = 0
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        store.send(n % 2 == 0 ? .viewPicked("Work") : .filterPicked(.all))
        blackHole(TodosView.frame(for: store.state))
        n += 1
      }
      benchmark.stopMeasurement()
    }
  }
  // The built-in Today view (`due:<=today|pri:A is:active`): its terms read each todo's dates.
  Benchmark(
    "View switch end to end, Today, 80×24 (\(count) todos)",
    configuration: .init(
      metrics: [.wallClock, .mallocCountTotal], warmupIterations: 1, maxDuration: .seconds(2),
      maxIterations: 24)
  ) { @MainActor benchmark async in
    let store = todosStore(groupedState(count: count, group: nil, views: SavedView.builtIn))
    var n = 0
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      store.send(n % 2 == 0 ? .viewPicked("Today") : .filterPicked(.all))
      blackHole(TodosView.frame(for: store.state))
      n += 1
    }
    benchmark.stopMeasurement()
  }
}

/// `count` todos over 50 projects, one in three due this month, one in five completed, with
/// a view `Work` (every todo with `@phone`: all of them) cut by `group` (or `views`), loaded
/// as the app loads its file.
func groupedState(count: Int, group: GroupBy?, views: [SavedView]? = nil) -> Todos.State {
  var todos: [Todo.State] = []
  todos.reserveCapacity(count)
  for n in 0..<count {
    let due: String = n % 3 == 0 ? " due:2026-11-\(10 + n % 20)" : ""
    let description: String = "Todo \(n) water the plants +project\(n % 50) @phone" + due
    todos.append(
      Todo.State(id: UUID(counter: UInt64(n)), description: description, isComplete: n % 5 == 4))
  }
  var state = Todos.State(selectedID: todos.first?.id, size: TerminalSize(width: 80, height: 24))
  state.views = views ?? [SavedView(name: "Work", query: "@phone", group: group)]
  // As the app reads its file: the views are prepared as the todos load (`TodoList.prepare`).
  state.load(todos)
  return state
}
