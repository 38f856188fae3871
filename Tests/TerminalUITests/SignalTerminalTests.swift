import Foundation
import TerminalUITestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The built todos-tui in tmux, hit by signals while suspended, by a terminal that goes away,
/// and by signals that usually mean a crash: whatever happens, the typed text reaches the file
/// and the process ends.
@Suite(
  .serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: `make test` installs it"))
final class SignalTerminalTests {
  let fixture: TerminalFixture
  var file: URL { fixture.file }

  init() throws { fixture = try TerminalFixture("signals") }

  /// Starts the app (after `prefix`, e.g. `setsid -w`) and types a todo it has not saved yet
  /// (an edit in progress is only saved on the way out).
  func startTyping(_ text: String, prefix: String = "", environment: String = "") throws
    -> TerminalSession
  {
    let session = try TerminalSession(
      command: "\(prefix) '\(try TerminalFixture.appBinary())' '\(file.path)'",
      environment: environment)
    do {
      try session.waitForScreen { $0.first?.hasSuffix(" left") == true }
      try session.keys("a")
      try session.type(text)
      try session.waitFor(text)
    } catch {
      session.close()
      throw error
    }
    return session
  }

  func contents() -> String { fixture.contents() ?? "" }

  /// Waits until `pid` has exited (gone, or a zombie nobody reaps); false after `timeout`.
  func waitForExit(_ pid: pid_t, timeout: Duration = .seconds(10)) -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let state = stat.split(separator: ")").last?.split(separator: " ").first
      else { return true }
      if state == "Z" || state == "X" { return true }
      usleep(20_000)
    }
    return false
  }

  /// The todos-tui process working on this test's file (any parent, any session).
  func appPID() throws -> pid_t {
    let deadline = ContinuousClock.now + .seconds(10)
    while ContinuousClock.now < deadline {
      let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
      for entry in entries {
        guard let pid = pid_t(entry),
          let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline")
        else { continue }
        let arguments = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        if arguments.first?.hasSuffix("todos-tui") == true, arguments.contains(file.path) {
          return pid
        }
      }
      usleep(20_000)
    }
    throw TestFailure("no todos-tui process on \(file.path)")
  }

  /// Ctrl-Z, then `kill -TERM` on the stopped app, then `fg`: it saves and exits with 143.
  @Test func sigtermWhileSuspendedSavesAndExitsOnFg() throws {
    let session = try startTyping("Typed before Ctrl-Z")
    defer { session.close() }
    let pid = try session.programPID()
    try session.keys("C-z")
    try session.waitFor("Stopped")
    kill(pid, SIGTERM)
    try session.type("fg; echo \"fg $?\"")
    try session.keys("Enter")
    let after = try session.waitFor("fg 143")
    #expect(!after.contains { $0.contains(" left") })  // not drawn again
    #expect(contents().hasSuffix(" Typed before Ctrl-Z\n"))
  }

  /// Ctrl-Z, `kill -HUP`, then SIGCONT from elsewhere (not `fg`): it saves and exits with 129
  /// without touching the shell's terminal.
  @Test func sighupWhileSuspendedSavesAndExitsOnSIGCONT() throws {
    let session = try startTyping("Typed before the hang-up")
    defer { session.close() }
    let pid = try session.programPID()
    try session.keys("C-z")
    try session.waitFor("Stopped")
    kill(pid, SIGHUP)
    kill(pid, SIGCONT)
    // `wait` on a job the shell still thinks stopped returns at once (148): type it only once
    // the shell has reaped the app, so it has heard of the continue and of the exit.
    let deadline = ContinuousClock.now + .seconds(20)
    while access("/proc/\(pid)", F_OK) == 0, ContinuousClock.now < deadline { usleep(20_000) }
    try session.type("wait %1; echo \"waited $?\"")
    try session.keys("Enter")
    try session.waitFor("waited 129")
    #expect(contents().hasSuffix(" Typed before the hang-up\n"))
  }

  /// Closing the terminal while the app is suspended (the shell sends SIGHUP and SIGCONT, the
  /// terminal is dead): it saves and exits instead of spinning on the dead terminal.
  @Test func closingTheTerminalWhileSuspendedSavesAndExits() throws {
    let session = try startTyping("Typed before the window closed")
    let pid = try session.programPID()
    try session.keys("C-z")
    try session.waitFor("Stopped")
    session.close()
    #expect(waitForExit(pid), "todos-tui (pid \(pid)) is still running")
    #expect(contents().hasSuffix(" Typed before the window closed\n"))
  }

  /// `setsid -w todos-tui` in a pane that is killed: no SIGHUP reaches it, only a hung-up
  /// terminal. That is the end of input: it saves and exits.
  @Test func aTerminalThatDisappearsWithoutSIGHUPEndsTheApp() throws {
    let session = try startTyping("Typed before the pane died", prefix: "setsid -w")
    let pid = try appPID()
    session.close()
    #expect(waitForExit(pid), "todos-tui (pid \(pid)) is still running")
    #expect(contents().hasSuffix(" Typed before the pane died\n"))
  }

  /// What tmux says of the pane's modes: alternate screen and mouse reporting ("0 0": both off).
  func paneModes(_ session: TerminalSession) throws -> String {
    try session.tmux.run(
      ["display-message", "-p", "-t", session.name, "#{alternate_on} #{mouse_any_flag}"]
    ).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// `kill -QUIT`, `-ABRT`, `-SEGV` or `-BUS` from another process is a request to stop: the
  /// app saves, gives the terminal back whole (alternate screen and mouse off, tty modes) and
  /// exits with 128 + signal, without Swift's backtracer waiting for a key.
  @Test(arguments: [SIGQUIT, SIGABRT, SIGSEGV, SIGBUS])
  func aFatalSignalSentWithKillSavesAndExits(signal: Int32) throws {
    let session = try startTyping(
      "Typed before signal \(signal)", environment: "-u SWIFT_BACKTRACE")
    defer { session.close() }
    #expect(try paneModes(session) == "1 1")  // full screen, mouse on: there is work to undo
    kill(try session.programPID(), signal)
    let after = try session.waitFor("exited \(128 + signal)")
    #expect(after.first == "shell before")
    #expect(try paneModes(session) == "0 0")
    #expect(contents().hasSuffix(" Typed before signal \(signal)\n"))
  }

  /// A real crash (fatalError: a trap in our own code) cannot run Swift code safely: the
  /// terminal is restored from C and the process ends at once, not after the backtracer's
  /// 30-second prompt.
  @Test func aRealCrashEndsAtOnceWithTheTerminalRestored() throws {
    let session = try DemoSession(environment: "-u SWIFT_BACKTRACE")
    defer { session.close() }
    _ = try session.waitForScreen { $0.contains("q quits") }
    try session.tmux.run(["send-keys", "-t", session.name, "!"])
    let after = try session.waitForScreen { $0.contains { $0.hasPrefix("exited") } }
    #expect(after.first == "shell before")
    #expect(after.contains { $0.hasPrefix("exited 13") })  // 128 + SIGILL or SIGTRAP
    #expect(!after.contains { $0.contains("Press space to interact") })
  }
}
