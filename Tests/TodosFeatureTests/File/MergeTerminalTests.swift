import Foundation
import TerminalUITestSupport
import Testing
import TodosFeatureTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Two writers on one todo.txt, as real processes: the built `todos-tui` in tmux driven by its
/// keys, and `todo.sh` (Debian's `todo-txt`) or a second `todos-tui` changing the file at
/// random moments (seeded). At the end every change of both sides is in the file, and nothing
/// went to a `.conflict` copy.
@Suite(
  .serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: `make test` installs it"))
final class MergeTerminalTests {
  static let seed: UInt64 = 0x14_3E_46E
  let fixture: TerminalFixture
  var folder: URL { fixture.folder }
  var file: URL { fixture.file }

  init() throws {
    fixture = try TerminalFixture("merge")
    try (1...8).map { "seed-\($0) to do\n" }.joined()
      .write(to: file, atomically: true, encoding: .utf8)
  }

  func start() throws -> TerminalSession { try fixture.start(height: 30) }

  /// The file's lines, blank ones included: todo.sh numbers every line (its `del` leaves a
  /// blank one), so an index here is todo.sh's line number minus one.
  var lines: [String] {
    var lines = ((try? String(contentsOf: file, encoding: .utf8)) ?? "")
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  /// Runs `body` holding the app's own lock (`todo.txt.lock`), so that no save of the app
  /// lands between the test reading a line number and todo.sh acting on it: todo.sh names
  /// todos by line number, and a save in between would shift them under it (the test would
  /// then blame the app for todo.sh deleting the wrong line). The app's save waits, then
  /// merges todo.sh's change like any other.
  func holdingTheAppsLock<T>(_ body: () throws -> T) rethrows -> T {
    let fd = open(file.path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    if fd >= 0 { _ = flock(fd, LOCK_EX) }
    defer {
      if fd >= 0 {
        _ = flock(fd, LOCK_UN)
        close(fd)
      }
    }
    return try body()
  }

  /// What each side did, by the unique word of each todo (`sh-3`, `app-7`, `seed-2`).
  struct Changes {
    var added: Set<String> = []
    var done: Set<String> = []
    var prioritised: [String: Character] = [:]
    var deleted: Set<String> = []
  }

  /// The todo words of a line.
  static func words(_ line: Substring) -> [String] {
    line.split(separator: " ").map(String.init).filter {
      $0.hasPrefix("sh-") || $0.hasPrefix("app-") || $0.hasPrefix("one-") || $0.hasPrefix("two-")
        || $0.hasPrefix("seed-")
    }
  }

  /// Runs todo.sh on the test's folder (auto-archive off, so a done todo stays in todo.txt).
  func todoSh(_ arguments: [String]) throws -> String {
    guard let todoSh = ["todo-txt", "todo.sh"].first(where: { AppTerminalTests.isInstalled($0) })
    else {
      throw TestFailure(
        "todo.sh is not installed: `make test` installs the Debian package todotxt-cli")
    }
    let config = folder.appendingPathComponent("todo.cfg")
    if !FileManager.default.fileExists(atPath: config.path) {
      try """
      export TODO_DIR='\(folder.path)'
      export TODO_FILE="$TODO_DIR/todo.txt"
      export DONE_FILE="$TODO_DIR/done.txt"
      export REPORT_FILE="$TODO_DIR/report.txt"
      """.write(to: config, atomically: true, encoding: .utf8)
    }
    let result = try Tmux.execute([todoSh, "-d", config.path, "-a", "-f"] + arguments)
    return result.output
  }

  /// What the file must show for `changes`: every todo added and not deleted is there, done
  /// ones completed, prioritised ones with their priority (or completed after it).
  func problems(_ changes: Changes, deletedForSure: Set<String>) -> [String] {
    let lines = self.lines
    var byWord: [String: [String]] = [:]
    for line in lines {
      for word in Self.words(Substring(line)) { byWord[word, default: []].append(line) }
    }
    var problems: [String] = []
    for word in changes.added.subtracting(changes.deleted).sorted() {
      guard let found = byWord[word] else {
        problems.append("\(word) is missing")
        continue
      }
      if changes.done.contains(word), !found.contains(where: { $0.hasPrefix("x ") }) {
        problems.append("\(word) is not done: \(found)")
      }
      if let priority = changes.prioritised[word], !changes.done.contains(word),
        !found.contains(where: { $0.hasPrefix("(\(priority)) ") || $0.hasPrefix("x ") })
      {
        problems.append("\(word) lost its priority \(priority): \(found)")
      }
    }
    for word in deletedForSure.sorted() where byWord[word] != nil {
      problems.append("\(word) was deleted but is back: \(byWord[word]!)")
    }
    if FileManager.default.fileExists(atPath: file.path + ".conflict") {
      problems.append("a .conflict copy was written")
    }
    return problems
  }

  /// Adds `word` (with a priority when given) through the app's keys, and toggles it when
  /// `toggle` (the selection is on the new todo, and stays on it through merges).
  func add(_ word: String, priority: Character?, toggle: Bool, in session: TerminalSession)
    throws
  {
    try session.keys("a")
    try session.type((priority.map { "(\($0)) " } ?? "") + word + " by keys")
    try session.keys("Enter")
    if toggle { try session.keys("Space") }
  }

  /// todo.sh add/do/pri/del 50 times at random moments while the user adds and toggles in the
  /// app: every change of both sides ends up in todo.txt, and there is no `.conflict` file.
  @Test func todoShAndTheAppOnOneFileLoseNothing() throws {
    try todoShAgainstTheApp(seed: Self.seed)
  }

  /// The rounds of `todoShAndTheAppOnOneFileLoseNothing`; with `staleWriters`, some rounds are
  /// a slowed, unlocked `sed -i` that reads the file before the app saves and renames after.
  func todoShAgainstTheApp(seed: UInt64, staleWriters: Bool = false) throws {
    var rng = SeededRandom(seed: seed)
    var changes = Changes()
    changes.added = Set((1...8).map { "seed-\($0)" })
    var deletedForSure: Set<String> = []
    var appToggled: Set<String> = []
    let session = try start()
    defer { session.close() }
    var shCount = 0
    var appCount = 0
    var log: [String] = []
    for _ in 0..<50 {
      // A random pause on purpose (seeded): the test hunts lost updates, which need the two
      // writers' saves to meet at varied moments; there is nothing to wait for.
      usleep(UInt32.random(in: 0...120_000, using: &rng))
      // The user, now and then.
      if Int.random(in: 0..<2, using: &rng) == 0 {
        appCount += 1
        let word = "app-\(appCount)"
        let toggle = Bool.random(using: &rng)
        try add(word, priority: nil, toggle: toggle, in: session)
        changes.added.insert(word)
        if toggle {
          changes.done.insert(word)
          appToggled.insert(word)
        }
        log.append("app add \(word)\(toggle ? " + toggle" : "")")
      }
      // todo.sh.
      let operation = shCount == 0 ? 0 : Int.random(in: 0..<(staleWriters ? 5 : 4), using: &rng)
      if operation == 4 {
        guard let (word, target) = staleSedTarget(changes) else { continue }
        appCount += 1
        let added = "app-\(appCount)"
        try completingWithASlowedSed(target, whileAdding: added, in: session)
        changes.added.insert(added)
        changes.done.insert(word)
        log.append("slowed sed do \(word) while app add \(added)")
        continue
      }
      if operation == 0 {
        shCount += 1
        let word = "sh-\(shCount)"
        _ = try todoSh(["add", "\(word) from todo.sh"])
        changes.added.insert(word)
        log.append("todo.sh add \(word)")
        continue
      }
      // A todo of todo.sh's own or a seed, found by its line number now (under the app's lock
      // until todo.sh is done, so the number still names that todo when todo.sh reads it).
      let step = try holdingTheAppsLock {
        () throws -> (
          current: [String], index: Int, arguments: [String], output: String, after: [String]
        )? in
        let current = lines
        let candidates = current.indices.filter { index in
          Self.words(Substring(current[index])).contains {
            ($0.hasPrefix("sh-") || $0.hasPrefix("seed-")) && !changes.deleted.contains($0)
          }
        }
        guard let index = candidates.randomElement(using: &rng) else { return nil }
        let arguments: [String] =
          switch operation {
          case 1: ["do", "\(index + 1)"]
          case 2: ["pri", "\(index + 1)", "A"]
          default: ["del", "\(index + 1)"]
          }
        let output = try todoSh(arguments)
        return (current, index, arguments, output, lines)
      }
      guard let (current, index, arguments, output, after) = step else { continue }
      let before = Set(current)
      if let trace = ProcessInfo.processInfo.environment["MERGE_TRACE"] {
        let entry = "== \(arguments) chose line \(index + 1): \(current[index])\n\(output)\n"
        if let handle = FileHandle(forWritingAtPath: trace) {
          handle.seekToEndOfFile()
          handle.write(Data(entry.utf8))
          handle.closeFile()
        }
      }
      // What todo.sh did, from the file before and after it: `pri` and `do` are two `sed -i`
      // steps each, and the app may save in between, so todo.sh's own report can name the
      // wrong line. The app's own writes meanwhile only add `app-` todos or complete them.
      log.append("todo.sh \(arguments.joined(separator: " "))")
      for line in after where !before.contains(line) {
        for word in Self.words(Substring(line)) {
          if line.hasPrefix("(A) ") { changes.prioritised[word] = "A" }
          // `pri` on a completed line makes it `(A) x …`: active again, todo.sh's own doing.
          if line.hasPrefix("(A) x ") { changes.done.remove(word) }
          if line.hasPrefix("x ") { changes.done.insert(word) }
        }
      }
      let wordsAfter = Set(after.flatMap { Self.words(Substring($0)) })
      for line in before {
        for word in Self.words(Substring(line)) where !wordsAfter.contains(word) {
          changes.deleted.insert(word)
          // A todo the app changed too keeps the app's change (an edit beats a deletion).
          if !appToggled.contains(word) { deletedForSure.insert(word) }
        }
      }
    }
    if appCount > 0 { try session.waitFor("app-\(appCount) by keys") }
    try session.keys("q")
    try session.waitFor("exited 0", timeout: .seconds(20))
    let found = problems(changes, deletedForSure: deletedForSure)
    #expect(
      found.isEmpty,
      """
      seed \(seed): \(found.joined(separator: "; "))
      steps: \(log.joined(separator: ", "))
      file:
      \(lines.joined(separator: "\n"))
      """)
  }

  /// Two todos-tui on one file, each driven by its own keys at random moments: both write,
  /// each merges the other's saves, and the file ends with every todo of both.
  @Test func twoAppsOnOneFileLoseNothing() throws {
    var rng = SeededRandom(seed: Self.seed &+ 1)
    var changes = Changes()
    changes.added = Set((1...8).map { "seed-\($0)" })
    let one = try start()
    defer { one.close() }
    let two = try start()
    defer { two.close() }
    var counts = ["one": 0, "two": 0]
    var log: [String] = []
    for _ in 0..<50 {
      // A random pause on purpose (seeded), as in `todoShAgainstTheApp`: varied moments for
      // the two apps' saves to meet.
      usleep(UInt32.random(in: 0...150_000, using: &rng))
      let name = Bool.random(using: &rng) ? "one" : "two"
      counts[name]! += 1
      let word = "\(name)-\(counts[name]!)"
      let toggle = Int.random(in: 0..<3, using: &rng) == 0
      let priority: Character? = Int.random(in: 0..<3, using: &rng) == 0 ? "B" : nil
      try add(word, priority: priority, toggle: toggle, in: name == "one" ? one : two)
      changes.added.insert(word)
      if toggle { changes.done.insert(word) }
      if let priority { changes.prioritised[word] = priority }
      log.append("\(word)\(toggle ? " toggled" : "")\(priority.map { " (\($0))" } ?? "")")
    }
    for (name, session) in [("one", one), ("two", two)] where counts[name]! > 0 {
      try session.waitFor("\(name)-\(counts[name]!) by keys")
    }
    try one.keys("q")
    try one.waitFor("exited 0", timeout: .seconds(20))
    try two.keys("q")
    try two.waitFor("exited 0", timeout: .seconds(20))
    let found = problems(changes, deletedForSure: [])
    #expect(
      found.isEmpty,
      """
      seed \(Self.seed &+ 1): \(found.joined(separator: "; "))
      steps: \(log.joined(separator: ", "))
      file:
      \(lines.joined(separator: "\n"))
      """)
  }

  /// A writer that truncates the file and writes it again in place, while the app has a change
  /// not yet saved: the empty moment is not a deletion of every todo; the rewritten file is
  /// merged with the app's change.
  @Test func aTruncateAndRewriteWriterIsMergedNotBelievedEmpty() throws {
    let session = try start()
    defer { session.close() }
    for round in 1...5 {
      try add("app-\(round)", priority: nil, toggle: false, in: session)
      // At once, within the app's 300 ms debounce: truncate, a pause, then the new contents.
      let before = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
      let handle = try TemporaryFolder.openForWriting(file.path)
      try handle.truncate(atOffset: 0)
      // The empty moment, on purpose: long enough for the app to see the empty file.
      usleep(60_000)
      try handle.write(contentsOf: Data((before + "editor-\(round) wrote this\n").utf8))
      try handle.close()
      try session.waitFor("editor-\(round) wrote this")
    }
    try session.waitFor("app-5 by keys")
    try session.keys("q")
    try session.waitFor("exited 0", timeout: .seconds(20))
    let words = Set(lines.flatMap { Self.words(Substring($0)) })
    let expected = Set((1...8).map { "seed-\($0)" } + (1...5).map { "app-\($0)" })
    #expect(expected.isSubset(of: words), "\(lines)")
    #expect(lines.filter { $0.contains("wrote this") }.count == 5, "\(lines)")
    #expect(!FileManager.default.fileExists(atPath: file.path + ".conflict"))
  }

  /// A writer that truncates the file, writes part of it, pauses (longer than the app's save
  /// delay) and writes the rest, while the app has a change not yet saved: the app must not
  /// rename its merge of the first part over the file the writer is still writing, or the
  /// rest of the writer's lines would go to a file nobody sees.
  @Test func aSlowInPlaceWriterLosesNoLine() throws {
    let session = try start()
    defer { session.close() }
    let before = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    let handle = try TemporaryFolder.openForWriting(file.path)
    try handle.truncate(atOffset: 0)
    try handle.write(
      contentsOf: Data(
        before.split(separator: "\n").prefix(3).map { $0 + "\n" }
          .joined().utf8))
    try add("app-1", priority: nil, toggle: false, in: session)
    // The app's save comes while the writer is halfway: it is refused, and the status says so.
    try session.waitFor("being written by another program")
    try handle.write(
      contentsOf: Data(
        (before.split(separator: "\n").dropFirst(3)
          .map { $0 + "\n" }.joined() + "editor-1 wrote this\n").utf8))
    try handle.close()
    try session.waitFor("editor-1 wrote this", timeout: .seconds(10))
    try session.keys("q")
    try session.waitFor("exited 0", timeout: .seconds(20))
    let words = Set(lines.flatMap { Self.words(Substring($0)) })
    let expected = Set((1...8).map { "seed-\($0)" } + ["app-1"])
    #expect(expected.isSubset(of: words), "\(lines)")
    #expect(lines.contains("editor-1 wrote this"), "\(lines)")
    #expect(!FileManager.default.fileExists(atPath: file.path + ".conflict"))
  }
}

/// SplitMix64: the same random moments on every run of a seed.
struct SeededRandom: RandomNumberGenerator {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
