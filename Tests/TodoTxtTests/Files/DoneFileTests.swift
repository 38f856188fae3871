import Foundation
import Testing
import TodosFeatureTestSupport

@testable import TodoTxt

#if canImport(Glibc)
  import Glibc
#endif

/// One done.txt to test against: on disk (the live client) or in memory (the test double), so
/// every behaviour is checked on both and the double cannot drift from the real thing.
@MainActor
private final class DoneSubject {
  enum Kind: String, CaseIterable, CustomTestStringConvertible {
    case live, inMemory
    var testDescription: String { rawValue }
  }

  let client: DoneFileClient
  private let folder: TemporaryFolder?
  private let memory: InMemoryDoneFile?

  init(_ kind: Kind, contents: String?) throws {
    switch kind {
    case .live:
      let folder = try TemporaryFolder()
      if let contents { try folder.write(contents, to: "done.txt") }
      self.folder = folder
      memory = nil
      client = .live(path: folder.file("done.txt"))
    case .inMemory:
      let memory = InMemoryDoneFile(contents: contents)
      self.memory = memory
      folder = nil
      client = .inMemory(memory)
    }
  }

  var contents: String? { folder?.read("done.txt") ?? memory?.contents }

  func writeExternally(_ contents: String?) throws {
    if let memory { memory.writeExternally(contents) }
    if let folder {
      if let contents {
        try folder.write(contents, to: "done.txt")
      } else {
        unlink(folder.file("done.txt"))
      }
    }
  }
}

private func lines(_ texts: String...) -> [[UInt8]] { texts.map { Array($0.utf8) } }

@MainActor
@Suite struct DoneFileTests {
  @Test(arguments: DoneSubject.Kind.allCases)
  fileprivate func appendsAfterAFinalNewline(kind: DoneSubject.Kind) throws {
    let done = try DoneSubject(kind, contents: "x 2026-11-01 Old\n")
    let receipt = try done.client.append(lines("x 2026-11-23 Call Mom", "x Buy milk"))
    #expect(done.contents == "x 2026-11-01 Old\nx 2026-11-23 Call Mom\nx Buy milk\n")
    #expect(receipt.addedNewline == false)
    #expect(receipt.createdFile == false)
    #expect(receipt.lineCount == 2)
  }

  @Test(arguments: DoneSubject.Kind.allCases)
  fileprivate func addsTheMissingFinalNewlineFirst(kind: DoneSubject.Kind) throws {
    let done = try DoneSubject(kind, contents: "x 2026-11-01 Old")
    let receipt = try done.client.append(lines("x Call Mom"))
    // todo.sh would write "x 2026-11-01 Oldx Call Mom": one line glued from two.
    #expect(done.contents == "x 2026-11-01 Old\nx Call Mom\n")
    #expect(receipt.addedNewline)
    #expect(receipt.bytes == Array("\nx Call Mom\n".utf8))
    #expect(receipt.lineCount == 1)
  }

  @Test(arguments: DoneSubject.Kind.allCases)
  fileprivate func anEmptyFileGetsNoLeadingNewline(kind: DoneSubject.Kind) throws {
    let done = try DoneSubject(kind, contents: "")
    let receipt = try done.client.append(lines("x Call Mom"))
    #expect(done.contents == "x Call Mom\n")
    #expect(receipt.addedNewline == false)
    #expect(receipt.createdFile == false)
  }

  @Test(arguments: DoneSubject.Kind.allCases)
  fileprivate func aMissingFileIsCreated(kind: DoneSubject.Kind) throws {
    let done = try DoneSubject(kind, contents: nil)
    let receipt = try done.client.append(lines("x Call Mom"))
    #expect(done.contents == "x Call Mom\n")
    #expect(receipt.createdFile)
  }

  @Test(arguments: DoneSubject.Kind.allCases)
  fileprivate func linesAreAppendedByteForByte(kind: DoneSubject.Kind) throws {
    let done = try DoneSubject(kind, contents: nil)
    // A CRLF line keeps its CR, tabs and odd spacing stay: the bytes as they stood in todo.txt.
    let raw: [[UInt8]] = [Array("x  2026-11-23\tCall Mom\r".utf8), [0x78, 0x20, 0xC3, 0xA9]]
    let receipt = try done.client.append(raw)
    #expect(receipt.bytes == raw[0] + [0x0A] + raw[1] + [0x0A])
    #expect(done.contents == "x  2026-11-23\tCall Mom\r\nx é\n")
  }

  @Test(arguments: DoneSubject.Kind.allCases)
  fileprivate func appendingNothingTouchesNothing(kind: DoneSubject.Kind) throws {
    let done = try DoneSubject(kind, contents: nil)
    let receipt = try done.client.append([])
    #expect(done.contents == nil)
    #expect(try done.client.undo(receipt) == .removed)
  }

  @Test(arguments: DoneSubject.Kind.allCases)
  fileprivate func undoRemovesExactlyTheAppendedLines(kind: DoneSubject.Kind) throws {
    let done = try DoneSubject(kind, contents: "x Old")
    let receipt = try done.client.append(lines("x A", "x B"))
    #expect(done.contents == "x Old\nx A\nx B\n")
    #expect(try done.client.undo(receipt) == .removed)
    // The newline the append added goes too: the file is byte for byte as before.
    #expect(done.contents == "x Old")
  }

  @Test(arguments: DoneSubject.Kind.allCases)
  fileprivate func undoOfTheAppendThatCreatedTheFileRemovesIt(kind: DoneSubject.Kind) throws {
    let done = try DoneSubject(kind, contents: nil)
    let receipt = try done.client.append(lines("x A"))
    #expect(try done.client.undo(receipt) == .removed)
    #expect(done.contents == nil)
  }

  @Test(arguments: DoneSubject.Kind.allCases)
  fileprivate func undoAfterSomeoneAppendedLeavesTheFileAlone(kind: DoneSubject.Kind) throws {
    let done = try DoneSubject(kind, contents: "x Old\n")
    let receipt = try done.client.append(lines("x A"))
    try done.writeExternally("x Old\nx A\nx Theirs\n")
    #expect(try done.client.undo(receipt) == .changedSince)
    #expect(done.contents == "x Old\nx A\nx Theirs\n")
  }

  @Test(arguments: DoneSubject.Kind.allCases)
  fileprivate func undoAfterTheFileWasRemovedOrShrunk(kind: DoneSubject.Kind) throws {
    let done = try DoneSubject(kind, contents: "x Old\n")
    let receipt = try done.client.append(lines("x A"))
    try done.writeExternally("x\n")
    #expect(try done.client.undo(receipt) == .changedSince)
    #expect(done.contents == "x\n")
    try done.writeExternally(nil)
    #expect(try done.client.undo(receipt) == .changedSince)
    #expect(done.contents == nil)
  }

  @Test(arguments: DoneSubject.Kind.allCases)
  fileprivate func undoWhenAnEarlierLineChangedStillTakesOursOut(kind: DoneSubject.Kind) throws {
    let done = try DoneSubject(kind, contents: "x Old\n")
    let receipt = try done.client.append(lines("x A"))
    // Someone tidied done.txt above our lines: it still ends with them, so they go.
    try done.writeExternally("x Older\nx A\n")
    #expect(try done.client.undo(receipt) == .removed)
    #expect(done.contents == "x Older\n")
  }
}

@MainActor
@Suite struct DoneFileLiveTests {
  @Test func aNewDoneFileTakesTheTodoFilesMode() throws {
    let folder = try TemporaryFolder()
    try folder.write("a\n")
    chmod(folder.file(), 0o640)
    let client = DoneFileClient.live(path: folder.file("done.txt"), modeLike: folder.file())
    _ = try client.append(lines("x a"))
    #expect(folder.mode("done.txt") == 0o640)
  }

  @Test func aNewDoneFileWithoutATodoFileIsPrivate() throws {
    let folder = try TemporaryFolder()
    let client = DoneFileClient.live(path: folder.file("done.txt"), modeLike: folder.file())
    _ = try client.append(lines("x a"))
    #expect(folder.mode("done.txt") == 0o600)
  }

  @Test func anExistingDoneFileKeepsItsModeAndInode() throws {
    let folder = try TemporaryFolder()
    try folder.write("x old\n", to: "done.txt")
    chmod(folder.file("done.txt"), 0o604)
    var before = stat()
    stat(folder.file("done.txt"), &before)
    let receipt = try DoneFileClient.live(path: folder.file("done.txt")).append(lines("x a"))
    _ = try DoneFileClient.live(path: folder.file("done.txt")).undo(receipt)
    var after = stat()
    stat(folder.file("done.txt"), &after)
    #expect(folder.mode("done.txt") == 0o604)
    #expect(after.st_ino == before.st_ino)
  }

  @Test func aDiskFillingUpMidAppendLeavesTheFileAsItWas() throws {
    let folder = try TemporaryFolder()
    try folder.write("x old", to: "done.txt")
    let hooks = DoneFileHooks(writeErrno: ENOSPC, bytesBeforeFailure: 4)
    let client = DoneFileClient.live(path: folder.file("done.txt"), modeLike: nil, hooks: hooks)
    #expect(throws: FileError.diskFull(folder.file("done.txt"))) {
      try client.append(lines("x first", "x second"))
    }
    #expect(folder.read("done.txt") == "x old")
  }

  @Test func aFailedAppendToAMissingFileLeavesNoFile() throws {
    let folder = try TemporaryFolder()
    let hooks = DoneFileHooks(writeErrno: EDQUOT, bytesBeforeFailure: 0)
    let client = DoneFileClient.live(path: folder.file("done.txt"), modeLike: nil, hooks: hooks)
    #expect(throws: FileError.diskFull(folder.file("done.txt"))) {
      try client.append(lines("x first"))
    }
    #expect(try folder.strays() == [])
  }

  @Test func aFailedFsyncTakesTheLinesBackOut() throws {
    let folder = try TemporaryFolder()
    try folder.write("x old\n", to: "done.txt")
    let hooks = DoneFileHooks(fsyncErrno: EIO)
    let client = DoneFileClient.live(path: folder.file("done.txt"), modeLike: nil, hooks: hooks)
    #expect(throws: FileError.self) { try client.append(lines("x first")) }
    #expect(folder.read("done.txt") == "x old\n")
  }

  @Test func aFolderInThePlaceOfDoneTxtIsNotAFile() throws {
    let folder = try TemporaryFolder()
    mkdir(folder.file("done.txt"), 0o700)
    #expect(throws: FileError.notRegularFile(folder.file("done.txt"))) {
      try DoneFileClient.live(path: folder.file("done.txt")).append(lines("x a"))
    }
  }

  @Test(.enabled(if: getuid() != 0, "root writes anywhere"))
  func aReadOnlyFolderSaysPermissionDenied() throws {
    let folder = try TemporaryFolder()
    chmod(folder.path, 0o500)
    #expect(throws: FileError.permissionDenied(folder.file("done.txt"))) {
      try DoneFileClient.live(path: folder.file("done.txt")).append(lines("x a"))
    }
  }
}

@MainActor
@Suite struct DoneFileLocationTests {
  private let noLinks: (String) -> String? = { _ in nil }

  @Test func theOptionWinsOverTheEnvironment() throws {
    let done = try DoneFileLocation.resolve(
      option: "archive.txt", environment: ["DONE_FILE": "/env/done.txt"],
      currentDirectory: "/home/me", todoFile: "/home/me/todo.txt", realPath: noLinks)
    #expect(done == DoneFileLocation(path: "/home/me/archive.txt", source: .option))
  }

  @Test func theEnvironmentWinsOverTheTodoFolder() throws {
    let done = try DoneFileLocation.resolve(
      option: nil, environment: ["DONE_FILE": "d/done.txt"], currentDirectory: "/home/me",
      todoFile: "/home/me/todo/todo.txt", realPath: noLinks)
    #expect(done == DoneFileLocation(path: "/home/me/d/done.txt", source: .environment))
  }

  @Test func byDefaultItSitsBesideTheTodoFile() throws {
    let done = try DoneFileLocation.resolve(
      option: nil, environment: ["DONE_FILE": ""], currentDirectory: "/",
      todoFile: "/home/me/todo/todo.txt", realPath: noLinks)
    #expect(done == DoneFileLocation(path: "/home/me/todo/done.txt", source: .besideTodoFile))
  }

  @Test func aSymlinkedTodoFilesDoneFileSitsBesideItsTarget() throws {
    let folder = try TemporaryFolder()
    mkdir(folder.file("sync"), 0o700)
    try folder.write("a\n", to: "sync/todo.txt")
    symlink(folder.file("sync/todo.txt"), folder.file("todo.txt"))
    let done = try DoneFileLocation.resolve(
      option: nil, environment: [:], currentDirectory: "/", todoFile: folder.file("todo.txt"))
    let syncFolder = try #require(DoneFileLocation.symlinkTarget(folder.file("todo.txt")))
    #expect(syncFolder.hasSuffix("/sync/todo.txt"))
    #expect(
      done.path == URL(fileURLWithPath: syncFolder).deletingLastPathComponent().path
        + "/done.txt")
  }

  @Test func anEmptyOptionIsAnError() {
    #expect(throws: TodoFileLocationError.self) {
      try DoneFileLocation.resolve(
        option: "", environment: [:], currentDirectory: "/", todoFile: "/a/todo.txt",
        realPath: noLinks)
    }
  }

  @Test func theTodoFileItselfIsRefused() {
    #expect(throws: TodoFileLocationError.self) {
      try DoneFileLocation.resolve(
        option: "/a/todo.txt", environment: [:], currentDirectory: "/", todoFile: "/a/todo.txt",
        realPath: noLinks)
    }
  }

  /// `--done-file link.txt` where link.txt is a symlink to the todo file: `A` would append to
  /// the todo file itself. Refused at start like the todo file's own name.
  @Test func aSymlinkToTheTodoFileIsRefused() {
    let links = { (path: String) -> String? in path == "/a/link.txt" ? "/a/todo.txt" : nil }
    #expect(throws: TodoFileLocationError.self) {
      try DoneFileLocation.resolve(
        option: "link.txt", environment: [:], currentDirectory: "/a", todoFile: "/a/todo.txt",
        realPath: links)
    }
    #expect(throws: TodoFileLocationError.self) {
      try DoneFileLocation.resolve(
        option: nil, environment: ["DONE_FILE": "/a/link.txt"], currentDirectory: "/a",
        todoFile: "todo.txt", realPath: links)
    }
  }
}
