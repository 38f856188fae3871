import Foundation
import Testing
import TodosFeatureTestSupport

@testable import TodoTxt

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct TodoFileLocationTests {
  private func resolve(_ environment: [String: String]) throws(TodoFileLocationError)
    -> TodoFileLocation
  {
    try resolve(nil, environment)
  }

  private func resolve(
    _ argument: String?, file: String? = nil, _ environment: [String: String]
  ) throws(TodoFileLocationError) -> TodoFileLocation {
    try TodoFileLocation.resolve(
      argument: argument, fileOption: file, environment: environment, currentDirectory: "/work")
  }

  @Test func argumentWins() throws {
    let env = ["TODO_FILE": "/env/todo.txt", "HOME": "/home/me"]
    #expect(try resolve("/a/todo.txt", env) == .init(path: "/a/todo.txt", source: .argument))
    #expect(try resolve(nil, file: "b.txt", env) == .init(path: "/work/b.txt", source: .fileOption))
    #expect(try resolve("../c.txt", env).path == "/c.txt")
  }

  @Test func bothGivenMustAgree() throws {
    #expect(try resolve("a.txt", file: "a.txt", [:]).path == "/work/a.txt")
    #expect(throws: TodoFileLocationError.self) { try resolve("a.txt", file: "b.txt", [:]) }
  }

  @Test func environmentThenXDGThenHome() throws {
    #expect(
      try resolve(["TODO_FILE": "/env/todo.txt", "HOME": "/h"])
        == .init(path: "/env/todo.txt", source: .environment))
    #expect(
      try resolve(["TODO_FILE": "", "XDG_DATA_HOME": "/data", "HOME": "/h"])
        == .init(path: "/data/todos-tui/todo.txt", source: .defaultLocation))
    for xdg in [nil, "", "relative/data"] {
      var env = ["HOME": "/home/me"]
      env["XDG_DATA_HOME"] = xdg
      #expect(try resolve(env).path == "/home/me/.local/share/todos-tui/todo.txt")
    }
  }

  @Test func noHomeIsAClearError() {
    #expect(throws: TodoFileLocationError.self) { try resolve([:]) }
    do {
      _ = try resolve(["HOME": ""])
    } catch {
      #expect(
        error.description == """
          There is no place for the todo file.

            HOME=""

          To fix, pass a file (todos-tui ~/todo.txt), set TODO_FILE or XDG_DATA_HOME, \
          or set HOME to an absolute path.
          """)
    }
  }

  @Test func prepareCreatesTheDefaultFolderPrivately() throws {
    let folder = try TemporaryFolder()
    let location = try resolve(["XDG_DATA_HOME": folder.path + "/data"])
    try location.prepare()
    var st = stat()
    #expect(stat(folder.path + "/data/todos-tui", &st) == 0)
    #expect(st.st_mode & 0o777 == 0o700)
    try location.prepare()  // twice is fine
  }

  @Test func prepareDoesNotCreateFoldersForAGivenFile() throws {
    let folder = try TemporaryFolder()
    let location = try resolve(folder.path + "/missing/todo.txt", [:])
    #expect(throws: TodoFileLocationError.self) { try location.prepare() }
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/missing"))
  }

  @Test func parentIsAFile() throws {
    let folder = try TemporaryFolder()
    try folder.write("x", to: "plain")
    #expect(throws: TodoFileLocationError.self) {
      try resolve(folder.file("plain") + "/todo.txt", [:]).prepare()
    }
    #expect(throws: TodoFileLocationError.self) {
      try resolve(["XDG_DATA_HOME": folder.file("plain")]).prepare()
    }
  }

  @Test func pathIsAFolder() throws {
    let folder = try TemporaryFolder()
    #expect(throws: TodoFileLocationError.self) { try resolve(folder.path, [:]).prepare() }
  }

  @Test func unwritableFolderWithoutAFile() throws {
    // /sys refuses new files even to root.
    #expect(throws: TodoFileLocationError.self) { try resolve("/sys/todo.txt", [:]).prepare() }
  }

  @Test func existingFileIsFine() throws {
    let folder = try TemporaryFolder()
    try folder.write("a\n")
    try resolve(folder.file(), [:]).prepare()
  }
}

@Suite struct StateFolderTests {
  /// Where a recovery file goes when it cannot go next to the todo file.
  @Test func xdgStateHomeThenHome() {
    #expect(
      TodoFileLocation.stateFolder(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"])
        == "/s/todos-tui")
    #expect(
      TodoFileLocation.stateFolder(environment: ["XDG_STATE_HOME": "rel", "HOME": "/h"])
        == "/h/.local/state/todos-tui")
    #expect(TodoFileLocation.stateFolder(environment: [:]) == nil)
  }
}

@Suite struct RecoveryFileTests {
  /// Next to the todo file when possible; else in the state folder, which is made (0700).
  @Test func nextToTheFileElseInTheStateFolder() throws {
    let folder = try TemporaryFolder()
    let state = folder.file("state/todos-tui")
    let recovery = RecoveryFile(path: folder.file(), stateFolder: state)
    #expect(recovery.find() == nil)
    #expect(try recovery.write(Array("a\n".utf8)) == folder.file("todo.txt.recovery"))
    #expect(recovery.find() == folder.file("todo.txt.recovery"))
    // A folder where the recovery file would go: the state folder takes it.
    try FileManager.default.removeItem(atPath: folder.file("todo.txt.recovery"))
    try FileManager.default.createDirectory(
      atPath: folder.file("todo.txt.recovery"), withIntermediateDirectories: false)
    let fallback = state + "/" + folder.file().replacingOccurrences(of: "/", with: "%")
    #expect(try recovery.write(Array("b\n".utf8)) == fallback + ".recovery")
    #expect(recovery.find() == fallback + ".recovery")
    let text = try String(contentsOfFile: fallback + ".recovery", encoding: .utf8)
    #expect(text.hasPrefix("# todos-tui: unsaved changes to \(folder.file()), "))
    #expect(text.hasSuffix("\nb\n"))
    #expect(folder.mode("state/todos-tui") == 0o700)
  }

  /// A full disk: the append next to the todo file fails and leaves it empty, the changes go to
  /// the state folder. The next start must name the file that holds them, not the empty one.
  @Test func anEmptyRecoveryFileIsPassedOver() throws {
    let folder = try TemporaryFolder()
    let state = folder.file("state/todos-tui")
    let recovery = RecoveryFile(path: folder.file(), stateFolder: state)
    try Data().write(to: URL(fileURLWithPath: folder.file("todo.txt.recovery")))
    #expect(recovery.find() == nil)
    let fallback = state + "/" + folder.file().replacingOccurrences(of: "/", with: "%")
    try FileManager.default.createDirectory(
      atPath: state, withIntermediateDirectories: true)
    try Data("# heading\na\n".utf8).write(to: URL(fileURLWithPath: fallback + ".recovery"))
    #expect(recovery.find() == fallback + ".recovery")
  }

  /// `/dev/null` as the todo file: the recovery file goes to the state folder, never into
  /// `/dev` (no `/dev/null.recovery`, as no `/dev/null.lock`).
  @Test func noRecoveryFileNextToADevice() throws {
    let folder = try TemporaryFolder()
    let state = folder.file("state/todos-tui")
    let recovery = RecoveryFile(path: "/dev/null", stateFolder: state)
    #expect(try recovery.write(Array("a\n".utf8)) == state + "/%dev%null.recovery")
    #expect(!FileManager.default.fileExists(atPath: "/dev/null.recovery"))
  }
}
