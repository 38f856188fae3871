import Foundation
import TerminalUITestSupport
import Testing

/// Keys that must not change todos, in the built app in tmux: a terminal too small to show the
/// list, and Ctrl-C in a text field.
@Suite(
  .serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: `make test` installs it"))
final class KeysInTerminalTests {
  let folder: URL
  var file: URL { folder.appendingPathComponent("todo.txt") }

  init() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("todos-tui-keys-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: folder) }

  func start() throws -> TerminalSession {
    let session = try TerminalSession(
      command: "'\(try AppTerminalTests.appBinary())' '\(file.path)'", width: 80, height: 24)
    do {
      try session.waitForScreen { $0.first?.hasSuffix(" left") == true }
    } catch {
      session.close()
      throw error
    }
    return session
  }

  func contents() -> String? { try? String(contentsOf: file, encoding: .utf8) }

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
    // grow back (HeldInput.grace), then count as typed while small.
    Thread.sleep(forTimeInterval: 1)
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
