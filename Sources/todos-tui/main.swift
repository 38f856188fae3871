// todos-tui: the executable. It parses the command line, builds the live dependencies, and
// wires the store to the terminal's run loop (through `LiveApp`). Everything else lives in the
// libraries.

import Architecture
import ArgumentParser
import FoundationEssentials
import TerminalUI
import TodoTxt
import TodosAppConfig
import TodosConfig
import TodosFeature

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

struct TodosCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "todos-tui",
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
      todos-tui merges them: \(TodoCommand.Verb.allCases.map(\.usage).joined(separator: ", ")) \
      (N: the line number ls prints; docs/command-line.md). A file named like a verb opens as \
      ./add or --file add.

      Several files (todos-tui work.txt home.txt) are several lists: L picks one, [ and ] \
      show the previous and next, M moves a todo to another; so are config.toml's files = \
      [...] and lists = "todo_dir" (every *.txt in $TODO_DIR but done.txt and report.txt).

      Press ? in the app for the keys; man todos-tui has them all, with the dates and every \
      config.toml setting. todos-tui help prints this help (open a file named help as ./help).
      """,
    version: "0.1.0"
  )

  @Argument(help: "The todo.txt file to open.", completion: .file())
  var file: String?

  // Said in the discussion, not listed, so the completion scripts' first word stays FILE.
  @Argument(
    help: ArgumentHelp(
      "More todo.txt files: each file is a list (L, [ and ] switch).", valueName: "file",
      visibility: .hidden))
  var moreFiles: [String] = []

  /// Every file given on the command line, in order.
  var files: [String] { (file.map { [$0] } ?? []) + moreFiles }

  @Option(
    name: .customLong("file"), help: "The todo.txt file to open (same as FILE).",
    completion: .file())
  var fileOption: String?

  @Option(
    name: .customLong("done-file"),
    help: ArgumentHelp(
      "Where A archives completed todos (default: $DONE_FILE, else config.toml's done_file, "
        + "else done.txt beside the file).",
      valueName: "PATH"), completion: .file())
  var doneFile: String?

  @Flag(help: "Do not capture the mouse (clicks and the wheel).")
  var noMouse = false

  @Option(
    help: ArgumentHelp("Log every action and state change to this file.", valueName: "PATH"),
    completion: .file())
  var debugLog: String?

  @Option(
    name: .customLong("config"),
    help: ArgumentHelp(
      "The config file (default: $TODOS_TUI_CONFIG, else "
        + "$XDG_CONFIG_HOME/todos-tui/config.toml).", valueName: "PATH"), completion: .file())
  var configPath: String?

  @Flag(help: "Print the configuration in force as a commented config.toml, then exit.")
  var printConfig = false

  @Flag(help: "Check the config file: print its problems and exit non-zero if there are any.")
  var checkConfig = false

  @Flag(help: "Print the two lines that make git merge todo.txt with todos-tui, then exit.")
  var printGitSetup = false

  /// `todos-tui help` prints the help, as the shell completions offer it (a file named help
  /// opens as `./help`).
  func validate() throws {
    if file == "help", fileOption == nil { throw CleanExit.helpRequest(self) }
  }

  mutating func run() throws {
    if printGitSetup { return print(MergeFileCommand.gitSetup, terminator: "") }
    let environment = ProcessInfo.processInfo.environment
    var loaded = loadConfig(option: configPath, environment: environment)
    if printConfig {
      print(loaded.config.printed(vocabulary: .app), terminator: "")
      printProblems(loaded.problems)
      return
    }
    if checkConfig {
      printProblems(loaded.problems)
      guard loaded.problems.isEmpty else { throw ExitCode(1) }
      print(
        loaded.file.map { "\($0): no problems." }
          ?? "No config file: the defaults are in force.")
      return
    }
    let lists: [ListFile]
    do {
      lists = try listFiles(config: &loaded, environment: environment)
    } catch {
      printError(error.description)
      throw ExitCode(1)
    }
    let status = MainActor.assumeIsolated {
      runApp(lists: lists, mouse: !noMouse, debugLog: debugLog, config: loaded)
    }
    // The config's problems were in the status line; here they are in full.
    printProblems(loaded.problems)
    if status != 0 { throw ExitCode(status) }
  }
}

/// Runs the app full-screen on the terminal, on every list; returns the exit status.
@MainActor
func runApp(
  lists: [ListFile], mouse: Bool, debugLog: String?, config loaded: LoadedConfig
) -> Int32 {
  let terminal: NcursesTerminal
  do {
    terminal = try NcursesTerminal(mouse: mouse)
  } catch {
    printError(error.message)
    return 1
  }

  // Issues (bugs the architecture detects) must never be printed over the screen: keep them
  // for the debug log, and print them once the terminal is restored.
  let issues = IssueLog()
  RuntimeIssues.reporters = [issues]

  let scheduler = LiveScheduler()
  let settings = AppSettings(loaded.config)
  let processEnvironment = ProcessInfo.processInfo.environment
  var todosEnvironment = TodosEnvironment(
    // The day as `date` shows it: TZ in any form, POSIX rules (TST+8:30) included.
    uuid: UUID.fastRandom(), today: { LocalClock.today() }, scheduler: scheduler,
    untilNextDay: { DayChange.durationUntilNextDay(from: Date()) },
    editor: .live(terminal: terminal, environment: processEnvironment),
    linkOpener: .live(
      terminal: terminal, configured: loaded.config.behavior.openCommand,
      environment: processEnvironment))
  settings.apply(to: &todosEnvironment)
  var environments: [ListID: AppFeature.Environment] = [:]
  // Sync clients' conflict copies, once merged, go to its merged/ folder.
  let stateFolder = TodoFileLocation.stateFolder(environment: processEnvironment)
  var doneFiles: [ListID: ListID] = [:]
  var states: [AppFeature.State] = []
  for list in lists {
    environments[ListID(list.path)] = AppFeature.Environment(
      list: todosEnvironment,
      file: stateFolder.map {
        FileClient.live(path: list.path, stateFolder: $0).mergingConflictCopies(
          donePath: list.donePath, mergedFolder: $0 + "/merged")
      } ?? .live(path: list.path),
      doneFile: .live(path: list.donePath, modeLike: list.path)
    )
    // Its done.txt, shown read-only by D (r restores from it).
    let done = ListID(list.donePath)
    doneFiles[ListID(list.path)] = done
    if environments[done] == nil {
      var view = todosEnvironment
      view.archivesAfterSettle = false
      environments[done] = AppFeature.Environment(
        list: view,
        file: .live(
          path: list.donePath,
          stateFolder: TodoFileLocation.stateFolder(environment: processEnvironment)))
    }
    var state = AppFeature.State(path: list.path)
    state.file.displayName = list.displayName
    settings.apply(to: &state, problems: loaded.problems)
    states.append(state)
  }
  let environment = ListsFeature.Environment(
    lists: environments, doneFiles: doneFiles,
    afterMoveTargetWritten: testPauseAfterMoveTarget(processEnvironment))
  var reducer = ListsFeature.reducer(environment)
  if let debugLog, let log = DebugLog(path: debugLog) {
    reducer = reducer.debug(to: log.write)
  }
  let store = Store(initialState: ListsFeature.State(lists: states), reducer: reducer)
  let app = LiveApp(
    store: store, scheduler: scheduler, keys: settings.keys,
    theme: settings.theme(colorCount: terminal.colorCount))
  store.send(.terminalResized(width: terminal.size.width, height: terminal.size.height))
  store.send(.started)

  // Ctrl-Z: the files get every change before the process stops (the saves are synchronous).
  terminal.beforeSuspending = { store.send(.suspendRequested) }
  let loop = TerminalRunLoop(terminal: terminal)
  // Every list is watched, shown or not. Watch what the path points to: a symlinked
  // todo.txt is replaced in its target's folder.
  var watchers: [FileWatcher] = []
  for list in lists {
    guard let watcher = FileWatcher(path: resolvingSymlinks(list.path)) else { continue }
    let id = ListID(list.path)
    loop.watch(fd: watcher.fileDescriptor) {
      if watcher.drainEvents() { store.send(.list(.element(id: id, action: .fileChangedOnDisk))) }
    }
    watchers.append(watcher)
  }
  let status = loop.run(app)
  withExtendedLifetime(watchers) {}
  // A line another program wrote, at the last save, to the version it replaced.
  for list in environment.lists.values { list.file.absorbLateWrites(true) }
  for message in issues.messages {
    printError("todos-tui: internal issue: \(message)")
  }
  var exit = status
  for list in store.state.lists { exit = exitStatus(list, loopStatus: exit) }
  return exit
}

/// The exit status, after saying on standard error where changes went that the todo file does
/// not hold: non-zero whenever the file does not have the user's last changes.
@MainActor
func exitStatus(_ state: AppFeature.State, loopStatus: Int32) -> Int32 {
  // The status line only said that a recovery file is there: here is where.
  if let reminder = state.file.recoveryReminder, state.file.unsavedChangesCopy == nil {
    printError(reminder)
  }
  guard state.hasUnsavedChanges else { return loopStatus }
  let file = state.file
  let problem = file.problem?.description ?? "the file could not be written"
  if let copy = file.unsavedChangesCopy {
    printError(
      """
      todos-tui could not save your last changes to \(file.path).

        \(problem)
        Your changes: \(copy)

      To fix, solve the problem above, then merge that file into the todo file (its lines \
      starting with # are headings) and delete it; todos-tui reminds you of it until then.
      """)
  } else {
    // Not even a recovery file could be written: standard error is the last place left.
    printError(
      """
      todos-tui could not save your last changes, nor write them to a recovery file.

        \(problem)

      To fix, copy the todo list below into \(file.path) once the problem above is solved.
      ----- todo.txt -----
      \(String(decoding: state.unsavedBytes, as: UTF8.self))----- end -----
      """)
  }
  return loopStatus == 0 ? 1 : loopStatus
}

/// `path` with symlinks resolved, or `path` itself when it does not exist (yet).
func resolvingSymlinks(_ path: String) -> String {
  guard let resolved = realpath(path, nil) else { return path }
  defer { free(resolved) }
  return String(cString: resolved)
}

extension TodosCommand {
  /// Where `A` archives to; a config.toml `done_file` that cannot be used (it is the todo file)
  /// is a config problem: the default place is used and the problem reported, as for any other.
  func resolveDoneFile(
    todoFile: String, config loaded: inout LoadedConfig, todoSh: String?
  ) throws(TodoFileLocationError) -> DoneFileLocation {
    let environment = ProcessInfo.processInfo.environment
    let folder = FileManager.default.currentDirectoryPath
    do {
      return try DoneFileLocation.resolve(
        option: doneFile, environment: environment, currentDirectory: folder,
        todoFile: todoFile, configured: loaded.config.behavior.doneFile, todoSh: todoSh)
    } catch {
      guard let configured = loaded.config.behavior.doneFile, let file = loaded.file,
        let fallback = try? DoneFileLocation.resolve(
          option: doneFile, environment: environment, currentDirectory: folder,
          todoFile: todoFile, todoSh: todoSh)
      else { throw error }
      loaded.problems.append(
        .setting(
          "done_file", inSection: "behavior", file: file, kind: .badValue,
          heading: "done_file is the todo file itself; archived todos go to \(fallback.path).",
          value: "done_file = \"\(configured)\"",
          fix: "To fix, give done_file a file of its own, such as \"done.txt\"."))
      return fallback
    }
  }
}

/// Reads config.toml from where `--config`, `$TODOS_TUI_CONFIG` or the XDG place say.
func loadConfig(option: String?, environment: [String: String]) -> LoadedConfig {
  let location = ConfigLocation.resolve(
    option: option, environment: environment,
    currentDirectory: FileManager.default.currentDirectoryPath)
  let vocabulary = ConfigVocabulary.app
  return location?.load(vocabulary: vocabulary)
    ?? LoadedConfig(config: .defaults(for: vocabulary), problems: [], file: nil)
}

/// Each problem of the config in full on standard error: file and line, what, "To fix, …".
func printProblems(_ problems: [ConfigProblem]) {
  for problem in problems { printError("todos-tui: config: \(problem)\n") }
}

/// Writes a message and a newline to standard error.
func printError(_ message: String) {
  var text = message + "\n"
  text.withUTF8 { bytes in
    var offset = 0
    while offset < bytes.count {
      let written = write(2, bytes.baseAddress! + offset, bytes.count - offset)
      if written < 0, errno == EINTR { continue }
      if written <= 0 { return }
      offset += written
    }
  }
}

/// The shell `--generate-completion-script SHELL` asks a script for, if it does.
func completionShell(_ arguments: [String]) -> CompletionShell? {
  let option = "--generate-completion-script"
  guard let index = arguments.firstIndex(where: { $0.hasPrefix(option) }) else { return nil }
  let word = arguments[index]
  let name =
    word.hasPrefix(option + "=")
    ? String(word.dropFirst(option.count + 1))
    : index + 1 < arguments.count ? arguments[index + 1] : ""
  return CompletionShell(rawValue: name)
}

let arguments = Array(CommandLine.arguments.dropFirst())
if let shell = completionShell(arguments) {
  // The parser's script, with the verbs offered as the first word.
  print(
    TodoCommand.completionScript(
      adding: TodosCommand.completionScript(for: shell), shell: shell.rawValue))
} else if arguments.first == MergeFileCommand.name {
  MergeFileCommand.main(Array(arguments.dropFirst()))
} else if arguments.first == DoctorCommand.name {
  DoctorCommand.main(Array(arguments.dropFirst()))
} else {
  switch TodoCommand.route(arguments, fileExists: { FileManager.default.fileExists(atPath: $0) }) {
  case .fullScreen:
    TodosCommand.main()
  case .verb(let command):
    exit(MainActor.assumeIsolated { VerbCommand.run(command) })
  case .failed(let error):
    printError(error.message)
    exit(error.status)
  }
}
