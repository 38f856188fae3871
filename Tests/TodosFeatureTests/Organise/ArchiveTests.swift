import Foundation
import Testing
import TodoTxt
import TodosFeatureTestSupport

@testable import TodosFeature

@MainActor
@Suite struct ArchiveTests {
  let rows = [
    todo(0, "Active"),
    todo(1, "Done one", done: true, raw: "x 1970-01-01  Done one\r"),
    todo(2, "Done two", done: true),
    todo(3, "Done three", done: true),
  ]

  @Test func completedTodosInListOrderOptionallyInARange() {
    #expect(Archive.completed(in: rows).map(\.id) == [id(1), id(2), id(3)])
    #expect(Archive.completed(in: rows, among: [id(0), id(3), id(1)]).map(\.id) == [id(1), id(3)])
  }

  @Test func linesAreTheTodoTxtBytes() {
    let lines = Archive.lines(of: Archive.completed(in: rows))
    #expect(
      lines.map { String(decoding: $0, as: UTF8.self) } == [
        "x 1970-01-01  Done one\r", "x 1970-01-01 Done two", "x 1970-01-01 Done three",
      ])
  }

  /// A todo.txt with CRLF lines gives done.txt CRLF lines (todo.sh's `archive` copies the
  /// lines with their CR): done.txt does not end up with mixed line endings.
  @Test func linesOfACRLFTodoFileKeepTheirCR() {
    let lines = Archive.lines(of: Archive.completed(in: rows), lineEnding: .crlf)
    #expect(
      lines.map { String(decoding: $0, as: UTF8.self) } == [
        "x 1970-01-01  Done one\r", "x 1970-01-01 Done two\r", "x 1970-01-01 Done three\r",
      ])
  }

  @Test func doneTxtIsWrittenBeforeTodoTxt() throws {
    let done = InMemoryDoneFile(contents: "x old")
    let todoFile = InMemoryFile(contents: "a\n")
    let stamp = try todoFile.stampForTest()
    let (receipt, _) = try Archive.perform(
      lines: [Array("x new".utf8)], doneFile: .inMemory(done),
      saveTodoFile: { () throws(FileError) in
        // At the moment todo.txt is saved, done.txt already holds the lines.
        #expect(done.contents == "x old\nx new\n")
        return try FileClient.inMemory(todoFile).save(Array("b\n".utf8), stamp)
      })
    #expect(receipt.addedNewline)
    #expect(todoFile.contents == "b\n")
  }

  @Test func aFailedAppendSavesNothing() {
    let done = InMemoryDoneFile(contents: "x old\n")
    done.appendFailure = .diskFull("/tmp/done.txt")
    var saved = false
    #expect(throws: ArchiveError.doneFileNotWritten(.diskFull("/tmp/done.txt"))) {
      try Archive.perform(
        lines: [Array("x new".utf8)], doneFile: .inMemory(done),
        saveTodoFile: { () throws(FileError) in
          saved = true
          return FileStamp(modifiedSeconds: 0, size: 0)
        })
    }
    #expect(!saved)
    #expect(done.contents == "x old\n")
    #expect(
      ArchiveError.doneFileNotWritten(.diskFull("/tmp/done.txt")).message
        == "Disk full: done.txt not saved · nothing archived")
  }

  @Test func aFailedSaveTakesTheLinesBackOutOfDoneTxt() {
    let done = InMemoryDoneFile(contents: "x old")
    #expect(
      throws: ArchiveError.todoFileNotSaved(.readOnly("/tmp/todo.txt"), doneFileRestored: true)
    ) {
      try Archive.perform(
        lines: [Array("x new".utf8)], doneFile: .inMemory(done),
        saveTodoFile: { () throws(FileError) in throw .readOnly("/tmp/todo.txt") })
    }
    #expect(done.contents == "x old")
  }

  @Test func aFailedSaveAfterDoneTxtChangedLeavesTheTodosInBoth() {
    let done = InMemoryDoneFile(contents: "x old\n")
    let error = ArchiveError.todoFileNotSaved(
      .changedOnDisk("/tmp/todo.txt"), doneFileRestored: false)
    #expect(throws: error) {
      try Archive.perform(
        lines: [Array("x new".utf8)], doneFile: .inMemory(done),
        saveTodoFile: { () throws(FileError) in
          done.writeExternally("x old\nx new\nx theirs\n")
          throw .changedOnDisk("/tmp/todo.txt")
        })
    }
    #expect(done.contents == "x old\nx new\nx theirs\n")
    #expect(error.message == "todo.txt changed on disk · the todos are in todo.txt and done.txt")
  }
}

extension InMemoryFile {
  /// The stamp the next save must expect.
  fileprivate func stampForTest() throws -> FileStamp? {
    try FileClient.inMemory(self).load()?.stamp
  }
}
