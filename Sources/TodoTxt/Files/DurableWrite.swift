#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The steps every durable write shares: a new file written whole and fsync'd before it is
/// renamed over the old one, the folder fsync'd after, every call retried on EINTR.
///
/// ```swift
/// let stamp = try DurableWrite.newFile(bytes, at: "/home/me/.todo.txt.tmp-1", mode: 0o644,
///   for: "/home/me/todo.txt")
/// rename("/home/me/.todo.txt.tmp-1", "/home/me/todo.txt")
/// DurableWrite.syncFolder(of: "/home/me/todo.txt")
/// ```
enum DurableWrite {
  /// Writes `bytes` to a new file at `temporary` (it must not exist), with `mode` (and `owner`,
  /// best effort: only root may give a file away), fsync'd. On failure the file is removed and
  /// the error names `target`, the file the user knows. `injectedErrno` fails the write with
  /// that code, for tests.
  static func newFile(
    _ bytes: [UInt8], at temporary: String, mode: mode_t, owner: (uid_t, gid_t)? = nil,
    for target: String, injectedErrno: Int32? = nil
  ) throws(FileError) -> FileStamp {
    let fd = retrying { open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) }
    guard fd >= 0 else { throw fileError(errno, target) }
    func fail(_ code: Int32) -> FileError {
      close(fd)
      unlink(temporary)
      return fileError(code, target)
    }
    if let injectedErrno, !bytes.isEmpty { throw fail(injectedErrno) }
    do {
      try FileSystem.write(bytes, to: fd)
    } catch {
      throw fail(error.code)
    }
    if let owner { _ = fchown(fd, owner.0, owner.1) }
    guard fchmod(fd, mode) == 0 else { throw fail(errno) }
    guard retrying({ fsync(fd) }) == 0 else { throw fail(errno) }
    var st = stat()
    guard fstat(fd, &st) == 0 else { throw fail(errno) }
    guard close(fd) == 0 else {
      let code = errno
      unlink(temporary)
      throw fileError(code, target)
    }
    return FileStamp(st)
  }

  /// Makes a rename, a new file or a removal in `path`'s folder durable. Some file systems
  /// cannot fsync a folder; that is not an error.
  static func syncFolder(of path: String) {
    let folder = PathComponents.folder(of: path)
    let fd = retrying { open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
    guard fd >= 0 else { return }
    _ = retrying { fsync(fd) }
    close(fd)
  }
}

/// Calls `body` again while it fails with EINTR.
func retrying<T: BinaryInteger>(_ body: () -> T) -> T {
  while true {
    let result = body()
    if result < 0 && errno == EINTR { continue }
    return result
  }
}
