/// Something wrong in config.toml. The app still starts: what is wrong keeps its default.
///
/// ```swift
/// print(problem)          // file:line, heading, the value indented, then "To fix, …"
/// status(problem.summary) // one line for the status line
/// ```
public struct ConfigProblem: Equatable, Sendable, CustomStringConvertible {
  public enum Kind: String, Equatable, Sendable, CaseIterable {
    /// The file exists but cannot be read, or a file given with --config or
    /// $TODOS_TUI_CONFIG does not exist.
    case unreadableFile
    /// Not TOML.
    case syntax
    /// A table other than [keys], [colors], [behavior].
    case unknownSection
    /// A setting the table does not have.
    case unknownSetting
    /// A `[keys]` entry whose action does not exist.
    case unknownAction
    /// A key the config cannot read, such as `"hyper-x"`.
    case unknownKeyName
    /// Two actions on one key (or one action's key starts another's sequence).
    case keyConflict
    /// An action that must keep a key (quit) was left none, as by `quit = []`.
    case noKeyLeft
    /// A colour that is not a name, a number 0 … 255 or `#rrggbb`.
    case badColor
    /// A value of the wrong TOML type, such as `creation_date = "yes"`.
    case badType
    /// A value of the right type out of range, such as an unknown filter name.
    case badValue
  }

  /// The config file's path.
  public var file: String
  /// 1-based line, when known.
  public var line: Int?
  public var kind: Kind
  /// What is wrong, as a sentence.
  public var heading: String
  /// The offending text, as written.
  public var value: String
  /// "To fix, …"
  public var fix: String

  public init(
    file: String, line: Int?, kind: Kind, heading: String, value: String, fix: String
  ) {
    self.file = file
    self.line = line
    self.kind = kind
    self.heading = heading
    self.value = value
    self.fix = fix
  }

  /// `path:12` or just `path` when the line is not known.
  public var place: String { line.map { "\(file):\($0)" } ?? file }

  /// Heading, the value indented, then "To fix, …", as the app prints on standard error.
  public var description: String {
    let indented = value.split(separator: "\n", omittingEmptySubsequences: false)
      .map { "  " + $0 }.joined(separator: "\n")
    return "\(place): \(heading)\n\n\(indented)\n\n\(fix)"
  }

  /// One line for the status line: `config.toml:12: heading`.
  public var summary: String {
    let name = file.split(separator: "/").last.map(String.init) ?? file
    return "\(line.map { "\(name):\($0)" } ?? name): \(heading)"
  }
}

/// A config and what was wrong when reading it.
///
/// ```swift
/// let loaded = Config.parse(text, file: path, vocabulary: vocabulary)
/// if !loaded.problems.isEmpty { printProblems(loaded.problems) }
/// ```
public struct LoadedConfig: Equatable, Sendable {
  public var config: Config
  public var problems: [ConfigProblem]
  /// The file read, nil when there was none.
  public var file: String?

  public init(config: Config, problems: [ConfigProblem], file: String?) {
    self.config = config
    self.problems = problems
    self.file = file
  }
}
