import Architecture
import Benchmark
import IdentifiedCollections

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal],
    warmupIterations: 3,
    maxDuration: .seconds(1),
    maxIterations: 1_000
  )
  storeBenchmarks()
  todosBenchmarks()
  screenBenchmarks()
  codecBenchmarks()
  searchBenchmarks()
  groupBenchmarks()
  organiseBenchmarks()
  organiseKeyBenchmarks()
  datesBenchmarks()
  mergeBenchmarks()
}
