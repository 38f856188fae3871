import TerminalUI
import TerminalUITestSupport
import Testing

/// An app that asks for a full repaint on Ctrl-L and quits on q.
@MainActor
final class RepaintingApp: RunLoopApp {
  private(set) var repaintRequests: UInt64 = 0
  private(set) var exitStatus: Int32?
  var version: UInt64 { 0 }

  func handle(_ event: TerminalEvent) {
    switch event {
    case .key(.ctrl("l")): repaintRequests += 1
    case .key(.character("q")): exitStatus = 0
    default: break
    }
  }

  func timeUntilNextDeadline() -> Duration? { nil }
  func runDue() {}
  func frame(width: Int, height: Int) -> Frame {
    var buffer = ScreenBuffer(width: width, height: height)
    buffer.write("same", x: 0, y: 0)
    return Frame(buffer: buffer)
  }
  func shutdown(signal: Int32?) {}
}

/// Ctrl-L: the loop has the terminal write every cell again, though nothing changed.
@MainActor
@Suite struct RepaintTests {
  @Test func aRepaintRequestDrawsTheWholeFrameAgain() {
    let app = RepaintingApp()
    let terminal = InMemoryTerminal(width: 10, height: 2)
    terminal.send(.key(.character("x")), at: .milliseconds(10))
    terminal.send(.key(.ctrl("l")), at: .milliseconds(20))
    terminal.send(.key(.character("q")), at: .milliseconds(30))
    _ = TerminalRunLoop(terminal: terminal).run(app)
    // The first frame; nothing for `x` (no change); the whole frame again for Ctrl-L.
    #expect(terminal.frames.count == 2)
    #expect(terminal.fullRepaints == [1])
  }
}
