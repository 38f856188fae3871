#if canImport(Glibc)
  import Glibc
#endif

/// The last step of a save: putting the new file in place without losing a version another
/// program wrote after the last check.
extension LiveFile {
  /// A file whose mode lets nobody write it (0444), or that this user may not write, is not
  /// replaced behind its owner's back, even in a writable folder (and even by root).
  static func isReadOnlyFile(_ st: stat, _ path: String) -> Bool {
    st.st_mode & 0o222 == 0 || access(path, W_OK) != 0
  }

  /// Moves `temporary` to `target`, where there was no file: never over a file that appeared
  /// since the check (RENAME_NOREPLACE, else link(2), which never replaces either).
  func create(_ target: String, from temporary: String) throws(FileError) {
    let outcome =
      hooks.exchangeUnsupported
      ? .unsupported : RenameExchange.noReplace(temporary, target)
    switch outcome {
    case .done: return
    case .failed(let code):
      unlink(temporary)
      throw code == EEXIST ? .changedOnDisk(target) : fileError(code, target)
    case .unsupported:
      defer { unlink(temporary) }
      guard link(temporary, target) == 0 else {
        throw errno == EEXIST ? .changedOnDisk(target) : fileError(errno, target)
      }
    }
  }

  /// Swaps `temporary` in for `target`, then looks at what was there: if it is not the version
  /// that was checked (another program appended or saved in between), their version is put
  /// back and the save reports `.changedOnDisk`, so nothing of theirs is dropped. If it is,
  /// it is retired (`retire`): a program that opened it just before the swap may still write.
  func replace(
    _ target: String, with temporary: String, expected: FileStamp
  ) throws(FileError) {
    let outcome =
      hooks.exchangeUnsupported ? .unsupported : RenameExchange.exchange(temporary, target)
    switch outcome {
    case .done:
      let old = open(temporary, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
      var st = stat()
      if old >= 0, fstat(old, &st) == 0, FileStamp(st) == expected {
        retire(temporary, descriptor: old, expected: expected)
        return
      }
      if old >= 0 { close(old) }
      // Theirs is at `temporary` now: swap it back (or, failing that, move it back).
      if RenameExchange.exchange(temporary, target) == .done {
        unlink(temporary)
      } else {
        rename(temporary, target)
      }
      throw .changedOnDisk(target)
    case .failed(let code):
      unlink(temporary)
      throw fileError(code, target)
    case .unsupported:
      try replaceByRename(target, with: temporary, expected: expected)
    }
  }

  /// Without an exchange: keep the old file open across the rename, then check it. If it
  /// changed after the check, its bytes (read through the open descriptor) are written back;
  /// if not, it is retired (`retire`), as after an exchange but without a name.
  func replaceByRename(
    _ target: String, with temporary: String, expected: FileStamp
  ) throws(FileError) {
    var old = open(target, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    defer { if old >= 0 { close(old) } }
    guard rename(temporary, target) == 0 else {
      let code = errno
      unlink(temporary)
      throw fileError(code, target)
    }
    var st = stat()
    guard old >= 0, fstat(old, &st) == 0 else { return }
    guard FileStamp(st) != expected else {
      retire(nil, descriptor: old, expected: expected)
      old = -1  // kept open by `retired`
      return
    }
    let theirs = Self.readAll(old)
    let mode = mode_t(st.st_mode & 0o7777)
    if let (restored, _) = try? writeTemporary(theirs, mode: mode, owner: nil, for: target) {
      if rename(restored, target) != 0 { unlink(restored) }
    }
    throw .changedOnDisk(target)
  }

  /// The whole file open as `fd`, read from its start.
  static func readAll(_ fd: Int32) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    var offset: off_t = 0
    while true {
      let n = chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, offset) }
      if n <= 0 { return bytes }
      bytes.append(contentsOf: chunk[0..<n])
      offset += off_t(n)
    }
  }
}
