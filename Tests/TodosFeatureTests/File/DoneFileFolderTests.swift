import Foundation
import TerminalUITestSupport
import Testing
import TodoTxt
import TodosFeatureTestSupport

@testable import TodosFeature

/// A done file in a folder that is not there: refused at start with the folder named and how
/// to fix it, and, if the folder goes away while the app runs, `A` says the same.
@MainActor
@Suite struct DoneFileFolderTests {
  @Test func aMissingFolderIsNamedWithHowToFixIt() throws {
    let folder = try TemporaryFolder()
    let missing = folder.file("gone")
    let done = DoneFileLocation(path: missing + "/done.txt", source: .environment)
    #expect(
      throws: TodoFileLocationError(
        heading: "The done file's folder does not exist.", value: missing,
        fix: "To fix, create it (mkdir -p \(missing)) or set DONE_FILE to a file in a folder "
          + "that exists.")
    ) { try done.checkFolder() }
    try folder.write("not a folder\n", to: "file")
    let inFile = DoneFileLocation(path: folder.file("file") + "/done.txt", source: .option)
    #expect(
      throws: TodoFileLocationError(
        heading: "The done file's folder is not a folder.", value: folder.file("file"),
        fix: "To fix, pass another --done-file.")
    ) { try inFile.checkFolder() }
    // A folder that is there is fine, with or without done.txt in it.
    try DoneFileLocation(path: folder.file("done.txt"), source: .besideTodoFile).checkFolder()
  }

  @Test func archivingIntoAFolderThatWentAwayNamesItAndSaysHowToFix() throws {
    let folder = try TemporaryFolder()
    let missing = folder.file("gone")
    let client = DoneFileClient.live(path: missing + "/done.txt")
    do {
      _ = try client.append([Array("x a".utf8)])
      Issue.record("the append worked")
    } catch {
      #expect(
        ArchiveError.doneFileNotWritten(error).message
          == "done.txt: folder \(missing) does not exist; to fix, mkdir -p \(missing)"
          + " · nothing archived")
    }
  }

  @Test func theAppRefusesToStartWithADoneFileInAMissingFolder() throws {
    let app = try BuiltProgram.path("todos-tui", environmentVariable: "TODOS_TUI_BIN")
    let folder = try TemporaryFolder()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: app)
    process.arguments = [folder.file()]
    var environment = ProcessInfo.processInfo.environment
    environment["DONE_FILE"] = "/nonexistent/done.txt"
    process.environment = environment
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 1)
    #expect(output.contains("The done file's folder does not exist."), "\(output)")
    #expect(output.contains("/nonexistent"))
    #expect(output.contains("To fix, create it (mkdir -p /nonexistent)"))
    #expect(!FileManager.default.fileExists(atPath: folder.file()))
  }
}
