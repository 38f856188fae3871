import Foundation
import TerminalUITestSupport
import Testing

@testable import TerminalUI

/// terminal-demo under the TERM values of older or simpler terminals (tmux draws them all, so
/// what differs is only what the app believes from terminfo).
@Suite(
  .serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: `make test` installs it"))
struct TerminalTypeTests {
  @Test func refusesATerminalThatCannotMoveItsCursor() throws {
    let session = try DemoSession(environment: "TERM=dumb")
    defer { session.close() }
    let screen = try session.waitForScreen { $0.contains { $0.hasPrefix("exited") } }
    #expect(screen.contains("exited 1"))
    #expect(screen.contains { $0.hasPrefix("todos-tui cannot draw on this terminal") })
    #expect(screen.contains { $0.contains("TERM: \"dumb\"") })
    #expect(screen.contains { $0.hasPrefix("To fix, ") })
  }

  @Test func vt220HomeAndEndAreHomeAndEnd() throws {
    let session = try DemoSession(environment: "TERM=vt220")
    defer { session.close() }
    _ = try session.waitForScreen { $0.contains("q quits") }
    try session.tmux.run(["send-keys", "-t", session.name, "End"])
    let afterEnd = try session.waitForScreen { $0.contains("Keys: 1") }
    #expect(afterEnd.contains("Last key: end"))
    try session.tmux.run(["send-keys", "-t", session.name, "Home"])
    let afterHome = try session.waitForScreen { $0.contains("Keys: 2") }
    #expect(afterHome.contains("Last key: home"))
  }

  /// vt100, vt220 and linux have no alternate screen: the frame is drawn over the shell's
  /// screen, and must not be left behind for the prompt to land in.
  @Test(arguments: ["vt100", "vt220", "linux"])
  func withoutAnAlternateScreenQuittingLeavesACleanScreen(term: String) throws {
    let session = try DemoSession(environment: "TERM=\(term)")
    defer { session.close() }
    _ = try session.waitForScreen { $0.contains("q quits") }
    try session.tmux.run(["send-keys", "-t", session.name, "C-z"])
    let suspended = try session.waitForScreen { $0.contains { $0.contains("Stopped") } }
    // (The "Stopped" line names the command, terminal-demo: look for the frame's own text.)
    #expect(!suspended.contains { $0.contains("right edge>") || $0.contains("q quits") })
    try session.tmux.run(["send-keys", "-t", session.name, "fg", "Enter"])
    _ = try session.waitForScreen { $0.contains("q quits") }
    try session.tmux.run(["send-keys", "-t", session.name, "q"])
    let after = try session.waitForScreen {
      $0.contains { $0.hasPrefix("$") } && !$0.contains("q quits")
    }
    #expect(after.first == "$")  // the prompt on a cleared screen, at the top
    #expect(!after.contains { $0.contains("terminal-demo") || $0.contains("right edge>") })
  }

  @Test func withoutAnAlternateScreenSIGTERMLeavesACleanScreen() throws {
    let session = try DemoSession(environment: "TERM=vt100")
    defer { session.close() }
    _ = try session.waitForScreen { $0.contains("q quits") }
    kill(try session.pid(), SIGTERM)
    let after = try session.waitForScreen { $0.contains("exited 143") }
    #expect(after.first == "exited 143")
    #expect(!after.contains { $0.contains("terminal-demo") || $0.contains("q quits") })
  }

  /// A byte that is no UTF-8 (é from a Latin-1 terminal) is dropped, and the keys after it
  /// and a SIGTERM still count: the first byte of a wake is read without ncurses' poll, and
  /// what follows it must not be waited for.
  @Test func aByteThatIsNotUTF8HoldsNothingUp() throws {
    let session = try DemoSession()
    defer { session.close() }
    _ = try session.waitForScreen { $0.contains("q quits") }
    try session.tmux.run(["send-keys", "-t", session.name, "-H", "e9"])
    // Arriving with the byte in one read, a letter goes with it (ncurses reads on for a whole
    // character): a second one, alone, must come through.
    var seen = false
    for letter in ["x", "y", "z"] where !seen {
      try session.tmux.run(["send-keys", "-t", session.name, "-l", letter])
      seen =
        (try? session.session.waitForScreen(timeout: .seconds(3)) {
          $0.contains { $0.contains("Last key: character(\"") }
        }) != nil
    }
    #expect(seen, "no key came through after the byte")
    try session.tmux.run(["send-keys", "-t", session.name, "-H", "e9"])
    kill(try session.pid(), SIGTERM)
    _ = try session.waitForScreen { $0.contains("exited 143") }
  }

  /// An arrow key whose bytes come in two reads (Esc, then `[B` a moment later, as over a slow
  /// link) is still the arrow key: the shim waits for the rest of a sequence before ncurses
  /// decodes it. The letters before and after it keep their order.
  @Test func anEscapeSequenceSplitAcrossReadsIsOneKey() throws {
    let session = try DemoSession()
    defer { session.close() }
    _ = try session.waitForScreen { $0.contains("q quits") }
    try session.tmux.run([
      "send-keys", "-t", session.name, "-l", "a", ";", "send-keys", "-t", session.name, "-H",
      "1b", ";", "run-shell", "sleep 0.005", ";", "send-keys", "-t", session.name, "-l", "[B",
    ])
    let arrow = try session.waitForScreen { $0.contains("Keys: 2") }
    #expect(arrow.contains("Last key: down"), "\(arrow)")
    try session.tmux.run(["send-keys", "-t", session.name, "-l", "b"])
    let letter = try session.waitForScreen { $0.contains("Keys: 3") }
    #expect(letter.contains("Last key: character(\"b\")"), "\(letter)")
  }

  /// A start marker with no end marker (ESC[200~ alone) must not swallow every key after it.
  @Test func aPasteThatNeverEndsStopsSwallowingKeys() throws {
    let session = try DemoSession()
    defer { session.close() }
    _ = try session.waitForScreen { $0.contains("q quits") }
    try session.tmux.run([
      "send-keys", "-t", session.name, "-H", "1b", "5b", "32", "30", "30", "7e",
    ])
    try session.tmux.run(["send-keys", "-t", session.name, "-l", "half a paste"])
    let ended = try session.waitForScreen { $0.contains("Keys: 1") }
    #expect(ended.contains("Last key: paste(\"half a paste\")"))
    try session.tmux.run(["send-keys", "-t", session.name, "q"])
    _ = try session.waitForScreen { $0.contains("exited 0") }
  }
}
