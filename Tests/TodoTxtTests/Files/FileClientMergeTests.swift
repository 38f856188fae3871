import Foundation
import Testing
import TodosFeatureTestSupport

@testable import TodoTxt

#if canImport(Glibc)
  import Glibc
#endif

/// The live client's read–merge–rename step, on real files.
@MainActor
@Suite struct FileClientMergeTests {
  /// Another program saved by rename since the app read the file: the step merges both sides
  /// over the version the app read, and releases the lock at once.
  @Test func mergesTheDisksVersionOverTheOneRead() throws {
    let folder = try TemporaryFolder()
    try folder.write("Call Mom\nBuy milk\n")
    let client = FileClient.live(path: folder.file())
    let read = try #require(try client.load())
    try folder.write("Call Mom\nBuy oat milk\n", to: "other")
    rename(folder.file("other"), folder.file())
    let outcome = try client.mergeAndSave(
      Array("x 2026-11-23 Call Mom\nBuy milk\nPay rent\n".utf8), since: read.stamp,
      believeEmpty: false)
    guard case .merged(let merge, let stamp) = outcome else {
      Issue.record("not merged: \(outcome)")
      return
    }
    #expect(folder.read() == "x 2026-11-23 Call Mom\nBuy oat milk\nPay rent\n")
    #expect(merge.summary.statusLine == "Merged todo.txt: 1 change from disk applied")
    #expect(client.stamp() == stamp)
    // Nobody holds the lock while idle: another copy takes it without waiting.
    let other = FileClient.live(path: folder.file())
    try other.lock()
    other.unlock()
  }

  /// A plain save holds the lock only while it writes.
  @Test func aSaveReleasesTheLock() throws {
    let folder = try TemporaryFolder()
    let client = FileClient.live(path: folder.file())
    _ = try client.save(Array("a\n".utf8), nil)
    let other = FileClient.live(path: folder.file())
    try other.lock()
    // While the other copy holds it (its read–merge–rename step), a save waits, then says so.
    #expect(throws: FileError.lockedByAnotherProcess(folder.file(), pid: getpid())) {
      try client.save(Array("b\n".utf8), client.stamp())
    }
    other.unlock()
    _ = try client.save(Array("b\n".utf8), client.stamp())
    #expect(folder.read() == "b\n")
  }

  /// An empty file where the app read a full one is another writer halfway through: the step
  /// refuses (the app looks again later), unless the app has looked long enough.
  @Test func anEmptyFileIsMergedOnlyOnceBelieved() throws {
    let folder = try TemporaryFolder()
    try folder.write("Call Mom\n")
    let client = FileClient.live(path: folder.file())
    let read = try #require(try client.load())
    try folder.write("")
    #expect(throws: FileError.changedOnDisk(folder.file())) {
      try client.mergeAndSave(Array("Call Mom\nnew\n".utf8), since: read.stamp, believeEmpty: false)
    }
    #expect(folder.read() == "")
    _ = try client.mergeAndSave(
      Array("Call Mom\nnew\n".utf8), since: read.stamp, believeEmpty: true)
    #expect(folder.read() == "new\n")
  }

  /// A file that is no longer text is not merged and not written: it can only be copied aside.
  @Test func aFileThatIsNoLongerTextIsNotMerged() throws {
    let folder = try TemporaryFolder()
    try folder.write("Call Mom\n")
    let client = FileClient.live(path: folder.file())
    let read = try #require(try client.load())
    try folder.write("C\0a\0l\0l\0\n")
    let outcome = try client.mergeAndSave(
      Array("x 2026-11-23 Call Mom\n".utf8), since: read.stamp, believeEmpty: false)
    guard case .notText(let theirs) = outcome else {
      Issue.record("merged: \(outcome)")
      return
    }
    #expect(theirs.bytes == Array("C\0a\0l\0l\0\n".utf8))
    #expect(folder.read() == "C\0a\0l\0l\0\n")
  }

  /// The rule for text: no NUL byte, and at least half of the non-blank lines UTF-8.
  @Test func whatCountsAsText() {
    #expect(FileClient.isText(Array("Call Mom\n\n# note\n".utf8)))
    #expect(FileClient.isText([]))
    // One Latin-1 line among UTF-8 ones: text (that line is kept byte for byte).
    #expect(FileClient.isText(Array("Caf".utf8) + [0xE9, 0x0A] + Array("Buy milk\n".utf8)))
    #expect(!FileClient.isText([0x43, 0x00, 0x61, 0x00]))
    #expect(!FileClient.isText([0xFF, 0xD8, 0xFF, 0xE0, 0x0A, 0x89, 0x50]))
    // All ASCII is text at once, unless a NUL is anywhere in it.
    let ascii = Array(String(repeating: "Call Mom +family\n", count: 1000).utf8)
    #expect(FileClient.isText(ascii))
    #expect(!FileClient.isText(ascii + [0]))
    #expect(!FileClient.isText([0] + ascii))
  }
}
