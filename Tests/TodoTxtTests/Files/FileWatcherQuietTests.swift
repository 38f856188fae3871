import Foundation
import Testing
import TodosFeatureTestSupport

@testable import TodoTxt

#if canImport(Glibc)
  import Glibc
#endif

/// Whether `watcher`'s descriptor is readable now: whether the run loop would wake up.
private func wouldWake(_ watcher: FileWatcher) -> Bool {
  var entry = pollfd(fd: watcher.fileDescriptor, events: Int16(POLLIN), revents: 0)
  return poll(&entry, 1, 0) > 0
}

/// A folder `todos` holding todo.txt, inside a fresh parent folder.
private func todosFolder() throws -> (parent: TemporaryFolder, folder: String, file: String) {
  let parent = try TemporaryFolder()
  let folder = parent.file("todos")
  try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
  let file = folder + "/todo.txt"
  try TemporaryFolder.write("a\n", toPath: file)
  return (parent, folder, file)
}

@Suite struct FileWatcherQuietTests {
  /// Other programs creating, writing and deleting hundreds of files next to todo.txt and in
  /// the folder above (a busy ~/Documents, /tmp) never make the watcher's descriptor readable,
  /// so the app is not woken: not even hidden temporaries of other files, nor the lock file.
  @Test func filesOfOtherProgramsNextToItOrAboveItWakeNothing() throws {
    let (parent, folder, file) = try todosFolder()
    try TemporaryFolder.write("lost\n", toPath: file + ".recovery")
    let watcher = try #require(FileWatcher(path: file))
    #expect(!wouldWake(watcher))
    for n in 0..<200 {
      try TemporaryFolder.write("x\n", toPath: "\(folder)/other-\(n).txt")
      try TemporaryFolder.write("x\n", toPath: parent.file("above-\(n).txt"))
    }
    try TemporaryFolder.write("x\n", toPath: folder + "/.notes.tmp-1-1")
    try TemporaryFolder.write("\(getpid())\n", toPath: file + ".lock")
    try FileManager.default.createDirectory(
      atPath: parent.file("todos2"), withIntermediateDirectories: false)
    for n in 0..<200 { unlink("\(folder)/other-\(n).txt") }
    #expect(!wouldWake(watcher))
    #expect(!watcher.drainEvents())
  }

  /// A rename-save (sed -i, vim, todo.sh) puts a new file under the name: it is seen, and so
  /// are later writes in place to the new file, its deletion and its coming back.
  @Test func followsTheFileThroughRenameSavesDeletionAndRecreation() throws {
    let (parent, folder, file) = try todosFolder()
    defer { withExtendedLifetime(parent) {} }
    let watcher = try #require(FileWatcher(path: file))
    try TemporaryFolder.write("b\n", toPath: folder + "/sedXYZ")
    #expect(!wouldWake(watcher))
    rename(folder + "/sedXYZ", file)
    #expect(watcher.drainEvents())
    try TemporaryFolder.write("c\n", toPath: file)  // truncate and write
    #expect(watcher.drainEvents())
    #expect(!watcher.drainEvents())
    unlink(file)
    #expect(watcher.drainEvents())
    #expect(watcher.watchesFilesMadeInFolder)  // to see it come back
    try TemporaryFolder.write("d\n", toPath: file)
    #expect(watcher.drainEvents())
    // Back to watching the file only. (Not asked through the descriptor: the kernel ends the
    // watch on a replaced version when it frees that inode, which on a loaded machine can come
    // after this point and makes the descriptor readable once.)
    #expect(!watcher.watchesFilesMadeInFolder)
    try TemporaryFolder.write("x\n", toPath: folder + "/other.txt")
    #expect(!watcher.drainEvents())
    #expect(!watcher.watchesFilesMadeInFolder)
  }

  /// A recovery file there at start: its deletion is seen (the app's reminder goes).
  @Test func seesTheRecoveryFileThereAtStartDeleted() throws {
    let (parent, _, file) = try todosFolder()
    defer { withExtendedLifetime(parent) {} }
    try TemporaryFolder.write("lost\n", toPath: file + ".recovery")
    let watcher = try #require(FileWatcher(path: file))
    unlink(file + ".recovery")
    #expect(watcher.drainEvents())
  }

  /// A save swaps its new version in and leaves the old one under a hidden temporary name; a
  /// program that had the old one open and appends to it is seen when it closes it.
  @Test func seesAWriterCloseTheVersionASaveSwappedOut() throws {
    let (parent, folder, file) = try todosFolder()
    defer { withExtendedLifetime(parent) {} }
    let watcher = try #require(FileWatcher(path: file))
    let writer = try TemporaryFolder.openForWriting(file)
    let temporary = folder + "/.todo.txt.tmp-1-1"
    try TemporaryFolder.write("saved\n", toPath: temporary)
    #expect(RenameExchange.exchange(temporary, file) == .done)
    #expect(watcher.drainEvents())
    writer.seekToEndOfFile()
    writer.write(Data("late\n".utf8))
    try writer.close()
    #expect(watcher.drainEvents())
  }
}
