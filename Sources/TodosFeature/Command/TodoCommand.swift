import TodoTxt

/// A command-line verb and its arguments, read from `todos-tui add …`, `ls`, `do` and the rest:
/// the arguments become a plan here, and `TodoCommand.apply` makes it a change to the file.
///
/// ```swift
/// TodoCommand.route(["add", "Call Mom due:fri"], fileExists: { _ in false })
/// // .verb(TodoCommand(action: .add("Call Mom due:fri")))
/// ```
public struct TodoCommand: Equatable, Sendable {
  /// The verbs, in the order the usage lists them.
  public enum Verb: String, CaseIterable, Sendable {
    case add, ls, `do`, undo, pri, depri, del, postpone, modify, archive, lists

    /// The verb's arguments, for the usage line and the completions.
    public var usage: String {
      switch self {
      case .add: "add TEXT..."
      case .ls: "ls [--json] [--view NAME] [QUERY...]"
      case .do: "do N..."
      case .undo: "undo N..."
      case .pri: "pri N LETTER"
      case .depri: "depri N..."
      case .del: "del N..."
      case .postpone: "postpone N WHEN"
      case .modify: "modify N WORDS..."
      case .archive: "archive"
      case .lists: "lists"
      }
    }

    /// The usage as the last words of an error: `todos-tui do N...`, `todos-tui archive.`.
    var example: String {
      let usage = "todos-tui \(self.usage)"
      return usage.hasSuffix(".") ? usage : usage + "."
    }

    /// One line saying what the verb does.
    public var summary: String {
      switch self {
      case .add: "Add a todo; prints its line number and line."
      case .ls: "List the todos (N line), filtered by a query; --json: one object per todo."
      case .do: "Complete the todos on lines N."
      case .undo: "Reopen the completed todos on lines N."
      case .pri: "Give the todo on line N a priority."
      case .depri: "Take the priority of the todos on lines N away."
      case .del: "Delete the todos on lines N."
      case .postpone: "Move the due date of the todo on line N (3d, 1w, fri, 2026-12-01)."
      case .modify: "Add or remove tags and dates on line N (+work, -@home, due:fri, -pri)."
      case .archive: "Move the completed todos to done.txt."
      case .lists: "Print every list (file) with its count of active todos."
      }
    }
  }

  /// What the verb does, its arguments read.
  public enum Action: Equatable, Sendable {
    case add(String)
    case list(query: String, json: Bool)
    case complete([Int])
    case reopen([Int])
    case prioritize(Int, Character)
    case deprioritize([Int])
    case delete([Int])
    /// Line N and the word saying when (read against today when applied).
    case postpone(Int, String)
    /// Line N and the words to add or remove (read against today when applied).
    case modify(Int, String)
    case archive
    case lists
  }

  public var action: Action
  /// `--file`, `--done-file` and `--config`, given before or after the verb.
  public var file: String?
  public var doneFile: String?
  public var config: String?
  /// `ls --view NAME`: the saved view whose query the listed todos must match too.
  public var view: String?

  public init(
    action: Action, file: String? = nil, doneFile: String? = nil, config: String? = nil,
    view: String? = nil
  ) {
    self.action = action
    self.file = file
    self.doneFile = doneFile
    self.config = config
    self.view = view
  }

  /// Where the command line goes: the full screen (as without verbs), a verb, or a usage error.
  public enum Route: Equatable, Sendable {
    case fullScreen
    case verb(TodoCommand)
    case failed(CommandError)
  }

  /// The full screen's options that take a value: the word after them is not a verb.
  static let valueOptions: Set<String> = ["--file", "--done-file", "--config", "--debug-log"]
  /// The argument parser's options (completion scripts, the completions a shell asks for, the
  /// help dump the man page is made from): the full screen's parser answers them. An array,
  /// not a set: three words, and a `Set<Substring>` costs a run-time conformance scan at start.
  static let parserOptions: [Substring] = [
    "--generate-completion-script", "---completion", "--experimental-dump-help",
  ]
  /// The words that are the full screen's own, not verbs nor files (`help`, `merge-file`,
  /// `doctor`).
  static let otherCommands: Set<String> = ["help", "merge-file", "doctor"]

  /// Reads the command line (without the program's name). The first argument that is not an
  /// option (nor an option's value) decides: a verb is a verb; `help`, an existing file, or a
  /// word with `.` or `/` in it opens the full screen as before; any other word is an unknown
  /// verb (a usage error). No such argument: the full screen.
  ///
  /// ```swift
  /// TodoCommand.route(["--file", "add"], fileExists: { _ in true })  // .fullScreen
  /// TodoCommand.route(["ad", "x"], fileExists: { _ in false })       // .failed(.usage(…))
  /// ```
  public static func route(_ arguments: [String], fileExists: (String) -> Bool) -> Route {
    // The argument parser's own: completion scripts, the shell asking for completions.
    if arguments.contains(where: { parserOptions.contains($0.prefix { $0 != "=" }) }) {
      return .fullScreen
    }
    var index = 0
    while index < arguments.count {
      let word = arguments[index]
      if word == "--" { return .fullScreen }
      if valueOptions.contains(word) {
        index += 2
        continue
      }
      if word.hasPrefix("-") {
        index += 1
        continue
      }
      if let verb = Verb(rawValue: word) {
        var rest = arguments
        rest.remove(at: index)
        do throws(CommandError) {
          return .verb(try parse(verb, rest))
        } catch {
          return .failed(error)
        }
      }
      if otherCommands.contains(word) || fileExists(word) || word.contains(".")
        || word.contains("/")
      {
        return .fullScreen
      }
      return .failed(
        .usage(
          "todos-tui: “\(word)” is not a verb nor a file. To fix, use one of "
            + Verb.allCases.map(\.rawValue).joined(separator: ", ")
            + ", or open a file named \(word) as ./\(word)."))
    }
    return .fullScreen
  }

  /// The verb's command from the other arguments (the options anywhere, the verb taken out).
  static func parse(_ verb: Verb, _ arguments: [String]) throws(CommandError) -> TodoCommand {
    var options: [String: String] = [:]
    var json = false
    var words: [String] = []
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let word = arguments[index]
      index += 1
      // A single dash is a word: `ls -is:done` negates, `add -- --x` adds "--x".
      if optionsEnded || !word.hasPrefix("--") {
        words.append(word)
        continue
      }
      if word == "--" {
        optionsEnded = true
        continue
      }
      if word == "--json", verb == .ls {
        json = true
        continue
      }
      if verb == .ls, word == "--view" || word.hasPrefix("--view=") {
        options["--view"] = try viewName(word, next: &index, in: arguments)
        continue
      }
      let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
      let name = parts[0]
      guard valueOptions.contains(name), name != "--debug-log" else {
        throw .usage(
          "todos-tui \(verb.rawValue): unknown option “\(word)”. To fix, use: todos-tui "
            + "\(verb.usage) (put -- before words that start with --).")
      }
      if parts.count == 2 {
        options[name] = parts[1]
      } else if index < arguments.count {
        options[name] = arguments[index]
        index += 1
      } else {
        throw .usage("todos-tui \(verb.rawValue): \(name) needs a value. To fix, use \(name) PATH.")
      }
    }
    return TodoCommand(
      action: try action(verb, words, json: json), file: options["--file"],
      doneFile: options["--done-file"], config: options["--config"], view: options["--view"])
  }

  /// The verb's action from its words.
  static func action(_ verb: Verb, _ words: [String], json: Bool) throws(CommandError) -> Action {
    func usage(_ problem: String) -> CommandError {
      .usage("todos-tui \(verb.rawValue): \(problem). To fix, use: \(verb.example)")
    }
    func numbers(_ words: [String]) throws(CommandError) -> [Int] {
      guard !words.isEmpty else { throw usage("no line number given") }
      var result: [Int] = []
      for word in words {
        guard let number = Int(word), number > 0 else {
          throw usage("“\(word)” is not a line number")
        }
        if !result.contains(number) { result.append(number) }
      }
      return result
    }
    switch verb {
    case .add:
      let text = words.joined(separator: " ").trimmingWhitespaceAndNewlines()
      guard !text.isEmpty else { throw usage("no text given") }
      return .add(text)
    case .ls: return .list(query: words.joined(separator: " "), json: json)
    case .do: return .complete(try numbers(words))
    case .undo: return .reopen(try numbers(words))
    case .depri: return .deprioritize(try numbers(words))
    case .del: return .delete(try numbers(words))
    case .pri:
      guard words.count == 2 else {
        throw usage(words.count < 2 ? "a line number and a letter are needed" : "too many words")
      }
      let line = try numbers([words[0]])[0]
      guard words[1].count == 1, let letter = PriorityChange.letter(forKey: Character(words[1]))
      else { throw usage("“\(words[1])” is not a priority: give a letter A to Z") }
      return .prioritize(line, letter)
    case .postpone:
      guard words.count == 2 else {
        throw usage(words.count < 2 ? "a line number and a date are needed" : "too many words")
      }
      return .postpone(try numbers([words[0]])[0], words[1])
    case .modify:
      guard words.count >= 2 else { throw usage("a line number and words are needed") }
      return .modify(try numbers([words[0]])[0], words.dropFirst().joined(separator: " "))
    case .archive, .lists:
      guard words.isEmpty else { throw usage("it takes no arguments") }
      return verb == .archive ? .archive : .lists
    }
  }
}

/// Why a verb did nothing: its exit status and one line naming the problem and its fix.
///
/// ```swift
/// CommandError.notFound("todos-tui do: no todo on line 9 …").status  // 1
/// ```
public enum CommandError: Error, Equatable, Sendable {
  /// The command line is wrong: exit 64 (EX_USAGE).
  case usage(String)
  /// A line number that is not a todo, or a todo not in the state the verb needs: exit 1.
  case notFound(String)
  /// The file could not be read or written: exit 1.
  case file(String)

  public var status: Int32 {
    switch self {
    case .usage: 64
    case .notFound, .file: 1
    }
  }

  public var message: String {
    switch self {
    case .usage(let message), .notFound(let message), .file(let message): message
    }
  }
}
