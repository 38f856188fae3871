import Foundation
import TerminalUITestSupport
import Testing

/// A sync client's conflict copy written beside the open file, in a real terminal: merged in,
/// said on the status line, moved to the merged folder.
extension AppTerminalTests {
  @Test func aConflictCopyBesideTheOpenFileIsMergedAndMovedAway() throws {
    try "Call Mom\nBuy milk\n".write(to: file, atomically: true, encoding: .utf8)
    let session = try start(width: 100)
    defer { session.close() }
    try session.waitFor("[ ] Buy milk")
    // A change of this machine, saved: the copy below was made before it.
    try add("Water plants", in: session)
    try waitUntilFile(file) { $0?.contains(" Water plants\n") == true }
    // The laptop completed a todo and added one; Syncthing puts its version beside the file
    // as it does, written under a temporary name, then renamed.
    let name = "todo.sync-conflict-20261126-101500-laptop.txt"
    let temporary = folder.appendingPathComponent(".syncthing.\(name).tmp")
    try "Call Mom\nx 2026-11-26 Buy milk\nFix bike\n".write(
      to: temporary, atomically: false, encoding: .utf8)
    #expect(rename(temporary.path, folder.appendingPathComponent(name).path) == 0)

    let screen = try session.waitFor(
      "Merged Syncthing's conflict copy from laptop: 1 todo added, 1 completed")
    #expect(screen.contains { $0.contains("[ ] Fix bike") })
    #expect(screen.contains { $0.contains("[x] Buy milk") })
    let lines = (contents() ?? "").split(separator: "\n").map(String.init)
    #expect(lines.count == 4)
    #expect(lines.contains("Call Mom") && lines.contains("x 2026-11-26 Buy milk"))
    #expect(lines.contains("Fix bike") && lines.contains { $0.hasSuffix(" Water plants") })
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path))
    let moved = session.stateHome.appendingPathComponent("todos-tui/merged/\(name)")
    #expect(
      (try? String(contentsOf: moved, encoding: .utf8))
        == "Call Mom\nx 2026-11-26 Buy milk\nFix bike\n")
    try session.keys("q")
    try session.waitFor("exited 0")
  }
}
