// todos-tui: the executable. It parses the command line, builds the live dependencies, and
// wires the store to the terminal's run loop (through `LiveApp`). Everything else lives in the
// libraries.

import Architecture
import CommandLineSpec
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

/// Runs the app full-screen on the terminal, on every list; returns the exit status.
/// `processEnvironment` is the process's environment, read once at start.
@MainActor
func runApp(
  lists: [ListFile], mouse: Bool, debugLog: String?, config loaded: LoadedConfig,
  processEnvironment: [String: String]
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
    todoFile: String, config loaded: inout LoadedConfig, environment: [String: String],
    todoSh: String?
  ) throws(TodoFileLocationError) -> DoneFileLocation {
    let folder = FileSystem.currentDirectory()
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

/// Reads config.toml from where `--config`, `$TODOS_TUI_CONFIG` or the XDG place say. With no
/// file and `keysWrittenOut` false, the defaults leave the keys to `AppSettings` (each action
/// its default keys) and the vocabulary is not made.
func loadConfig(
  option: String?, environment: [String: String], keysWrittenOut: Bool = true
) -> LoadedConfig {
  let location = ConfigLocation.resolve(
    option: option, environment: environment,
    currentDirectory: FileSystem.currentDirectory())
  let noFile =
    location.map { $0.source == .defaultLocation && FileSystem.kind(of: $0.path) == nil } ?? true
  if noFile, !keysWrittenOut {
    return LoadedConfig(config: .appDefaultsWithDefaultKeys, problems: [], file: nil)
  }
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

/// The shell `--generate-completion-script SHELL` asks a script for, if it does; a usage error
/// for a shell it does not know.
func completionShell(_ arguments: [String]) -> CompletionShell? {
  let option = "--generate-completion-script"
  guard let index = arguments.firstIndex(where: { $0 == option || $0.hasPrefix(option + "=") })
  else { return nil }
  let word = arguments[index]
  let name =
    word.hasPrefix(option + "=")
    ? String(word.dropFirst(option.count + 1))
    : index + 1 < arguments.count ? arguments[index + 1] : ""
  guard let shell = CompletionShell(rawValue: name) else {
    exitWithUsageError(
      TodosCommand.spec,
      .invalid(
        "The shell “\(name)” has no completion script. To fix, use "
          + "--generate-completion-script bash, zsh or fish."))
  }
  return shell
}

let arguments = Array(CommandLine.arguments.dropFirst())
if let shell = completionShell(arguments) {
  print(TodosCommand.spec.completionScript(for: shell), terminator: "")
} else if arguments.contains("--experimental-dump-help") {
  // What scripts/generate-man-page.py makes the man page's NAME, SYNOPSIS and OPTIONS from.
  print(TodosCommand.spec.dumpJSON())
} else if arguments.first == MergeFileCommand.name {
  let command = MergeFileCommand(parseOrExit(MergeFileCommand.spec, Array(arguments.dropFirst())))
  exit(command.run())
} else if arguments.first == DoctorCommand.name {
  exit(DoctorCommand(parseOrExit(DoctorCommand.spec, Array(arguments.dropFirst()))).run())
} else {
  switch TodoCommand.route(arguments, fileExists: FileSystem.exists) {
  case .fullScreen:
    let command = TodosCommand(parseOrExit(TodosCommand.spec, arguments))
    if command.asksForHelp { exitWithHelp(TodosCommand.spec) }
    exit(command.run())
  case .verb(let command):
    exit(MainActor.assumeIsolated { VerbCommand.run(command) })
  case .failed(let error):
    printError(error.message)
    exit(error.status)
  }
}
