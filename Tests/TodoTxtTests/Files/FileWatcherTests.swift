import Foundation
import Testing
import TodosFeatureTestSupport

@testable import TodoTxt

@Suite struct FileWatcherTests {
  @Test func seesWritesAndRenamesOfTheFileButNotOfItsNeighbours() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("watcher-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("todo.txt")
    let watcher = try #require(FileWatcher(path: file.path))
    #expect(!watcher.drainEvents())

    try Data("other\n".utf8).write(to: folder.appendingPathComponent("notes.txt"))
    #expect(!watcher.drainEvents())

    try Data("a\n".utf8).write(to: file)  // Foundation writes atomically: create + rename
    #expect(watcher.drainEvents())
    #expect(!watcher.drainEvents())

    let handle = try FileHandle(forWritingTo: file)
    handle.seekToEndOfFile()
    handle.write(Data("b\n".utf8))
    try handle.close()
    #expect(watcher.drainEvents())

    try FileManager.default.removeItem(at: file)
    #expect(watcher.drainEvents())

    // Its recovery file counts: the app names it in the status line until it is deleted.
    let recovery = folder.appendingPathComponent("todo.txt.recovery")
    try Data("lost\n".utf8).write(to: recovery)
    #expect(watcher.drainEvents())
    try FileManager.default.removeItem(at: recovery)
    #expect(watcher.drainEvents())
  }
}

@Suite struct FileWatcherConflictCopyTests {
  /// A sync client's conflict copy of the file or of done.txt counts once written (it is to be
  /// merged); its removal (the app moving it away) does not.
  @Test func seesASyncClientsConflictCopyArrive() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("watcher-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let watcher = try #require(FileWatcher(path: folder.appendingPathComponent("todo.txt").path))
    for name in [
      "todo.sync-conflict-20261126-101500-laptop.txt",
      "done (Ann's conflicted copy 2026-11-26).txt",
    ] {
      let copy = folder.appendingPathComponent(name)
      // Written elsewhere and renamed into place, as sync clients do: the rename is the event,
      // at once. (A close could come late: a process a parallel test starts meanwhile holds
      // a copy of the descriptor until it runs its program.)
      let incoming = folder.appendingPathComponent("incoming.partial")
      try TemporaryFolder.write("a\n", toPath: incoming.path)
      #expect(rename(incoming.path, copy.path) == 0)
      #expect(watcher.drainEvents(), "\(name)")
      try FileManager.default.removeItem(at: copy)
      #expect(!watcher.drainEvents(), "\(name)")
    }
  }
}

@Suite struct FileWatcherTemporaryTests {
  /// A writer closing one of the file's hidden temporaries (where a save leaves the version it
  /// replaced while another program still has it open) counts: what it wrote is to be merged.
  /// Other hidden files do not.
  @Test func seesAWriterCloseOneOfTheFilesTemporaries() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("watcher-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let watcher = try #require(
      FileWatcher(path: folder.appendingPathComponent("todo.txt").path))
    try TemporaryFolder.write("a\n", toPath: folder.appendingPathComponent(".notes.tmp-1-1").path)
    #expect(!watcher.drainEvents())
    try TemporaryFolder.write(
      "a\n", toPath: folder.appendingPathComponent(".todo.txt.tmp-1-1").path)
    #expect(watcher.drainEvents())
  }
}

@Suite struct FileWatcherFolderTests {
  /// The folder is moved away and a new one made in its place: changes to the file in the new
  /// folder are seen (the old watch followed the old folder).
  @Test func followsTheFolderWhenItIsMovedAwayAndMadeAgain() throws {
    let parent = FileManager.default.temporaryDirectory
      .appendingPathComponent("watcher-\(UUID().uuidString)")
    let folder = parent.appendingPathComponent("todos")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: parent) }
    let file = folder.appendingPathComponent("todo.txt")
    try Data("a\n".utf8).write(to: file)
    let watcher = try #require(FileWatcher(path: file.path))
    #expect(!watcher.drainEvents())

    try FileManager.default.moveItem(at: folder, to: parent.appendingPathComponent("old"))
    #expect(watcher.drainEvents())
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    #expect(watcher.drainEvents())
    try Data("new\n".utf8).write(to: file)
    #expect(watcher.drainEvents())
    // Events from the old folder, if any still arrive, only cost the app a stat.
  }
}

@Suite struct RenameExchangeTests {
  /// The temporary folder's file system swaps names: the save's compare-and-swap is in use.
  @Test func exchangeSwapsTwoFiles() throws {
    let folder = try TemporaryFolder()
    try folder.write("a\n", to: "a")
    try folder.write("b\n", to: "b")
    #expect(RenameExchange.exchange(folder.file("a"), folder.file("b")) == .done)
    #expect(folder.read("a") == "b\n")
    #expect(folder.read("b") == "a\n")
    #expect(RenameExchange.noReplace(folder.file("a"), folder.file("b")) == .failed(EEXIST))
  }
}
