import Foundation
import TerminalUITestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Several lists in the built app in a real terminal (tmux): `L`, `[` and `]` switch, `M`
/// moves a todo and `u` moves it back (files checked), and a kill -9 between `M`'s two writes
/// leaves the todo in both files.
@Suite(
  .serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: `make test` installs it"))
final class ListsTerminalTests {
  let fixture: TerminalFixture
  var home: URL { fixture.file }
  var work: URL { fixture.url("work.txt") }

  init() throws { fixture = try TerminalFixture("lists") }

  /// The app on work.txt then todo.txt ("Write report"; "Buy milk", "Call Mom"), showing todo.txt.
  func start(environment: String = "") throws -> TerminalSession {
    try fixture.write("Buy milk\nCall Mom\n")
    try fixture.write("Write report\n", to: "work.txt")
    let session = try fixture.start(arguments: "'\(work.path)'", environment: environment)
    do {
      try session.waitFor("Write report")
      try session.keys("]")
      try session.waitFor("Buy milk")
    } catch {
      session.close()
      throw error
    }
    return session
  }

  @Test func lPicksAListWithItsCountAndBracketsSwitch() throws {
    let session = try start()
    defer { session.close() }
    var screen = try session.waitFor("Call Mom")
    #expect(screen[0].contains("todo.txt") && screen[0].contains("2 items left"))
    try session.keys("L")
    screen = try session.waitFor("List:")
    let rows = screen.filter { $0.contains(".txt") }
    #expect(rows.count == 3)  // the title and the two lists
    #expect(rows.contains { $0.contains("work.txt") && $0.hasSuffix(" 1") })
    #expect(rows.contains { $0.contains("todo.txt") && $0.hasSuffix(" 2") })
    try session.keys("k", "Enter")
    screen = try session.waitFor("Write report")
    #expect(screen[0].contains("work.txt") && screen[0].contains("1 item left"))
    try session.keys("[")  // round the end: todo.txt
    screen = try session.waitFor("Buy milk")
    #expect(screen[0].contains("todo.txt"))
    try session.keys("q")
    try session.waitFor("exited 0")
  }

  @Test func theConfigsFilesAreTheListsWhenNoFileIsGiven() throws {
    try fixture.write("Buy milk\n")
    try fixture.write("Write report\n", to: "work.txt")
    try fixture.write(
      "[behavior]\nfiles = [\"\(work.path)\", \"\(home.path)\"]\n", to: "config.toml")
    let session = try TerminalSession(
      command: "'\(try TerminalFixture.appBinary())' --config '\(fixture.url("config.toml").path)'",
      environment: "TODO_FILE= TODO_DIR= HOME='\(fixture.folder.path)'")
    defer { session.close() }
    var screen = try session.waitFor("Write report")  // the first of files
    #expect(screen[0].contains("work.txt"))
    try session.keys("]")
    screen = try session.waitFor("Buy milk")
    #expect(screen[0].contains("todo.txt"))
  }

  @Test func mMovesTheTodoToTheOtherFileAndUMovesItBack() throws {
    let session = try start()
    defer { session.close() }
    try session.keys("M")
    try session.waitFor("Move it to:")
    try session.keys("Enter")
    try session.waitFor("Moved 1 todo to")
    try waitUntilFile(work, is: "Buy milk\nWrite report\n")
    try waitUntilFile(home, is: "Call Mom\n")
    try session.keys("]")
    try session.waitFor("Write report")
    let screen = try session.waitFor("Buy milk")
    #expect(screen[0].contains("2 items left"))
    try session.keys("[", "u")
    try session.waitFor("Undid the move")
    try waitUntilFile(home, is: "Buy milk\nCall Mom\n")
    try waitUntilFile(work, is: "Write report\n")
  }

  @Test func kill9BetweenTheTwoWritesOfMLeavesTheTodoInBothFiles() throws {
    // Test-only: the app waits 30 s after writing the target, before the source.
    let session = try start(environment: "TODOS_TUI_TEST_PAUSE_AFTER_MOVE_TARGET=30")
    defer { session.close() }
    let pid = try session.programPID()
    try session.keys("M")
    try session.waitFor("Move it to:")
    try session.keys("Enter")
    try waitUntilFile(work, is: "Buy milk\nWrite report\n")
    kill(pid, SIGKILL)
    try session.waitFor("exited 137")
    #expect(fixture.contents("work.txt") == "Buy milk\nWrite report\n")
    #expect(fixture.contents() == "Buy milk\nCall Mom\n")  // still there: in both, never neither
  }
}

/// done.txt in the built app: `D` shows it read-only, `r` `r` restores a todo reopened (the
/// files checked), `u` takes it back, `D` shows the list again.
@Suite(
  .serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: `make test` installs it"))
final class DoneViewTerminalTests {
  let fixture: TerminalFixture

  init() throws { fixture = try TerminalFixture("done-view") }

  @Test func dShowsDoneTxtReadOnlyAndRRestoresATodo() throws {
    try fixture.write("Buy milk\n")
    try fixture.write("x 2026-11-20 Call Mom\nx 2026-11-21 Paid bills\n", to: "done.txt")
    let session = try fixture.start()
    defer { session.close() }
    try session.keys("D")
    var screen = try session.waitFor("Paid bills")
    #expect(screen[0].contains("done.txt · read-only"))
    #expect(screen.last?.contains("r restore · D back") == true)
    try session.keys("d")
    try session.waitFor("done.txt is read-only here")
    try session.keys("r")
    screen = try session.waitFor("Restore “Call Mom” reopened, or still completed?")
    #expect(screen.last?.contains("r reopened") == true)
    try session.keys("r")
    try session.waitFor("Restored “Call Mom” to")
    try waitUntilFile(fixture.file, is: "Call Mom\nBuy milk\n")
    try waitUntilFile(fixture.url("done.txt"), is: "x 2026-11-21 Paid bills\n")
    try session.keys("u")
    try session.waitFor("Undid the restore")
    try waitUntilFile(
      fixture.url("done.txt"), is: "x 2026-11-20 Call Mom\nx 2026-11-21 Paid bills\n")
    try waitUntilFile(fixture.file, is: "Buy milk\n")
    try session.keys("D")
    screen = try session.waitFor("Buy milk")
    #expect(screen[0].contains("todo.txt"))
  }
}
