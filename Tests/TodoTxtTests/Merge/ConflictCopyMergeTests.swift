import Foundation
import Testing
import TodosFeatureTestSupport

@testable import TodoTxt

/// A sync client's conflict copy: known by its name, merged over a kept version or two-way
/// (a slight difference kept twice as a conflict), done.txt's union, the copy moved away.
@MainActor
@Suite struct ConflictCopyMergeTests {
  static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
  static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  @Test func namesOfEachSyncClientsCopies() {
    #expect(
      SyncConflictCopy(name: "todo.sync-conflict-20261126-101500-laptop.txt", of: "todo.txt")
        == SyncConflictCopy(
          client: .syncthing, device: "laptop",
          name: "todo.sync-conflict-20261126-101500-laptop.txt"))
    #expect(
      SyncConflictCopy(name: "todo (Ann's conflicted copy 2026-11-26).txt", of: "todo.txt")?
        .description == "Dropbox's conflict copy from Ann")
    #expect(
      SyncConflictCopy(name: "done (conflicted copy 2026-11-26 101500).txt", of: "done.txt")?
        .description == "Nextcloud's conflict copy")
    for other in [
      "todo.txt", "todo.txt.recovery", "done.sync-conflict-20261126-101500-laptop.txt",
      "todo.sync-conflict-2026112-101500-laptop.txt", "todo.sync-conflict-20261126-101500-.txt",
      "todo (conflicted copy 2026-11-26).txt", "todo (Ann's conflicted copy 26-11-2026).txt",
      ".todo.txt.tmp-1-2",
    ] {
      #expect(SyncConflictCopy(name: other, of: "todo.txt") == nil, "\(other)")
    }
  }

  @Test func withoutABaseEveryLineOfBothIsKeptAndSlightDifferencesAreConflicts() {
    let result = ConflictCopyMerge.merge(
      into: Self.bytes("(A) Call Mom\nBuy milk\nPay rent\n"),
      copy: Self.bytes("(A) Call Mom\nx 2026-11-26 Buy milk\nPay rent\nFix bike\n"), kept: [])
    #expect(
      Self.text(result.bytes)
        == "(A) Call Mom\nBuy milk\nx 2026-11-26 Buy milk\nPay rent\nFix bike\n")
    #expect(result.conflicts == [.init(ours: 1, theirs: 2)])
    #expect(result.counts == .init(added: 1, keptTwice: 1))
    #expect(result.counts.phrase == "1 todo added, 1 todo differs, both kept")
    #expect(!result.usedKeptVersion)
  }

  /// Syncthing's copy of the other machine's version, where both changed one todo while apart
  /// (this one completed it, the other edited it): merged over the version before, every
  /// change of both kept, that todo twice.
  @Test func aCopyWhereBothMachinesChangedOneTodoKeepsEveryChange() {
    let v0 = Self.bytes("Call Mom\nBuy milk\nFix bike\nPay rent\n")
    let v1 = Self.bytes("Call Mom\nBuy milk\nFix bike chain\nPay rent\n")
    let into = Self.bytes(
      "Renew passport\nCall Mom\nBuy milk\nFix bike chain\nx 2026-11-26 Pay rent\n")
    let copy = Self.bytes(
      "Book dentist\nCall Mom\nx 2026-11-26 Buy milk\nFix bike\nPay rent online\n")
    let result = ConflictCopyMerge.merge(into: into, copy: copy, kept: [v0, v1, into])
    let lines = Self.text(result.bytes).split(separator: "\n").map(String.init).sorted()
    #expect(
      lines == [
        "Book dentist", "Call Mom", "Fix bike chain", "Pay rent online", "Renew passport",
        "x 2026-11-26 Buy milk", "x 2026-11-26 Pay rent",
      ])
    #expect(result.conflicts.count == 1)
    #expect(result.usedKeptVersion)
  }

  @Test func aKeptVersionTheCopyWasMadeFromIsTheBase() {
    let base = Self.bytes("Call Mom\nBuy milk\nPay rent\nRead book\n")
    // Since then the app added a todo and deleted one; the other device completed two, added
    // two and deleted one.
    let into = Self.bytes("Call Mom\nBuy milk\nPay rent\nWater plants\n")
    let copy = Self.bytes(
      "x 2026-11-26 Call Mom\nx 2026-11-26 Buy milk\nRead book\nFix bike\nBook dentist\n")
    let result = ConflictCopyMerge.merge(into: into, copy: copy, kept: [base, into])
    #expect(
      Self.text(result.bytes)
        == "x 2026-11-26 Call Mom\nx 2026-11-26 Buy milk\nFix bike\nBook dentist\nWater plants\n")
    #expect(result.usedKeptVersion)
    #expect(result.counts == .init(added: 2, completed: 2, deleted: 1))
    #expect(result.counts.phrase == "2 todos added, 2 completed, 1 deleted")
  }

  @Test func aCopyThatIsAKeptVersionBringsNothing() {
    let into = Self.bytes("Call Mom\nBuy milk\n")
    let old = Self.bytes("Call Mom\n")
    let result = ConflictCopyMerge.merge(into: into, copy: old, kept: [old, into])
    #expect(result.bytes == into && result.counts.phrase == "nothing new")
  }

  @Test func doneTxtTakesTheUnionWithoutDuplicates() {
    let result = ConflictCopyMerge.union(
      into: Self.bytes("x 2026-11-20 Call Mom\nx 2026-11-21 Pay rent"),
      copy: Self.bytes("x 2026-11-21 Pay rent\nx 2026-11-25 Fix bike\nx 2026-11-25 Fix bike\n"))
    #expect(
      Self.text(result.bytes)
        == "x 2026-11-20 Call Mom\nx 2026-11-21 Pay rent\nx 2026-11-25 Fix bike\n")
    #expect(result.counts == .init(added: 1))
  }

  @Test func aCopyIsMovedNeverOverwritingAnEarlierOne() throws {
    let folder = try TemporaryFolder()
    let name = "todo.sync-conflict-20261126-101500-laptop.txt"
    let merged = folder.file("state/todos-tui/merged")
    try folder.write("one\n", to: name)
    #expect(try MergedCopies.move(folder.file(name), into: merged) == merged + "/" + name)
    try folder.write("two\n", to: name)
    let second = try MergedCopies.move(folder.file(name), into: merged)
    #expect(second == merged + "/todo.sync-conflict-20261126-101500-laptop (2).txt")
    #expect(MergedCopies.list(merged).count == 2)
    #expect(folder.read(name) == nil)
    #expect(try String(contentsOfFile: second, encoding: .utf8) == "two\n")
    // A copy that is gone is an error, and nothing moves.
    #expect(throws: FileError.self) { try MergedCopies.move(folder.file(name), into: merged) }
  }
}

/// The live client's conflict copies: found beside todo.txt and done.txt, merged into the right
/// file (todo.txt over the version the client read, done.txt by union), moved away.
@MainActor
@Suite struct LiveConflictCopiesTests {
  @Test func theLiveClientMergesCopiesOfTheFileAndOfDoneTxt() throws {
    let folder = try TemporaryFolder()
    try folder.write("Call Mom\nBuy milk\n")
    try folder.write("x 2026-11-20 Pay rent\n", to: "done.txt")
    let merged = folder.file("state/todos-tui/merged")
    let client = FileClient.live(path: folder.file()).mergingConflictCopies(
      donePath: folder.file("done.txt"), mergedFolder: merged)
    _ = try client.load()
    #expect(client.findConflictCopies() == [])
    let todoCopy = "todo.sync-conflict-20261126-101500-phone.txt"
    let doneCopy = "done.sync-conflict-20261126-101500-phone.txt"
    try folder.write("x 2026-11-26 Call Mom\nBuy milk\nFix bike\n", to: todoCopy)
    try folder.write("x 2026-11-20 Pay rent\nx 2026-11-25 Read book\n", to: doneCopy)
    #expect(client.findConflictCopies() == [folder.file(todoCopy), folder.file(doneCopy)])

    let todo = try client.mergeConflictCopy(folder.file(todoCopy)).get()
    #expect(
      todo.statusLine
        == "Merged Syncthing's conflict copy from phone: 1 todo added, 1 todo differs, both kept")
    #expect(folder.read() == "Call Mom\nx 2026-11-26 Call Mom\nBuy milk\nFix bike\n")
    let done = try client.mergeConflictCopy(folder.file(doneCopy)).get()
    #expect(done.statusLine == "Merged Syncthing's conflict copy from phone: 1 todo added")
    #expect(folder.read("done.txt") == "x 2026-11-20 Pay rent\nx 2026-11-25 Read book\n")
    #expect(client.findConflictCopies() == [])
    #expect(MergedCopies.list(merged) == [doneCopy, todoCopy])
  }

  @Test func aCopyThatIsNotTextLeavesBothFilesAsTheyWere() throws {
    let folder = try TemporaryFolder()
    try folder.write("Call Mom\n")
    let client = FileClient.live(path: folder.file()).mergingConflictCopies(
      donePath: nil, mergedFolder: folder.file("merged"))
    let copy = folder.file("todo (conflicted copy 2026-11-26 101500).txt")
    try Data([0xFF, 0xFE, 0x43, 0x00, 0x0A, 0x00]).write(to: URL(fileURLWithPath: copy))
    guard case .failure(.notText) = client.mergeConflictCopy(copy) else {
      Issue.record("merged a copy that is not text")
      return
    }
    #expect(folder.read() == "Call Mom\n")
    #expect(FileManager.default.fileExists(atPath: copy))
    #expect(MergedCopies.list(folder.file("merged")) == [])
  }
}
