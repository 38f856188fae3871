import Foundation
import TerminalUITestSupport
import Testing
import TodosFeatureTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// 200 `todos-tui add` and `todos-tui do` commands from the shell, one after another as fast
/// as they run (seeded choices), while the same file is open in the full screen in tmux, where
/// the user adds todos by keys and toggles them (some twice) without waiting for the app: at
/// the end every change of both sides is in the file, once.
@Suite(
  .serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: `make test` installs it"))
final class VerbTerminalTests {
  static let seed: UInt64 = 0x24_C0DE
  let folder: TemporaryFolder
  var file: String { folder.file() }
  /// Todos go at the bottom on both sides, so a line number read from the file still names
  /// the same todo when `do` runs, whatever the app saved in between.
  var config: String { folder.file("config.toml") }

  init() throws {
    folder = try TemporaryFolder()
    try folder.write((1...8).map { "seed-\($0) to do\n" }.joined())
    try folder.write("[behavior]\nnew_todo_position = \"bottom\"\n", to: "config.toml")
  }

  /// The file's lines.
  var lines: [String] {
    (MergeFileCommandTests.read(file) ?? "").split(separator: "\n").map(String.init)
  }

  /// The test's word of a line (`cli-3`, `app-2`, `seed-5`).
  static func word(_ line: String) -> String? {
    line.split(separator: " ").map(String.init).first {
      $0.hasPrefix("cli-") || $0.hasPrefix("app-") || $0.hasPrefix("seed-")
    }
  }

  func verb(_ arguments: String...) throws -> MergeFileCommandTests.Run {
    try MergeFileCommandTests.run(
      try AppTerminalTests.appBinary(), ["--file", file] + arguments, in: folder.path,
      environment: ["TODOS_TUI_CONFIG": config])
  }

  /// How many commands the shell runs.
  static let commands = 200

  @Test func commandsAgainstTheOpenAppLoseNothing() throws {
    let app = try AppTerminalTests.appBinary()
    let session = try TerminalSession(
      command: "'\(app)' '\(file)'", environment: "TODOS_TUI_CONFIG='\(config)'", width: 80,
      height: 30)
    defer { session.close() }
    try session.waitForScreen { $0.first?.hasSuffix(" left") == true }
    var rng = SeededRandom(seed: Self.seed)
    var added = Set((1...8).map { "seed-\($0)" })
    // The todos that end done; those the keys toggled, which the shell leaves alone.
    var done: Set<String> = []
    var toggledByKeys: Set<String> = []
    var cliCount = 0
    var appCount = 0
    var completedByShell = 0
    for _ in 0..<Self.commands {
      if Int.random(in: 0..<3, using: &rng) == 0 {
        appCount += 1
        let word = "app-\(appCount)"
        try session.keys("a")
        try session.type("\(word) by keys")
        try session.keys("Enter")
        added.insert(word)
        switch Int.random(in: 0..<4, using: &rng) {
        case 0:
          try session.keys("Space")
          done.insert(word)
          toggledByKeys.insert(word)
        case 1:
          // Done, then reopened: two changes of the app's, the todo active in the end.
          try session.keys("Space", "Space")
          toggledByKeys.insert(word)
        default: break
        }
      }
      let current = lines
      let candidates = current.indices.filter { index in
        guard let word = Self.word(current[index]), !current[index].hasPrefix("x ") else {
          return false
        }
        return !toggledByKeys.contains(word) && !done.contains(word)
      }
      if cliCount == 0 || candidates.isEmpty || Bool.random(using: &rng) {
        cliCount += 1
        let word = "cli-\(cliCount)"
        let result = try verb("add", "\(word) from the shell")
        #expect(result.status == 0, "add \(word): \(result.error)")
        #expect(result.output.hasSuffix(" \(word) from the shell\n"), "\(result.output)")
        added.insert(word)
      } else if let index = candidates.randomElement(using: &rng),
        let word = Self.word(current[index])
      {
        let result = try verb("do", "\(index + 1)")
        #expect(result.status == 0, "do \(index + 1) (\(word)): \(result.error)")
        #expect(
          result.output.hasPrefix("\(index + 1) x ") && result.output.contains(" \(word) "),
          "do \(index + 1) should complete \(word): \(result.output)")
        done.insert(word)
        completedByShell += 1
      }
    }
    #expect(cliCount + completedByShell == Self.commands)
    if appCount > 0 { try session.waitFor("app-\(appCount) by keys") }
    try session.keys("q")
    try session.waitFor("exited 0", timeout: .seconds(20))
    var byWord: [String: [String]] = [:]
    for line in lines {
      if let word = Self.word(line) { byWord[word, default: []].append(line) }
    }
    for word in added.sorted() {
      guard let found = byWord[word] else {
        Issue.record("\(word) is missing from the file")
        continue
      }
      #expect(found.count == 1, "\(word) is there \(found.count) times: \(found)")
      if done.contains(word) {
        #expect(found.allSatisfy { $0.hasPrefix("x ") }, "\(word) is not done: \(found)")
      } else {
        #expect(!found.contains { $0.hasPrefix("x ") }, "\(word) is done: \(found)")
      }
    }
    #expect(Set(byWord.keys) == added, "lines nobody added: \(Set(byWord.keys).subtracting(added))")
    #expect(!FileManager.default.fileExists(atPath: file + ".conflict"))
  }
}
