// A command line described once: its options, flags and positional arguments, with their help
// and completion. The parser, the help, the completion scripts and the help dump all read it.
// Standard library only: it costs the program nothing to start.

/// A command: its name as typed, what it does, and what it accepts, in the order the usage
/// line lists them.
///
/// ```swift
/// let spec = CommandSpec(
///   name: "todos-tui doctor", abstract: "Print where the files are.",
///   arguments: [.option("file", valueName: "file", help: "The todo.txt file.", files: true)])
/// spec.parse(["--file", "todo.txt"])  // .parsed(…value("file") == "todo.txt")
/// ```
public struct CommandSpec: Sendable {
  /// As typed: `todos-tui`, `todos-tui merge-file`.
  public var name: String
  /// One sentence: what the command does.
  public var abstract: String
  /// Paragraphs after the abstract, separated by blank lines.
  public var discussion: String
  /// Printed by `--version` (which only a command with a version accepts).
  public var version: String?
  public var arguments: [Argument]
  /// Commands selected by the first word (`todos-tui merge-file …`), each with its own spec.
  public var subcommands: [CommandSpec]
  /// Words offered beside file names as the first word by the completion scripts (the verbs).
  public var firstWords: [Choice]

  public init(
    name: String, abstract: String, discussion: String = "", version: String? = nil,
    arguments: [Argument], subcommands: [CommandSpec] = [], firstWords: [Choice] = []
  ) {
    self.name = name
    self.abstract = abstract
    self.discussion = discussion
    self.version = version
    self.arguments = arguments
    self.subcommands = subcommands
    self.firstWords = firstWords
  }

  /// The last word of the name: `merge-file` for `todos-tui merge-file`.
  public var commandWord: String {
    String(name.split(separator: " ").last ?? Substring(name))
  }

  /// The program's name: `todos-tui` for `todos-tui merge-file`.
  public var programName: String {
    String(name.split(separator: " ").first ?? Substring(name))
  }

  /// The options and flags every command has: `-h`/`--help`, and `--version` when it has one.
  public var builtIns: [Argument] {
    (version == nil ? [] : [Argument.flag("version", help: "Show the version.")])
      + [Argument.flag("help", short: "h", help: "Show help information.")]
  }

  /// The arguments and the built-in flags, in the order the help lists them.
  public var allArguments: [Argument] { arguments + builtIns }

  /// A word offered by the completion scripts, with what it does.
  public struct Choice: Sendable, Equatable {
    public var word: String
    public var help: String

    public init(_ word: String, help: String) {
      self.word = word
      self.help = help
    }
  }
}

/// One option (`--file PATH`), flag (`--no-mouse`) or positional argument (`FILE`).
///
/// ```swift
/// Argument.option("done-file", valueName: "PATH", help: "Where A archives.", files: true)
/// ```
public struct Argument: Sendable, Equatable {
  public enum Kind: String, Sendable {
    case option, flag, positional
  }

  public var kind: Kind
  /// The long name without its dashes (`done-file`); for a positional, its key.
  public var name: String
  /// A one-letter name (`h` for `-h`), if any.
  public var short: Character?
  /// What the help shows for the value: `<PATH>`; the positional's name: `<file>`.
  public var valueName: String
  public var help: String
  /// Its values are file names: the completion scripts complete files there.
  public var completesFiles: Bool
  /// Accepted, but not in the help, the usage nor the dump's shown arguments.
  public var isHidden: Bool
  /// A positional that takes every word left (`<files> ...`).
  public var isRepeating: Bool

  /// An option that takes a value: `--name VALUE` or `--name=VALUE`; the last one given wins.
  public static func option(
    _ name: String, valueName: String? = nil, help: String, files: Bool = false
  ) -> Argument {
    Argument(
      kind: .option, name: name, short: nil, valueName: valueName ?? name, help: help,
      completesFiles: files, isHidden: false, isRepeating: false)
  }

  /// A flag: `--name`, true when given.
  public static func flag(_ name: String, short: Character? = nil, help: String) -> Argument {
    Argument(
      kind: .flag, name: name, short: short, valueName: name, help: help, completesFiles: false,
      isHidden: false, isRepeating: false)
  }

  /// A positional argument; optional (shown `[<name>]`) unless `isRepeating` says more.
  public static func positional(
    _ name: String, help: String, files: Bool = false, repeating: Bool = false,
    hidden: Bool = false
  ) -> Argument {
    Argument(
      kind: .positional, name: name, short: nil, valueName: name, help: help,
      completesFiles: files, isHidden: hidden, isRepeating: repeating)
  }

  /// `--file <file>`, `-h, --help`, `<file>`: the label in the help's lists.
  var label: String {
    switch kind {
    case .positional: "<\(valueName)>"
    case .flag: (short.map { "-\($0), " } ?? "") + "--\(name)"
    case .option: (short.map { "-\($0), " } ?? "") + "--\(name) <\(valueName)>"
    }
  }

  /// `[--file <file>]`, `[<file>]`, `[<files> ...]`: the argument in the usage line.
  var usage: String {
    switch kind {
    case .positional: isRepeating ? "[<\(valueName)> ...]" : "[<\(valueName)>]"
    case .flag: "[--\(name)]"
    case .option: "[--\(name) <\(valueName)>]"
    }
  }
}
