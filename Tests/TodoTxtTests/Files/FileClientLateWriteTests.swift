import Foundation
import Testing
import TodosFeatureTestSupport

@testable import TodoTxt

#if canImport(Glibc)
  import Glibc
#endif

/// A program that opened todo.txt just before a save's swap (`echo … >> todo.txt`) and writes
/// just after it: its write goes to the version the save replaced, which the app keeps for a
/// while and merges into the file, instead of removing it at once and losing the write.
@MainActor
@Suite struct FileClientLateWriteTests {
  /// The other program: opens the file once (from the save's hook, so just before the swap),
  /// writes later.
  final class LateWriter: @unchecked Sendable {
    private var fd: Int32 = -1
    private var hasOpened = false

    /// Opens `path` as `echo >>` does, the first time only (the merge's own save calls the
    /// hook again).
    func open(_ path: String, flags: Int32 = O_WRONLY | O_APPEND) {
      guard !hasOpened else { return }
      hasOpened = true
      fd = Glibc.open(path, flags | O_CLOEXEC)
    }

    var isOpen: Bool { fd >= 0 }

    func write(_ text: String) {
      _ = Array(text.utf8).withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
    }

    /// Starts its version again from nothing, as `cat > todo.txt` does.
    func rewrite(_ text: String) {
      _ = ftruncate(fd, 0)
      _ = Array(text.utf8).withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
    }

    func close() {
      if fd >= 0 { Glibc.close(fd) }
      fd = -1
    }

    deinit { close() }
  }

  /// A live client on a file holding `contents`, whose saves let `writer` open the file just
  /// before the swap; the file read, so saves have a version to replace.
  func client(
    _ folder: TemporaryFolder, _ contents: String, writer: LateWriter,
    flags: Int32 = O_WRONLY | O_APPEND, exchangeUnsupported: Bool = false
  ) throws -> (FileClient, LoadedFile) {
    try folder.write(contents)
    let client = FileClient.live(
      path: folder.file(),
      hooks: LiveFileHooks(
        afterLastCheck: { writer.open($0, flags: flags) },
        exchangeUnsupported: exchangeUnsupported))
    return (client, try #require(try client.load()))
  }

  /// What the folder watch does once the writer closed its file: absorbs the late writes, again
  /// while the file still looks open. A process another test is spawning at that moment holds a
  /// copy of every descriptor until its `exec` closes it (`O_CLOEXEC` or not), and the app's
  /// check for open writers sees that copy; the app hears the copy's close and looks again.
  /// On a busy machine other tests spawn processes all the time (the command-line tests run
  /// hundreds): the wait is long, and ends as soon as the file holds `expected` and no
  /// temporary is left. Both are needed: where the save renamed plainly, the replaced version
  /// has no name from the start, so an empty folder alone says nothing about the merge.
  func absorbOnceClosed(
    _ client: FileClient, _ folder: TemporaryFolder, until expected: String
  ) throws {
    let deadline = ContinuousClock.now + .seconds(30)
    repeat {
      client.absorbLateWrites(false)
      if folder.read() == expected, try folder.strays().isEmpty { return }
      usleep(10_000)
    } while ContinuousClock.now < deadline
  }

  @Test(arguments: [false, true])
  func aLineAppendedToTheReplacedVersionIsMerged(exchangeUnsupported: Bool) throws {
    let folder = try TemporaryFolder()
    let writer = LateWriter()
    let (client, loaded) = try client(
      folder, "a\n", writer: writer, exchangeUnsupported: exchangeUnsupported)
    _ = try client.save(Array("a\napp-1\n".utf8), loaded.stamp)
    #expect(writer.isOpen)
    #expect(folder.read() == "a\napp-1\n")
    writer.write("2024-03-03 ext-1\n")
    writer.close()
    try absorbOnceClosed(client, folder, until: "a\napp-1\n2024-03-03 ext-1\n")
    #expect(folder.read() == "a\napp-1\n2024-03-03 ext-1\n")
    #expect(try folder.strays() == [])
  }

  /// Kept under its hidden name while the writer has it open, so the folder watch sees it
  /// closed; merged once it is, with everything written.
  @Test func aWriterStillWritingIsWaitedFor() throws {
    let folder = try TemporaryFolder()
    let writer = LateWriter()
    let (client, loaded) = try client(folder, "a\n", writer: writer)
    _ = try client.save(Array("a\napp-1\n".utf8), loaded.stamp)
    let kept = try folder.strays()
    #expect(kept.count == 1 && kept.allSatisfy { $0.hasPrefix(".todo.txt.tmp-") })
    writer.write("ext-1\n")
    client.absorbLateWrites(false)
    #expect(folder.read() == "a\napp-1\n")
    #expect(try folder.strays() == kept)
    writer.write("ext-2\n")
    writer.close()
    try absorbOnceClosed(client, folder, until: "a\napp-1\next-1\next-2\n")
    #expect(folder.read() == "a\napp-1\next-1\next-2\n")
    #expect(try folder.strays() == [])
  }

  /// A writer that truncates the replaced version and writes its own: merged three-way, both
  /// its change and the app's kept.
  @Test(arguments: [false, true])
  func aLateRewriteOfTheReplacedVersionIsMerged(exchangeUnsupported: Bool) throws {
    let folder = try TemporaryFolder()
    let writer = LateWriter()
    let (client, loaded) = try client(
      folder, "a\nb\n", writer: writer, flags: O_WRONLY,
      exchangeUnsupported: exchangeUnsupported)
    _ = try client.save(Array("a\nb\napp-1\n".utf8), loaded.stamp)
    writer.rewrite("a\nx 2024-03-03 b\n")
    writer.close()
    try absorbOnceClosed(client, folder, until: "a\nx 2024-03-03 b\napp-1\n")
    #expect(folder.read() == "a\nx 2024-03-03 b\napp-1\n")
    #expect(try folder.strays() == [])
  }

  /// Nobody has the replaced version open: its name goes with the save, and nothing is merged.
  @Test func aSaveWithNoLateWriterLeavesNoTemporary() throws {
    let folder = try TemporaryFolder()
    try folder.write("a\n")
    let client = FileClient.live(path: folder.file())
    let loaded = try #require(try client.load())
    let saved = try client.save(Array("a\napp-1\n".utf8), loaded.stamp)
    #expect(try folder.strays() == [])
    client.absorbLateWrites(false)
    client.absorbLateWrites(true)
    #expect(folder.read() == "a\napp-1\n")
    #expect(client.stamp() == saved)
  }

  /// Quitting while the writer still has it open: what it wrote so far is merged, and nothing
  /// is left behind.
  @Test func quittingMergesWhatAWriterStillWritingHasWritten() throws {
    let folder = try TemporaryFolder()
    let writer = LateWriter()
    let (client, loaded) = try client(folder, "a\n", writer: writer)
    _ = try client.save(Array("a\napp-1\n".utf8), loaded.stamp)
    writer.write("ext-1\n")
    client.absorbLateWrites(true)
    #expect(folder.read() == "a\napp-1\next-1\n")
    #expect(try folder.strays() == [])
  }

  /// Another todos-tui's replaced version, kept for its grace period, is not a crash's
  /// leftover: starting does not remove it. A dead process's temporary is removed.
  @Test func anotherRunningCopysReplacedVersionIsNotRemovedAtStart() throws {
    let folder = try TemporaryFolder()
    try folder.write("a\n")
    let running = ".todo.txt.tmp-\(getppid())-1"
    try folder.write("a\n", to: running)
    try folder.write("old\n", to: ".todo.txt.tmp-2147483646-1")
    try folder.write("old\n", to: ".todo.txt.tmp-\(getpid())-1")
    try FileClient.live(path: folder.file()).lock()
    #expect(try folder.strays() == [running])
  }

  @Test func anAppendedLineGoesAfterTheFileAsItIsNow() {
    func merge(_ base: String, _ current: String, _ theirs: String) -> String {
      String(
        decoding: LiveFile.lateMerge(
          base: Array(base.utf8), current: Array(current.utf8), theirs: Array(theirs.utf8)),
        as: UTF8.self)
    }
    #expect(merge("a\n", "a\napp\n", "a\next\n") == "a\napp\next\n")
    #expect(merge("a\n", "a\napp", "a\next\n") == "a\napp\next\n")
    #expect(merge("a\n", "a\napp\n", "a\n") == "a\napp\n")
    // Not an append: merged three-way (ext deleted "a", the app added "app").
    #expect(merge("a\nb\n", "a\nb\napp\n", "b\n") == "b\napp\n")
  }
}
