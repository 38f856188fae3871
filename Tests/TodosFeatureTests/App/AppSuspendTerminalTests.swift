import Foundation
import TerminalUITestSupport
import Testing

/// Ctrl-Z right after a change: the change is in the file while the app is stopped, before
/// `fg` (a kill of the stopped job, or todo.sh run meanwhile, must not miss it).
@Suite(
  .serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: `make test` installs it"))
final class AppSuspendTerminalTests {
  let fixture: TerminalFixture
  var file: URL { fixture.file }

  init() throws { fixture = try TerminalFixture("suspend") }

  /// The toggle is drawn, then Ctrl-Z comes at once (well inside the 300 ms save debounce):
  /// the stopped app's file already has it.
  @Test func ctrlZRightAfterAChangeSavesItBeforeStopping() throws {
    try "Alpha\nBeta\n".write(to: file, atomically: true, encoding: .utf8)
    let binary = try TerminalFixture.appBinary()
    let session = try TerminalSession(command: "'\(binary)' '\(file.path)'")
    defer { session.close() }
    try session.waitFor("> [ ] Alpha")
    try session.keys("x")
    try session.waitFor("> [x] Alpha")
    try session.keys("C-z")
    try session.waitFor("Stopped")
    let whileStopped = try String(contentsOf: file, encoding: .utf8)
    #expect(whileStopped.hasPrefix("x "), "while stopped, the file holds:\n\(whileStopped)")
    #expect(whileStopped.hasSuffix(" Alpha\nBeta\n"))
    try session.type("fg; echo \"fg $?\"")
    try session.keys("Enter")
    try session.waitFor("[x] Alpha")
    try session.keys("q")
    // The shell went on when the app stopped ("exited 148"): `fg` reports its end.
    try session.waitFor("fg 0")
    // Back from `fg` and quit: the completed todo sank below Beta on screen only (its settle),
    // and the file keeps its order.
    #expect(try String(contentsOf: file, encoding: .utf8) == whileStopped)
  }
}
