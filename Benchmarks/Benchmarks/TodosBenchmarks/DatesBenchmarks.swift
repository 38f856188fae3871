import Architecture
import ArchitectureTestSupport
import Benchmark
import Foundation
import IdentifiedCollections
import TerminalUI
import TodosFeature

/// `count` todos where one in three has a due date (some overdue), one in ten a threshold
/// after today (hidden) and one in fifty `h:1`, like a file kept with topydo or sleek.
func datedTodosState(count: Int, width: Int = 80, height: Int = 24) -> Todos.State {
  let today = TodosEnvironment.testDay
  let todos = todosState(count: count).list.rows.elements.enumerated().map { n, todo in
    var todo = todo
    if n % 3 == 0 { todo.description += " due:\(today.adding(days: n % 40 - 20)!)" }
    if n % 10 == 1 { todo.description += " t:\(today.adding(days: n % 30 + 1)!)" }
    if n % 50 == 7 { todo.description += " h:1" }
    return todo
  }
  return Todos.State(
    todos: IdentifiedArray(uniqueElements: todos), selectedID: todos.first?.id,
    size: TerminalSize(width: width, height: height))
}

/// The date rules at 100k todos: a key, a toggle and a frame must not read every description.
func datesBenchmarks() {
  let count = 100_000
  Benchmark("Dates: Todos send selectionMoved (\(count) dated todos)") {
    @MainActor benchmark async in
    let store = todosStore(datedTodosState(count: count))
    store.send(.viewport(.selectionMoved(.next)))
    benchmark.startMeasurement()
    for n in benchmark.scaledIterations {
      store.send(.viewport(.selectionMoved(n % 2 == 0 ? .previous : .next)))
    }
    benchmark.stopMeasurement()
  }
  Benchmark(
    "Dates: Todos send row checkboxToggled (\(count) dated todos)",
    configuration: .init(metrics: [.wallClock, .mallocCountTotal, .mallocBytesCount])
  ) { @MainActor benchmark async in
    let store = todosStore(datedTodosState(count: count))
    let ids = store.state.visible.ids.prefix(20).map { $0 }
    for id in ids { store.send(.todos(.element(id: id, action: .checkboxToggled))) }
    benchmark.startMeasurement()
    for n in benchmark.scaledIterations {
      store.send(.todos(.element(id: ids[n % ids.count], action: .checkboxToggled)))
    }
    benchmark.stopMeasurement()
  }
  Benchmark("Dates: TodosView frame 200×60 (\(count) dated todos)") {
    @MainActor benchmark async in
    var state = datedTodosState(count: count, width: 200, height: 60)
    state.viewport.selectedID = state.visible.ids[state.visible.count / 2]
    state.viewport.scrollTop = state.viewport.top(
      in: state.visible, height: state.viewport.listHeight)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      blackHole(TodosView.frame(for: state))
    }
    benchmark.stopMeasurement()
  }
  Benchmark(
    "Dates: load \(count) dated todos into the list",
    configuration: .init(maxDuration: .seconds(2), maxIterations: 20)
  ) { @MainActor benchmark async in
    let todos = datedTodosState(count: count).list.rows.elements
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      var state = Todos.State()
      state.load(todos)
      blackHole(state.list.dates.hidden.count)
    }
    benchmark.stopMeasurement()
  }
  Benchmark(
    "Dates: load \(count) dated todos into the list, the built-in views prepared",
    configuration: .init(maxDuration: .seconds(2), maxIterations: 20)
  ) { @MainActor benchmark async in
    // As the app loads: Today, Week, Overdue and No date matched ahead (`TodoList.prepare`).
    let todos = datedTodosState(count: count).list.rows.elements
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      var state = Todos.State()
      state.views = SavedView.builtIn
      state.load(todos)
      blackHole(state.list.dates.hidden.count)
    }
    benchmark.stopMeasurement()
  }
}
