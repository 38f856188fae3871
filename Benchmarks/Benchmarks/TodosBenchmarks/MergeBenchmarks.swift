import Benchmark
import TodoTxt

/// `bytes` with `count` todos changed the way a session changes them: every `step`-th line
/// completed (or given a priority), a few lines deleted, `count / 5` todos added on top.
func editedTodoTxt(_ bytes: [UInt8], count: Int, salt: Int, complete: Bool) -> [UInt8] {
  var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
  if lines.last?.isEmpty == true { lines.removeLast() }
  let step = max(1, lines.count / max(1, count))
  for index in stride(from: salt % step, to: lines.count, by: step) {
    lines[index] =
      complete ? Array("x 2026-11-23 ".utf8) + lines[index] : Array("(A) ".utf8) + lines[index]
  }
  for index in stride(from: lines.count - 1 - salt, to: 0, by: -lines.count / 10) {
    lines.remove(at: index)
  }
  for n in 0..<(count / 5) {
    lines.insert(Array("Added \(salt) \(n) +new\n".utf8.dropLast()), at: 0)
  }
  return lines.flatMap { $0 + [0x0A] }
}

/// The three-way merge of a 100k-line todo.txt, as a save that meets another writer runs it.
func mergeBenchmarks() {
  let config = Benchmark.Configuration(
    metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
    maxDuration: .seconds(3), maxIterations: 20)
  nonisolated(unsafe) var base: [UInt8] = []
  nonisolated(unsafe) var ours: [UInt8] = []
  nonisolated(unsafe) var theirs: [UInt8] = []
  nonisolated(unsafe) var sorted: [UInt8] = []

  Benchmark("todo.txt merge 100k lines, 100 changes each side", configuration: config) {
    benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(TodoTxtMerge.merge(base: base, ours: ours, theirs: theirs))
    }
  } setup: {
    base = todoTxtBytes(count: 100_000)
    ours = editedTodoTxt(base, count: 100, salt: 1, complete: true)
    theirs = editedTodoTxt(base, count: 100, salt: 2, complete: false)
  }

  Benchmark("todo.txt merge 100k lines, the disk sorted the file", configuration: config) {
    benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(TodoTxtMerge.merge(base: base, ours: ours, theirs: sorted))
    }
  } setup: {
    base = todoTxtBytes(count: 100_000)
    ours = editedTodoTxt(base, count: 100, salt: 1, complete: true)
    var lines = base.split(separator: 0x0A).map(Array.init)
    lines.sort { $0.lexicographicallyPrecedes($1) }
    sorted = lines.flatMap { $0 + [0x0A] }
  }

  Benchmark("todo.txt merge step 100k lines (merge, then parse the result)", configuration: config)
  { benchmark in
    for _ in benchmark.scaledIterations {
      let merged = TodoTxtMerge.merge(base: base, ours: ours, theirs: theirs)
      blackHole(TodoTxtDocument.parse(merged.bytes))
    }
  } setup: {
    base = todoTxtBytes(count: 100_000)
    ours = editedTodoTxt(base, count: 100, salt: 1, complete: true)
    theirs = editedTodoTxt(base, count: 100, salt: 2, complete: false)
  }
}
