import Foundation
import Testing
import TodosFeatureTestSupport

@testable import TodoTxt

#if canImport(Glibc)
  import Glibc
#endif

@MainActor
@Suite struct FileClientLiveTests {
  @Test func loadReturnsNilWhenThereIsNoFile() throws {
    let folder = try TemporaryFolder()
    #expect(try FileClient.live(path: folder.file()).load() == nil)
  }

  @Test func saveThenLoad() throws {
    let folder = try TemporaryFolder()
    let client = FileClient.live(path: folder.file())
    let stamp = try client.save(Array("a\nb\n".utf8), nil)
    #expect(folder.read() == "a\nb\n")
    #expect(folder.mode() == 0o600)
    let loaded = try #require(try client.load())
    #expect(loaded.bytes == Array("a\nb\n".utf8))
    #expect(loaded.stamp == stamp)
    #expect(client.stamp() == stamp)
    #expect(try folder.strays() == [])
  }

  @Test func savingKeepsTheFilesMode() throws {
    let folder = try TemporaryFolder()
    try folder.write("old\n")
    chmod(folder.file(), 0o640)
    let client = FileClient.live(path: folder.file())
    let loaded = try #require(try client.load())
    _ = try client.save(Array("new\n".utf8), loaded.stamp)
    #expect(folder.read() == "new\n")
    #expect(folder.mode() == 0o640)
  }

  @Test func saveReplacesTheInodeAtomically() throws {
    let folder = try TemporaryFolder()
    try folder.write("old\n")
    let client = FileClient.live(path: folder.file())
    let before = try #require(client.stamp())
    let after = try client.save(Array("new\n".utf8), before)
    #expect(after.inode != before.inode)
  }

  @Test func crashBetweenWriteAndRenameLeavesTheOldFileWhole() throws {
    let folder = try TemporaryFolder()
    try folder.write("(A) precious\n")
    let seen = LockedBox<String?>(nil)
    let crashing = FileClient.live(
      path: folder.file(),
      hooks: LiveFileHooks(beforeRename: { temporary in
        seen.value = temporary
        return .crash
      }))
    let stamp = try #require(crashing.stamp())
    #expect(throws: FileError.self) { try crashing.save(Array("new\n".utf8), stamp) }
    // The old file is whole; the new bytes sit in a hidden temporary the app never reads.
    #expect(folder.read() == "(A) precious\n")
    let temporary = try #require(seen.value)
    #expect(URL(fileURLWithPath: temporary).lastPathComponent.hasPrefix(".todo.txt.tmp-"))
    #expect(FileManager.default.contents(atPath: temporary) == Data("new\n".utf8))
    #expect(try FileClient.live(path: folder.file()).load()?.bytes == Array("(A) precious\n".utf8))
    crashing.unlock()

    // The next run takes the lock, sweeps the stale temporary and saves normally.
    let next = FileClient.live(path: folder.file())
    try next.lock()
    #expect(try folder.strays() == [])
    _ = try next.save(Array("new\n".utf8), stamp)
    #expect(folder.read() == "new\n")
  }

  @Test func aWriteByAnotherProgramDuringTheSaveIsNotReplaced() throws {
    let folder = try TemporaryFolder()
    try folder.write("old\n")
    let path = folder.file()
    // An editor saves the file while ours is being written and synced.
    let client = FileClient.live(
      path: path,
      hooks: LiveFileHooks(beforeRename: { _ in
        try? TemporaryFolder.write("the editor's version\n", toPath: path)
        return .proceed
      }))
    let stamp = try #require(client.stamp())
    #expect(throws: FileError.changedOnDisk(path)) {
      try client.save(Array("ours\n".utf8), stamp)
    }
    #expect(folder.read() == "the editor's version\n")
    #expect(try folder.strays() == [])
  }

  @Test func failedRenameRemovesTheTemporary() throws {
    let folder = try TemporaryFolder()
    try folder.write("old\n")
    let client = FileClient.live(
      path: folder.file(),
      hooks: LiveFileHooks(beforeRename: { _ in .fail(.io("x", errno: EIO, message: "I/O")) }))
    #expect(throws: FileError.io("x", errno: EIO, message: "I/O")) {
      try client.save(Array("new\n".utf8), client.stamp())
    }
    #expect(folder.read() == "old\n")
    #expect(try folder.strays() == [])
  }

  @Test func diskFullLeavesTheOldFileAndNoTemporary() throws {
    let folder = try TemporaryFolder()
    try folder.write("old\n")
    let client = FileClient.live(path: folder.file(), hooks: LiveFileHooks(writeErrno: ENOSPC))
    #expect(throws: FileError.diskFull(folder.file())) {
      try client.save(Array("new\n".utf8), client.stamp())
    }
    #expect(folder.read() == "old\n")
    #expect(try folder.strays() == [])
    #expect(FileError.diskFull(folder.file()).message == "Disk full: todo.txt not saved")
  }

  @Test func refusesToOverwriteAVersionItDidNotRead() throws {
    let folder = try TemporaryFolder()
    try folder.write("old\n")
    let client = FileClient.live(path: folder.file())
    let stamp = try #require(client.stamp())
    try folder.write("someone else, longer\n")
    #expect(throws: FileError.changedOnDisk(folder.file())) {
      try client.save(Array("mine\n".utf8), stamp)
    }
    // nil means "there must be no file": a file it never read is never replaced.
    #expect(throws: FileError.changedOnDisk(folder.file())) {
      try client.save(Array("mine\n".utf8), nil)
    }
    #expect(folder.read() == "someone else, longer\n")
  }

  @Test func stampChangesOnExternalWrite() throws {
    let folder = try TemporaryFolder()
    try folder.write("one\n")
    let client = FileClient.live(path: folder.file())
    let before = client.stamp()
    try folder.write("two, longer\n")
    #expect(client.stamp() != before)
    // Same size, written in place: mtime (ns) still tells.
    let middle = client.stamp()
    let handle = try #require(FileHandle(forWritingAtPath: folder.file()))
    handle.write(Data("TWO".utf8))
    try handle.close()
    var times = [timespec(tv_sec: 1, tv_nsec: 0), timespec(tv_sec: 1, tv_nsec: 0)]
    utimensat(AT_FDCWD, folder.file(), &times, 0)
    #expect(client.stamp() != middle)
    try FileManager.default.removeItem(atPath: folder.file())
    #expect(client.stamp() == nil)
  }

  @Test func directoryIsNotARegularFile() throws {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(
      atPath: folder.file(), withIntermediateDirectories: false)
    let client = FileClient.live(path: folder.file())
    #expect(throws: FileError.notRegularFile(folder.file())) { try client.load() }
  }

  @Test func unreadableFile() throws {
    let folder = try TemporaryFolder()
    try folder.write("secret\n")
    chmod(folder.file(), 0o000)
    let client = FileClient.live(path: folder.file())
    if geteuid() == 0 {
      // Root reads anything; the permission path is covered by the folder test below.
      #expect(try client.load()?.bytes == Array("secret\n".utf8))
    } else {
      #expect(throws: FileError.permissionDenied(folder.file())) { try client.load() }
    }
  }

  /// Root ignores permission bits, so as root the read-only case uses /sys (where even root
  /// may not create files) and a path under a regular file; otherwise a chmod 0555 folder.
  @Test func readOnlyFolder() throws {
    let folder = try TemporaryFolder()
    if geteuid() == 0 {
      let client = FileClient.live(path: "/sys/todos-tui-test-\(getpid()).txt")
      #expect(throws: FileError.self) { try client.save(Array("x\n".utf8), nil) }
      do {
        _ = try client.save(Array("x\n".utf8), nil)
      } catch {
        #expect(
          [
            .permissionDenied(client.path), .readOnly(client.path),
          ].contains(error))
      }
    } else {
      try folder.write("old\n")
      let client = FileClient.live(path: folder.file())
      try client.lock()
      chmod(folder.path, 0o555)
      #expect(throws: FileError.permissionDenied(folder.file())) {
        try client.save(Array("new\n".utf8), client.stamp())
      }
      #expect(folder.read() == "old\n")
    }
    // A path whose "folder" is a regular file: ENOTDIR, for everybody.
    try folder.write("plain file\n", to: "notafolder")
    let under = FileClient.live(path: folder.file("notafolder") + "/todo.txt")
    #expect(throws: FileError.self) { try under.save(Array("x\n".utf8), nil) }
    do {
      _ = try under.save(Array("x\n".utf8), nil)
    } catch {
      if case .io(_, let code, _) = error { #expect(code == ENOTDIR) } else { Issue.record() }
    }
    #expect(folder.read("notafolder") == "plain file\n")
  }

  @Test func lockHeldByAnotherProcess() throws {
    let folder = try TemporaryFolder()
    try folder.write("a\n")
    let holder = Process()
    holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    holder.arguments = [
      "python3", "-c",
      """
      import fcntl, sys
      f = open(sys.argv[1], 'a')
      fcntl.flock(f, fcntl.LOCK_EX)
      print('locked', flush=True)
      sys.stdin.read()
      """,
      folder.file("todo.txt.lock"),
    ]
    let input = Pipe()
    let output = Pipe()
    holder.standardInput = input
    holder.standardOutput = output
    try holder.run()
    defer {
      try? input.fileHandleForWriting.close()
      holder.waitUntilExit()
    }
    // Wait for the child to say it holds the lock (a blocking read, no sleep).
    let line = output.fileHandleForReading.availableLine()
    try #require(line == "locked")

    let client = FileClient.live(path: folder.file())
    #expect(throws: FileError.lockedByAnotherProcess(folder.file(), pid: holder.processIdentifier))
    {
      try client.lock()
    }
    #expect(throws: FileError.lockedByAnotherProcess(folder.file(), pid: holder.processIdentifier))
    {
      try client.save(Array("b\n".utf8), client.stamp())
    }
    #expect(folder.read() == "a\n")
    #expect(
      FileError.lockedByAnotherProcess(folder.file(), pid: 42).message
        == "todo.txt is open in todos-tui (pid 42); not saving")

    try input.fileHandleForWriting.close()
    holder.waitUntilExit()
    try client.lock()
    _ = try client.save(Array("b\n".utf8), client.stamp())
    #expect(folder.read() == "b\n")
  }

  @Test func secondClientInTheSameProcessSeesTheLock() throws {
    let folder = try TemporaryFolder()
    let first = FileClient.live(path: folder.file())
    try first.lock()
    let second = FileClient.live(path: folder.file())
    #expect(throws: FileError.lockedByAnotherProcess(folder.file(), pid: getpid())) {
      try second.lock()
    }
    first.unlock()
    try second.lock()
  }

  @Test func conflictCopiesGoToOneFileAndNeverOverwriteEachOther() throws {
    let folder = try TemporaryFolder()
    let client = FileClient.live(path: folder.file())
    let first = try client.writeConflictCopy(Array("one\n".utf8))
    let second = try client.writeConflictCopy(Array("two".utf8))  // no final newline
    #expect(first == folder.file("todo.txt.conflict"))
    #expect(second == folder.file("todo.txt.conflict"))
    let lines = folder.read("todo.txt.conflict")?.split(separator: "\n") ?? []
    #expect(lines.count == 4)
    #expect(lines[0].hasPrefix("# todos-tui: todo.txt as found on disk, replaced by todos-tui, "))
    #expect(lines[1] == "one")
    #expect(lines[2].hasPrefix("# todos-tui: todo.txt as found on disk"))
    #expect(lines[3] == "two")
    #expect(folder.read("todo.txt.conflict")?.hasSuffix("two\n") == true)
    #expect(try folder.strays() == ["todo.txt.conflict"])
    #expect(folder.mode("todo.txt.conflict") == 0o600)
  }

  @Test func symlinkedFileIsSavedThroughTheLink() throws {
    let folder = try TemporaryFolder()
    try folder.write("old\n", to: "real.txt")
    symlink(folder.file("real.txt"), folder.file())
    let client = FileClient.live(path: folder.file())
    _ = try client.save(Array("new\n".utf8), try client.load()?.stamp)
    #expect(folder.read("real.txt") == "new\n")
    let attributes = try FileManager.default.attributesOfItem(atPath: folder.file())
    #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink)
  }
}

@MainActor
@Suite struct InMemoryFileTests {
  @Test func behavesLikeAFile() throws {
    let file = InMemoryFile(contents: "a\n")
    let client = FileClient.inMemory(file)
    let loaded = try #require(try client.load())
    let stamp = try client.save(Array("b\n".utf8), loaded.stamp)
    #expect(file.contents == "b\n")
    #expect(client.stamp() == stamp)
    file.writeExternally("c\n")
    #expect(client.stamp() != stamp)
    #expect(throws: FileError.changedOnDisk(file.path)) { try client.save([], stamp) }
    file.saveFailure = .diskFull(file.path)
    #expect(throws: FileError.diskFull(file.path)) { try client.save([], client.stamp()) }
    #expect(file.contents == "c\n")
    #expect(try client.writeConflictCopy([1]) == file.path + ".conflict")
    #expect(try client.writeConflictCopy([2]) == file.path + ".conflict")
    #expect(file.conflictCopies == [file.path + ".conflict": [1, 2]])
  }
}

final class LockedBox<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var _value: Value
  init(_ value: Value) { _value = value }
  var value: Value {
    get { lock.withLock { _value } }
    set { lock.withLock { _value = newValue } }
  }
}

extension FileHandle {
  /// Reads up to the first newline (blocking), without it.
  fileprivate func availableLine() -> String {
    var bytes: [UInt8] = []
    while let chunk = try? read(upToCount: 1), let byte = chunk.first, byte != 0x0A {
      bytes.append(byte)
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
