import Foundation
import TerminalUITestSupport
import Testing

/// `z` and `m` in the built app in a real terminal (tmux), with the bytes of todo.txt checked:
/// exactly the changed lines differ, and one `u` gives the file back byte for byte.
@Suite(
  .serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: `make test` installs it"))
final class ActPromptTerminalTests {
  let folder: URL
  var file: URL { folder.appendingPathComponent("todo.txt") }

  init() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("todos-tui-act-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: folder) }

  func start() throws -> TerminalSession {
    let session = try TerminalSession(
      command: "'\(try AppTerminalTests.appBinary())' '\(file.path)'")
    do {
      try session.waitForScreen { $0.first?.contains(" left") == true }
    } catch {
      session.close()
      throw error
    }
    return session
  }

  /// Lines the app must write back as they are (a tab, double spaces).
  static let kept = "keep\tme  two  spaces\n"
  static let last = "(C) last  line +home\n"

  @Test func zOnARangeMovesEachDueDateAndWritesOnlyTheirLines() throws {
    let original =
      Self.kept + "Call due:2026-11-20 t:2026-11-18\n" + "Pay  rent due:2026-11-25\n" + Self.last
    try Data(original.utf8).write(to: file)
    let session = try start()
    defer { session.close() }
    try session.keys("j", "v", "j", "z")
    try session.waitFor("Postpone by (2 todos):")
    try session.type("3d")
    try session.keys("Enter")
    try session.waitFor("Postponed 2 todos by 3 days")
    try waitUntilFile(
      file,
      is: Self.kept + "Call due:2026-11-23 t:2026-11-21\n" + "Pay  rent due:2026-11-28\n"
        + Self.last)
    try session.keys("u")
    try waitUntilFile(file, is: original)
  }

  @Test func mAddsAndRemovesTagsWritingOnlyTheChangedLines() throws {
    let original = Self.kept + "Call +work @home\n" + "Pay  rent @home\n" + Self.last
    try Data(original.utf8).write(to: file)
    let session = try start()
    defer { session.close() }
    try session.keys("j", "v", "j", "j", "m")
    try session.waitFor("Modify (3 todos):")
    try session.type("+work -@home")
    try session.keys("Enter")
    try session.waitFor("Modified 3 todos")
    // The first had +work: only @home goes; the last had neither.
    try waitUntilFile(
      file,
      is: Self.kept + "Call +work\n" + "Pay  rent +work\n" + "(C) last  line +home +work\n")
    try session.keys("u")
    try waitUntilFile(file, is: original)
  }
}
