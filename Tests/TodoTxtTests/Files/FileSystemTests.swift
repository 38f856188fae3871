import Foundation
import Testing
import TodoTxt

#if canImport(Glibc)
  import Glibc
#endif

/// The C-library file calls that took the place of FileManager, Data and String(contentsOf…):
/// each compared with what Foundation gives for the same file, and its failures with the
/// messages the app showed before.
@Suite struct FileSystemTests {
  let folder: String

  init() throws {
    folder =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("file-system-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  func write(_ name: String, _ bytes: [UInt8]) throws -> String {
    let path = folder + "/" + name
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func readsAFileWholeAsFoundationDoes() throws {
    // Bigger than one read, with every byte value.
    let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
    let path = try write("big.bin", bytes)
    #expect(try FileSystem.read(path) == bytes)
    #expect(FileSystem.contents(of: path) == Array(FileManager.default.contents(atPath: path)!))
    #expect(try FileSystem.read(try write("empty.txt", [])) == [])
    try FileManager.default.removeItem(atPath: folder)
  }

  @Test func readFailuresSayWhatTheyDidBefore() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(throws: FileError.notRegularFile(folder)) { try FileSystem.read(folder) }
    let missing = folder + "/missing.txt"
    #expect(
      throws: FileError.io(missing, errno: ENOENT, message: "No such file or directory")
    ) { try FileSystem.read(missing) }
    #expect(FileSystem.contents(of: missing) == nil)
    guard getuid() != 0 else { return }  // root reads a 0000 file
    let locked = try write("locked.txt", Array("x".utf8))
    chmod(locked, 0)
    #expect(throws: FileError.permissionDenied(locked)) { try FileSystem.read(locked) }
  }

  @Test func textIsUTF8WithoutItsByteOrderMarkAsStringContentsOfFileReadIt() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    for (name, bytes) in [
      ("plain", Array("TODO_DIR=~/todo\n".utf8)), ("bom", [0xEF, 0xBB, 0xBF, 0x61, 0x0A]),
      ("latin1", [0x63, 0x61, 0x66, 0xE9]), ("empty", []), ("nul", [0x61, 0x00, 0x62]),
    ] as [(String, [UInt8])] {
      let path = try write(name, bytes)
      #expect(
        FileSystem.text(of: path) == (try? String(contentsOfFile: path, encoding: .utf8)), "\(name)"
      )
    }
    #expect(FileSystem.text(of: folder + "/missing") == nil)
    #expect(FileSystem.utf8Text([0xEF, 0xBB, 0xBF]) == "")
  }

  @Test func writesEveryByteToADescriptor() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/written.bin"
    let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 13) }
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
    try FileSystem.write(bytes, to: fd)
    close(fd)
    #expect(Array(FileManager.default.contents(atPath: path)!) == bytes)
    // A descriptor that is not open: the errno comes back. (Not the one just closed: a test
    // running beside this one may open a file under its number at once.)
    let notOpen: Int32 = -1
    #expect(throws: SystemError(EBADF)) { try FileSystem.write([1], to: notOpen) }
    #expect(throws: SystemError(EBADF)) { try FileSystem.readToEnd(notOpen) }
  }

  @Test func namesAreTheFolderEntriesAsFileManagerListsThem() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    for name in ["todo.txt", ".hidden", "my list #1 (copy).txt", "日本語 ✓.txt"] {
      _ = try write(name, [])
    }
    try FileManager.default.createDirectory(
      atPath: folder + "/sub", withIntermediateDirectories: false)
    #expect(
      FileSystem.names(in: folder)?.sorted()
        == (try FileManager.default.contentsOfDirectory(atPath: folder)).sorted())
    #expect(FileSystem.names(in: folder + "/sub") == [])
    #expect(FileSystem.names(in: folder + "/missing") == nil)
    #expect(FileSystem.names(in: folder + "/todo.txt") == nil)
  }

  @Test func kindFollowsSymlinks() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let file = try write("todo.txt", [])
    symlink(file, folder + "/link")
    symlink(folder + "/gone", folder + "/dangling")
    #expect(FileSystem.kind(of: file) == .regularFile)
    #expect(FileSystem.kind(of: folder + "/link") == .regularFile)
    #expect(FileSystem.kind(of: folder) == .folder)
    #expect(FileSystem.kind(of: "/dev/null") == .other)
    #expect(FileSystem.kind(of: folder + "/dangling") == nil)
    #expect(!FileSystem.exists(folder + "/missing") && FileSystem.exists(file))
  }

  @Test func makeFoldersMakesTheParentsWithTheMode() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let deep = folder + "/state/todos-tui/merged"
    try FileSystem.makeFolders(deep, mode: 0o700)
    try FileSystem.makeFolders(deep, mode: 0o700)  // there already: fine
    var st = stat()
    #expect(stat(deep, &st) == 0 && st.st_mode & 0o777 == 0o700)
    #expect(stat(folder + "/state", &st) == 0 && st.st_mode & 0o777 == 0o700)
    let file = try write("file", [])
    #expect(throws: FileError.io(file, errno: ENOTDIR, message: "Not a directory")) {
      try FileSystem.makeFolders(file + "/below", mode: 0o700)
    }
  }

  @Test func currentDirectoryIsFileManagersOne() {
    #expect(FileSystem.currentDirectory() == FileManager.default.currentDirectoryPath)
  }
}

/// The environment read from `environ`, as ProcessInfo gave it.
@Suite struct ProcessEnvironmentTests {
  @Test func isProcessInfosEnvironment() {
    #expect(ProcessEnvironment.current() == ProcessInfo.processInfo.environment)
  }

  @Test func entriesSplitAtTheFirstEqualsTheLastOfANameWins() {
    #expect(
      ProcessEnvironment.parse(["HOME=/home/me", "A=b=c", "junk", "EMPTY=", "X=1", "X=2", "=v"])
        == ["HOME": "/home/me", "A": "b=c", "EMPTY": "", "X": "2", "": "v"])
  }
}
