import Benchmark
import Foundation
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
