import Foundation
import TerminalUITestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Writers that read todo.txt before the app saves and rename their version over it after
/// (todo.sh's `sed -i`, slowed), as real processes, with the machine busy too.
extension MergeTerminalTests {
  /// The reproduction: `sed` reads the file, the app adds and saves a todo, then sed
  /// renames its completion of a seed over the file. Both changes end up in todo.txt.
  @Test func aSlowedSedThatReadBeforeTheAppsSaveLosesNothing() throws {
    let session = try start()
    defer { session.close() }
    try completingWithASlowedSed("seed-1 to do", whileAdding: "app-1", in: session)
    try waitUntilFile(file) { text in
      let lines = (text ?? "").split(separator: "\n")
      return lines.contains { $0.hasSuffix("app-1 by keys") }
        && lines.contains("x 2026-11-26 seed-1 to do")
    }
    try session.keys("q")
    try session.waitFor("exited 0", timeout: .seconds(20))
    #expect(lines.filter { $0.contains("seed-1") } == ["x 2026-11-26 seed-1 to do"])
    #expect(lines.filter { $0.contains("app-1") }.count == 1)
  }

  /// todo.sh add/do/pri/del and slowed `sed -i` writers against the app's keys, with two busy
  /// loops beside them (the machine under load stretches every window): every change of both
  /// sides is in todo.txt at the end, and there is no `.conflict` file.
  @Test func todoShAndTheAppOnOneFileLoseNothingOnABusyMachine() throws {
    // Each loop ends by itself when the test process is gone (SIGTERM may be ignored by what
    // the test runner passes on, so they are stopped with SIGKILL).
    let loops = try (0..<2).map { _ in
      let loop = Process()
      loop.executableURL = URL(fileURLWithPath: "/bin/sh")
      loop.arguments = ["-c", "while kill -0 $PPID 2>/dev/null; do :; done"]
      // Not the test runner's output: a loop holding it would keep `swift test` waiting.
      loop.standardOutput = FileHandle.nullDevice
      loop.standardError = FileHandle.nullDevice
      try loop.run()
      return loop
    }
    defer { for loop in loops { kill(loop.processIdentifier, SIGKILL) } }
    try todoShAgainstTheApp(seed: Self.seed &+ 2, staleWriters: true)
  }

  /// A todo.sh or seed todo still open and not deleted, for a slowed `sed` to complete: its
  /// word and its line.
  func staleSedTarget(_ changes: Changes) -> (word: String, line: String)? {
    for line in lines where !line.hasPrefix("x ") && !line.hasPrefix("(A) x ") {
      let words = Self.words(Substring(line)).filter {
        ($0.hasPrefix("sh-") || $0.hasPrefix("seed-")) && !changes.deleted.contains($0)
      }
      if let word = words.first { return (word, line) }
    }
    return nil
  }

  /// A `sed -i` slowed down: it reads todo.txt, the app adds `word` and saves it, then sed's
  /// version, made from what it read, with `line` completed, is renamed over the file.
  /// Returns once sed is done.
  func completingWithASlowedSed(
    _ line: String, whileAdding word: String, in session: TerminalSession
  ) throws {
    let read = folder.appendingPathComponent(".sed-read")
    let go = folder.appendingPathComponent(".sed-go")
    let writer = Process()
    writer.executableURL = URL(fileURLWithPath: "/bin/sh")
    writer.currentDirectoryURL = folder
    writer.environment = ProcessInfo.processInfo.environment.merging(["TARGET": line]) { $1 }
    writer.arguments = [
      "-c",
      """
      c=$(cat todo.txt); : > .sed-read
      while [ ! -e .sed-go ]; do sleep 0.01; done
      printf '%s\\n' "$c" | awk '{ if ($0 == ENVIRON["TARGET"]) print "x 2026-11-26 " $0; \\
      else print }' > .sed-tmp && mv .sed-tmp todo.txt && rm -f .sed-read .sed-go
      """,
    ]
    try writer.run()
    try waitUntilFile(read) { $0 != nil }
    try add(word, priority: nil, toggle: false, in: session)
    // The app's save lands between sed's read and its rename.
    try waitUntilFile(file) { ($0 ?? "").contains("\(word) by keys") }
    FileManager.default.createFile(atPath: go.path, contents: nil)
    writer.waitUntilExit()
    #expect(writer.terminationStatus == 0)
  }
}
