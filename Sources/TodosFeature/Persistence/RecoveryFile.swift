import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Where changes go that could not be saved when the app stops: `todo.txt.recovery` next to
/// the todo file, else `<state folder>/<path with / as %>.recovery` (the state folder is
/// `$XDG_STATE_HOME/todos-tui`, created 0700). Each stop appends the whole list under a `#`
/// heading line; nothing in it is ever overwritten.
///
/// ```swift
/// let recovery = RecoveryFile(path: "/home/me/todo.txt", stateFolder: "/home/me/.local/state/todos-tui")
/// let written = try recovery.write(bytes)  // "/home/me/todo.txt.recovery"
/// ```
struct RecoveryFile: Sendable {
  var path: String
  var stateFolder: String?

  /// The places tried, in order.
  var candidates: [String] {
    var places = [path + ".recovery"]
    if let stateFolder {
      places.append(stateFolder + "/" + path.replacingOccurrences(of: "/", with: "%") + ".recovery")
    }
    return places
  }

  /// Appends `bytes` to the first place that takes them; throws the last error when none does.
  func write(_ bytes: [UInt8]) throws(FileError) -> String {
    let heading = AppendedCopy.heading("unsaved changes to \(path)")
    var lastError = FileError.io(path, errno: ENOENT, message: "no place for a recovery file")
    for candidate in candidates {
      if candidate != candidates.first, let stateFolder { makeFolders(stateFolder) }
      do {
        try AppendedCopy.append(bytes, heading: heading, to: candidate)
        return candidate
      } catch {
        lastError = error
      }
    }
    throw lastError
  }

  /// The first recovery file that exists.
  func find() -> String? {
    candidates.first { candidate in
      var st = stat()
      return lstat(candidate, &st) == 0 && st.st_mode & S_IFMT == S_IFREG
    }
  }

  private func makeFolders(_ folder: String) {
    var current = ""
    for component in folder.split(separator: "/") {
      current += "/" + component
      _ = mkdir(current, 0o700)
    }
  }
}
