// The lists the full screen opens: the files given, config.toml's `files`, or every *.txt of
// todo.sh's folder (`lists = "todo_dir"`), each with its done.txt and the name its title says.

import TodoTxt
import TodosConfig

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One list to open: its file, its done.txt, its name in the title and the list picker.
struct ListFile {
  var path: String
  var donePath: String
  var displayName: String
}

extension TodosCommand {
  /// The lists, in order: FILE… (several files, several lists), else --file, $TODO_FILE, else
  /// config.toml's `files`, else `lists = "todo_dir"`'s files, else the one todo file as
  /// `TodoFileLocation` finds it. Each folder is checked and each gets its done file.
  func listFiles(
    config loaded: inout LoadedConfig, environment: [String: String]
  ) throws(TodoFileLocationError) -> [ListFile] {
    let todoSh = TodoShSettings.read(environment: environment)
    let locations = try Self.listLocations(
      files: files, fileOption: fileOption, behavior: loaded.config.behavior,
      environment: environment, todoSh: todoSh)
    var lists: [ListFile] = []
    for location in locations {
      try location.prepare()
      // todo.sh's done file goes with todo.sh's todo file only.
      let done = try resolveDoneFile(
        todoFile: location.path, config: &loaded, environment: environment,
        todoSh: location.source == .todoDir ? todoSh.doneFile : nil)
      try done.checkFolder()
      lists.append(
        ListFile(
          path: location.path, donePath: done.path,
          displayName: location.displayName(home: environment["HOME"])))
    }
    return lists
  }
}

extension TodosCommand {
  /// Where the lists are, in order, each once: FILE… (several files, several lists), else
  /// --file or $TODO_FILE (one list), else config.toml's `files`, else `lists = "todo_dir"`'s
  /// files, else the one todo file as `TodoFileLocation` finds it. Nothing is touched on disk
  /// but todo.sh's folder, listed for `lists = "todo_dir"`.
  ///
  /// ```swift
  /// try TodosCommand.listLocations(
  ///   files: ["work.txt", "home.txt"], fileOption: nil, behavior: behavior,
  ///   environment: environment, todoSh: todoSh)  // work.txt, home.txt (absolute)
  /// ```
  static func listLocations(
    files: [String], fileOption: String?, behavior: BehaviorSettings,
    environment: [String: String], todoSh: TodoShSettings
  ) throws(TodoFileLocationError) -> [TodoFileLocation] {
    let folder = FileSystem.currentDirectory()
    let paths = PathResolver(environment: environment, currentDirectory: folder)
    let first = try TodoFileLocation.resolve(
      argument: files.first, fileOption: fileOption, environment: environment,
      currentDirectory: folder, todoSh: todoSh)
    var locations = [first]
    if files.count > 1 {
      for extra in files.dropFirst() {
        guard !extra.isEmpty else {
          throw TodoFileLocationError(
            heading: "A todo file name is empty.", value: "\"\"",
            fix: "To fix, pass file names, for example todos-tui work.txt home.txt.")
        }
        locations.append(TodoFileLocation(path: paths.absolute(extra), source: .argument))
      }
    } else if first.source == .todoDir || first.source == .defaultLocation {
      if !behavior.files.isEmpty {
        locations = behavior.files.map {
          TodoFileLocation(path: paths.absolute(paths.expandingHome($0)), source: .argument)
        }
      } else if behavior.lists == "todo_dir", let dir = todoSh.todoDir, !dir.isEmpty {
        let found = ListFiles.inTodoDir(folder: paths.absolute(paths.expandingHome(dir)))
        if !found.isEmpty {
          locations = found.map { TodoFileLocation(path: $0, source: .todoDir) }
        }
      }
    }
    var seen: Set<String> = []
    return locations.filter { seen.insert($0.path).inserted }
  }
}

/// Test-only: with `TODOS_TUI_TEST_PAUSE_AFTER_MOVE_TARGET=SECONDS`, a move (`M`) waits that
/// long after writing the target file and before rewriting the source, so a real-terminal test
/// can kill the app in between. Unset (always, outside tests): no pause.
func testPauseAfterMoveTarget(_ environment: [String: String]) -> @MainActor () -> Void {
  guard let text = environment["TODOS_TUI_TEST_PAUSE_AFTER_MOVE_TARGET"],
    let seconds = UInt32(text), seconds > 0
  else { return {} }
  return { sleep(seconds) }
}
