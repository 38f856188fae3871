#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether a save could write the file, found at start without writing it, so the app can say
/// `read-only` from the first frame instead of at the first change.
extension LiveFile {
  /// Why a save could not write the file now: a file whose mode lets nobody (or not this user)
  /// write it, as the save itself decides (`isReadOnlyFile`), or a folder in which no file
  /// can be made (a save makes its temporary file there). nil when a save may work; something
  /// that is not a regular file is left to the load, which says what it is.
  ///
  /// ```swift
  /// file.writeProblem()  // .fileIsReadOnly("/home/me/todo.txt") for a 0444 file
  /// ```
  func writeProblem() -> FileError? {
    let target = self.target
    var st = stat()
    if stat(target, &st) == 0 {
      guard st.st_mode & S_IFMT == S_IFREG else { return nil }
      if Self.isReadOnlyFile(st, target) { return .fileIsReadOnly(target) }
    }
    // access(2) says yes to root even on a read-only mount: really try.
    let folder = Self.split(target).folder
    let probe = "\(folder)/.todos-tui-probe-\(getpid())"
    let fd = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard fd >= 0 else {
      let code = errno
      return code == EEXIST ? nil : fileError(code, target)
    }
    close(fd)
    unlink(probe)
    return nil
  }
}

extension FileError {
  /// Why a file the app cannot write is read-only, in a few words for the status line.
  package var readOnlyReason: String {
    switch self {
    case .fileIsReadOnly: "its mode"
    case .readOnly: "read-only file system"
    case .permissionDenied: "its folder cannot be written"
    default: message
    }
  }
}
