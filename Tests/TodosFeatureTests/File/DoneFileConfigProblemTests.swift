import Foundation
import TerminalUITestSupport
import Testing

/// A config.toml `done_file` naming the todo file itself is a config problem like any other:
/// the app still starts (done.txt beside the todo file) and says file, line and "To fix, …".
@Suite struct DoneFileConfigProblemTests {
  @Test func aDoneFileThatIsTheTodoFileDoesNotKeepTheAppFromStarting() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("todos-tui-done-config-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let todo = folder.appendingPathComponent("todo.txt").path
    try "Alpha\n".write(toFile: todo, atomically: true, encoding: .utf8)
    let config = folder.appendingPathComponent("config.toml").path
    try "[behavior]\ndone_file = \"todo.txt\"\n".write(
      toFile: config, atomically: true, encoding: .utf8)
    // Standard input is not a terminal: the app stops at the terminal check, after it has
    // worked out its files; what it says is on standard error.
    let result = try Tmux.execute(
      [try AppTerminalTests.appBinary(), "--config", config, todo])
    #expect(!result.output.contains("The done file is the todo file."))
    #expect(result.output.contains("\(config):2: done_file is the todo file itself"))
    #expect(result.output.contains("archived todos go to \(folder.path)/done.txt"))
    #expect(result.output.contains("To fix, give done_file a file of its own"))
  }
}
