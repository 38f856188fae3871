import Foundation
import TerminalUITestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The built `todos-tui` in tmux next to other programs writing the same file, and with saves
/// that fail: what only real processes and a real file system show.
@Suite(
  .serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: `make test` installs it"))
final class FileSafetyTerminalTests {
  let fixture: TerminalFixture
  var folder: URL { fixture.folder }
  var file: URL { fixture.file }

  init() throws { fixture = try TerminalFixture("safety") }

  func start(environment: String = "") throws -> TerminalSession {
    try fixture.start(environment: environment)
  }

  func contents(_ name: String = "todo.txt") -> String? { fixture.contents(name) }

  /// A todo.sh on this folder (auto-archive off, so a done todo stays in todo.txt).
  func todoSh(_ arguments: String...) throws -> String {
    guard let todoSh = ["todo-txt", "todo.sh"].first(where: { AppTerminalTests.isInstalled($0) })
    else { throw TestFailure("todo.sh is not installed (Debian package todotxt-cli)") }
    let config = folder.appendingPathComponent("todo.cfg")
    try """
    export TODO_DIR='\(folder.path)'
    export TODO_FILE="$TODO_DIR/todo.txt"
    export DONE_FILE="$TODO_DIR/done.txt"
    export REPORT_FILE="$TODO_DIR/report.txt"
    """.write(to: config, atomically: true, encoding: .utf8)
    let result = try Tmux.execute([todoSh, "-d", config.path, "-a", "-t"] + arguments)
    guard result.status == 0 else { throw TestFailure("todo.sh failed: \(result.output)") }
    return result.output
  }

  /// todo.sh `do` replaces the file twice with `sed -i`; in between there is no file. The app,
  /// untouched, must follow todo.sh and never put its older copy back.
  @Test func todoShDoIsNeverReverted() throws {
    try "".write(to: file, atomically: true, encoding: .utf8)
    let session = try start()
    defer { session.close() }
    for n in 1...6 {
      _ = try todoSh("add", "foo \(n)")
      try session.waitFor("[ ] foo \(n)")
      _ = try todoSh("do", "\(n)")
      try session.waitFor("[x] foo \(n)")
      // The file holds todo.sh's version: n lines, all done. A revert by the app would come
      // later; the next round's todo.sh reads the file it left, and the end checks it again.
      try waitUntilFile(file) { text in
        let lines = text?.split(separator: "\n") ?? []
        return lines.count == n && lines.allSatisfy { $0.hasPrefix("x ") }
      }
      #expect(contents("todo.txt.conflict") == nil, "run \(n)")
      #expect(!(try session.screen()).contains { $0.contains("[ ] foo") }, "run \(n)")
    }
    try session.keys("q")
    try session.waitFor("exited 0")
    // The app has exited: nothing can write the file now.
    let lines = contents()?.split(separator: "\n") ?? []
    #expect(lines.count == 6, "\(lines)")
    #expect(lines.allSatisfy { $0.hasPrefix("x ") }, "\(lines)")
    #expect(contents("todo.txt.conflict") == nil)
  }

  func add(_ text: String, in session: TerminalSession) throws {
    try session.keys("a")
    try session.type(text)
    try session.keys("Enter")
    try session.waitFor("[ ] \(text)")
  }

  /// The path is replaced by a folder, so no save can work: quitting must not exit with the
  /// changes in memory only. They go to todo.txt.recovery, standard error says where, the exit
  /// status is not 0, and the next start names the file in the status line.
  @Test func quittingWhileSavesFailWritesARecoveryFileAndTheNextStartOffersIt() throws {
    try "saved\n".write(to: file, atomically: true, encoding: .utf8)
    var session = try start()
    try FileManager.default.removeItem(at: file)
    try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
    try session.waitFor("Not a regular file: todo.txt")
    try add("typed while it fails", in: session)
    try session.keys("q")
    let after = try session.waitFor("exited 1")
    #expect(after.joined().contains("Your changes: \(file.path).recovery"))
    session.close()
    let recovery = try #require(contents("todo.txt.recovery"))
    #expect(recovery.hasPrefix("# todos-tui: unsaved changes to \(file.path), "))
    #expect(recovery.hasSuffix(" typed while it fails\nsaved\n"))

    try FileManager.default.removeItem(at: file)
    try "saved\n".write(to: file, atomically: true, encoding: .utf8)
    session = try start()
    defer { session.close() }
    try session.waitFor("Unsaved changes from a past run: the path is printed at quit")
    // Merged and deleted: the reminder goes.
    try FileManager.default.removeItem(atPath: file.path + ".recovery")
    try session.waitForScreen { !$0.contains { $0.contains("Unsaved changes from a past run") } }
  }

  /// A 0444 file in a writable folder (as root too) is read-only from the start: the title
  /// says so in the first frame, a key that would change a todo changes nothing and says why,
  /// and quitting leaves the file as it was, with nothing in a recovery file
  /// and no lock file next to it.
  @Test func aReadOnlyFileIsSaidAtStartAndNotReplaced() throws {
    try "read only\n".write(to: file, atomically: true, encoding: .utf8)
    chmod(file.path, 0o444)
    let session = try start()
    defer { session.close() }
    #expect(try session.waitFor("read-only").first?.contains("todo.txt · read-only") == true)
    try session.keys(" ")
    try session.waitFor("todo.txt is read-only (its mode): nothing changed")
    try session.keys("a")
    try session.waitFor("todo.txt is read-only (its mode): nothing changed")
    try session.keys("q")
    try session.waitFor("exited 0")
    #expect(contents() == "read only\n")
    #expect(contents("todo.txt.recovery") == nil)
    #expect(contents("todo.txt.lock") == nil)
  }

  /// The todo file's folder removed under the app, then a change: quitting puts the recovery
  /// file in the state folder, which in a test is the session's own XDG_STATE_HOME, never the
  /// real ~/.local/state.
  @Test func aRecoveryFileFromATestStaysInTheSessionsStateFolder() throws {
    try "keep\n".write(to: file, atomically: true, encoding: .utf8)
    let session = try start()
    defer { session.close() }
    // Removed before the change, so no save can come first, however slow the machine.
    try FileManager.default.removeItem(at: folder)
    try add("saved nowhere", in: session)
    try session.keys("q")
    try session.waitFor("exited 1")
    let name = file.path.replacingOccurrences(of: "/", with: "%") + ".recovery"
    let recovery = session.stateHome.appendingPathComponent("todos-tui/\(name)").path
    #expect(FileManager.default.fileExists(atPath: recovery))
    let home = ProcessInfo.processInfo.environment["HOME"] ?? "/root"
    #expect(!FileManager.default.fileExists(atPath: "\(home)/.local/state/todos-tui/\(name)"))
  }

  /// `/dev/null` as the todo file: the app says it is not a regular file, writes nothing and
  /// leaves no `/dev/null.lock`.
  @Test func devNullGetsNoLockFile() throws {
    let session = try TerminalSession(
      command: "'\(try TerminalFixture.appBinary())' /dev/null")
    defer { session.close() }
    try session.waitFor("Not a regular file: null")
    try session.keys("q")
    try session.waitFor("exited 0")
    #expect(!FileManager.default.fileExists(atPath: "/dev/null.lock"))
  }
}
