import Benchmark
import TodoTxt

/// `count` todo.txt lines like scripts/gen-todos.py writes: dates, some done, some with a
/// priority, projects and contexts.
func todoTxtBytes(count: Int) -> [UInt8] {
  let words = [
    "buy", "milk", "call", "mom", "fix", "the", "bike", "write", "report", "water", "plants",
  ]
  var text = ""
  text.reserveCapacity(count * 60)
  for n in 1...max(1, count) {
    var title = "Todo \(n)"
    for k in 0..<(2 + n % 5) { title += " " + words[(n &* 31 &+ k &* 7) % words.count] }
    if n % 2 == 0 { title += " +home" }
    if n % 3 == 0 { title += " @phone" }
    if n % 5 == 0 {
      text += "x 2024-05-02 2024-05-01 \(title)\n"
    } else if n % 7 == 0 {
      text += "(B) 2024-05-01 \(title)\n"
    } else {
      text += "2024-05-01 \(title)\n"
    }
  }
  return Array(text.utf8)
}

/// Parsing and printing a 100k-line todo.txt.
func codecBenchmarks() {
  let config = Benchmark.Configuration(
    metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
    maxDuration: .seconds(2), maxIterations: 20)
  nonisolated(unsafe) var bytes: [UInt8] = []
  nonisolated(unsafe) var document = TodoTxtDocument()

  Benchmark("todo.txt parse 100k lines", configuration: config) { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(TodoTxtDocument.parse(bytes))
    }
  } setup: {
    bytes = todoTxtBytes(count: 100_000)
  } teardown: {
    bytes = []
  }

  Benchmark("todo.txt serialize 100k lines (unchanged)", configuration: config) { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(document.serialized())
    }
  } setup: {
    document = TodoTxtDocument.parse(todoTxtBytes(count: 100_000))
  } teardown: {
    document = TodoTxtDocument()
  }
}
