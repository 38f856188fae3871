/// Turns the paths a user gives into absolute ones, one way for every file the app finds (the
/// todo file, done.txt, config.toml, the recovery file's folder): `~` is `$HOME`, a relative
/// path is taken from the current folder, and the XDG base folders fall back to their places
/// under `$HOME`. Nothing here touches the disk.
///
/// ```swift
/// let paths = PathResolver(environment: ["HOME": "/home/me"], currentDirectory: "/work")
/// paths.absolute("notes/../todo.txt")  // "/work/todo.txt"
/// paths.expandingHome("~/todo.txt")    // "/home/me/todo.txt"
/// paths.folder(.data)                  // "/home/me/.local/share"
/// ```
package struct PathResolver: Equatable, Sendable {
  /// An XDG base folder: `$XDG_CONFIG_HOME`, `$XDG_DATA_HOME` or `$XDG_STATE_HOME`.
  package enum BaseFolder: Equatable, Sendable {
    case config, data, state

    /// The variable that names it.
    var variable: String {
      switch self {
      case .config: "XDG_CONFIG_HOME"
      case .data: "XDG_DATA_HOME"
      case .state: "XDG_STATE_HOME"
      }
    }

    /// Its place under `$HOME` when the variable is unset, empty or relative.
    var underHome: String {
      switch self {
      case .config: "/.config"
      case .data: "/.local/share"
      case .state: "/.local/state"
      }
    }
  }

  package var environment: [String: String]
  /// The folder relative paths are taken from (absolute).
  package var currentDirectory: String

  package init(environment: [String: String], currentDirectory: String) {
    self.environment = environment
    self.currentDirectory = currentDirectory
  }

  /// `$HOME` when it is an absolute path; nil when it is unset, empty or relative.
  ///
  /// ```swift
  /// PathResolver(environment: ["HOME": "x"], currentDirectory: "/").home  // nil
  /// ```
  package var home: String? {
    guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
    return home
  }

  /// `path` from the root, `.` and `..` worked out; a relative path is taken from
  /// `currentDirectory`. A leading `~` is not expanded (`expandingHome` does that).
  ///
  /// ```swift
  /// PathResolver(environment: [:], currentDirectory: "/work").absolute("a/./b")  // "/work/a/b"
  /// ```
  package func absolute(_ path: String) -> String {
    let full = path.hasPrefix("/") ? path : currentDirectory + "/" + path
    return PathComponents.standardized(full)
  }

  /// `path` with a leading `~` (alone or before `/`) replaced by `home`; any other path, or any
  /// path when there is no `home`, as it is.
  ///
  /// ```swift
  /// paths.expandingHome("~/done.txt")  // "/home/me/done.txt"
  /// paths.expandingHome("~bob/x")      // "~bob/x"
  /// ```
  package func expandingHome(_ path: String) -> String {
    guard path == "~" || path.hasPrefix("~/"), let home else { return path }
    return home + path.dropFirst()
  }

  /// The XDG base folder: its variable when that is an absolute path, else its place under
  /// `home`; nil when neither is there.
  ///
  /// ```swift
  /// paths.folder(.config)  // "$XDG_CONFIG_HOME", else "/home/me/.config"
  /// ```
  package func folder(_ base: BaseFolder) -> String? {
    if let folder = environment[base.variable], folder.hasPrefix("/") { return folder }
    return home.map { $0 + base.underHome }
  }
}

/// A file's absolute path and where it came from, for the todo file, done.txt and config.toml
/// alike (`TodoFileLocation`, `DoneFileLocation`, `ConfigLocation`), each resolved through
/// `PathResolver`.
///
/// ```swift
/// let location = TodoFileLocation(path: "/home/me/todo.txt", source: .argument)
/// ```
public struct FileLocation<Source: Equatable & Sendable>: Equatable, Sendable {
  /// The absolute path.
  public var path: String
  /// Where the path came from.
  public var source: Source

  public init(path: String, source: Source) {
    self.path = path
    self.source = source
  }
}
