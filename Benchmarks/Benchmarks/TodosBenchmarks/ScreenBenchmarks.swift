import Benchmark
import TerminalUI

/// A 200×60 frame of todo-like rows; `selected` is drawn reversed, `done` rows get `[x]`.
func sampleFrame(width: Int = 200, height: Int = 60, selected: Int, done: Set<Int> = [])
  -> ScreenBuffer
{
  var buffer = ScreenBuffer(width: width, height: height)
  buffer.write("Todos  \(height - 2 - done.count) items left", x: 0, y: 0, style: Style(bold: true))
  for row in 1..<height {
    let style = row == selected ? Style(reverse: true) : Style.plain
    let box = done.contains(row) ? "[x] " : "[ ] "
    buffer.write(
      box + "Todo \(row) water the plants and call mom about the flights +home @phone",
      x: 0, y: row, style: style, maxWidth: width)
  }
  return buffer
}

/// ScreenBuffer.diff of two 200×60 frames: a cursor move (two rows) and a full repaint.
func screenBenchmarks() {
  let before = sampleFrame(selected: 10)
  let moved = sampleFrame(selected: 11)
  let repainted = sampleFrame(width: 200, height: 60, selected: 30, done: Set(1..<60))

  Benchmark("ScreenBuffer.diff 200×60, cursor move (2 rows)") { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(ScreenBuffer.diff(from: before, to: moved))
    }
  }
  Benchmark("ScreenBuffer.diff 200×60, every row changed") { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(ScreenBuffer.diff(from: before, to: repainted))
    }
  }
  Benchmark("ScreenBuffer.diff 200×60, identical") { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(ScreenBuffer.diff(from: before, to: before))
    }
  }
  Benchmark("ScreenBuffer write 200×60 frame of text") { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(sampleFrame(selected: 10))
    }
  }
}
