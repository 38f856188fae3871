import Foundation
import TerminalUITestSupport
import Testing

/// A sync client's conflict copy written beside the open file (or its done.txt), in a real
/// terminal, named and written as each client does: merged in, said on the status line, moved
/// to the merged folder.
extension AppTerminalTests {
  /// How a sync client names and writes its conflict copy of `todo.txt` or `done.txt`.
  struct ConflictCopyClient: Sendable, CustomTestStringConvertible {
    var client: String
    /// The copy's name, for the file named `stem`.txt.
    var name: @Sendable (_ stem: String) -> String
    /// Where it writes the copy first (relative to the folder), before renaming it into place.
    var temporary: @Sendable (_ name: String) -> String
    /// Who the status line says made it.
    var from: String
    var testDescription: String { client }

    static let all: [ConflictCopyClient] = [
      // Syncthing writes `.syncthing.NAME.tmp` beside the file, then renames it.
      ConflictCopyClient(
        client: "Syncthing", name: { "\($0).sync-conflict-20261126-101500-laptop.txt" },
        temporary: { ".syncthing.\($0).tmp" }, from: "Syncthing's conflict copy from laptop"),
      // Dropbox downloads into `.dropbox.cache/` at the top of the Dropbox folder.
      ConflictCopyClient(
        client: "Dropbox", name: { "\($0) (Ann's conflicted copy 2026-11-26).txt" },
        temporary: { _ in ".dropbox.cache/download.tmp" },
        from: "Dropbox's conflict copy from Ann"),
      // Nextcloud's and ownCloud's client writes `.NAME.~ID` beside the file.
      ConflictCopyClient(
        client: "Nextcloud", name: { "\($0) (conflicted copy 2026-11-26 101500).txt" },
        temporary: { ".\($0).~5f3a9c01" }, from: "Nextcloud's conflict copy"),
    ]

    /// Writes the copy of `stem`.txt into `folder` as the client does; returns its name.
    func write(_ text: String, of stem: String, into folder: URL) throws -> String {
      let copyName = name(stem)
      let temporaryFile = folder.appendingPathComponent(temporary(copyName))
      try FileManager.default.createDirectory(
        at: temporaryFile.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: temporaryFile)
      guard rename(temporaryFile.path, folder.appendingPathComponent(copyName).path) == 0 else {
        throw TestFailure("cannot rename \(temporaryFile.path): errno \(errno)")
      }
      return copyName
    }
  }

  @Test(arguments: ConflictCopyClient.all)
  func aConflictCopyBesideTheOpenFileIsMergedAndMovedAway(_ client: ConflictCopyClient) throws {
    try "Call Mom\nBuy milk\n".write(to: file, atomically: true, encoding: .utf8)
    let session = try start(width: 100)
    defer { session.close() }
    try session.waitFor("[ ] Buy milk")
    // A change of this machine, saved: the copy below was made before it.
    try add("Water plants", in: session)
    try waitUntilFile(file) { $0?.contains(" Water plants\n") == true }
    // The laptop completed a todo and added one; its version arrives beside the file.
    let name = try client.write(
      "Call Mom\nx 2026-11-26 Buy milk\nFix bike\n", of: "todo", into: folder)

    let screen = try session.waitFor("Merged \(client.from): 1 todo added, 1 completed")
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

  @Test(arguments: ConflictCopyClient.all)
  func aConflictCopyOfDoneTxtAddsItsLinesOnce(_ client: ConflictCopyClient) throws {
    try "Call Mom\n".write(to: file, atomically: true, encoding: .utf8)
    let done = folder.appendingPathComponent("done.txt")
    try "x 2026-11-20 Pay rent\nx 2026-11-21 Buy milk\n".write(
      to: done, atomically: true, encoding: .utf8)
    let session = try start(width: 100)
    defer { session.close() }
    try session.waitFor("[ ] Call Mom")
    // The laptop archived a todo too; its done.txt has every line of this one's, one twice.
    let name = try client.write(
      "x 2026-11-20 Pay rent\nx 2026-11-21 Buy milk\nx 2026-11-25 Fix bike\nx 2026-11-25 Fix bike\n",
      of: "done", into: folder)

    try session.waitFor("Merged \(client.from): 1 todo added")
    #expect(
      (try? String(contentsOf: done, encoding: .utf8))
        == "x 2026-11-20 Pay rent\nx 2026-11-21 Buy milk\nx 2026-11-25 Fix bike\n")
    #expect(contents() == "Call Mom\n")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path))
    let moved = session.stateHome.appendingPathComponent("todos-tui/merged/\(name)")
    #expect(FileManager.default.fileExists(atPath: moved.path))
    try session.keys("q")
    try session.waitFor("exited 0")
  }
}
