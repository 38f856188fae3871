import Foundation
import TerminalUITestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The organising keys in the built app in a real terminal (tmux): `p` `a`, `v` `j` `j` `x`,
/// and `A` with the bytes of todo.txt and done.txt checked, a kill -9 right after `A` too.
@Suite(
  .serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: `make test` installs it"))
final class OrganiseTerminalTests {
  let fixture: TerminalFixture
  var folder: URL { fixture.folder }
  var file: URL { fixture.file }
  var doneFile: URL { folder.appendingPathComponent("done.txt") }

  init() throws { fixture = try TerminalFixture("organise") }

  func write(_ text: String, to url: URL) throws {
    try Data(text.utf8).write(to: url)
  }

  func read(_ url: URL) -> String? { try? String(contentsOf: url, encoding: .utf8) }

  func start(_ arguments: String = "") throws -> TerminalSession {
    try fixture.start(arguments: arguments)
  }

  /// Waits until `condition` holds for the todo file's text.
  func waitForFile(_ url: URL, _ condition: (String?) -> Bool) throws {
    try waitUntilFile(url, condition)
  }

  @Test func pThenASetsPriorityA() throws {
    try write("Call Mom\nBuy milk\n", to: file)
    let session = try start()
    defer { session.close() }
    try session.keys("p")
    try session.waitFor("a-z set the priority")  // the hint line says what p waits for
    try session.keys("a")
    try session.waitFor("Priority A: “Call Mom”")
    try waitForFile(file) { $0 == "(A) Call Mom\nBuy milk\n" }
    try session.keys("u")
    try waitForFile(file) { $0 == "Call Mom\nBuy milk\n" }
  }

  @Test func vJJXCompletesThreeTodosAsOneStep() throws {
    try write("a\nb\nc\nd\n", to: file)
    let session = try start()
    defer { session.close() }
    try session.keys("v", "j", "j")
    let screen = try session.waitFor(">*[ ] c")
    #expect(screen.contains(" *[ ] a") && screen.contains(" *[ ] b"))
    #expect(screen.contains("  [ ] d"))
    try session.keys("x")
    try session.waitFor("Completed 3 todos · u to undo")
    try waitForFile(file) { text in
      let lines = text?.split(separator: "\n") ?? []
      return lines.count == 4 && lines.prefix(3).allSatisfy { $0.hasPrefix("x ") }
        && lines[3] == "d"
    }
    try session.keys("u")
    try waitForFile(file) { $0 == "a\nb\nc\nd\n" }  // one undo step
  }

  static let todoText = "a\nx 2024-05-01 b\n(B) c\nx 2024-05-01  d\tkept\n"
  static let archived = "x 2024-05-01 b\nx 2024-05-01  d\tkept\n"

  @Test func aMovesCompletedTodosToADoneTxtWithoutAFinalNewlineAndUndoPutsThemBack() throws {
    try write(Self.todoText, to: file)
    try write("x 2024-01-01 old", to: doneFile)  // no final newline
    let session = try start()
    defer { session.close() }
    try session.keys("A")
    try session.waitFor("Archived 2 todos to done.txt · u to undo")
    #expect(read(doneFile) == "x 2024-01-01 old\n" + Self.archived)
    #expect(read(file) == "a\n(B) c\n")
    try session.keys("u")
    try session.waitFor("2 todos are back, and out of done.txt")
    #expect(read(doneFile) == "x 2024-01-01 old")
    #expect(read(file) == Self.todoText)
  }

  @Test func theDoneFileOptionIsWhereAWrites() throws {
    try write(Self.todoText, to: file)
    let elsewhere = folder.appendingPathComponent("archive.txt")
    let session = try start("--done-file '\(elsewhere.path)'")
    defer { session.close() }
    try session.keys("A")
    try session.waitFor("Archived 2 todos to archive.txt")
    #expect(read(elsewhere) == Self.archived)
    #expect(!FileManager.default.fileExists(atPath: doneFile.path))
  }

  @Test func kill9RightAfterALosesNoLine() throws {
    try write(Self.todoText, to: file)
    try write("x 2024-01-01 old\n", to: doneFile)
    let session = try start()
    defer { session.close() }
    let pid = try session.programPID()
    try session.keys("A")
    kill(pid, SIGKILL)
    try session.waitFor("exited 137")
    let todo = read(file) ?? ""
    let done = read(doneFile) ?? ""
    // Either nothing happened yet, or done.txt has the lines (and todo.txt maybe still too):
    // never a line in neither file.
    #expect(done == "x 2024-01-01 old\n" || done == "x 2024-01-01 old\n" + Self.archived)
    #expect(todo == Self.todoText || todo == "a\n(B) c\n")
    if todo == "a\n(B) c\n" { #expect(done.hasSuffix(Self.archived)) }
    for line in Self.todoText.split(separator: "\n") {
      #expect(todo.contains(line) || done.contains(line), "\(line) is in neither file")
    }
  }
}
