import Foundation
import TerminalUITestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The built `todos-tui` in a real terminal (tmux), with a temporary todo file: what only a
/// real terminal and real time show. Waits poll the screen with a timeout.
@Suite(
  .serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: `make test` installs it"))
final class AppTerminalTests {
  let fixture: TerminalFixture
  var folder: URL { fixture.folder }
  var file: URL { fixture.file }

  init() throws { fixture = try TerminalFixture("app") }

  /// The built app, for the suites that run it outside a `TerminalFixture`.
  static func appBinary() throws -> String { try TerminalFixture.appBinary() }

  func start(width: Int = 80, height: Int = 24, environment: String = "") throws
    -> TerminalSession
  {
    try fixture.start(environment: environment, width: width, height: height)
  }

  func contents() -> String? { fixture.contents() }

  func add(_ text: String, in session: TerminalSession) throws {
    try session.keys("a")
    try session.type(text)
    try session.keys("Enter")
    try session.waitFor("[ ] \(text)")
  }

  /// The rows of the list: lines with a checkbox, without the selection marker.
  func rows(_ screen: [String]) -> [String] {
    screen.filter { $0.contains("[ ]") || $0.contains("[x]") }
      .map { String($0.dropFirst(2)).replacingOccurrences(of: " (settling)", with: "") }
      .map { String($0.reversed().drop { $0 == " " }.reversed()) }
  }

  @Test func aCompletedTodoIsTickedInPlaceThenSinksAboutOneSecondLater() throws {
    let session = try start()
    defer { session.close() }
    try session.waitFor("No todos yet")
    try add("Second", in: session)
    try add("First", in: session)
    #expect(rows(try session.screen()) == ["[ ] First", "[ ] Second"])

    try session.keys("Space")
    let toggled = ContinuousClock.now
    let inPlace = try session.waitFor("(settling)")
    #expect(rows(inPlace) == ["[x] First", "[ ] Second"])
    #expect(inPlace.contains { $0.contains("1 item left") })

    let sorted = try session.waitForScreen { rows($0) == ["[ ] Second", "[x] First"] }
    let elapsed = ContinuousClock.now - toggled
    #expect(elapsed >= .milliseconds(900), "sorted after \(elapsed)")
    #expect(!sorted.contains { $0.contains("(settling)") })
    // The selection stayed on its row, where the next todo came up.
    #expect(sorted.contains { $0.hasPrefix("> [ ] Second") })
    try session.keys("q")
    try session.waitFor("exited 0")
  }

  @Test func rapidTogglesDelayTheSort() throws {
    try "a\nb\nc\n".write(to: file, atomically: true, encoding: .utf8)
    let session = try start()
    defer { session.close() }
    try session.keys("Space")
    let first = ContinuousClock.now
    try session.waitFor("(settling)")
    // The user's pause, on purpose: the second toggle must come late in the first one's
    // 1 s wait (at 0.7 s), so a sort that was not restarted would show 0.3 s after it.
    usleep(UInt32(max(0, 700_000 - (ContinuousClock.now - first).microseconds)))
    try session.keys("j", "Space")
    let second = ContinuousClock.now
    try session.waitForScreen { rows($0) == ["[x] a", "[x] b", "[ ] c"] }
    // Nothing moves until a second after the second toggle: the wait was restarted.
    try session.waitForScreen { rows($0) != ["[x] a", "[x] b", "[ ] c"] }
    #expect(ContinuousClock.now - second >= .milliseconds(900))
    try session.waitForScreen { rows($0) == ["[ ] c", "[x] a", "[x] b"] }
  }

  @Test func resizingTo40x10AndBackRedraws() throws {
    try "(A) Call Mom +family\nBuy milk\n".write(to: file, atomically: true, encoding: .utf8)
    let session = try start()
    defer { session.close() }
    try session.resize(width: 40, height: 10)
    let small = try session.waitForScreen {
      $0.count <= 10 && $0.first.map { $0.count <= 40 && $0.hasSuffix("2 items left") } == true
    }
    #expect(rows(small) == ["[ ] (A) Call Mom +family", "[ ] Buy milk"])
    try session.resize(width: 20, height: 5)
    try session.waitFor("too small")
    try session.resize(width: 80, height: 24)
    let big = try session.waitForScreen {
      $0.first.map { $0.count > 60 && $0.hasSuffix("2 items left") } == true
    }
    #expect(rows(big) == ["[ ] (A) Call Mom +family", "[ ] Buy milk"])
  }

  @Test func quittingRestoresTheTerminalAndRelaunchingShowsTheSameList() throws {
    var session = try start()
    try add("Three", in: session)
    try add("Two", in: session)
    try add("One", in: session)
    try session.keys("q")
    let after = try session.waitFor("exited 0")
    #expect(after.first == "shell before")
    #expect(!after.contains { $0.contains("items left") })
    session.close()
    #expect(
      contents()?.split(separator: "\n").map { $0.split(separator: " ").last } == [
        "One", "Two", "Three",
      ])

    session = try start()
    defer { session.close() }
    // The title can be on screen a moment before the rows: wait for them.
    let relaunched = try session.waitForScreen { self.rows($0).count == 3 }
    #expect(rows(relaunched) == ["[ ] One", "[ ] Two", "[ ] Three"])
  }

  @Test func aTodoIsOnDiskHalfASecondAfterItWasAddedEvenAfterKill9() throws {
    let session = try start()
    defer { session.close() }
    try add("Survive kill -9", in: session)
    let added = ContinuousClock.now
    try waitUntilFile(file) { $0?.hasSuffix(" Survive kill -9\n") == true }
    #expect(ContinuousClock.now - added <= .milliseconds(500), "saved after a debounce")
    kill(try session.programPID(), SIGKILL)
    try session.waitFor("exited 137")
    #expect(contents()?.hasSuffix(" Survive kill -9\n") == true)
  }

  @Test func sigtermMidEditKeepsTheTypedText() throws {
    let session = try start()
    defer { session.close() }
    try session.keys("a")
    try session.type("Typed, not committed")
    try session.waitFor("Typed, not committed")
    kill(try session.programPID(), SIGTERM)
    let after = try session.waitFor("exited 143")
    #expect(after.first == "shell before")
    #expect(contents()?.hasSuffix(" Typed, not committed\n") == true)
  }

  @Test func ctrlCQuitsAndSaves() throws {
    let session = try start()
    defer { session.close() }
    try add("Saved by Ctrl-C", in: session)
    try session.keys("C-c")
    try session.waitFor("exited 0")
    #expect(contents()?.hasSuffix(" Saved by Ctrl-C\n") == true)
  }

  @Test func anOutsideChangeToASymlinkedFileIsReloaded() throws {
    let real = folder.appendingPathComponent("real")
    try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
    let target = real.appendingPathComponent("todo.txt")
    try "first\n".write(to: target, atomically: true, encoding: .utf8)
    try FileManager.default.createSymbolicLink(at: file, withDestinationURL: target)
    let session = try start()
    defer { session.close() }
    // An editor saves atomically: a new file renamed over the target, next to it.
    try "first\nfrom an editor\n".write(to: target, atomically: true, encoding: .utf8)
    let screen = try session.waitFor("[ ] from an editor")
    #expect(rows(screen) == ["[ ] first", "[ ] from an editor"])
    #expect(screen.contains { $0.contains("Reloaded: todo.txt changed on disk") })
  }

  /// Inside tmux with TERM=xterm-256color (a common setup), tmux sends Home and End as
  /// sequences that terminal type does not list; they must still be keys, not Esc + letters.
  @Test func homeEndAndShiftArrowsWorkWhateverTermSays() throws {
    try "alpha\nbeta\n".write(to: file, atomically: true, encoding: .utf8)
    let session = try start(environment: "TERM=xterm-256color")
    defer { session.close() }
    try session.keys("e", "Home")
    try session.type("1 ")
    try session.keys("End")
    try session.type(" 2")
    try session.keys("Enter")
    try session.waitFor("[ ] 1 alpha 2")
    try session.keys("S-Down")
    let moved = try session.waitForScreen { rows($0) == ["[ ] beta", "[ ] 1 alpha 2"] }
    #expect(moved.contains { $0.hasPrefix("> [ ] 1 alpha 2") })
  }

  /// A paste is text, not keys: its letters are not commands (without bracketed paste, the
  /// "d" of "and" would delete a todo); several lines pasted in the list are one todo each, and
  /// newlines pasted into the field do not press Enter.
  @Test func pastedTextIsTextNotCommands() throws {
    try "keep me\n".write(to: file, atomically: true, encoding: .utf8)
    let session = try start()
    defer { session.close() }
    try session.paste("Buy bread\nand jam")  // in the list: a todo per line
    let added = try session.waitForScreen {
      rows($0) == ["[ ] Buy bread", "[ ] and jam", "[ ] keep me"]
    }
    #expect(added.contains { $0.hasPrefix("> [ ] Buy bread") })
    try session.keys("e")
    try session.paste(" (two\nlines)")
    try session.keys("Enter")
    let screen = try session.waitFor("[ ] Buy bread (two lines)")
    #expect(rows(screen) == ["[ ] Buy bread (two lines)", "[ ] and jam", "[ ] keep me"])
  }

  @Test func todoShAndTheAppShareTheFile() throws {
    guard let todoSh = ["todo-txt", "todo.sh"].first(where: { Self.isInstalled($0) }) else {
      Issue.record("todo.sh is not installed (Debian package todotxt-cli): `make test` installs it")
      return
    }
    let config = folder.appendingPathComponent("todo.cfg")
    try """
    export TODO_DIR='\(folder.path)'
    export TODO_FILE="$TODO_DIR/todo.txt"
    export DONE_FILE="$TODO_DIR/done.txt"
    export REPORT_FILE="$TODO_DIR/report.txt"
    """.write(to: config, atomically: true, encoding: .utf8)
    let added = try Tmux.execute([
      todoSh, "-d", config.path, "-t", "add", "Written by todo.sh +cli",
    ])
    #expect(added.status == 0, "\(added.output)")

    let session = try start()
    defer { session.close() }
    #expect(rows(try session.screen()).first?.hasPrefix("[ ] Written by todo.sh +cli") == true)
    try add("Written by the app", in: session)
    try session.keys("q")
    try session.waitFor("exited 0")

    let listed = try Tmux.execute([todoSh, "-d", config.path, "-p", "ls"])
    #expect(listed.output.contains("Written by the app"))
    #expect(listed.output.contains("Written by todo.sh +cli"))
  }

  static func isInstalled(_ command: String) -> Bool {
    (try? Tmux.execute(["sh", "-c", "command -v \(command)"]))?.status == 0
  }
}

/// A duration in whole microseconds, for `usleep`.
extension Duration {
  var microseconds: Int64 {
    components.seconds * 1_000_000 + components.attoseconds / 1_000_000_000_000
  }
}
