#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension DoneFileClient {
  /// The real done file at `path` (absolute). A new done.txt gets the mode of the file at
  /// `modeLike` (the todo file) when that exists, else 0600. Appends use `O_APPEND` and fsync
  /// the file (and the folder when the file was created); an undo truncates the file back,
  /// which is exact, in place and O(1) however long done.txt has grown.
  ///
  /// ```swift
  /// let doneFile = DoneFileClient.live(path: done.path, modeLike: location.path)
  /// ```
  public static func live(path: String, modeLike: String? = nil) -> DoneFileClient {
    live(path: path, modeLike: modeLike, hooks: DoneFileHooks())
  }

  static func live(path: String, modeLike: String?, hooks: DoneFileHooks) -> DoneFileClient {
    let file = LiveDoneFile(path: path, modeLike: modeLike, hooks: hooks)
    return DoneFileClient(
      path: path,
      append: { (lines) throws(FileError) in try file.append(lines) },
      undo: { (receipt) throws(FileError) in try file.undo(receipt) }
    )
  }
}

/// Fault injection for tests of the live done file.
struct DoneFileHooks: Sendable {
  /// When set, write(2) "fails" with this errno once `bytesBeforeFailure` bytes are written
  /// (a disk filling up part-way through the append).
  var writeErrno: Int32?
  var bytesBeforeFailure = 0
  /// When set, fsync(2) of the file "fails" with this errno.
  var fsyncErrno: Int32?
}

/// done.txt on disk, used from the main thread only: no lock of its own.
@MainActor
private final class LiveDoneFile {
  let path: String
  let modeLike: String?
  let hooks: DoneFileHooks

  init(path: String, modeLike: String?, hooks: DoneFileHooks) {
    self.path = path
    self.modeLike = modeLike
    self.hooks = hooks
  }

  func append(_ lines: [[UInt8]]) throws(FileError) -> AppendReceipt {
    guard !lines.isEmpty else {
      return AppendReceipt(path: path, bytes: [], addedNewline: false, createdFile: false)
    }
    // O_EXCL first, so "created" is known for sure (the undo removes a file it created).
    var created = true
    var fd = retrying {
      open(path, O_RDWR | O_APPEND | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    }
    if fd < 0, errno == EEXIST {
      created = false
      fd = retrying { open(path, O_RDWR | O_APPEND | O_CLOEXEC | O_NONBLOCK) }
    }
    guard fd >= 0 else { throw openError(errno) }
    var st = stat()
    guard fstat(fd, &st) == 0 else {
      let code = errno
      close(fd)
      throw fileError(code, path)
    }
    guard st.st_mode & S_IFMT == S_IFREG else {
      close(fd)
      throw .notRegularFile(path)
    }
    let sizeBefore = st.st_size
    /// Puts the file back as it was and returns the error for `code`.
    func rollBack(_ code: Int32) -> FileError {
      if created {
        unlink(path)
      } else {
        _ = retrying { ftruncate(fd, sizeBefore) }
        _ = retrying { fsync(fd) }
      }
      close(fd)
      return fileError(code, path)
    }
    if created, let mode = Self.mode(of: modeLike), fchmod(fd, mode) != 0 {
      throw rollBack(errno)
    }
    var lastByte: UInt8?
    if sizeBefore > 0 {
      var byte: UInt8 = 0
      guard retrying({ pread(fd, &byte, 1, sizeBefore - 1) }) == 1 else { throw rollBack(errno) }
      lastByte = byte
    }
    let (bytes, addedNewline) = DoneFileClient.bytesToAppend(lines, after: lastByte)
    var offset = 0
    while offset < bytes.count {
      var count = bytes.count - offset
      if let injected = hooks.writeErrno {
        count = min(count, hooks.bytesBeforeFailure - offset)
        if count <= 0 { throw rollBack(injected) }
      }
      let n = bytes.withUnsafeBytes { buffer in
        retrying { write(fd, buffer.baseAddress! + offset, count) }
      }
      if n < 0 { throw rollBack(errno) }
      offset += n  // short writes loop
    }
    if let injected = hooks.fsyncErrno { throw rollBack(injected) }
    guard retrying({ fsync(fd) }) == 0 else { throw rollBack(errno) }
    guard close(fd) == 0 else {
      let code = errno
      fd = retrying { open(path, O_RDWR | O_CLOEXEC | O_NONBLOCK) }
      if fd >= 0 { throw rollBack(code) }
      throw fileError(code, path)
    }
    if created { DurableWrite.syncFolder(of: path) }
    return AppendReceipt(
      path: path, bytes: bytes, addedNewline: addedNewline, createdFile: created)
  }

  func undo(_ receipt: AppendReceipt) throws(FileError) -> UndoOutcome {
    guard !receipt.bytes.isEmpty else { return .removed }
    let fd = retrying { open(receipt.path, O_RDWR | O_CLOEXEC | O_NONBLOCK) }
    if fd < 0 {
      if errno == ENOENT { return .changedSince }
      throw openError(errno)
    }
    defer { close(fd) }
    var st = stat()
    guard fstat(fd, &st) == 0 else { throw fileError(errno, receipt.path) }
    guard st.st_mode & S_IFMT == S_IFREG else { return .changedSince }
    let count = receipt.bytes.count
    guard st.st_size >= count else { return .changedSince }
    let start = st.st_size - off_t(count)
    var tail = [UInt8](repeating: 0, count: count)
    var done = 0
    while done < count {
      let n = tail.withUnsafeMutableBytes { buffer in
        retrying { pread(fd, buffer.baseAddress! + done, count - done, start + off_t(done)) }
      }
      if n < 0 { throw fileError(errno, receipt.path) }
      if n == 0 { return .changedSince }
      done += n
    }
    guard tail == receipt.bytes else { return .changedSince }
    if receipt.createdFile, start == 0 {
      // Nothing but our lines: put back "no done.txt", as before the archive.
      guard unlink(receipt.path) == 0 else { throw fileError(errno, receipt.path) }
      DurableWrite.syncFolder(of: path)
      return .removed
    }
    guard retrying({ ftruncate(fd, start) }) == 0 else { throw fileError(errno, receipt.path) }
    guard retrying({ fsync(fd) }) == 0 else { throw fileError(errno, receipt.path) }
    return .removed
  }

  // MARK: Helpers

  /// The error for a failed open(2) of the done file.
  private func openError(_ code: Int32) -> FileError {
    switch code {
    case EISDIR, ENXIO: return .notRegularFile(path)
    case ENOENT:
      // The folder went away (it is checked at start): name it and say how to fix.
      let folder = PathComponents.folder(of: path)
      return .io(
        path, errno: code,
        message: "folder \(folder) does not exist; to fix, mkdir -p \(folder)")
    default: return fileError(code, path)
    }
  }

  /// The permission bits of the file at `path`, or nil when there is none.
  private static func mode(of path: String?) -> mode_t? {
    guard let path else { return nil }
    var st = stat()
    guard stat(path, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { return nil }
    return mode_t(st.st_mode & 0o777)
  }
}
