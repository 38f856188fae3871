import Architecture
import Benchmark
import TerminalUI
import TodosFeature

/// Search as a person types it: each iteration is one key in the search field (typing
/// `plants`, then six backspaces, over and over), end to end: keymap → store → view. Every
/// generated todo contains `plants`, so no key can skip the list: the worst case for a search.
func searchBenchmarks() {
  let keys: [Key] = "plants".map { Key.character($0) } + Array(repeating: .backspace, count: 6)
  for count in [100_000, 1_000_000] {
    Benchmark(
      "Search one key end to end, 80×24 (\(count) todos)",
      configuration: .init(
        metrics: [.wallClock, .mallocCountTotal], warmupIterations: 1, maxDuration: .seconds(2),
        maxIterations: keys.count * 2)
    ) { @MainActor benchmark async in
      let store = todosStore(todosState(count: count))
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
  }
}
