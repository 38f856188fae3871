import Foundation
import TerminalUITestSupport
import Testing

/// A todo.sh user's setup, in the built app: with no file given, `TODO_DIR` from
/// `~/.todo/config` names the file (said in the title) and its `DONE_FILE` takes the archive.
@Suite(
  .serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: `make test` installs it"))
final class TodoShTerminalTests {
  /// The user's home: `~/.todo/config` and `~/todo/`.
  let fixture: TerminalFixture
  var home: URL { fixture.folder }

  init() throws {
    fixture = try TerminalFixture("todosh")
    for folder in [".todo", "todo"] {
      try FileManager.default.createDirectory(
        at: home.appendingPathComponent(folder), withIntermediateDirectories: true)
    }
  }

  @Test func todoShsFolderAndDoneFileAreUsedAndTheTitleNamesTheFile() throws {
    try """
    # todo.sh's config: only these lines are read
    export TODO_DIR="$HOME/todo"
    export TODO_FILE="$TODO_DIR/todo.txt"
    export DONE_FILE="$TODO_DIR/archive.txt"

    """.write(to: home.appendingPathComponent(".todo/config"), atomically: true, encoding: .utf8)
    try "x 2026-11-01 Old one\nBuy milk\n".write(
      to: home.appendingPathComponent("todo/todo.txt"), atomically: true, encoding: .utf8)
    let session = try TerminalSession(
      command: "'\(try TerminalFixture.appBinary())'",
      environment: "-u TODO_FILE -u TODO_DIR -u DONE_FILE HOME='\(home.path)'")
    defer { session.close() }
    let screen = try session.waitFor("1 item left")
    #expect(screen.first?.hasPrefix(" ~/todo/todo.txt ") == true)
    #expect(screen.contains { $0.contains("Buy milk") })
    try session.keys("A")
    try session.waitFor("Archived 1 todo to archive.txt")
    try session.keys("q")
    try session.waitFor("exited 0")
    let archive = try String(
      contentsOf: home.appendingPathComponent("todo/archive.txt"), encoding: .utf8)
    #expect(archive == "x 2026-11-01 Old one\n")
  }
}
