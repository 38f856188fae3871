// terminal-demo: a tiny full-screen program for the real-terminal tests (and for trying the
// ncurses backend by hand). It draws a known screen with CJK, emoji and styles, shows the
// terminal size and the last key, redraws on resize, and quits with `q` (status 0), on
// SIGINT/SIGTERM/SIGHUP (130/143/129), on SIGQUIT/SIGABRT/SIGSEGV/SIGBUS sent with kill
// (128 + signal) or when its terminal goes away. `!` crashes it (fatalError), to test the crash
// path.
//
//   swift run terminal-demo [--pid-file PATH]

import TerminalUI

#if canImport(Glibc)
  import Glibc
#endif

@MainActor
final class DemoApp: RunLoopApp {
  private(set) var version: UInt64 = 0
  private(set) var exitStatus: Int32?
  private var lastKey = "none"
  private var keyCount = 0
  private var size: TerminalSize

  init(size: TerminalSize) { self.size = size }

  func handle(_ event: TerminalEvent) {
    switch event {
    case .key(.character("q")): exitStatus = 0
    case .key(.character("!")): fatalError("terminal-demo crashed on purpose")  // crash-path test
    case .key(let key):
      lastKey = "\(key)"
      keyCount += 1
    case .resize(let width, let height): size = TerminalSize(width: width, height: height)
    case .paste(let text):
      lastKey = "paste(\(text.debugDescription))"
      keyCount += 1
    }
    version += 1
  }

  func timeUntilNextDeadline() -> Duration? { nil }
  func runDue() {}
  func shutdown(signal: Int32?) {}

  func frame(width: Int, height: Int) -> Frame {
    var buffer = ScreenBuffer(width: width, height: height)
    buffer.write("terminal-demo \(width)x\(height)", x: 0, y: 0, style: Style(bold: true))
    // The "|" at column 30 shows whether the terminal agrees on the widths before it.
    for (row, text) in ["CJK: 日本語テキスト", "Emoji: 🎉🚀 done", "Combining: e\u{301}tude"]
      .enumerated()
    {
      buffer.write(text, x: 0, y: row + 1)
      buffer.write("|", x: 30, y: row + 1)
    }
    buffer.write("Selected row", x: 0, y: 4, style: Style(reverse: true))
    buffer.write("Colour", x: 0, y: 5, style: Style(foreground: .red))
    buffer.write("Last key: \(lastKey)", x: 0, y: 6)
    buffer.write("right edge>", x: width - 11, y: 7)
    buffer.write("Keys: \(keyCount)", x: 0, y: 8)
    buffer.write("q quits", x: 0, y: height - 1, style: Style(dim: true))
    return Frame(buffer: buffer, cursor: nil)
  }
}

@MainActor
func main() -> Int32 {
  let arguments = CommandLine.arguments
  let terminal: NcursesTerminal
  do {
    terminal = try NcursesTerminal()
  } catch {
    let message = error.message + "\n"
    _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    return 1
  }
  if let index = arguments.firstIndex(of: "--pid-file"), index + 1 < arguments.count,
    let file = fopen(arguments[index + 1], "w")
  {
    fputs("\(getpid())\n", file)
    fclose(file)
  }
  let app = DemoApp(size: terminal.size)
  return TerminalRunLoop(terminal: terminal).run(app)
}

exit(main())
