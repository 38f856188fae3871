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

  func makeTerminal(_ app: SmallScreenApp) -> InMemoryTerminal {
    let terminal = InMemoryTerminal(width: 20, height: 3)
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

  /// The loop waits for the sooner of the app's next deadline and a held key's grace.
  @Test func theWaitIsForTheSoonerOfTwoTimes() {
    #expect(Duration.earliest(nil, nil) == nil)
    #expect(Duration.earliest(.seconds(2), nil) == .seconds(2))
    #expect(Duration.earliest(nil, .seconds(1)) == .seconds(1))
    #expect(Duration.earliest(.seconds(2), .milliseconds(5)) == .milliseconds(5))
    #expect(Duration.earliest(.zero, .seconds(3)) == .zero)
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

  /// tmux applies a pane's new size up to 250 ms after the keys sent once it grew: the keys
  /// reach the app while it is still too small. They are held, and act once the resize comes.
  @Test func keysTypedJustBeforeTheTerminalGrowsBackActAtTheNewSize() {
    let app = SmallScreenApp()
    let terminal = makeTerminal(app)
    terminal.send(.resize(width: 3, height: 3), at: .seconds(1))
    terminal.type("ab", at: .milliseconds(1100))
    terminal.send(.resize(width: 20, height: 3), at: .milliseconds(1300))
    terminal.type("q", at: .milliseconds(1300))
    let status = TerminalRunLoop(terminal: terminal, now: { terminal.now }).run(app)
    #expect(status == 0)
    #expect(app.text == "ab")
    #expect(
      app.events == [
        .resize(width: 3, height: 3), .resize(width: 20, height: 3), .key(.character("a")),
        .key(.character("b")), .key(.character("q")),
      ])
    // Idle, then the wait for the held keys: 500 ms from the first of them.
    #expect(terminal.waitTimeouts == [nil, nil, .milliseconds(500)])
  }

  /// Keys typed while the terminal is too small, with no resize after them: once they waited
  /// `HeldInput.grace`, they are the app's, which ignores them at that size. A key the app
  /// takes while small (`q`) acts at once when nothing is held.
  @Test func keysHeldLongerThanTheGraceAreHandedOverAtTheSmallSize() {
    let app = SmallScreenApp()
    let terminal = makeTerminal(app)
    terminal.send(.resize(width: 3, height: 3), at: .seconds(1))
    terminal.type("ab", at: .milliseconds(1100))
    terminal.send(.resize(width: 20, height: 3), at: .seconds(2))
    terminal.send(.resize(width: 3, height: 3), at: .seconds(3))
    terminal.type("q", at: .seconds(4))
    let status = TerminalRunLoop(terminal: terminal, now: { terminal.now }).run(app)
    #expect(status == 0)
    #expect(app.text == "")
    #expect(app.handledAt == [.milliseconds(1600), .milliseconds(1600), .seconds(4)])
    #expect(terminal.waitTimeouts == [nil, nil, .milliseconds(500), nil, nil, nil])
  }

  private func pad(_ line: String) -> String { line + "\n\n" }
}

/// An app that is too small below 10 columns: then only "q" works, other keys are ignored.
@MainActor
final class SmallScreenApp: RunLoopApp {
  var now: Duration = .zero
  var width = 20
  var text = ""
  var events: [TerminalEvent] = []
  /// When each key reached the app.
  var handledAt: [Duration] = []
  private(set) var version: UInt64 = 0
  private(set) var exitStatus: Int32?

  var isTooSmall: Bool { width < 10 }

  func handle(_ event: TerminalEvent) {
    events.append(event)
    switch event {
    case .resize(let width, _):
      self.width = width
    case .key(let key):
      handledAt.append(now)
      if key == .character("q") {
        exitStatus = 0
      } else if !isTooSmall, case .character(let character) = key {
        text.append(character)
        version += 1
      }
    case .paste:
      break
    }
  }

  func waitsForSize(_ event: TerminalEvent) -> Bool {
    guard isTooSmall else { return false }
    if case .key(.character("q")) = event { return false }
    if case .resize = event { return false }
    return true
  }

  func timeUntilNextDeadline() -> Duration? { nil }
  func runDue() {}

  func frame(width: Int, height: Int) -> Frame {
    Frame(buffer: ScreenBuffer(width: width, height: height))
  }

  func shutdown(signal: Int32?) {}
}
