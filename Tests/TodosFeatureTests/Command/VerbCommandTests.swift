import Foundation
import Testing
import TodosFeatureTestSupport

@testable import TodosFeature

/// The built `todos-tui` run with each verb on a real file: what it prints, what the file holds
/// after, the exit status of each error (and the file left as it was), and which file a verb
/// chooses (`--file`, `TODO_FILE`, `TODO_DIR`).
@Suite struct VerbCommandTests {
  let folder: TemporaryFolder
  let app: String
  /// No config of the user's: an empty config.toml.
  let config: String

  init() throws {
    folder = try TemporaryFolder()
    app = try AppTerminalTests.appBinary()
    config = folder.file("config.toml")
    try folder.write("", to: "config.toml")
  }

  var today: String { LocalClock.today().description }

  @discardableResult
  func run(
    _ arguments: String..., environment: [String: String] = [:]
  ) throws -> MergeFileCommandTests.Run {
    try MergeFileCommandTests.run(
      app, arguments, in: folder.path,
      environment: ["TODOS_TUI_CONFIG": config, "TODO_FILE": "", "TODO_DIR": ""]
        .merging(environment) { $1 })
  }

  var file: String? { MergeFileCommandTests.read(folder.file()) }

  @Test func addPrintsTheLineNumberAndConvertsDates() throws {
    try folder.write("# my list\nMilk\n")
    let added = try run("--file", "todo.txt", "add", "Call Mom due:today +family")
    #expect(added.status == 0, "\(added.error)")
    #expect(added.output == "2 \(today) Call Mom due:\(today) +family\n")
    #expect(file == "# my list\n\(today) Call Mom due:\(today) +family\nMilk\n")
  }

  @Test func addFollowsTheConfigsPositionAndCreationDate() throws {
    try folder.write(
      "[behavior]\nnew_todo_position = \"bottom\"\ncreation_date = false\n", to: "config.toml")
    try folder.write("Milk\n")
    let added = try run("add", "Bread", "--file", "todo.txt")
    #expect(added.output == "2 Bread\n")
    #expect(file == "Milk\nBread\n")
  }

  @Test func lsPrintsLineNumbersAndJSON() throws {
    try folder.write("(A) Call Mom +family\n\nx 2026-11-20 Milk\nBread +shop\n")
    let all = try run("ls", "--file", "todo.txt")
    #expect(all.output == "1 (A) Call Mom +family\n3 x 2026-11-20 Milk\n4 Bread +shop\n")
    #expect(
      try run("ls", "--file", "todo.txt", "+shop|pri:A").output
        == "1 (A) Call Mom +family\n4 Bread +shop\n")
    let json = try run("ls", "--json", "--file", "todo.txt", "-is:active")
    let objects = try json.output.split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    #expect(objects.count == 1)
    #expect(objects.first?["line"] as? Int == 3)
    #expect(objects.first?["done"] as? Bool == true)
    #expect(objects.first?["completed"] as? String == "2026-11-20")
    #expect(objects.first?["text"] as? String == "x 2026-11-20 Milk")
  }

  @Test func doUndoPriDepriDelChangeOnlyTheirLines() throws {
    try folder.write("Call Mom\n# note\n(B) Milk\nWater plants due:2026-11-20 rec:+1w\n")
    let done = try run("--file", "todo.txt", "do", "4")
    #expect(done.status == 0, "\(done.error)")
    #expect(
      done.output
        == "4 x \(today) Water plants due:2026-11-20 rec:+1w\n"
        + "5 Water plants due:2026-11-27 rec:+1w\n"
    )
    #expect(try run("--file", "todo.txt", "pri", "1", "c").output == "1 (C) Call Mom\n")
    #expect(try run("--file", "todo.txt", "depri", "3").output == "3 Milk\n")
    #expect(
      try run("--file", "todo.txt", "undo", "4").output == "4 Water plants due:2026-11-20 rec:+1w\n"
    )
    #expect(
      try run("--file", "todo.txt", "del", "5").output
        == "Deleted 5 Water plants due:2026-11-27 rec:+1w\n")
    #expect(file == "(C) Call Mom\n# note\nMilk\nWater plants due:2026-11-20 rec:+1w\n")
  }

  @Test func archiveMovesCompletedTodosToDoneTxt() throws {
    try folder.write("x 2026-11-20 Milk\nCall Mom\nx 2026-11-21 Bread\n")
    try folder.write("x 2026-11-01 Old\n", to: "done.txt")
    let archived = try run("--file", "todo.txt", "archive")
    #expect(archived.status == 0, "\(archived.error)")
    #expect(archived.output == "x 2026-11-20 Milk\nx 2026-11-21 Bread\n")
    #expect(file == "Call Mom\n")
    #expect(
      MergeFileCommandTests.read(folder.file("done.txt"))
        == "x 2026-11-01 Old\nx 2026-11-20 Milk\nx 2026-11-21 Bread\n")
    #expect(try run("--file", "todo.txt", "archive").output == "No completed todo to archive.\n")
  }

  @Test func listsPrintsTheListWithItsActiveCount() throws {
    try folder.write("Milk\nx Bread\nEggs\n")
    #expect(try run("--file", "todo.txt", "lists").output == "\(folder.file()): 2 active\n")
  }

  @Test func lsFiltersByTheQueryLanguage() throws {
    try folder.write(
      "(A) Call Mom +family due:2026-11-20\n# note\nx 2026-11-20 Milk @shop\nBread @shop\n"
        + "(C) Pay rent +home due:2999-01-01\n")
    func ls(_ query: String...) throws -> String {
      let result = try MergeFileCommandTests.run(
        app, ["ls", "--file", "todo.txt"] + query, in: folder.path,
        environment: ["TODOS_TUI_CONFIG": config])
      #expect(result.status == 0, "ls \(query): \(result.error)")
      #expect(result.error.isEmpty, "ls \(query): \(result.error)")
      return result.output
    }
    #expect(try ls("@shop") == "3 x 2026-11-20 Milk @shop\n4 Bread @shop\n")
    #expect(try ls("@shop", "-is:done") == "4 Bread @shop\n")
    #expect(try ls("due:<today") == "1 (A) Call Mom +family due:2026-11-20\n")
    #expect(
      try ls("pri:A-B|@shop", "-is:done")
        == "1 (A) Call Mom +family due:2026-11-20\n4 Bread @shop\n")
    #expect(try ls("MOM") == "1 (A) Call Mom +family due:2026-11-20\n")
    #expect(try ls("\"pay rent\"") == "5 (C) Pay rent +home due:2999-01-01\n")
    // The arguments are one query, as if typed with spaces between them.
    #expect(try ls("due:none is:active") == "4 Bread @shop\n")
    #expect(try ls("+fam").isEmpty)
  }

  @Test func aVerbWaitsForTheLockWhileAnotherTodosTuiHoldsIt() throws {
    try folder.write("Milk\n")
    let lock = open(folder.file("todo.txt.lock"), O_RDWR | O_CREAT, 0o600)
    defer { close(lock) }
    #expect(flock(lock, LOCK_EX) == 0)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: app)
    process.arguments = ["--file", "todo.txt", "add", "Bread"]
    process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
    process.environment = ProcessInfo.processInfo.environment.merging([
      "TODOS_TUI_CONFIG": config
    ]) { $1 }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    // The app gives the lock up after 250 ms; a verb, run from a script, waits longer.
    let start = ContinuousClock.now
    while process.isRunning, ContinuousClock.now - start < .milliseconds(750) {
      usleep(10_000)
    }
    #expect(process.isRunning, "the verb gave up while the lock was held")
    flock(lock, LOCK_UN)
    let printed = String(
      decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(printed)")
    #expect(printed == "1 \(today) Bread\n")
    #expect(file == "\(today) Bread\nMilk\n")
  }

  @Test func theFileIsChosenAsForTheFullScreen() throws {
    try folder.write("From TODO_FILE\n", to: "env.txt")
    #expect(
      try run("ls", environment: ["TODO_FILE": folder.file("env.txt")]).output
        == "1 From TODO_FILE\n")
    try FileManager.default.createDirectory(
      atPath: folder.file("dir"), withIntermediateDirectories: true)
    try folder.write("From TODO_DIR\n", to: "dir/todo.txt")
    #expect(
      try run("ls", environment: ["TODO_DIR": folder.file("dir"), "HOME": folder.path]).output
        == "1 From TODO_DIR\n")
    // A file named like a verb opens as ./add or --file add: here, `ls` reads the file `add`.
    try folder.write("In a file named add\n", to: "add")
    #expect(try run("--file", "add", "ls").output == "1 In a file named add\n")
  }
}
