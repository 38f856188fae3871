import Foundation
import TerminalUI
import TerminalUITestSupport
import Testing

/// Keys that must not change todos, in the built app in tmux: a terminal too small to show the
/// list, and Ctrl-C in a text field.
@Suite(
  .serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: `make test` installs it"))
final class KeysInTerminalTests {
  let fixture: TerminalFixture
  var file: URL { fixture.file }

  init() throws { fixture = try TerminalFixture("keys") }

  func start() throws -> TerminalSession { try fixture.start() }

  func contents() -> String? { fixture.contents() }

  @Test func keysPressedWhileTheTerminalIsTooSmallChangeNothing() throws {
    let original = "a\nb\nc\n"
    try original.write(to: file, atomically: true, encoding: .utf8)
    let session = try start()
    defer { session.close() }
    try session.resize(width: 23, height: 5)
    try session.waitFor("too small")
    // Before the fix: one todo deleted, the others completed.
    try session.keys("j", "x", "d", "T", "a", "Enter", "C", "Space")
    // The user stops typing: keys typed while small wait half a second for the terminal to
    // grow back (HeldInput.grace), then count as typed while small. A pause on purpose, as
    // long as two graces: the test is about that time, and the screen shows nothing at its end.
    usleep(UInt32((HeldInput.grace * 2).microseconds))
    try session.resize(width: 80, height: 24)
    let screen = try session.waitFor("3 items left")
    #expect(screen.contains { $0.hasPrefix("> [ ] a") })
    try session.resize(width: 23, height: 5)
    try session.waitFor("too small")
    try session.keys("q")
    try session.waitFor("exited 0")
    #expect(contents() == original)
  }

  /// Keys sent right after a 3×3 terminal grows back all act, every time: tmux applies the
  /// new size a little after them, and the app holds them until it comes.
  @Test func keysRightAfterATinyTerminalGrowsBackAllAct() throws {
    try "kept\n".write(to: file, atomically: true, encoding: .utf8)
    for run in 1...10 {
      let session = try start()
      defer { session.close() }
      try session.keys("a")
      try session.type("typed")
      try session.waitFor("typed")
      try session.resize(width: 3, height: 3)
      try session.resize(width: 80, height: 24)
      // Esc closes the field, the next two do nothing in the list, q quits.
      try session.keys("Escape", "Escape", "Escape", "q")
      try session.waitFor("exited 0")
      #expect(contents() == "kept\n", "run \(run)")
    }
  }

  @Test func ctrlCWhileAddingCancelsTheNewTodoAndASecondCtrlCQuits() throws {
    try "kept\n".write(to: file, atomically: true, encoding: .utf8)
    let session = try start()
    defer { session.close() }
    try session.keys("a")
    try session.type("half typed")
    try session.waitFor("half typed")
    try session.keys("C-c")
    try session.waitForScreen { screen in
      !screen.contains { $0.contains("half typed") } && screen.contains { $0.contains("? help") }
    }
    try session.keys("C-c")
    try session.waitFor("exited 0")
    #expect(contents() == "kept\n")
  }
}
