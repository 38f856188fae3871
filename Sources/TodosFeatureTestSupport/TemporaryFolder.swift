import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A fresh folder under the temporary directory, removed when the test ends.
///
/// ```swift
/// let folder = try TemporaryFolder()
/// try folder.write("Milk\n")  // folder.file() is its todo.txt
/// ```
package final class TemporaryFolder {
  package let path: String

  package init() throws {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("todos-tui-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    path = url.path
  }

  deinit {
    chmod(path, 0o700)
    try? FileManager.default.removeItem(atPath: path)
  }

  package func file(_ name: String = "todo.txt") -> String { path + "/" + name }

  /// Writes in place, with a descriptor no process started meanwhile by a parallel test can
  /// inherit (one that did would hold the file open for writing, and a save waits for that).
  package func write(_ contents: String, to name: String = "todo.txt") throws {
    try Self.write(contents, toPath: file(name))
  }

  package static func write(_ contents: String, toPath path: String) throws {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
    guard fd >= 0 else { throw CocoaError(.fileWriteUnknown) }
    defer { close(fd) }
    let bytes = Array(contents.utf8)
    var offset = 0
    while offset < bytes.count {
      let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
      guard n > 0 else { throw CocoaError(.fileWriteUnknown) }
      offset += n
    }
  }

  package func read(_ name: String = "todo.txt") -> String? {
    FileManager.default.contents(atPath: file(name)).map { String(decoding: $0, as: UTF8.self) }
  }

  /// Entries of the folder other than the data file, its lock file and conflict copies.
  package func strays() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: path)
      .filter { $0 != "todo.txt" && $0 != "todo.txt.lock" }.sorted()
  }

  /// `path` open for writing, with a descriptor no process a parallel test starts meanwhile
  /// inherits (which would keep the file open for writing after this test closes it).
  ///
  /// ```swift
  /// let writer = try TemporaryFolder.openForWriting(folder.file())  // another writer
  /// ```
  package static func openForWriting(_ path: String) throws -> FileHandle {
    let fd = open(path, O_WRONLY | O_CLOEXEC)
    guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    return FileHandle(fileDescriptor: fd, closeOnDealloc: true)
  }

  package func mode(_ name: String = "todo.txt") -> mode_t {
    var st = stat()
    stat(file(name), &st)
    return st.st_mode & 0o7777
  }
}
