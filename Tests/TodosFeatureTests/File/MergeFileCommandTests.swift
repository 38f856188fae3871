import Foundation
import Testing
import TodosFeatureTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The built `todos-tui merge-file`: as git's merge driver in a real repository, on a file that
/// is not text, and in its two-file form under the app's lock.
@Suite struct MergeFileCommandTests {
  struct Run {
    var status: Int32
    var output: String
    var error: String
  }

  /// Runs `program` with `arguments` in `folder`; `environment` is added to this process's.
  @discardableResult
  static func run(
    _ program: String, _ arguments: [String], in folder: String,
    environment: [String: String] = [:]
  ) throws -> Run {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let outData = output.fileHandleForReading.readDataToEndOfFile()
    let errData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Run(
      status: process.terminationStatus, output: String(decoding: outData, as: UTF8.self),
      error: String(decoding: errData, as: UTF8.self))
  }

  static func read(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

  // MARK: git

  /// git with no user or system config, a fixed identity and no editor.
  struct Git {
    let home: String

    @discardableResult
    func callAsFunction(_ arguments: String..., in folder: String) throws -> Run {
      let result = try MergeFileCommandTests.run(
        "/usr/bin/env", ["git"] + arguments, in: folder,
        environment: [
          "HOME": home, "GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_NAME": "Test",
          "GIT_AUTHOR_EMAIL": "test@example.com", "GIT_COMMITTER_NAME": "Test",
          "GIT_COMMITTER_EMAIL": "test@example.com", "GIT_EDITOR": "true",
          "GIT_MERGE_AUTOEDIT": "no", "GIT_TERMINAL_PROMPT": "0",
        ])
      #expect(
        result.status == 0,
        "git \(arguments.joined(separator: " ")) failed: \(result.output)\(result.error)")
      return result
    }
  }

  static var hasGit: Bool {
    (try? run("/usr/bin/env", ["git", "--version"], in: "/").status) == 0
  }

  @Test func gitPullMergesTodoTxtWithTheDriverKeepingEveryChange() throws {
    guard Self.hasGit else {
      print("MergeFileCommandTests: git is not installed; skipping the merge driver test.")
      return
    }
    let app = try AppTerminalTests.appBinary()
    let folder = try TemporaryFolder()
    let git = Git(home: folder.path)
    let origin = folder.file("origin.git")
    let laptop = folder.file("laptop")
    let phone = folder.file("phone")
    let seed = folder.file("seed")
    try FileManager.default.createDirectory(atPath: seed, withIntermediateDirectories: true)
    try git("init", "-q", "-b", "main", in: seed)
    try TemporaryFolder.write(
      """
      (A) Call Mom +family
      Buy milk @store
      Pay rent due:2026-12-01
      Water the plants
      Fix bike +home
      Read book
      Plan trip +travel

      """, toPath: seed + "/todo.txt")
    // What --print-git-setup prints, run as it says.
    let setup = try Self.run(app, ["--print-git-setup"], in: seed)
    #expect(setup.status == 0)
    #expect(setup.output.hasPrefix("echo 'todo.txt merge=todotxt' >> .gitattributes\n"))
    try TemporaryFolder.write("todo.txt merge=todotxt\n", toPath: seed + "/.gitattributes")
    try git("add", "todo.txt", ".gitattributes", in: seed)
    try git("commit", "-q", "-m", "Todos", in: seed)
    try git("clone", "-q", "--bare", seed, origin, in: folder.path)
    for clone in [laptop, phone] {
      try git("clone", "-q", origin, clone, in: folder.path)
      try git("config", "merge.todotxt.driver", "'\(app)' merge-file %O %A %B", in: clone)
      try git("config", "pull.rebase", "false", in: clone)
    }

    // The laptop completes, adds, deletes and edits; re-prioritises the rent; both sides
    // delete the plants and add the bread.
    try TemporaryFolder.write(
      """
      Buy bread
      (A) Call Mom +family
      x 2026-11-26 Buy milk @store
      (B) Pay rent due:2026-12-01
      Fix bike brakes +home
      Plan trip +travel
      Email the landlord

      """, toPath: laptop + "/todo.txt")
    try git("commit", "-q", "-am", "Laptop", in: laptop)
    try git("push", "-q", "origin", "main", in: laptop)
    // The phone does other things, and moves the rent's due date.
    try TemporaryFolder.write(
      """
      x 2026-11-26 Call Mom +family
      Buy milk @store
      Pay rent due:2026-12-03
      Fix bike +home
      Read book
      Book the dentist
      Buy bread

      """, toPath: phone + "/todo.txt")
    try git("commit", "-q", "-am", "Phone", in: phone)
    let pull = try git("pull", "-q", "origin", "main", in: phone)
    #expect(pull.output.contains("both versions kept") || pull.error.contains("both versions kept"))

    let merged = try #require(Self.read(phone + "/todo.txt"))
    #expect(!merged.contains("<<<<<<<") && !merged.contains(">>>>>>>"))
    #expect(
      merged.split(separator: "\n").sorted() == [
        "(B) Pay rent due:2026-12-01", "Book the dentist", "Buy bread", "Email the landlord",
        "Fix bike brakes +home", "Pay rent due:2026-12-03", "x 2026-11-26 Buy milk @store",
        "x 2026-11-26 Call Mom +family",
      ])
    #expect(try git("status", "--porcelain", in: phone).output == "")
    #expect(try git("log", "--format=%s", "-1", in: phone).output.hasPrefix("Merge"))

    // Back on the laptop, the merge arrives as it is.
    try git("push", "-q", "origin", "main", in: phone)
    try git("pull", "-q", "origin", "main", in: laptop)
    #expect(Self.read(laptop + "/todo.txt") == merged)
  }

  // MARK: Not text

  @Test func aFileThatIsNotTextFailsAndLeavesOursAsItWas() throws {
    let app = try AppTerminalTests.appBinary()
    let folder = try TemporaryFolder()
    try folder.write("Call Mom\nBuy milk\n", to: "base")
    try folder.write("x 2026-11-26 Call Mom\nBuy milk\n", to: "ours")
    let utf16: [UInt8] = [0xFF, 0xFE] + Array("Call Mom\n".utf16).flatMap { [UInt8($0), 0] }
    try Data(utf16).write(to: URL(fileURLWithPath: folder.file("theirs")))

    let result = try Self.run(
      app, ["merge-file", "base", "ours", "theirs"], in: folder.path)

    #expect(result.status == 1)
    #expect(result.error.contains("THEIRS is not a text file"))
    #expect(result.error.contains("theirs: it holds NUL bytes"))
    #expect(result.error.contains("To fix, "))
    #expect(Self.read(folder.file("ours")) == "x 2026-11-26 Call Mom\nBuy milk\n")
    #expect(Self.read(folder.file("base")) == "Call Mom\nBuy milk\n")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
        "base", "ours", "theirs",
      ])
  }

  @Test func threeFilesMergeIntoOurs() throws {
    let app = try AppTerminalTests.appBinary()
    let folder = try TemporaryFolder()
    try folder.write("Call Mom\nBuy milk\n", to: "base")
    try folder.write("x 2026-11-26 Call Mom\nBuy milk\n", to: "ours")
    try folder.write("Call Mom\nBuy oat milk\nPay rent\n", to: "theirs")
    chmod(folder.file("ours"), 0o640)

    let result = try Self.run(app, ["merge-file", "base", "ours", "theirs"], in: folder.path)

    #expect(result.status == 0, "\(result.error)")
    #expect(Self.read(folder.file("ours")) == "x 2026-11-26 Call Mom\nBuy oat milk\nPay rent\n")
    #expect(Self.read(folder.file("theirs")) == "Call Mom\nBuy oat milk\nPay rent\n")
    var st = stat()
    #expect(stat(folder.file("ours"), &st) == 0 && st.st_mode & 0o777 == 0o640)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
        "base", "ours", "theirs",
      ])
  }

  // MARK: Two files

  @Test func intoMergesAConflictCopyUnderTheLockAndMovesTheCopy() throws {
    let app = try AppTerminalTests.appBinary()
    let folder = try TemporaryFolder()
    let state = ["XDG_STATE_HOME": folder.file("state")]
    let merged = folder.file("state/todos-tui/merged")
    try folder.write("Call Mom\nBuy milk\nPay rent\n")
    let copy = "todo.sync-conflict-20261126-101500-LAPTOP.txt"
    let copyText = "Call Mom\nx 2026-11-26 Buy milk\nPay rent\nFix bike\n"
    try folder.write(copyText, to: copy)

    // An app saving holds the lock: the merge waits a moment, then gives up, changing nothing.
    let lock = open(folder.file("todo.txt.lock"), O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    #expect(lock >= 0 && flock(lock, LOCK_EX) == 0)
    let locked = try Self.run(
      app, ["merge-file", "--into", "todo.txt", copy], in: folder.path, environment: state)
    #expect(locked.status == 1)
    #expect(locked.error.contains("is open in todos-tui (pid \(getpid()))"))
    #expect(Self.read(folder.file()) == "Call Mom\nBuy milk\nPay rent\n")
    #expect(Self.read(folder.file(copy)) == copyText)
    flock(lock, LOCK_UN)
    close(lock)

    let result = try Self.run(
      app, ["merge-file", "--into", "todo.txt", copy], in: folder.path, environment: state)

    #expect(result.status == 0, "\(result.error)")
    #expect(
      result.output
        == "Merged Syncthing's conflict copy from LAPTOP into todo.txt: 1 todo added, 1 todo "
        + "differs, both kept; the copy is now \(merged)/\(copy).\n")
    // The copy's version of a todo goes right after the file's; its new lines after the line
    // before them in the copy.
    #expect(
      Self.read(folder.file())
        == "Call Mom\nBuy milk\nx 2026-11-26 Buy milk\nPay rent\nFix bike\n")
    #expect(Self.read(folder.file(copy)) == nil)
    #expect(Self.read(merged + "/" + copy) == copyText)
    // The same copy again: nothing more to add, and the first one moved is kept.
    try folder.write(copyText, to: copy)
    let again = try Self.run(
      app, ["merge-file", "--into", "todo.txt", copy], in: folder.path, environment: state)
    #expect(again.output.contains(": nothing new; the copy is now \(merged)/todo.sync-conflict"))
    #expect(
      Self.read(folder.file())
        == "Call Mom\nBuy milk\nx 2026-11-26 Buy milk\nPay rent\nFix bike\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: merged).count == 2)
  }

  @Test func intoDoneTxtTakesTheUnion() throws {
    let app = try AppTerminalTests.appBinary()
    let folder = try TemporaryFolder()
    try folder.write("x 2026-11-20 Call Mom\nx 2026-11-21 Pay rent\n", to: "done.txt")
    let copy = "done (Ann's conflicted copy 2026-11-26).txt"
    try folder.write("x 2026-11-21 Pay rent\nx 2026-11-25 Fix bike\n", to: copy)

    let result = try Self.run(
      app, ["merge-file", "--into", "done.txt", copy], in: folder.path,
      environment: ["XDG_STATE_HOME": folder.file("state")])

    #expect(result.status == 0, "\(result.error)")
    #expect(
      result.output.hasPrefix(
        "Merged Dropbox's conflict copy from Ann into done.txt: 1 todo added;"))
    #expect(
      folder.read("done.txt")
        == "x 2026-11-20 Call Mom\nx 2026-11-21 Pay rent\nx 2026-11-25 Fix bike\n")
    #expect(folder.read(copy) == nil)
  }

  @Test func wrongNumberOfFilesIsAUsageError() throws {
    let app = try AppTerminalTests.appBinary()
    let folder = try TemporaryFolder()
    let result = try Self.run(app, ["merge-file", "only-one"], in: folder.path)
    #expect(result.status == 64)
    #expect(result.error.contains("Give three files, BASE OURS THEIRS"))
  }
}
