// The full screen's command line: its description (options, help, completion), the options
// read, and what it runs: the app, or what an option prints.

import CommandLineSpec
import TodoTxt
import TodosAppConfig
import TodosConfig
import TodosFeature

/// The full screen's command line: the files to open, the done file, the config, and the
/// options that print something and exit.
///
/// ```swift
/// TodosCommand(parseOrExit(TodosCommand.spec, ["work.txt", "--no-mouse"])).run()
/// ```
struct TodosCommand {
  /// The verbs' usages apart by commas, for the help text; by hand, as `joined(separator:)`
  /// runs unspecialised here (a run-time conformance scan at every start, help or not).
  static var verbUsages: String {
    var text = ""
    for (index, verb) in TodoCommand.Verb.allCases.enumerated() {
      if index > 0 { text += ", " }
      text += verb.usage
    }
    return text
  }

  static let spec = CommandSpec(
    name: "todos-tui",
    abstract: "A full-screen, keyboard-driven todo list that keeps its todos in a todo.txt file.",
    discussion: """
      The todo file is, in order of precedence: FILE, --file FILE, $TODO_FILE, todo.sh's \
      $TODO_DIR/todo.txt (TODO_DIR from the environment, else from ~/.todo/config, ~/.todo.cfg \
      or $XDG_CONFIG_HOME/todo/config), or $XDG_DATA_HOME/todos-tui/todo.txt ($HOME/.local/share/todos-tui/todo.txt when \
      XDG_DATA_HOME is unset, empty or relative; that folder is created with mode 0700).

      Changes are saved automatically, atomically, 300 ms after the last one, on quit \
      (q, Ctrl-C, SIGTERM, SIGHUP) and before Ctrl-Z stops the app. The file stays a plain todo.txt file that todo.sh and any \
      editor can read; lines the app does not show (comments, blank lines) are kept as they are.

      A archives completed todos to done.txt: --done-file PATH, else $DONE_FILE, else \
      config.toml's done_file, else todo.sh's DONE_FILE (for todo.sh's todo file), else \
      done.txt next to the todo file.

      Keys, colours and behaviour come from config.toml: --config PATH, else \
      $TODOS_TUI_CONFIG, else $XDG_CONFIG_HOME/todos-tui/config.toml \
      (~/.config/todos-tui/config.toml). A wrong setting keeps its default and is reported; \
      --print-config prints the configuration in force, --check-config checks the file.

      todos-tui merge-file BASE OURS THEIRS merges todo.txt for git (a merge driver; \
      --print-git-setup prints the setup), todos-tui merge-file --into FILE OTHER merges a sync \
      client's conflict copy; todos-tui merge-file --help says more (docs/sync.md). todos-tui \
      doctor prints where the files are and what is pending. Open a file named merge-file or \
      doctor as ./merge-file or ./doctor.

      Verbs change the file from the shell, through the same lock and save, so an open \
      todos-tui merges them: \(verbUsages) \
      (N: the line number ls prints; docs/command-line.md). A file named like a verb opens as \
      ./add or --file add.

      Several files (todos-tui work.txt home.txt) are several lists: L picks one, [ and ] \
      show the previous and next, M moves a todo to another; so are config.toml's files = \
      [...] and lists = "todo_dir" (every *.txt in $TODO_DIR but done.txt and report.txt).

      Press ? in the app for the keys; man todos-tui has them all, with the dates and every \
      config.toml setting. todos-tui help prints this help (open a file named help as ./help).
      """,
    version: "0.1.0",
    arguments: [
      .positional("file", help: "The todo.txt file to open.", files: true),
      // Said in the discussion, not listed, so the usage's first word stays FILE.
      .positional(
        "file", help: "More todo.txt files: each file is a list (L, [ and ] switch).",
        files: true, repeating: true, hidden: true),
      .option(
        "file", valueName: "file", help: "The todo.txt file to open (same as FILE).",
        files: true),
      .option(
        "done-file", valueName: "PATH",
        help: "Where A archives completed todos (default: $DONE_FILE, else config.toml's "
          + "done_file, else done.txt beside the file).", files: true),
      .flag("no-mouse", help: "Do not capture the mouse (clicks and the wheel)."),
      .option(
        "debug-log", valueName: "PATH", help: "Log every action and state change to this file.",
        files: true),
      .option(
        "config", valueName: "PATH",
        help: "The config file (default: $TODOS_TUI_CONFIG, else "
          + "$XDG_CONFIG_HOME/todos-tui/config.toml).", files: true),
      .flag(
        "print-config",
        help: "Print the configuration in force as a commented config.toml, then exit."),
      .flag(
        "check-config",
        help: "Check the config file: print its problems and exit non-zero if there are any."),
      .flag(
        "print-git-setup",
        help: "Print the two lines that make git merge todo.txt with todos-tui, then exit."),
    ],
    subcommands: [MergeFileCommand.spec, DoctorCommand.spec],
    // The verbs, offered beside file names as the first word, and `help`.
    firstWords: TodoCommand.Verb.allCases.map {
      CommandSpec.Choice($0.rawValue, help: "\($0.usage) · \($0.summary)")
    } + [CommandSpec.Choice("help", help: "Print the help.")])

  var file: String?
  var moreFiles: [String]
  var fileOption: String?
  var doneFile: String?
  var noMouse: Bool
  var debugLog: String?
  var configPath: String?
  var printConfig: Bool
  var checkConfig: Bool
  var printGitSetup: Bool

  init(_ parsed: ParsedArguments) {
    file = parsed.positionals.first
    moreFiles = Array(parsed.positionals.dropFirst())
    fileOption = parsed.value("file")
    doneFile = parsed.value("done-file")
    noMouse = parsed.flag("no-mouse")
    debugLog = parsed.value("debug-log")
    configPath = parsed.value("config")
    printConfig = parsed.flag("print-config")
    checkConfig = parsed.flag("check-config")
    printGitSetup = parsed.flag("print-git-setup")
  }

  /// Every file given on the command line, in order.
  var files: [String] { (file.map { [$0] } ?? []) + moreFiles }

  /// `todos-tui help` asks for the help, as the shell completions offer it (a file named help
  /// opens as `./help`).
  var asksForHelp: Bool { file == "help" && fileOption == nil }

  /// Runs the full screen, or prints what an option asks for; returns the exit status.
  func run() -> Int32 {
    if printGitSetup {
      print(MergeFileCommand.gitSetup, terminator: "")
      return 0
    }
    // Read once (each read parses every variable): the config, the lists and the app share it.
    let environment = ProcessEnvironment.current()
    var loaded = loadConfig(
      option: configPath, environment: environment, keysWrittenOut: printConfig)
    if printConfig {
      print(loaded.config.printed(vocabulary: .app), terminator: "")
      printProblems(loaded.problems)
      return 0
    }
    if checkConfig {
      printProblems(loaded.problems)
      guard loaded.problems.isEmpty else { return 1 }
      print(
        loaded.file.map { "\($0): no problems." }
          ?? "No config file: the defaults are in force.")
      return 0
    }
    let lists: [ListFile]
    do {
      lists = try listFiles(config: &loaded, environment: environment)
    } catch {
      printError(error.description)
      return 1
    }
    let status = MainActor.assumeIsolated {
      runApp(
        lists: lists, mouse: !noMouse, debugLog: debugLog, config: loaded,
        processEnvironment: environment)
    }
    // The config's problems were in the status line; here they are in full.
    printProblems(loaded.problems)
    return status
  }
}
