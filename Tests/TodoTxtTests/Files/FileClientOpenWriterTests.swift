import Foundation
import Testing
import TodosFeatureTestSupport

@testable import TodoTxt

#if canImport(Glibc)
  import Glibc
#endif

/// A writer that truncates todo.txt and rewrites it in place (`cat > todo.txt`, a sync client
/// writing in chunks) and is not done yet: what is on disk is only the start of its version.
/// Renaming ours over it then would send the rest of its writes to a file nobody sees.
@MainActor
@Suite struct FileClientOpenWriterTests {
  /// The writer has truncated the file and written half of it, and still holds it open.
  static func startWriting(_ path: String, _ text: String) throws -> FileHandle {
    let handle = try TemporaryFolder.openForWriting(path)
    try handle.truncate(atOffset: 0)
    try handle.write(contentsOf: Data(text.utf8))
    return handle
  }

  @Test func aSaveWaitsForAWriterThatStillHasTheFileOpen() throws {
    let folder = try TemporaryFolder()
    try folder.write("one\ntwo\nthree\nfour\n")
    let path = folder.file()
    let client = FileClient.live(path: path)
    let writer = try Self.startWriting(path, "one\ntwo\n")
    let halfway = try #require(client.stamp())
    #expect(throws: OpenWriters.beingWritten(path)) {
      try client.save(Array("ours\n".utf8), halfway)
    }
    try writer.write(contentsOf: Data("three\nfour\nfive\n".utf8))
    try writer.close()
    #expect(folder.read() == "one\ntwo\nthree\nfour\nfive\n")
    #expect(try folder.strays() == [])
    // Done writing: the save goes through.
    _ = try client.save(Array("ours\n".utf8), try #require(client.stamp()))
    #expect(folder.read() == "ours\n")
  }

  /// The merge read only the writer's first lines: the rest would count as deleted on disk.
  /// Nothing is written until the writer is done; then the whole of its version is merged.
  @Test func aMergeWaitsForAWriterThatStillHasTheFileOpen() throws {
    let folder = try TemporaryFolder()
    try folder.write("one\ntwo\nthree\nfour\n")
    let path = folder.file()
    let client = FileClient.live(path: path)
    let read = try #require(try client.load())
    let ours = Array("one\ntwo\nthree\nfour\napp\n".utf8)
    let writer = try Self.startWriting(path, "one\ntwo\n")
    #expect(throws: OpenWriters.beingWritten(path)) {
      try client.mergeAndSave(ours, since: read.stamp, believeEmpty: false)
    }
    try writer.write(contentsOf: Data("three\nfour\neditor\n".utf8))
    try writer.close()
    #expect(folder.read() == "one\ntwo\nthree\nfour\neditor\n")
    _ = try client.mergeAndSave(ours, since: read.stamp, believeEmpty: false)
    let merged = (folder.read() ?? "").split(separator: "\n")
    #expect(merged.count == 6)
    #expect(Set(merged) == ["one", "two", "three", "four", "app", "editor"])
  }

  /// A process that only keeps the file open for writing (a descriptor a daemon inherited)
  /// and has not written it for a while is not halfway through a save: it holds nothing up.
  @Test func anIdleWriterDoesNotHoldUpASave() throws {
    let folder = try TemporaryFolder()
    try folder.write("one\n")
    let path = folder.file()
    let idle = try TemporaryFolder.openForWriting(path)
    defer { try? idle.close() }
    var old = [
      timespec(tv_sec: time(nil) - Int(OpenWriters.quietPeriod) - 1, tv_nsec: 0),
      timespec(tv_sec: time(nil) - Int(OpenWriters.quietPeriod) - 1, tv_nsec: 0),
    ]
    #expect(utimensat(AT_FDCWD, path, &old, 0) == 0)
    #expect(!OpenWriters.isOpenForWriting(path))
    let client = FileClient.live(path: path)
    _ = try client.save(Array("ours\n".utf8), try #require(client.stamp()))
    #expect(folder.read() == "ours\n")
  }

  /// Readers do not count: a file open only for reading (a pager, `tail -f`) is saved over.
  @Test func aReaderDoesNotHoldUpASave() throws {
    let folder = try TemporaryFolder()
    try folder.write("one\n")
    let path = folder.file()
    let client = FileClient.live(path: path)
    let reader = try #require(FileHandle(forReadingAtPath: path))
    defer { try? reader.close() }
    #expect(!OpenWriters.isOpenForWriting(path))
    _ = try client.save(Array("ours\n".utf8), try #require(client.stamp()))
    #expect(folder.read() == "ours\n")
  }
}
