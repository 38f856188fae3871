#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file-system calls the app makes beside its todo file's client, on the C library alone
/// (no Foundation, so that FoundationEssentials stays out of the binary): whole files as bytes,
/// a folder's names, what a path is, folders made with their parents, the current folder.
/// Every call is retried on EINTR; a failure carries its errno (`SystemError`).
///
/// ```swift
/// let bytes = try FileSystem.read("/home/me/.config/todos-tui/config.toml")
/// FileSystem.names(in: "/home/me/todo")  // ["todo.txt", "done.txt"], in the folder's order
/// FileSystem.kind(of: "/home/me")  // .folder
/// ```
public enum FileSystem {
  /// What is at a path, symlinks followed.
  public enum Kind: Equatable, Sendable {
    case regularFile, folder
    /// A device, a pipe, a socket.
    case other
  }

  /// What is at `path` (a symlink's target); nil when there is nothing there, a dangling
  /// symlink, or it cannot be looked at.
  ///
  /// ```swift
  /// FileSystem.kind(of: "/dev/null")  // .other
  /// ```
  public static func kind(of path: String) -> Kind? {
    var st = stat()
    guard stat(path, &st) == 0 else { return nil }
    switch st.st_mode & S_IFMT {
    case S_IFREG: return .regularFile
    case S_IFDIR: return .folder
    default: return .other
    }
  }

  /// Whether anything is at `path` (a symlink's target).
  public static func exists(_ path: String) -> Bool { kind(of: path) != nil }

  /// The whole file at `path` (a symlink's target). A folder throws `.notRegularFile`; other
  /// failures the error for their errno (`.permissionDenied` for EACCES…).
  ///
  /// ```swift
  /// try FileSystem.read("/nonexistent")  // FileError.io(…, errno: ENOENT, …)
  /// ```
  public static func read(_ path: String) throws(FileError) -> [UInt8] {
    let fd = retrying { open(path, O_RDONLY | O_CLOEXEC) }
    guard fd >= 0 else { throw fileError(errno, path) }
    defer { close(fd) }
    var st = stat()
    guard fstat(fd, &st) == 0 else { throw fileError(errno, path) }
    guard st.st_mode & S_IFMT != S_IFDIR else { throw .notRegularFile(path) }
    do {
      return try readToEnd(fd, sizeHint: st.st_mode & S_IFMT == S_IFREG ? Int(st.st_size) : 0)
    } catch {
      throw fileError(error.code, path)
    }
  }

  /// The whole file at `path`, or nil when it cannot be read (none, a folder, no permission).
  ///
  /// ```swift
  /// FileSystem.contents(of: "/etc/hostname")  // its bytes
  /// ```
  public static func contents(of path: String) -> [UInt8]? {
    try? read(path)
  }

  /// The file at `path` as UTF-8 text, as `String(contentsOfFile:encoding: .utf8)` read it: a
  /// byte-order mark at its start left out; nil when it cannot be read or is not UTF-8.
  ///
  /// ```swift
  /// FileSystem.text(of: "/home/me/.todo/config")  // "export TODO_DIR=…\n"
  /// ```
  public static func text(of path: String) -> String? {
    contents(of: path).flatMap(utf8Text)
  }

  /// `bytes` as UTF-8 text, a byte-order mark at the start left out (as
  /// `String(data:encoding: .utf8)` did); nil when they are not UTF-8.
  ///
  /// ```swift
  /// FileSystem.utf8Text([0xEF, 0xBB, 0xBF, 0x61])  // "a"
  /// FileSystem.utf8Text([0xFF])  // nil
  /// ```
  public static func utf8Text(_ bytes: [UInt8]) -> String? {
    let hasMark = bytes.starts(with: [0xEF, 0xBB, 0xBF])
    return String(validating: bytes[(hasMark ? 3 : 0)...], as: UTF8.self)
  }

  /// The bytes of `fd` from where it is to its end; `sizeHint` (the file's size, when known)
  /// saves growing the array.
  public static func readToEnd(_ fd: Int32, sizeHint: Int = 0) throws(SystemError) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(sizeHint + 1)
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let n = chunk.withUnsafeMutableBytes { buffer in
        retrying { readFromDescriptor(fd, buffer.baseAddress, buffer.count) }
      }
      if n < 0 { throw SystemError(errno) }
      if n == 0 { return bytes }
      bytes.append(contentsOf: chunk[0..<n])
    }
  }

  /// Writes all of `bytes` to `fd`, going on after short writes.
  ///
  /// ```swift
  /// try FileSystem.write(Array("Milk\n".utf8), to: fd)
  /// ```
  public static func write(_ bytes: [UInt8], to fd: Int32) throws(SystemError) {
    var offset = 0
    while offset < bytes.count {
      let n = bytes.withUnsafeBytes { buffer in
        retrying { writeToDescriptor(fd, buffer.baseAddress! + offset, buffer.count - offset) }
      }
      if n < 0 { throw SystemError(errno) }
      offset += n
    }
  }

  /// The names in `folder` (not `.` and `..`), in the order the folder gives them; nil when it
  /// cannot be read.
  ///
  /// ```swift
  /// FileSystem.names(in: "/nonexistent")  // nil
  /// ```
  public static func names(in folder: String) -> [String]? {
    guard let directory = opendir(folder) else { return nil }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// Makes `folder` and its missing parents with `mode` (an existing one is fine); on failure
  /// the error names the folder that could not be made.
  ///
  /// ```swift
  /// try FileSystem.makeFolders("/home/me/.local/state/todos-tui/merged", mode: 0o700)
  /// ```
  public static func makeFolders(_ folder: String, mode: mode_t) throws(FileError) {
    var current = folder.hasPrefix("/") ? "" : "."
    for component in folder.split(separator: "/") {
      current += "/" + component
      if retrying({ mkdir(current, mode) }) != 0 {
        let code = errno
        guard code == EEXIST, kind(of: current) == .folder else {
          throw fileError(code == EEXIST ? ENOTDIR : code, current)
        }
      }
    }
  }

  /// The process's current folder; `/` when it cannot be found (removed meanwhile).
  public static func currentDirectory() -> String {
    guard let path = getcwd(nil, 0) else { return "/" }
    defer { free(path) }
    return String(cString: path)
  }
}

// `read` and `write` under other names: inside `FileSystem` its own methods hide the C ones.
private func readFromDescriptor(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int)
  -> Int
{
  read(fd, buffer, count)
}

private func writeToDescriptor(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  write(fd, buffer, count)
}

/// A failed C library call's errno.
///
/// ```swift
/// catch { fileError(error.code, path) }
/// ```
public struct SystemError: Error, Equatable, Sendable {
  public var code: Int32

  public init(_ code: Int32) { self.code = code }
}
