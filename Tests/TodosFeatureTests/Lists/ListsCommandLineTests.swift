import Foundation
import Testing
import TodosFeatureTestSupport

@testable import TodosFeature

/// Which lists the built app finds: config.toml's `files`, `lists = "todo_dir"` (every
/// `*.txt` of `$TODO_DIR` but done.txt and report.txt), as `todos-tui lists` prints them.
@Suite struct ListsCommandLineTests {
  let folder: TemporaryFolder
  let app: String

  init() throws {
    folder = try TemporaryFolder()
    app = try AppTerminalTests.appBinary()
  }

  func run(_ arguments: String..., config: String) throws -> MergeFileCommandTests.Run {
    try folder.write(config, to: "config.toml")
    return try MergeFileCommandTests.run(
      app, arguments, in: folder.path,
      environment: [
        "TODOS_TUI_CONFIG": folder.file("config.toml"), "TODO_FILE": "", "TODO_DIR": "",
        "HOME": folder.path,
      ])
  }

  @Test func listsPrintsEveryFileOfTheConfigWithItsActiveCount() throws {
    try folder.write("Milk\nx Bread\nEggs\n", to: "home.txt")
    try folder.write("Report\n", to: "work.txt")
    let result = try run(
      "lists", config: "[behavior]\nfiles = [\"~/home.txt\", \"work.txt\"]\n")
    #expect(result.status == 0, "\(result.error)")
    #expect(
      result.output
        == "\(folder.file("home.txt")): 2 active\n\(folder.file("work.txt")): 1 active\n")
  }

  @Test func listsTodoDirIsEveryTextFileButDoneAndReport() throws {
    try FileManager.default.createDirectory(
      atPath: folder.file("todo"), withIntermediateDirectories: true)
    try folder.write("a\nb\n", to: "todo/todo.txt")
    try folder.write("w\n", to: "todo/work.txt")
    try folder.write("x 2026-11-20 old\n", to: "todo/done.txt")
    try folder.write("report\n", to: "todo/report.txt")
    try folder.write("[behavior]\nlists = \"todo_dir\"\n", to: "config.toml")
    let result = try MergeFileCommandTests.run(
      app, ["lists"], in: folder.path,
      environment: [
        "TODOS_TUI_CONFIG": folder.file("config.toml"), "TODO_FILE": "",
        "TODO_DIR": folder.file("todo"), "HOME": folder.path,
      ])
    #expect(result.status == 0, "\(result.error)")
    #expect(
      result.output
        == "\(folder.file("todo/todo.txt")): 2 active\n\(folder.file("todo/work.txt")): 1 active\n")
  }

  @Test func aFileGivenWinsOverTheConfigsFiles() throws {
    try folder.write("One\n", to: "one.txt")
    let result = try run(
      "--file", "one.txt", "lists", config: "[behavior]\nfiles = [\"a.txt\", \"b.txt\"]\n")
    #expect(result.output == "\(folder.file("one.txt")): 1 active\n")
  }
}
