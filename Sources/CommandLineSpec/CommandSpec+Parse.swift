// The parser: `--name VALUE`, `--name=VALUE`, flags, `-h`, positionals, `--` ending options;
// usage errors say what was wrong, with the closest option when one was misspelt.

/// What the command line asked for.
public enum ParseOutcome: Sendable, Equatable {
  case parsed(ParsedArguments)
  /// `-h` or `--help` anywhere (before `--`).
  case help
  /// `--version`, for a command with a version.
  case version
  case failed(UsageError)
}

/// The options, flags and positionals given, by the names the spec gives them.
///
/// ```swift
/// parsed.value("file")      // "todo.txt" (the last --file given)
/// parsed.flag("no-mouse")   // true
/// parsed.positionals        // ["work.txt", "home.txt"]
/// ```
public struct ParsedArguments: Sendable, Equatable {
  /// Each option's values, in the order given.
  public var values: [String: [String]] = [:]
  public var flags: Set<String> = []
  public var positionals: [String] = []

  public init(values: [String: [String]] = [:], flags: Set<String> = [], positionals: [String] = [])
  {
    self.values = values
    self.flags = flags
    self.positionals = positionals
  }

  /// The option's value: the last one given, nil when not given.
  public func value(_ name: String) -> String? { values[name]?.last }

  /// Whether the flag was given.
  public func flag(_ name: String) -> Bool { flags.contains(name) }
}

/// A command line the spec does not accept: the message, without the usage lines.
///
/// ```swift
/// UsageError.unknownOption("--fil", suggestion: "--file").message
/// // "Unknown option '--fil'. Did you mean '--file'?"
/// ```
public enum UsageError: Error, Sendable, Equatable {
  case unknownOption(String, suggestion: String?)
  /// The option's label (`--file <file>`), and its help.
  case missingValue(label: String, help: String)
  /// A flag given a value: `--no-mouse=yes`.
  case unexpectedValue(option: String, value: String)
  case unexpectedArgument(String)
  /// The command's own check failed (`validate`): its message.
  case invalid(String)

  public var message: String {
    switch self {
    case .unknownOption(let option, let suggestion):
      "Unknown option '\(option)'" + (suggestion.map { ". Did you mean '\($0)'?" } ?? "")
    case .missingValue(let label, _): "Missing value for '\(label)'"
    case .unexpectedValue(let option, let value):
      "The option '\(option)' does not take any value, but '\(value)' was specified."
    case .unexpectedArgument(let word): "Unexpected argument '\(word)'"
    case .invalid(let message): message
    }
  }
}

extension CommandSpec {
  /// Reads `words` (without the program's name, nor the subcommand's word).
  ///
  /// ```swift
  /// spec.parse(["--file=todo.txt", "--no-mouse"])  // .parsed
  /// spec.parse(["--fil", "x"])                     // .failed(.unknownOption("--fil", …))
  /// ```
  public func parse(_ words: [String]) -> ParseOutcome {
    // Help and the version win over any mistake around them, as `cmd --bad --help` expects.
    for word in words {
      if word == "--" { break }
      if word == "-h" || word == "--help" { return .help }
      if word == "--version", version != nil { return .version }
    }
    var parsed = ParsedArguments()
    var index = 0
    var optionsEnded = false
    while index < words.count {
      let word = words[index]
      index += 1
      if optionsEnded || word == "-" || !word.hasPrefix("-") {
        parsed.positionals.append(word)
        continue
      }
      if word == "--" {
        optionsEnded = true
        continue
      }
      let (name, inline) = split(word)
      guard let argument = argument(named: name) else {
        return .failed(.unknownOption(name, suggestion: suggestion(for: name)))
      }
      switch argument.kind {
      case .flag:
        if let inline { return .failed(.unexpectedValue(option: name, value: inline)) }
        parsed.flags.insert(argument.name)
      case .option:
        let value: String
        if let inline {
          value = inline
        } else if index < words.count, words[index] == "-" || !words[index].hasPrefix("-") {
          value = words[index]
          index += 1
        } else {
          return .failed(.missingValue(label: argument.label, help: argument.help))
        }
        guard !value.isEmpty else {
          return .failed(.missingValue(label: argument.label, help: argument.help))
        }
        parsed.values[argument.name, default: []].append(value)
      case .positional:
        break
      }
    }
    let positionals = arguments.filter { $0.kind == .positional }
    if !positionals.contains(where: \.isRepeating), parsed.positionals.count > positionals.count {
      return .failed(.unexpectedArgument(parsed.positionals[positionals.count]))
    }
    return .parsed(parsed)
  }

  /// `--name=value` → ("--name", "value"); `--name` → ("--name", nil).
  private func split(_ word: String) -> (String, String?) {
    guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return (word, nil) }
    return (String(word[..<equals]), String(word[word.index(after: equals)...]))
  }

  /// The option or flag `--name` or `-n` names, built-ins included.
  func argument(named word: String) -> Argument? {
    allArguments.first { argument in
      guard argument.kind != .positional else { return false }
      if word.hasPrefix("--") { return word.dropFirst(2) == argument.name }
      return argument.short.map { "-\($0)" == word } ?? false
    }
  }

  /// The option closest to a misspelt `word` (at most two edits away), if one is.
  func suggestion(for word: String) -> String? {
    guard word.hasPrefix("--") else { return nil }
    let typed = Array(word.dropFirst(2).utf8)
    var best: (name: String, distance: Int)?
    for argument in allArguments where argument.kind != .positional && !argument.isHidden {
      let distance = editDistance(typed, Array(argument.name.utf8))
      if distance <= 2, distance < (best?.distance ?? .max) {
        best = ("--" + argument.name, distance)
      }
    }
    return best?.name
  }
}

/// Levenshtein distance: insertions, deletions and substitutions turning `a` into `b`.
func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
  if a.isEmpty { return b.count }
  var previous = Array(0...b.count)
  var current = previous
  for i in 1...a.count {
    current[0] = i
    for j in stride(from: 1, through: b.count, by: 1) {
      let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
      current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
    }
    swap(&previous, &current)
  }
  return previous[b.count]
}
