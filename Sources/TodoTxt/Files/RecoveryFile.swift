#if canImport(Glibc)
  import Glibc
#endif

/// Where changes go that could not be saved when the app stops: `todo.txt.recovery` next to
/// the todo file, else `<state folder>/<path with / as %>.recovery` (the state folder is
/// `$XDG_STATE_HOME/todos-tui`, created 0700). Each stop appends the whole list under a `#`
/// heading line; nothing in it is ever overwritten. Next to a device (`/dev/null`) only the
/// state folder is used, and an empty file (left by an append that failed) is not one.
///
/// ```swift
/// let recovery = RecoveryFile(path: "/home/me/todo.txt", stateFolder: "/home/me/.local/state/todos-tui")
/// let written = try recovery.write(bytes)  // "/home/me/todo.txt.recovery"
/// ```
struct RecoveryFile: Sendable {
  var path: String
  var stateFolder: String?

  /// The places tried, in order. None next to a device: no file is made in `/dev`.
  var candidates: [String] {
    var places = isDevice(path) ? [] : [path + ".recovery"]
    if let stateFolder {
      let name = String(
        decoding: path.utf8.map { $0 == UInt8(ascii: "/") ? 0x25 : $0 }, as: UTF8.self)
      places.append(stateFolder + "/" + name + ".recovery")
    }
    return places
  }

  /// Appends `bytes` to the first place that takes them; throws the last error when none does.
  func write(_ bytes: [UInt8]) throws(FileError) -> String {
    let heading = AppendedCopy.heading("unsaved changes to \(path)")
    var lastError = FileError.io(path, errno: ENOENT, message: "no place for a recovery file")
    for candidate in candidates {
      if candidate != path + ".recovery", let stateFolder { makeFolders(stateFolder) }
      do {
        try AppendedCopy.append(bytes, heading: heading, to: candidate)
        return candidate
      } catch {
        lastError = error
      }
    }
    throw lastError
  }

  /// The first recovery file that holds something. An append that failed (disk full) leaves an
  /// empty file next to the todo file while the changes went to the state folder: pointing
  /// there, not at the empty one.
  func find() -> String? {
    candidates.first { candidate in
      var st = stat()
      return lstat(candidate, &st) == 0 && st.st_mode & S_IFMT == S_IFREG && st.st_size > 0
    }
  }

  private func isDevice(_ path: String) -> Bool {
    var st = stat()
    guard stat(path, &st) == 0 else { return false }
    return st.st_mode & S_IFMT == S_IFCHR || st.st_mode & S_IFMT == S_IFBLK
  }

  private func makeFolders(_ folder: String) {
    var current = ""
    for component in folder.split(separator: "/") {
      current += "/" + component
      _ = mkdir(current, 0o700)
    }
  }
}
