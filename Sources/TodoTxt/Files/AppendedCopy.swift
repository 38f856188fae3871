import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// One file that versions are appended to, each under a `#` heading line: the conflict copy
/// (`todo.txt.conflict`) and the recovery file. One file however many versions, so a busy
/// writer cannot fill the folder with copies; a copy that cannot be written whole is cut back
/// to what it held before.
///
/// ```swift
/// try AppendedCopy.append(bytes, heading: "# todo.txt as found on disk", to: path)
/// ```
enum AppendedCopy {
  /// Appends `heading`, a newline, then `bytes` (with a final newline) to the file at `path`,
  /// created 0600 if missing, and syncs it. Never follows a symlink at `path`.
  static func append(
    _ bytes: [UInt8], heading: String, to path: String
  ) throws(FileError) {
    var fd: Int32
    repeat {
      fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
    } while fd < 0 && errno == EINTR
    guard fd >= 0 else { throw fileError(errno == ELOOP ? EISDIR : errno, path) }
    var st = stat()
    guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG else {
      close(fd)
      throw .notRegularFile(path)
    }
    let sizeBefore = st.st_size
    var text = Array((heading + "\n").utf8) + bytes
    if let last = text.last, last != 0x0A { text.append(0x0A) }
    var failure: Int32?
    do {
      try FileSystem.write(text, to: fd)
    } catch {
      failure = error.code
    }
    if failure == nil, fsync(fd) != 0 { failure = errno }
    if let failure {
      _ = ftruncate(fd, sizeBefore)  // no half copy
      close(fd)
      throw fileError(failure, path)
    }
    close(fd)
  }

  /// `# todos-tui: <what>, <UTC time>`: the heading of one appended version.
  static func heading(_ what: String, at date: Date = Date()) -> String {
    var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
    var utc = tm()
    gmtime_r(&seconds, &utc)
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let day = "\(utc.tm_year + 1900)-\(two(utc.tm_mon + 1))-\(two(utc.tm_mday))"
    let time = "\(two(utc.tm_hour)):\(two(utc.tm_min)):\(two(utc.tm_sec))"
    return "# todos-tui: \(what), \(day) \(time) UTC"
  }
}
