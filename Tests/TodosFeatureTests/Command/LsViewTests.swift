import Foundation
import Testing
import TodosFeatureTestSupport

@testable import TodosFeature

/// `todos-tui ls --view NAME`: the todos of a saved view, built in or from config.toml.
@Suite struct LsViewTests {
  @Test func theViewsQueryGoesBeforeTheQuery() throws {
    #expect(
      try TodoCommand.query("+work", inView: "today", SavedView.builtIn)
        == "due:<=today|pri:A is:active +work")
    #expect(
      try TodoCommand.query("", inView: "NO_DATE", SavedView.builtIn) == "due:none is:active")
    #expect(try TodoCommand.query("+work", inView: nil, SavedView.builtIn) == "+work")
    #expect(throws: CommandError.self) {
      try TodoCommand.query("", inView: "someday", SavedView.builtIn)
    }
  }

  @Test func lsReadsTheViewOption() {
    #expect(
      TodoCommand.route(["ls", "--view", "today", "+work"], fileExists: { _ in false })
        == .verb(TodoCommand(action: .list(query: "+work", json: false), view: "today")))
    #expect(
      TodoCommand.route(["ls", "--view=No date"], fileExists: { _ in false })
        == .verb(TodoCommand(action: .list(query: "", json: false), view: "No date")))
    guard case .failed = TodoCommand.route(["ls", "--view"], fileExists: { _ in false }) else {
      Issue.record("--view without a value is a usage error")
      return
    }
  }

  @Test func lsPrintsAViewFromTheConfig() throws {
    let folder = try TemporaryFolder()
    let app = try AppTerminalTests.appBinary()
    try folder.write("[views.calls]\nquery = \"@phone -is:done\"\n", to: "config.toml")
    try folder.write(
      "Call Mom @phone\nx 2026-11-20 Call Bob @phone\nMilk\nPay rent due:2000-01-01\n")
    func run(_ arguments: String...) throws -> MergeFileCommandTests.Run {
      try MergeFileCommandTests.run(
        app, arguments, in: folder.path,
        environment: [
          "TODOS_TUI_CONFIG": folder.file("config.toml"), "TODO_FILE": "", "TODO_DIR": "",
        ])
    }
    #expect(try run("ls", "--file", "todo.txt", "--view", "calls").output == "1 Call Mom @phone\n")
    #expect(
      try run("ls", "--file", "todo.txt", "--view", "overdue").output
        == "4 Pay rent due:2000-01-01\n")
    let unknown = try run("ls", "--file", "todo.txt", "--view", "someday")
    #expect(unknown.status == 64)
    #expect(unknown.error.contains("there is no view “someday”"))
  }
}
