import Foundation
import Testing
import TodoTxt

@testable import TodosFeature

/// The command line read into a plan (`TodoCommand.route`), and each verb applied to a
/// document (`TodoCommand.change`, `list`), on Thursday 2026-11-26.
@Suite struct TodoCommandTests {
  static let thursday = TodoDate(string: "2026-11-26")!
  static let settings = TodoCommand.Settings(today: thursday)

  static func route(_ arguments: String..., existing: Set<String> = []) -> TodoCommand.Route {
    TodoCommand.route(arguments, fileExists: { existing.contains($0) })
  }

  static func document(_ text: String) -> TodoTxtDocument {
    TodoTxtDocument.parse(Array(text.utf8))
  }

  static func apply(
    _ action: TodoCommand.Action, to text: String, _ settings: TodoCommand.Settings = settings
  ) throws -> (file: String, output: [String]) {
    let change = try TodoCommand.change(action, in: document(text), settings)
    let file = change.document.map { String(decoding: $0.serialized(), as: UTF8.self) } ?? text
    return (file, change.output)
  }

  // MARK: Routing

  @Test func theFirstWordThatIsAVerbIsAVerb() {
    #expect(Self.route("add", "Call", "Mom") == .verb(TodoCommand(action: .add("Call Mom"))))
    #expect(
      Self.route("--file", "work.txt", "do", "3", "1", "3")
        == .verb(TodoCommand(action: .complete([3, 1]), file: "work.txt")))
    #expect(
      Self.route("ls", "--json", "+family", "--config=c.toml")
        == .verb(TodoCommand(action: .list(query: "+family", json: true), config: "c.toml")))
    #expect(Self.route("pri", "2", "b") == .verb(TodoCommand(action: .prioritize(2, "B"))))
    #expect(Self.route("add", "--", "--x") == .verb(TodoCommand(action: .add("--x"))))
    #expect(
      Self.route("ls", "-is:done")
        == .verb(TodoCommand(action: .list(query: "-is:done", json: false))))
  }

  @Test func aFileNamedLikeAVerbOrAnythingLikeAFileOpensTheFullScreen() {
    #expect(Self.route() == .fullScreen)
    #expect(Self.route("--file", "add") == .fullScreen)
    #expect(Self.route("./add") == .fullScreen)
    #expect(Self.route("work.txt") == .fullScreen)
    #expect(Self.route("notes", existing: ["notes"]) == .fullScreen)
    #expect(Self.route("help") == .fullScreen)
    #expect(Self.route("--print-config") == .fullScreen)
    #expect(Self.route("--generate-completion-script", "bash") == .fullScreen)
    #expect(Self.route("--generate-completion-script=zsh") == .fullScreen)
    #expect(Self.route("---completion", "--", "positional@0", "ad") == .fullScreen)
    #expect(Self.route("--no-mouse", "--", "add") == .fullScreen)
  }

  @Test func anUnknownVerbIsAUsageErrorListingTheVerbs() {
    guard case .failed(let error) = Self.route("ad", "Call Mom") else {
      Issue.record("not a failure")
      return
    }
    #expect(error.status == 64)
    #expect(
      error.message
        == "todos-tui: “ad” is not a verb nor a file. To fix, use one of add, ls, do, undo, "
        + "pri, depri, del, postpone, modify, archive, lists, or open a file named ad as ./ad.")
  }

  @Test func missingOrWrongArgumentsAreUsageErrors() {
    let cases: [([String], String)] = [
      (["add"], "todos-tui add: no text given. To fix, use: todos-tui add TEXT..."),
      (["do"], "todos-tui do: no line number given. To fix, use: todos-tui do N..."),
      (
        ["del", "x"],
        "todos-tui del: “x” is not a line number. To fix, use: "
          + "todos-tui del N..."
      ),
      (
        ["pri", "2"],
        "todos-tui pri: a line number and a letter are needed. To fix, use: todos-tui pri N "
          + "LETTER."
      ),
      (
        ["pri", "2", "1"],
        "todos-tui pri: “1” is not a priority: give a letter A to Z. To fix, use: todos-tui "
          + "pri N LETTER."
      ),
      (
        ["archive", "now"],
        "todos-tui archive: it takes no arguments. To fix, use: todos-tui archive."
      ),
      (
        ["do", "--force", "1"],
        "todos-tui do: unknown option “--force”. To fix, use: todos-tui do N... (put -- before "
          + "words that start with --)."
      ),
    ]
    for (arguments, message) in cases {
      #expect(
        TodoCommand.route(arguments, fileExists: { _ in false }) == .failed(.usage(message)))
    }
  }

  // MARK: Changes

  @Test func addConvertsDatesAndGoesBeforeTheFirstTodo() throws {
    let (file, output) = try Self.apply(
      .add("(A) Call Mom due:fri +family"), to: "# list\n\nMilk\n")
    #expect(file == "# list\n\n(A) 2026-11-26 Call Mom due:2026-11-27 +family\nMilk\n")
    #expect(output == ["3 (A) 2026-11-26 Call Mom due:2026-11-27 +family"])
  }

  @Test func addAtTheBottomWithoutACreationDate() throws {
    let settings = TodoCommand.Settings(
      today: Self.thursday, addsCreationDate: false, addsAtBottom: true)
    let (file, output) = try Self.apply(.add("Call Mom"), to: "Milk\n# end\n", settings)
    #expect(file == "Milk\n# end\nCall Mom\n")
    #expect(output == ["3 Call Mom"])
    let empty = try Self.apply(.add("Call Mom"), to: "", settings)
    #expect(empty.file == "Call Mom\n")
    #expect(empty.output == ["1 Call Mom"])
  }

  @Test func doCompletesAndAddsTheNextOccurrenceBelow() throws {
    let (file, output) = try Self.apply(
      .complete([3, 1]), to: "(A) Call Mom\n\nWater plants due:2026-11-20 rec:1w\nMilk\n")
    #expect(
      file
        == "x 2026-11-26 Call Mom pri:A\n\nx 2026-11-26 Water plants due:2026-11-20 rec:1w\n"
        + "Water plants due:2026-12-03 rec:1w\nMilk\n")
    #expect(
      output == [
        "3 x 2026-11-26 Water plants due:2026-11-20 rec:1w",
        "4 Water plants due:2026-12-03 rec:1w", "1 x 2026-11-26 Call Mom pri:A",
      ])
  }

  @Test func doDropsThePriorityWhenTheConfigSaysSo() throws {
    let settings = TodoCommand.Settings(today: Self.thursday, keepsPriorityOnCompletion: false)
    let (file, _) = try Self.apply(.complete([1]), to: "(A) Call Mom\n", settings)
    #expect(file == "x 2026-11-26 Call Mom\n")
  }

  @Test func undoReopensWithThePriorityBack() throws {
    let (file, output) = try Self.apply(.reopen([1]), to: "x 2026-11-25 Call Mom pri:A\nMilk\n")
    #expect(file == "(A) Call Mom\nMilk\n")
    #expect(output == ["1 (A) Call Mom"])
  }

  @Test func priAndDepriChangeOnlyTheirLine() throws {
    let text = "Call Mom\nx 2026-11-25 Milk\n(B) Bread\n"
    #expect(
      try Self.apply(.prioritize(1, "A"), to: text).file == "(A) Call Mom\n" + text.dropFirst(9))
    #expect(
      try Self.apply(.prioritize(2, "C"), to: text).file
        == "Call Mom\nx 2026-11-25 Milk pri:C\n(B) Bread\n")
    #expect(
      try Self.apply(.deprioritize([3]), to: text).file == "Call Mom\nx 2026-11-25 Milk\nBread\n")
  }

  @Test func addKeepsATypedCreationDate() throws {
    #expect(
      try Self.apply(.add("2026-01-01 backdated"), to: "Milk\n").file
        == "2026-01-01 backdated\nMilk\n")
  }

  @Test func postponeMovesTheDueDateOfItsLineOnly() throws {
    let text = "# week\nCall Bob due:2026-11-20 t:2026-11-18\nMilk\n"
    let (file, output) = try Self.apply(.postpone(2, "3d"), to: text)
    #expect(file == "# week\nCall Bob due:2026-11-23 t:2026-11-21\nMilk\n")
    #expect(output == ["2 Call Bob due:2026-11-23 t:2026-11-21"])
    #expect(try Self.apply(.postpone(3, "fri"), to: text).file.hasSuffix("Milk due:2026-11-27\n"))
    #expect(throws: CommandError.self) { try Self.apply(.postpone(2, "banana"), to: text) }
    #expect(throws: CommandError.self) { try Self.apply(.postpone(1, "3d"), to: text) }
  }

  @Test func modifyAddsAndRemovesTagsOnItsLineOnly() throws {
    let text = "(B) Call Bob +home @phone\nMilk\n"
    let (file, output) = try Self.apply(.modify(1, "+work -+home due:fri -pri"), to: text)
    #expect(file == "Call Bob @phone +work due:2026-11-27\nMilk\n")
    #expect(output == ["1 Call Bob @phone +work due:2026-11-27"])
    #expect(throws: CommandError.self) { try Self.apply(.modify(1, "due:banana"), to: text) }
    #expect(
      Self.route("modify", "1", "+work", "@home")
        == .verb(TodoCommand(action: .modify(1, "+work @home"))))
  }

  @Test func delRemovesTheLines() throws {
    let (file, output) = try Self.apply(.delete([1, 3]), to: "Call Mom\n# note\nMilk\nBread\n")
    #expect(file == "# note\nBread\n")
    #expect(output == ["Deleted 1 Call Mom", "Deleted 3 Milk"])
  }

  @Test func archiveTakesTheCompletedTodosOut() throws {
    let change = try TodoCommand.change(
      .archive, in: Self.document("x 2026-11-25 Milk\nCall Mom\r\nx Bread\n"), Self.settings)
    #expect(change.archived == [Array("x 2026-11-25 Milk".utf8), Array("x Bread".utf8)])
    #expect(
      change.document.map { String(decoding: $0.serialized(), as: UTF8.self) } == "Call Mom\r\n")
    let nothing = try TodoCommand.change(.archive, in: Self.document("Milk\n"), Self.settings)
    #expect(nothing.document == nil)
    #expect(nothing.output == ["No completed todo to archive."])
  }

  @Test func aLineThatIsNotATodoChangesNothing() {
    let text = "Call Mom\n# note\nx 2026-11-25 Milk\n"
    let cases: [(TodoCommand.Action, String)] = [
      (
        .complete([2]),
        "todos-tui do: line 2 of the file is not a todo. To fix, give a number "
          + "that todos-tui ls shows."
      ),
      (
        .delete([1, 9]),
        "todos-tui del: line 9 of the file is not a todo. To fix, give a number "
          + "that todos-tui ls shows."
      ),
      (
        .complete([3]),
        "todos-tui do: the todo on line 3 is already done. To fix, give the "
          + "number of an active todo."
      ),
      (
        .reopen([1]),
        "todos-tui undo: the todo on line 1 is already active. To fix, give the "
          + "number of a completed todo."
      ),
    ]
    for (action, message) in cases {
      #expect(throws: CommandError.notFound(message)) {
        try TodoCommand.change(action, in: Self.document(text), Self.settings)
      }
    }
  }

  // MARK: Listing

  @Test func lsNumbersEveryLineAndFiltersByTheQuery() throws {
    let document = Self.document("Call Mom +family due:2026-11-27\n\n# note\n(A) Milk\nx Bread\n")
    #expect(
      try TodoCommand.list(document, query: "", json: false, today: Self.thursday) == [
        "1 Call Mom +family due:2026-11-27", "4 (A) Milk", "5 x Bread",
      ])
    #expect(
      try TodoCommand.list(document, query: "-is:done due:none", json: false, today: Self.thursday)
        == ["4 (A) Milk"])
    #expect(throws: CommandError.self) {
      try TodoCommand.list(document, query: "due:<<fri", json: false, today: Self.thursday)
    }
  }

  @Test func lsJSONHoldsTheTodosFields() throws {
    let document = Self.document(
      "\n(A) 2026-11-20 Call Mom +family @phone due:2026-11-27 t:2026-11-25\n")
    let output = try TodoCommand.list(document, query: "", json: true, today: Self.thursday)
    #expect(output.count == 1)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(output[0].utf8)) as? [String: Any])
    #expect(object["line"] as? Int == 2)
    #expect(
      object["text"] as? String
        == "(A) 2026-11-20 Call Mom +family @phone due:2026-11-27 t:2026-11-25")
    #expect(
      object["description"] as? String == "Call Mom +family @phone due:2026-11-27 t:2026-11-25")
    #expect(object["priority"] as? String == "A")
    #expect(object["done"] as? Bool == false)
    #expect(object["created"] as? String == "2026-11-20")
    #expect(object["completed"] is NSNull)
    #expect(object["due"] as? String == "2026-11-27")
    #expect(object["threshold"] as? String == "2026-11-25")
    #expect(object["projects"] as? [String] == ["family"])
    #expect(object["contexts"] as? [String] == ["phone"])
    #expect(object["tags"] as? [String: String] == ["due": "2026-11-27", "t": "2026-11-25"])
  }

  @Test func listsCountsTheActiveTodos() {
    #expect(
      TodoCommand.lists(Self.document("Milk\nx Bread\n# n\nEggs\n"), path: "/t/todo.txt")
        == ["/t/todo.txt: 2 active"])
  }

  // MARK: Saving

  @Test func aWriteBetweenTheReadAndTheSaveIsMergedNotLost() throws {
    let base = Array("Call Mom\nMilk\n".utf8)
    let ours = Array("x 2026-11-26 Call Mom\nMilk\n".utf8)
    // todo.sh added a line (version 2), then an editor prioritised Milk (version 3).
    let versions = [
      Array("Call Mom\nMilk\nBread\n".utf8), Array("Call Mom\n(A) Milk\nBread\n".utf8),
    ]
    var saves: [(bytes: String, expected: Int)] = []
    var reads = 0
    let saved = try TodoCommand.save(
      ours, base: base, stamp: 1,
      save: { (bytes, expected) throws(CommandError) in
        saves.append((String(decoding: bytes, as: UTF8.self), expected))
        return expected == 3
      },
      reread: { () throws(CommandError) in
        reads += 1
        return (versions[reads - 1], reads + 1)
      })
    #expect(saved)
    #expect(saves.map(\.expected) == [1, 2, 3])
    #expect(saves.last?.bytes == "x 2026-11-26 Call Mom\n(A) Milk\nBread\n")
    let never = try TodoCommand.save(
      ours, base: base, stamp: 1, attempts: 2, save: { (_, _) throws(CommandError) in false },
      reread: { () throws(CommandError) in (base, 1) })
    #expect(!never)
  }
}
