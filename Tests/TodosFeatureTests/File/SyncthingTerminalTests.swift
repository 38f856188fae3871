import Foundation
import TerminalUITestSupport
import Testing

/// Two todos-tui, each on its own copy of todo.txt, kept in sync by two real Syncthing
/// instances on 127.0.0.1 (docs/sync.md). While the link is paused both sides change the list,
/// one todo differently on each; once it is back, both files end identical with every change
/// of both, and the conflict copy Syncthing made is merged and moved away.
@Suite(
  .serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: `make test` installs it"),
  .enabled(
    if: Syncthing.isInstalled,
    "syncthing is not installed: run `make test` as root or `sudo apt-get install syncthing`"))
final class SyncthingTerminalTests {
  let fixture: TerminalFixture
  /// The whole test's deadline: it ends by itself within two minutes.
  let deadline = ContinuousClock.now + .seconds(110)

  init() throws { fixture = try TerminalFixture("syncthing") }

  /// What is left of the test's two minutes, `most` at most.
  func remaining(_ most: Duration) -> Duration {
    min(most, max(.seconds(1), deadline - ContinuousClock.now))
  }

  @Test func changesOnBothSidesWhilePausedAllEndInBothFilesWithNoConflictCopyLeft() throws {
    let started = ContinuousClock.now
    let (a, b) = try Syncthing.pair(in: fixture.folder)
    defer {
      a.stop()
      b.stop()
    }
    let initial = "Call Mom\nBuy milk\nFix bike\nPay rent\nWater plants\n"
    try Data(initial.utf8).write(to: file(a))
    try a.start(timeout: remaining(.seconds(30)))
    try b.start(timeout: remaining(.seconds(30)))
    try waitUntil(timeout: remaining(.seconds(40))) {
      fileText(file(b)) == initial
    } otherwise: {
      "todo.txt never reached b:\n\(report(a, b))"
    }

    let appA = try open(a)
    defer { appA.close() }
    let appB = try open(b)
    defer { appB.close() }

    // The machines part.
    try a.post("/rest/system/pause?device=\(b.deviceID)")
    try waitUntil(timeout: remaining(.seconds(20))) {
      try !a.isConnected(to: b) && !b.isConnected(to: a)
    } otherwise: {
      "the link never paused:\n\(report(a, b))"
    }

    // a: edits a todo, completes another, adds one.
    try edit(row: 3, "Pay rent", appending: " online", in: appA, file: file(a))
    try complete(row: 1, "Buy milk", in: appA, file: file(a))
    try add("Book dentist", in: appA, file: file(a))
    // b: completes the todo a edited, edits another, adds one.
    try edit(row: 2, "Fix bike", appending: " chain", in: appB, file: file(b))
    try complete(row: 3, "Pay rent", in: appB, file: file(b))
    try add("Renew passport", in: appB, file: file(b))
    // Each side has seen its own changes before they meet.
    try a.scan()
    try b.scan()

    // They meet again.
    try a.post("/rest/system/resume?device=\(b.deviceID)")
    try waitUntil(timeout: remaining(.seconds(60))) {
      guard let textA = fileText(file(a)), fileText(file(b)) == textA,
        Self.missing(in: textA).isEmpty, conflictCopies(a).isEmpty, conflictCopies(b).isEmpty
      else { return false }
      return try a.isConnected(to: b) && a.isInSync(with: b) && b.isInSync(with: a)
    } otherwise: {
      "the two files never ended the same with every change:\n\(report(a, b))"
    }

    let text = fileText(file(a)) ?? ""
    #expect(Self.missing(in: text) == [], "\(text)")
    #expect(fileText(file(b)) == text)
    #expect(conflictCopies(a) == [] && conflictCopies(b) == [])
    // Syncthing's copy went to a merged folder: the app's that merged it.
    let merged = [appA, appB].flatMap { app in
      let folder = app.stateHome.appendingPathComponent("todos-tui/merged")
      return (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    }
    #expect(merged.contains { $0.hasPrefix("todo.sync-conflict-") }, "merged: \(merged)")
    // Both apps show the merged list.
    for app in [appA, appB] {
      try app.waitForScreen(timeout: remaining(.seconds(10))) { screen in
        ["[ ] Pay rent online", "[x] Pay rent", "[ ] Fix bike chain", "[x] Buy milk"].allSatisfy {
          row in screen.contains { $0.contains(row) }
        }
      }
      try app.keys("q")
      try app.waitFor("exited 0", timeout: remaining(.seconds(10)))
    }
    #expect(fileText(file(a)) == text && fileText(file(b)) == text)
    #expect(ContinuousClock.now - started < .seconds(120))
  }

  // MARK: Helpers

  func file(_ side: Syncthing) -> URL { side.folder.appendingPathComponent("todo.txt") }

  /// The app on `side`'s todo.txt, with a home and XDG folders of its own.
  func open(_ side: Syncthing) throws -> TerminalSession {
    let home = fixture.folder.appendingPathComponent("\(side.name)-home")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    let session = try TerminalSession(
      command: "'\(try TerminalFixture.appBinary())' '\(file(side).path)'",
      environment: "HOME='\(home.path)'", width: 100)
    do {
      try session.waitForScreen(timeout: remaining(.seconds(20))) {
        $0.contains { $0.contains("[ ] Water plants") }
      }
    } catch {
      session.close()
      throw error
    }
    return session
  }

  /// Selects the `row`th todo (from 0), which must be `text`.
  func select(row: Int, _ text: String, in app: TerminalSession) throws {
    try app.keys("g")
    for _ in 0..<row { try app.keys("j") }
    try app.waitFor("> [ ] \(text)", timeout: remaining(.seconds(10)))
  }

  func edit(
    row: Int, _ text: String, appending more: String, in app: TerminalSession, file: URL
  ) throws {
    try select(row: row, text, in: app)
    try app.keys("e")
    try app.type(more)
    try app.keys("Enter")
    try waitUntilFile(file) { $0?.contains("\n\(text)\(more)\n") == true }
  }

  func complete(row: Int, _ text: String, in app: TerminalSession, file: URL) throws {
    try select(row: row, text, in: app)
    try app.keys("Space")
    try waitUntilFile(file) { contents in
      (contents ?? "").split(separator: "\n").contains {
        $0.hasPrefix("x ") && $0.hasSuffix(" \(text)")
      }
    }
  }

  func add(_ text: String, in app: TerminalSession, file: URL) throws {
    try app.keys("a")
    try app.type(text)
    try app.keys("Enter")
    try waitUntilFile(file) { $0?.contains(" \(text)\n") == true || $0?.hasPrefix(text) == true }
  }

  /// The changes of both sides `text` lacks: each line once, nothing else.
  static func missing(in text: String) -> [String] {
    var lines = text.split(separator: "\n").map(String.init)
    let expected: [(String, (String) -> Bool)] = [
      ("Call Mom", { $0 == "Call Mom" }),
      ("x Buy milk", { $0.hasPrefix("x ") && $0.hasSuffix(" Buy milk") }),
      ("Fix bike chain", { $0 == "Fix bike chain" }),
      ("Pay rent online", { $0 == "Pay rent online" }),
      ("x Pay rent", { $0.hasPrefix("x ") && $0.hasSuffix(" Pay rent") }),
      ("Water plants", { $0 == "Water plants" }),
      ("Book dentist", { $0.hasSuffix("Book dentist") && !$0.hasPrefix("x ") }),
      ("Renew passport", { $0.hasSuffix("Renew passport") && !$0.hasPrefix("x ") }),
    ]
    var missing: [String] = []
    for (name, matches) in expected {
      if let index = lines.firstIndex(where: matches) {
        lines.remove(at: index)
      } else {
        missing.append(name)
      }
    }
    return missing + lines.map { "extra: \($0)" }
  }

  /// Syncthing's conflict copies in `side`'s folder. Not its hidden partial download of one
  /// (`.syncthing.NAME.tmp`), which stays when the copy was moved away on the other side
  /// before it arrived: Syncthing removes it after a day (`keepTemporariesH`).
  func conflictCopies(_ side: Syncthing) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: side.folder.path)) ?? [])
      .filter { $0.contains(".sync-conflict-") && !$0.hasPrefix(".syncthing.") }.sorted()
  }

  /// Both folders, both files and the end of both logs, for a failure.
  func report(_ sides: Syncthing...) -> String {
    sides.map { side in
      let names = (try? FileManager.default.contentsOfDirectory(atPath: side.folder.path)) ?? []
      let peer = sides.first { $0 !== side }
      let inSync = peer.map { (try? side.isInSync(with: $0)) == true } ?? false
      return """
        \(side.name) (\(side.deviceID.prefix(7))), in sync: \(inSync): \(names.sorted())
        todo.txt: \(fileText(file(side))?.debugDescription ?? "nil")
        log:
        \(side.log())
        """
    }.joined(separator: "\n")
  }
}
