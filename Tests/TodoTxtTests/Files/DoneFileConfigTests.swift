import Testing

@testable import TodoTxt

/// config.toml's `done_file`: after --done-file and $DONE_FILE, before done.txt beside the
/// todo file; `~/` is home, a relative path is the todo file's folder's.
@Suite struct DoneFileConfigTests {
  func resolve(option: String? = nil, env: [String: String] = [:], configured: String?) throws
    -> DoneFileLocation
  {
    try DoneFileLocation.resolve(
      option: option, environment: env.merging(["HOME": "/home/me"]) { a, _ in a },
      currentDirectory: "/work", todoFile: "/home/me/todo/todo.txt", configured: configured,
      realPath: { _ in nil })
  }

  @Test func theConfigsDoneFileComesAfterTheOptionAndTheEnvironment() throws {
    #expect(
      try resolve(configured: "~/archive/done.txt")
        == DoneFileLocation(path: "/home/me/archive/done.txt", source: .config))
    #expect(
      try resolve(configured: "old/done.txt")
        == DoneFileLocation(path: "/home/me/todo/old/done.txt", source: .config))
    #expect(
      try resolve(configured: "/srv/done.txt")
        == DoneFileLocation(path: "/srv/done.txt", source: .config))
    #expect(try resolve(env: ["DONE_FILE": "d.txt"], configured: "x.txt").source == .environment)
    #expect(try resolve(option: "o.txt", configured: "x.txt").source == .option)
    #expect(try resolve(configured: nil).source == .besideTodoFile)
    #expect(throws: TodoFileLocationError.self) { try resolve(configured: "todo.txt") }
  }
}
