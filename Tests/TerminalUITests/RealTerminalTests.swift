import Foundation
import TerminalUITestSupport
import Testing

@testable import TerminalUI

/// Drives `terminal-demo` (NcursesTerminal + TerminalRunLoop) in a real terminal: a detached
/// tmux session on a private socket, read back with `capture-pane -p`.
@Suite(
  .serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: `make test` installs it"))
struct RealTerminalTests {
  /// What terminal-demo draws at 80×24 before any key (trailing spaces trimmed).
  static func expectedScreen(
    width: Int, height: Int, lastKey: String = "none", keys: Int = 0
  ) -> [String] {
    var lines = [
      "terminal-demo \(width)x\(height)",
      "CJK: 日本語テキスト           |",
      "Emoji: 🎉🚀 done              |",
      "Combining: e\u{301}tude              |",
      "Selected row",
      "Colour",
      "Last key: \(lastKey)",
      String(repeating: " ", count: width - 11) + "right edge>",
      "Keys: \(keys)",
    ]
    lines += Array(repeating: "", count: height - lines.count - 1)
    lines.append("q quits")
    return lines
  }

  @Test func drawsTheBufferResizesAndRestoresTheTerminalOnSIGTERM() throws {
    let session = try DemoSession()
    defer { session.close() }

    let first = try session.waitForScreen { $0.contains("q quits") }
    #expect(first == Self.expectedScreen(width: 80, height: 24))
    let styled = try session.tmux.run(["capture-pane", "-p", "-e", "-t", session.name])
    #expect(bytes(styled, contain: "\u{1B}[7mSelected row"))
    #expect(bytes(styled, contain: "\u{1B}[1mterminal-demo"))
    #expect(bytes(styled, contain: "\u{1B}[31m"))  // red foreground for "Colour"

    // Ctrl-C is a key (not SIGINT), arrows decode.
    try session.tmux.run(["send-keys", "-t", session.name, "C-c"])
    _ = try session.waitForScreen { $0.contains("Last key: ctrl(\"c\")") }
    try session.tmux.run(["send-keys", "-t", session.name, "Down"])
    _ = try session.waitForScreen { $0.contains("Last key: down") }

    try session.tmux.run(["resize-window", "-t", session.name, "-x", "100", "-y", "30"])
    // Wait for the whole frame: capture-pane may catch the redraw half-way.
    let expected = Self.expectedScreen(width: 100, height: 30, lastKey: "down", keys: 2)
    let resized = try session.waitForScreen { $0.first == "terminal-demo 100x30" && $0 == expected }
    #expect(resized == expected)

    kill(try session.pid(), SIGTERM)
    let after = try session.waitForScreen { $0.contains("exited 143") }
    #expect(after.first == "shell before")  // the alternate screen is gone
    #expect(!after.contains { $0.contains("terminal-demo") || $0.contains("q quits") })
  }

  @Test func keysDecodeFromTheRealTerminal() throws {
    let session = try DemoSession()
    defer { session.close() }
    _ = try session.waitForScreen { $0.contains("q quits") }
    let keys: [(tmux: [String], shown: String)] = [
      (["BTab"], "backTab"), (["BSpace"], "backspace"), (["Enter"], "enter"),
      (["Escape"], "escape"), (["Tab"], "tab"), (["Home"], "home"), (["End"], "end"),
      (["PPage"], "pageUp"), (["NPage"], "pageDown"), (["DC"], "delete"), (["F5"], "function(5)"),
      (["C-a"], "ctrl(\"a\")"), (["C-s"], "ctrl(\"s\")"), (["C-v"], "ctrl(\"v\")"),
      (["-l", "é"], "character(\"é\")"), (["-l", "牛"], "character(\"牛\")"),
      (["Space"], "character(\" \")"),
    ]
    for (index, key) in keys.enumerated() {
      try session.tmux.run(["send-keys", "-t", session.name] + key.tmux)
      let screen = try session.waitForScreen { $0.contains("Keys: \(index + 1)") }
      #expect(screen.contains("Last key: \(key.shown)"), "\(key.tmux)")
    }
  }

  @Test func aLongPasteLosesNoKeys() throws {
    let session = try DemoSession()
    defer { session.close() }
    _ = try session.waitForScreen { $0.contains("q quits") }
    let text = String(repeating: "abcdefghij日本語テキスト", count: 30)  // 510 characters
    try session.tmux.run(["send-keys", "-t", session.name, "-l", text])
    let screen = try session.waitForScreen { $0.contains("Keys: 510") }
    #expect(screen.contains("Last key: character(\"ト\")"))
  }

  @Test func quitsWithStatusZero() throws {
    let session = try DemoSession()
    defer { session.close() }
    _ = try session.waitForScreen { $0.contains("q quits") }
    try session.tmux.run(["send-keys", "-t", session.name, "q"])
    let after = try session.waitForScreen { $0.contains("exited 0") }
    #expect(after.first == "shell before")
  }

  @Test func ctrlZSuspendsWithTheTerminalRestoredAndFgRepaints() throws {
    let session = try DemoSession()
    defer { session.close() }
    _ = try session.waitForScreen { $0.contains("q quits") }
    try session.tmux.run(["send-keys", "-t", session.name, "C-z"])
    let suspended = try session.waitForScreen { $0.contains { $0.contains("Stopped") } }
    #expect(suspended.first == "shell before")
    #expect(!suspended.contains("q quits"))
    try session.tmux.run(["send-keys", "-t", session.name, "fg", "Enter"])
    let resumed = try session.waitForScreen { $0.contains("q quits") }
    #expect(resumed == Self.expectedScreen(width: 80, height: 24))
    try session.tmux.run(["send-keys", "-t", session.name, "q"])
    _ = try session.waitForScreen { $0.contains { $0.hasPrefix("$") } && !$0.contains("q quits") }
  }

  @Test func aCrashStillRestoresTheTerminal() throws {
    // No interactive backtracer: the crash must end the process on its own.
    let session = try DemoSession(environment: "SWIFT_BACKTRACE=enable=no")
    defer { session.close() }
    _ = try session.waitForScreen { $0.contains("q quits") }
    try session.tmux.run(["send-keys", "-t", session.name, "!"])
    let after = try session.waitForScreen { $0.contains { $0.hasPrefix("exited") } }
    #expect(after.first == "shell before")
    #expect(!after.contains("q quits"))
    #expect(after.contains { $0.hasPrefix("exited 13") })  // 128 + SIGILL or SIGTRAP
  }

  @Test func noColorKeepsAttributesButDropsColours() throws {
    let session = try DemoSession(environment: "NO_COLOR=1")
    defer { session.close() }
    _ = try session.waitForScreen { $0.contains("q quits") }
    let styled = try session.tmux.run(["capture-pane", "-p", "-e", "-t", session.name])
    #expect(bytes(styled, contain: "\u{1B}[7mSelected row"))
    #expect(!bytes(styled, contain: "\u{1B}[31m"))
  }

  @Test func refusesAnUnknownTerminalType() throws {
    let session = try DemoSession(environment: "TERM=no-such-terminal")
    defer { session.close() }
    let screen = try session.waitForScreen { $0.contains { $0.hasPrefix("exited") } }
    #expect(screen.contains("exited 1"))
    #expect(screen.contains("todos-tui does not know the terminal type in TERM."))
    #expect(screen.contains { $0.contains("TERM: \"no-such-terminal\"") })
  }
}

/// Byte-wise search: escape sequences are not text to compare by grapheme clusters.
func bytes(_ haystack: String, contain needle: String) -> Bool {
  Array(haystack.utf8).firstRange(of: Array(needle.utf8)) != nil
}

/// No terminal needed: refusing to start is checked with plain pipes.
@Suite struct TerminalEnvironmentTests {
  @Test func refusesToStartWithoutATerminal() throws {
    // Standard input is /dev/null and output a file: no terminal anywhere.
    let (status, text) = try Tmux.execute([try DemoSession.demoBinary().path])
    #expect(status == 1)
    #expect(text.hasPrefix("todos-tui needs a terminal, but standard input is not one."))
    #expect(text.contains("To fix, "))
  }

  @Test func errorMessagesHaveAHeadingTheValueAndAFix() {
    for error in [
      TerminalError.notATerminal(stream: "standard output"), .termUnset, .termUnknown("vt9000"),
      .termCannotAddressCursor("dumb"), .initializationFailed("newterm failed"),
    ] {
      let lines = error.message.split(separator: "\n", omittingEmptySubsequences: false)
      #expect(lines.count >= 5, "\(error)")
      #expect(lines[1].isEmpty && lines[2].hasPrefix("  ") && lines[3].isEmpty)
      #expect(lines[4].hasPrefix("To fix, "))
    }
  }
}

/// terminal-demo started from an interactive shell in an 80×24 tmux pane (see
/// `TerminalSession`), writing its pid to a file.
struct DemoSession {
  let session: TerminalSession
  var tmux: Tmux { session.tmux }
  var name: String { session.name }
  let pidFile = FileManager.default.temporaryDirectory
    .appendingPathComponent("terminal-demo-\(UUID().uuidString).pid").path

  init(environment: String = "") throws {
    let binary = try Self.demoBinary().path
    session = try TerminalSession(
      command: "'\(binary)' --pid-file '\(pidFile)'", environment: environment)
  }

  /// The built demo: $TERMINAL_DEMO_BIN, next to this test bundle, or next to $TODOS_TUI_BIN.
  static func demoBinary() throws -> URL {
    let environment = ProcessInfo.processInfo.environment
    var candidates: [String] = []
    if let path = environment["TERMINAL_DEMO_BIN"] { candidates.append(path) }
    let testBundle = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    candidates.append(
      testBundle.deletingLastPathComponent().appendingPathComponent("terminal-demo").path)
    if let app = environment["TODOS_TUI_BIN"] {
      candidates.append(
        URL(fileURLWithPath: app).deletingLastPathComponent()
          .appendingPathComponent("terminal-demo").path)
    }
    guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) })
    else {
      throw TestFailure(
        "terminal-demo is not built (looked in \(candidates)). To fix, run `swift build` first.")
    }
    return URL(fileURLWithPath: found)
  }

  func pid() throws -> pid_t {
    let deadline = ContinuousClock.now + .seconds(10)
    while ContinuousClock.now < deadline {
      if let text = try? String(contentsOfFile: pidFile, encoding: .utf8),
        let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
      {
        return pid
      }
      usleep(20_000)
    }
    throw TestFailure("terminal-demo never wrote \(pidFile)")
  }

  /// Polls the screen until `condition` holds (10 s at most); returns the screen lines.
  func waitForScreen(_ condition: ([String]) -> Bool) throws -> [String] {
    try session.waitForScreen(condition)
  }

  func close() {
    session.close()
    try? FileManager.default.removeItem(atPath: pidFile)
  }
}
