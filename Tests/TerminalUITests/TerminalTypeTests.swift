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
}
