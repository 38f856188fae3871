import Foundation
import Testing
import TodoTxt
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

  /// Monday 2026-11-23.
  let document = TodoTxtDocument.parse(
    Array(
      """
      Send report +work due:2026-11-25
      x 2026-11-20 Old bill +home due:2026-11-01
      Water plants +home
      (A) Call Bob +work due:2026-11-24
      Read more
      """.utf8))

  @Test func lsPrintsInTheViewsSortOrderCompletedLast() throws {
    let view = SavedView(name: "Soon", query: "", sort: try SortSpec(parsing: "due,text"))
    #expect(
      try TodoCommand.list(
        document, query: "", json: false, today: TodoDate(string: "2026-11-23")!, view: view)
        == [
          "4 (A) Call Bob +work due:2026-11-24", "1 Send report +work due:2026-11-25",
          "5 Read more", "3 Water plants +home", "2 x 2026-11-20 Old bill +home due:2026-11-01",
        ])
    // Without a view, or with one without sort or group: the file's order, as before.
    let plain = SavedView(name: "All of it", query: "")
    #expect(
      try TodoCommand.list(
        document, query: "+home", json: false, today: TodoDate(string: "2026-11-23")!,
        view: plain) == ["2 x 2026-11-20 Old bill +home due:2026-11-01", "3 Water plants +home"])
  }

  @Test func lsPrintsAGroupedViewsHeadersAsPlainLines() throws {
    let view = SavedView(
      name: "Work", query: "", sort: try SortSpec(parsing: "priority"), group: .project)
    let today = TodoDate(string: "2026-11-23")!
    #expect(
      try TodoCommand.list(document, query: "", json: false, today: today, view: view) == [
        "# +home (2)", "3 Water plants +home", "2 x 2026-11-20 Old bill +home due:2026-11-01",
        "# +work (2)", "4 (A) Call Bob +work due:2026-11-24", "1 Send report +work due:2026-11-25",
        "# No project (1)", "5 Read more",
      ])
    var due = view
    due.group = .due
    #expect(
      try TodoCommand.list(document, query: "-is:done", json: false, today: today, view: due) == [
        "# This week (2)", "4 (A) Call Bob +work due:2026-11-24",
        "1 Send report +work due:2026-11-25", "# No date (2)", "3 Water plants +home",
        "5 Read more",
      ])
    let json = try TodoCommand.list(document, query: "+work", json: true, today: today, view: view)
    #expect(json.count == 2)
    #expect(json.allSatisfy { $0.contains("\"group\":\"+work\"") })
    #expect(json[0].contains("\"line\":4"))
  }
}
