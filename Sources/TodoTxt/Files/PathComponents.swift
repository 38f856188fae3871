/// A path's last component and its folder, as `NSString`'s `lastPathComponent` and
/// `deletingLastPathComponent` give them, without Foundation: trailing slashes are not a
/// component, and the bytes of a name are kept as they are (spaces, `#`, any UTF-8).
///
/// ```swift
/// PathComponents.lastComponent(of: "/home/me/todo.txt")  // "todo.txt"
/// PathComponents.folder(of: "/home/me/todo.txt")  // "/home/me"
/// PathComponents.folder(of: "todo.txt")  // ""
/// ```
public enum PathComponents {
  /// The name after the last `/`, trailing slashes left out; `/` for the root, `""` for `""`.
  ///
  /// ```swift
  /// PathComponents.lastComponent(of: "/tmp/lists/")  // "lists"
  /// ```
  public static func lastComponent(of path: String) -> String {
    let trimmed = trimmingTrailingSlashes(path)
    if trimmed == "/" || trimmed.isEmpty { return trimmed }
    guard let slash = trimmed.utf8.lastIndex(of: UInt8(ascii: "/")) else { return trimmed }
    return String(trimmed[trimmed.utf8.index(after: slash)...])
  }

  /// The path without its last component: `/` for a name at the root, `""` for a bare name.
  ///
  /// ```swift
  /// PathComponents.folder(of: "/todo.txt")  // "/"
  /// PathComponents.folder(of: "/tmp/lists/")  // "/tmp"
  /// ```
  public static func folder(of path: String) -> String {
    let trimmed = trimmingTrailingSlashes(path)
    if trimmed == "/" { return "/" }
    guard let slash = trimmed.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
    let folder = trimmingTrailingSlashes(String(trimmed[..<slash]))
    return folder.isEmpty ? "/" : folder
  }

  /// An absolute `path` with `.` and `..` worked out by name (no symlink is looked at), empty
  /// components and a final slash left out, as `URL.standardizedFileURL.path` gives it; `..`
  /// at the root stays at the root.
  ///
  /// ```swift
  /// PathComponents.standardized("/work/notes/../todo.txt")  // "/work/todo.txt"
  /// PathComponents.standardized("/a/./b//c/")  // "/a/b/c"
  /// ```
  public static func standardized(_ path: String) -> String {
    var kept: [Substring] = []
    for component in path.split(separator: "/") {
      switch component {
      case ".": continue
      case "..": _ = kept.popLast()
      default: kept.append(component)
      }
    }
    // Joined by hand: `joined(separator:)` of substrings runs unspecialised (its first call a
    // run-time conformance scan), and this runs at every start.
    var result = ""
    for component in kept {
      result += "/"
      result += String(component)  // a `String`: a `Substring` appended runs unspecialised
    }
    return result.isEmpty ? "/" : result
  }

  /// `path` without the slashes that end it, keeping one for the root (`//` is `/`).
  private static func trimmingTrailingSlashes(_ path: String) -> String {
    var utf8 = Substring(path).utf8
    while utf8.count > 1, utf8.last == UInt8(ascii: "/") { utf8 = utf8.dropLast() }
    return String(Substring(utf8))
  }
}
