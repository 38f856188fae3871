import Glibc
import TerminalUITestSupport
import Testing

@testable import TerminalUI

/// A small app for the loop: types text, sorts it one second after each key (restarting the
/// wait, like the todo list's delayed sort), and quits on Ctrl-C or "q".
@MainActor
final class TypingApp: RunLoopApp {
  var now: Duration = .zero
  var text = ""
  var sortDeadline: Duration?
  var sortTimes: [Duration] = []
  var events: [TerminalEvent] = []
  var shutdownSignals: [Int32?] = []
  private(set) var version: UInt64 = 0
  private(set) var exitStatus: Int32?

  func handle(_ event: TerminalEvent) {
    events.append(event)
    switch event {
    case .key(.ctrl("c")), .key(.character("q")):
      exitStatus = 0
    case .key(.character(let character)):
      text.append(character)
      sortDeadline = now + .seconds(1)
      version += 1
    case .key(.backspace):
      if !text.isEmpty { text.removeLast() }
      version += 1
    case .paste(let pasted):
      text.append(pasted)
      version += 1
    case .key, .resize:
      break  // not a state change: the loop repaints a resize on its own
    }
  }

  func timeUntilNextDeadline() -> Duration? {
    sortDeadline.map { max(.zero, $0 - now) }
  }

  func runDue() {
    guard let deadline = sortDeadline, deadline <= now else { return }
    sortDeadline = nil
    sortTimes.append(now)
    text = String(text.sorted())
    version += 1
  }

  func frame(width: Int, height: Int) -> Frame {
    var buffer = ScreenBuffer(width: width, height: height)
    buffer.write("> " + text, x: 0, y: 0)
    return Frame(buffer: buffer, cursor: CursorPosition(x: 2 + DisplayWidth.of(text), y: 0))
  }

  func shutdown(signal: Int32?) { shutdownSignals.append(signal) }
}

@MainActor
@Suite struct RunLoopTests {
  func makeTerminal(_ app: TypingApp, width: Int = 20, height: Int = 3) -> InMemoryTerminal {
    let terminal = InMemoryTerminal(width: width, height: height)
    terminal.onAdvance = { app.now = $0 }
    return terminal
  }

  @Test func aDeadlineFiresOnTime() {
    let app = TypingApp()
    let terminal = makeTerminal(app)
    terminal.type("cab", at: .milliseconds(100))
    terminal.send(.key(.ctrl("c")), at: .seconds(5))
    let status = TerminalRunLoop(terminal: terminal).run(app)

    #expect(status == 0)
    #expect(app.sortTimes == [.milliseconds(1100)])
    // Idle: no timeout; then exactly the time left until the sort; then idle again.
    #expect(terminal.waitTimeouts == [nil, .seconds(1), nil])
    #expect(terminal.frames.map(\.buffer.description) == [">", "> cab", "> abc"].map(pad))
  }

  @Test func aNewKeyRestartsTheWait() {
    let app = TypingApp()
    let terminal = makeTerminal(app)
    terminal.type("b", at: .zero)
    terminal.type("a", at: .milliseconds(600))
    terminal.send(.key(.ctrl("c")), at: .seconds(3))
    _ = TerminalRunLoop(terminal: terminal).run(app)
    #expect(app.sortTimes == [.milliseconds(1600)])
    #expect(terminal.waitTimeouts == [nil, .seconds(1), .seconds(1), nil])
  }

  @Test func hundredsOfKeysInOneWakeUpRenderOnce() {
    let app = TypingApp()
    let terminal = makeTerminal(app, width: 600, height: 1)
    let pasted = String(repeating: "x", count: 499) + "日"
    terminal.type(pasted)
    terminal.send(.key(.ctrl("c")), at: .milliseconds(10))
    let loop = TerminalRunLoop(terminal: terminal)
    _ = loop.run(app)
    #expect(terminal.batchSizes.first == 500)
    #expect(loop.renderCount == 2)  // the first frame, then once for the whole paste
    #expect(terminal.frames.last?.buffer.description == "> " + pasted)
    #expect(terminal.frames.last?.cursor == CursorPosition(x: 503, y: 0))
  }

  @Test func aResizeRepaintsAtTheNewSize() {
    let app = TypingApp()
    let terminal = makeTerminal(app)
    terminal.send(.resize(width: 8, height: 2), at: .seconds(1))
    terminal.send(.key(.ctrl("c")), at: .seconds(2))
    _ = TerminalRunLoop(terminal: terminal).run(app)
    #expect(app.events.first == .resize(width: 8, height: 2))
    #expect(terminal.frames.map { [$0.buffer.width, $0.buffer.height] } == [[20, 3], [8, 2]])
  }

  @Test func noRenderWhenNothingChanged() {
    let app = TypingApp()
    let terminal = makeTerminal(app)
    terminal.send(.key(.up), .key(.function(5)), at: .seconds(1))
    terminal.send(.key(.ctrl("c")), at: .seconds(2))
    let loop = TerminalRunLoop(terminal: terminal)
    _ = loop.run(app)
    #expect(loop.renderCount == 1)
  }

  @Test func quitStopsAtOnceDroppingLaterKeysAndRestoresTheTerminal() {
    let app = TypingApp()
    let terminal = makeTerminal(app)
    terminal.type("aq", at: .seconds(1))
    terminal.type("zzz", at: .seconds(1))
    let status = TerminalRunLoop(terminal: terminal).run(app)
    #expect(status == 0)
    #expect(app.text == "a")
    #expect(app.shutdownSignals == [nil])
    #expect(terminal.isRestored)
  }

  @Test(arguments: [
    (Int32(SIGINT), Int32(130)), (Int32(SIGTERM), Int32(143)), (Int32(SIGHUP), Int32(129)),
  ])
  func terminationSignalsShutDownWithTheirStatus(signal: Int32, expected: Int32) {
    let app = TypingApp()
    let terminal = makeTerminal(app)
    terminal.type("ab", at: .seconds(1))
    terminal.sendSignal(signal, at: .seconds(1))
    let status = TerminalRunLoop(terminal: terminal).run(app)
    #expect(status == expected)
    #expect(app.shutdownSignals == [signal])
    #expect(terminal.isRestored)
  }

  @Test func endOfInputIsAHangup() {
    let app = TypingApp()
    let terminal = makeTerminal(app)
    let status = TerminalRunLoop(terminal: terminal).run(app)
    #expect(status == 129)
    #expect(app.shutdownSignals == [SIGHUP])
  }

  @Test func watchedDescriptorsWakeTheLoop() throws {
    let app = TypingApp()
    let terminal = makeTerminal(app)
    var fds: [Int32] = [0, 0]
    try #require(pipe(&fds) == 0)
    defer {
      close(fds[0])
      close(fds[1])
    }
    var byte: UInt8 = 0x21
    try #require(write(fds[1], &byte, 1) == 1)
    let loop = TerminalRunLoop(terminal: terminal)
    var woken = 0
    loop.watch(fd: fds[0]) {
      var received: UInt8 = 0
      _ = read(fds[0], &received, 1)
      woken += 1
      app.handle(.key(.character(Character(Unicode.Scalar(received)))))
    }
    terminal.send(.key(.ctrl("c")), at: .seconds(5))
    _ = loop.run(app)
    #expect(woken == 1)
    #expect(terminal.frames.map(\.buffer.description).contains(pad("> !")))
  }

  private func pad(_ line: String) -> String { line + "\n\n" }
}
