#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The folder merged conflict copies are moved to, `$XDG_STATE_HOME/todos-tui/merged/`: a copy
/// is never deleted, only moved out of the synced folder so the sync client stops showing it.
///
/// ```swift
/// let moved = try MergedCopies.move("/sync/todo.sync-conflict-20261126-101500-laptop.txt",
///   into: "/home/me/.local/state/todos-tui/merged")
/// // "/home/me/.local/state/todos-tui/merged/todo.sync-conflict-20261126-101500-laptop.txt"
/// ```
public enum MergedCopies {
  /// The merged folder for `environment`; nil when no state folder can be found.
  ///
  /// ```swift
  /// MergedCopies.folder(environment: ["HOME": "/home/me"])
  /// // "/home/me/.local/state/todos-tui/merged"
  /// ```
  public static func folder(environment: [String: String]) -> String? {
    TodoFileLocation.stateFolder(environment: environment).map { $0 + "/merged" }
  }

  /// Moves the file at `path` into `folder` (created 0700 with its parents), under its own name
  /// or, when that is taken, the name with ` (2)`, ` (3)`… before its extension. Across file
  /// systems it is copied (fsync'd) and only then removed. Returns the new path; on failure
  /// the file is where it was.
  public static func move(_ path: String, into folder: String) throws(FileError) -> String {
    do {
      try FileSystem.makeFolders(folder, mode: 0o700)
    } catch {
      throw .io(folder, errno: EIO, message: "Cannot make the merged copies' folder")
    }
    let name = PathComponents.lastComponent(of: path)
    let (stem, ext) = SyncConflictCopy.split(name)
    var target = folder + "/" + name
    var number = 2
    while FileSystem.exists(target) {
      target = "\(folder)/\(stem) (\(number))\(ext)"
      number += 1
    }
    if rename(path, target) == 0 {
      DurableWrite.syncFolder(of: target)
      DurableWrite.syncFolder(of: path)
      return target
    }
    let code = errno
    guard code == EXDEV else { throw fileError(code, path) }
    let bytes = try MergeFile.read(path)
    _ = try DurableWrite.newFile(bytes, at: target, mode: 0o600, for: target)
    guard unlink(path) == 0 else {
      let code = errno
      unlink(target)
      throw fileError(code, path)
    }
    return target
  }

  /// The files in `folder`, by name; empty when there is none.
  public static func list(_ folder: String) -> [String] {
    (FileSystem.names(in: folder) ?? []).sorted()
  }
}
