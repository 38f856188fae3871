import Foundation
import Testing
import TodosFeatureTestSupport

@testable import TodoTxt

#if canImport(Glibc)
  import Glibc
#endif

/// The live client against other programs and odd files: appends racing a save, read-only
/// files, devices and pipes, and a folder moved away under the app.
@MainActor
@Suite struct FileClientSafetyTests {
  /// Appends `line` to the file at `path` the way `echo line >> todo.txt` does.
  nonisolated static func append(_ line: String, to path: String) {
    let fd = open(path, O_WRONLY | O_APPEND)
    guard fd >= 0 else { return }
    _ = Array(line.utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
  }

  /// A line appended after the last check and before the rename used to be replaced by ours.
  /// The exchange shows what was there: their version is put back and the save refused.
  @Test(arguments: [false, true])
  func anAppendJustBeforeTheRenameIsNeverLost(exchangeUnsupported: Bool) throws {
    let folder = try TemporaryFolder()
    try folder.write("old\n")
    let path = folder.file()
    let client = FileClient.live(
      path: path,
      hooks: LiveFileHooks(
        afterLastCheck: { Self.append("appended\n", to: $0) },
        exchangeUnsupported: exchangeUnsupported))
    let stamp = try #require(client.stamp())
    #expect(throws: FileError.changedOnDisk(path)) {
      try client.save(Array("ours\n".utf8), stamp)
    }
    #expect(folder.read() == "old\nappended\n")
    #expect(try folder.strays() == [])
    // Read again, the next save goes through.
    client.unlock()
    let loaded = try #require(try client.load())
    _ = try FileClient.live(path: path).save(Array("ours\n".utf8), loaded.stamp)
    #expect(folder.read() == "ours\n")
  }

  /// Creating the file never replaces one another program created after the check.
  @Test(arguments: [false, true])
  func aFileCreatedJustBeforeOursIsNeverReplaced(exchangeUnsupported: Bool) throws {
    let folder = try TemporaryFolder()
    let path = folder.file()
    let client = FileClient.live(
      path: path,
      hooks: LiveFileHooks(
        afterLastCheck: { try? Data("theirs\n".utf8).write(to: URL(fileURLWithPath: $0)) },
        exchangeUnsupported: exchangeUnsupported))
    #expect(throws: FileError.changedOnDisk(path)) { try client.save(Array("ours\n".utf8), nil) }
    #expect(folder.read() == "theirs\n")
    #expect(try folder.strays() == [])
  }

  @Test func aSaveWithNothingInTheWayStillWorksWithoutExchange() throws {
    let folder = try TemporaryFolder()
    try folder.write("old\n")
    let client = FileClient.live(
      path: folder.file(), hooks: LiveFileHooks(exchangeUnsupported: true))
    _ = try client.save(Array("new\n".utf8), client.stamp())
    #expect(folder.read() == "new\n")
    #expect(try folder.strays() == [])
  }

  /// A 0444 file in a writable folder is not replaced (the rename would be allowed, even for
  /// root): the save fails and says the file is read-only.
  @Test func aReadOnlyFileIsNeverReplaced() throws {
    let folder = try TemporaryFolder()
    try folder.write("read only\n")
    chmod(folder.file(), 0o444)
    let client = FileClient.live(path: folder.file())
    #expect(throws: FileError.fileIsReadOnly(folder.file())) {
      try client.save(Array("new\n".utf8), client.stamp())
    }
    #expect(folder.read() == "read only\n")
    #expect(folder.mode() == 0o444)
    #expect(try folder.strays() == [])
    #expect(FileError.fileIsReadOnly(folder.file()).message == "todo.txt is read-only: not saved")
  }

  /// No lock file next to a 0444 file, whichever step comes first: a save, the merge step or
  /// the lock itself all say the file is read-only and leave the folder as it was.
  @Test func noLockFileNextToAReadOnlyFile() throws {
    let folder = try TemporaryFolder()
    try folder.write("read only\n")
    chmod(folder.file(), 0o444)
    let path = folder.file()
    let lockPath = folder.file("todo.txt.lock")
    #expect(throws: FileError.fileIsReadOnly(path)) {
      try FileClient.live(path: path).lock()
    }
    #expect(!FileManager.default.fileExists(atPath: lockPath))
    let client = FileClient.live(path: path)
    #expect(try client.load()?.bytes == Array("read only\n".utf8))
    #expect(!FileManager.default.fileExists(atPath: lockPath))
    #expect(throws: FileError.fileIsReadOnly(path)) {
      try client.save(Array("new\n".utf8), client.stamp())
    }
    #expect(!FileManager.default.fileExists(atPath: lockPath))
    #expect(throws: FileError.fileIsReadOnly(path)) {
      try client.mergeAndSave(Array("new\n".utf8), since: nil, believeEmpty: false)
    }
    #expect(!FileManager.default.fileExists(atPath: lockPath))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["todo.txt"])
    #expect(folder.read() == "read only\n")
  }

  /// No lock file next to a device or a pipe (`/dev/null.lock`).
  @Test func noLockFileNextToSomethingThatIsNotAFile() throws {
    let folder = try TemporaryFolder()
    #expect(mkfifo(folder.file(), 0o600) == 0)
    let client = FileClient.live(path: folder.file())
    #expect(throws: FileError.notRegularFile(folder.file())) { try client.lock() }
    #expect(!FileManager.default.fileExists(atPath: folder.file("todo.txt.lock")))
    #expect(throws: FileError.notRegularFile("/dev/null")) {
      try FileClient.live(path: "/dev/null").lock()
    }
    #expect(!FileManager.default.fileExists(atPath: "/dev/null.lock"))
  }

  /// The folder is moved away and made again: the lock we hold is on the old folder. The next
  /// lock check notices, and a second copy that took the new lock keeps it.
  @Test func aLockLeftInAMovedFolderIsNoticed() throws {
    let parent = try TemporaryFolder()
    let folder = parent.file("todos")
    let path = folder + "/todo.txt"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    let first = FileClient.live(path: path)
    try first.lock()
    #expect(rename(folder, parent.file("todos-old")) == 0)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    let second = FileClient.live(path: path)
    try second.lock()
    #expect(throws: FileError.lockedByAnotherProcess(path, pid: getpid())) { try first.lock() }
    #expect(throws: FileError.lockedByAnotherProcess(path, pid: getpid())) {
      try first.save(Array("mine\n".utf8), nil)
    }
    #expect(!FileManager.default.fileExists(atPath: path))
    // Once the second copy lets go, the first takes the new folder's lock.
    second.unlock()
    try first.lock()
    _ = try first.save(Array("mine\n".utf8), nil)
    #expect(FileManager.default.contents(atPath: path) == Data("mine\n".utf8))
  }

  /// The live client tells an append to a version it read or wrote from any other change,
  /// even after it has read the new version.
  @Test func tellsAnAppendFromOtherChanges() throws {
    let folder = try TemporaryFolder()
    try folder.write("a\n")
    let client = FileClient.live(path: folder.file())
    let first = try #require(try client.load())
    Self.append("b\n", to: folder.file())
    let appended = try #require(try client.load())
    #expect(client.appendedBytes(appended, first.stamp) == Array("b\n".utf8))
    let saved = try client.save(Array("x a\nb\n".utf8), appended.stamp)
    Self.append("c\n", to: folder.file())
    let again = try #require(try client.load())
    #expect(client.appendedBytes(again, saved) == Array("c\n".utf8))
    // Rewritten, not appended to: no.
    try folder.write("z\nb\nc\nd\n")
    let rewritten = try #require(try client.load())
    #expect(client.appendedBytes(rewritten, again.stamp) == nil)
  }
}
