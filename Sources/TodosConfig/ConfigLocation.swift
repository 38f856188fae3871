import TodoTxt

/// Where config.toml is and why: `--config PATH`, else `$TODOS_TUI_CONFIG`, else
/// `$XDG_CONFIG_HOME/todos-tui/config.toml` (`$HOME/.config` when XDG_CONFIG_HOME is unset,
/// empty or relative).
///
/// ```swift
/// let location = ConfigLocation.resolve(
///   option: configOption, environment: ProcessEnvironment.current(),
///   currentDirectory: FileSystem.currentDirectory())
/// let loaded = location?.load(vocabulary: vocabulary)  // nil location: no HOME, defaults
/// ```
public typealias ConfigLocation = FileLocation<ConfigFileSource>

/// Where config.toml's path came from.
public enum ConfigFileSource: Equatable, Sendable {
  /// `--config PATH`.
  case option
  /// `$TODOS_TUI_CONFIG`.
  case environment
  /// The XDG place; its absence is normal.
  case defaultLocation
}

extension ConfigLocation {
  /// Works out the path, without touching the disk; nil when there is no default place (HOME
  /// unset or relative) and none was given. Relative paths are taken from `currentDirectory`.
  ///
  /// ```swift
  /// ConfigLocation.resolve(option: nil, environment: ["HOME": "/home/me"], currentDirectory: "/")
  /// // /home/me/.config/todos-tui/config.toml, .defaultLocation
  /// ```
  public static func resolve(
    option: String?, environment: [String: String], currentDirectory: String
  ) -> ConfigLocation? {
    let paths = PathResolver(environment: environment, currentDirectory: currentDirectory)
    func absolute(_ path: String) -> String { paths.absolute(paths.expandingHome(path)) }
    if let option, !option.isEmpty {
      return ConfigLocation(path: absolute(option), source: .option)
    }
    if let variable = environment["TODOS_TUI_CONFIG"], !variable.isEmpty {
      return ConfigLocation(path: absolute(variable), source: .environment)
    }
    guard let config = paths.folder(.config) else { return nil }
    return ConfigLocation(
      path: absolute(config + "/todos-tui/config.toml"), source: .defaultLocation)
  }

  /// Reads and parses the file. No file at the default place: the defaults and no problem; no
  /// file where --config or $TODOS_TUI_CONFIG points, or a file that cannot be read: the
  /// defaults and a problem.
  ///
  /// ```swift
  /// let loaded = location.load(vocabulary: vocabulary)
  /// ```
  public func load(vocabulary: ConfigVocabulary) -> LoadedConfig {
    let defaults = Config.defaults(for: vocabulary)
    let kind = FileSystem.kind(of: path)
    let exists = kind != nil
    if !exists, source == .defaultLocation {
      return LoadedConfig(config: defaults, problems: [], file: nil)
    }
    let given = source == .option ? "--config" : "TODOS_TUI_CONFIG"
    func unreadable(_ heading: String, _ fix: String) -> LoadedConfig {
      let problem = ConfigProblem(
        file: path, line: nil, kind: .unreadableFile, heading: heading, value: path, fix: fix)
      return LoadedConfig(config: defaults, problems: [problem], file: path)
    }
    guard exists else {
      return unreadable(
        "The config file given with \(given) does not exist; the app uses the defaults.",
        "To fix, create it (todos-tui --print-config > \(path)) or give another path.")
    }
    guard kind != .folder else {
      return unreadable(
        "The config file is a folder; the app uses the defaults.",
        "To fix, give the path of a file, such as \(path)/config.toml.")
    }
    guard let bytes = FileSystem.contents(of: path) else {
      return unreadable(
        "The config file cannot be read; the app uses the defaults.",
        "To fix, make it readable (chmod u+r \(path)).")
    }
    guard let text = FileSystem.utf8Text(bytes) else {
      return unreadable(
        "The config file is not UTF-8 text; the app uses the defaults.",
        "To fix, save it as UTF-8 (TOML files are UTF-8).")
    }
    return Config.parse(text, file: path, vocabulary: vocabulary)
  }
}
