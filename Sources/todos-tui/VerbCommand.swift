// `todos-tui add|ls|do|undo|pri|depri|del|archive|lists …`: one change to the todo file from
// the shell, through the app's lock and atomic save, so an open app merges it as another
// writer's change.

import Architecture
import FoundationEssentials
import TodoTxt
import TodosAppConfig
import TodosConfig
import TodosFeature

/// Runs a verb (`TodoCommand`) against the file the full screen would open.
///
/// ```swift
/// exit(VerbCommand.run(command))  // prints "3 Call Mom due:2026-11-27 +family"
/// ```
@MainActor
enum VerbCommand {
  /// How often a change is merged into the file again when another program (todo.sh, sed)
  /// wrote it between the read and the save.
  static let attempts = 5
  /// How long a verb waits for the lock while another todos-tui holds it: the app's save
  /// takes it for milliseconds, which a busy machine can stretch past the app's own wait.
  static let lockPatience: Duration = .seconds(5)

  /// Runs `command`; returns the exit status, having printed its output or its error.
  static func run(_ command: TodoCommand) -> Int32 {
    do throws(CommandError) {
      try perform(command)
      return 0
    } catch {
      printError(error.message)
      return error.status
    }
  }

  static func perform(_ command: TodoCommand) throws(CommandError) {
    let environment = ProcessEnvironment.current()
    let loaded = loadConfig(option: command.config, environment: environment)
    printProblems(loaded.problems)
    var todosEnvironment = TodosEnvironment(
      uuid: UUID.fastRandom(), today: { LocalClock.today() }, scheduler: LiveScheduler())
    AppSettings(loaded.config).apply(to: &todosEnvironment)
    let settings = TodoCommand.Settings(todosEnvironment)
    let location: TodoFileLocation
    let todoSh = TodoShSettings.read(environment: environment)
    do {
      location = try TodoFileLocation.resolve(
        argument: nil, fileOption: command.file, environment: environment,
        currentDirectory: FileSystem.currentDirectory(), todoSh: todoSh)
    } catch {
      throw .file(error.description)
    }
    let client = FileClient.live(path: location.path)

    switch command.action {
    case .list(let query, let json):
      let document = TodoTxtDocument.parse(try self.read(client).bytes)
      let views = AppSettings(loaded.config).views
      let inView = try TodoCommand.query(query, inView: command.view, views)
      let view = try TodoCommand.view(named: command.view, views)
      emit(
        try TodoCommand.list(
          document, query: inView, json: json, today: settings.today, view: view))
      return
    case .lists:
      // Every list the full screen would open (config.toml's files, lists = "todo_dir").
      let locations: [TodoFileLocation]
      do {
        locations = try TodosCommand.listLocations(
          files: [], fileOption: command.file, behavior: loaded.config.behavior,
          environment: environment, todoSh: todoSh)
      } catch {
        throw .file(error.description)
      }
      for list in locations {
        let bytes = try self.read(.live(path: list.path)).bytes
        emit(TodoCommand.lists(TodoTxtDocument.parse(bytes), path: list.path))
      }
      return
    default:
      break
    }
    do {
      try location.prepare()
    } catch {
      throw .file(error.description)
    }
    let doneFile: DoneFileClient? =
      if case .archive = command.action {
        try doneFileClient(command, location: location, todoSh: todoSh, config: loaded)
      } else { nil }
    try lock(client)
    defer { client.unlock() }
    let read = try self.read(client)
    let change = try TodoCommand.edit(
      command.action, file: read.bytes, settings, path: location.path)
    guard let changed = change.bytes else {
      emit(change.output)
      return
    }
    // Another program (todo.sh, an editor) may write the file between the read and the save:
    // the change then goes into its version, merged as the app merges.
    let saved = try TodoCommand.save(
      changed, base: read.bytes, stamp: read.stamp, attempts: attempts,
      save: { (bytes, expected) throws(CommandError) in
        try write(
          bytes, over: expected, client: client, archiving: change.archived, to: doneFile)
      },
      reread: { () throws(CommandError) in
        let theirs = try self.read(client)
        return (theirs.bytes, theirs.stamp)
      })
    if saved {
      change.warnings.forEach(printError)
      emit(change.output)
      return
    }
    throw .file(
      "todos-tui: \(location.path) kept changing while being written: nothing changed. "
        + "To fix, try again.")
  }

  /// Takes the file's lock, waiting up to `lockPatience` while another todos-tui holds it.
  static func lock(_ client: FileClient) throws(CommandError) {
    let deadline = ContinuousClock.now + lockPatience
    while true {
      do throws(FileError) {
        try client.lock()
        return
      } catch {
        if error.isLockedByAnotherProcess, ContinuousClock.now < deadline { continue }
        throw .file("todos-tui: \(error.description). To fix, try again in a moment.")
      }
    }
  }

  /// Writes `bytes` over the version `stamp` (after appending `archived` to done.txt, for
  /// `archive`); false when the file changed since it was read, and nothing was written.
  static func write(
    _ bytes: [UInt8], over stamp: FileStamp?, client: FileClient, archiving archived: [[UInt8]],
    to doneFile: DoneFileClient?
  ) throws(CommandError) -> Bool {
    if let doneFile {
      do throws(ArchiveError) {
        _ = try Archive.perform(
          lines: archived, doneFile: doneFile,
          saveTodoFile: { () throws(FileError) in try client.save(bytes, stamp) })
        return true
      } catch {
        if case .todoFileNotSaved(.changedOnDisk, doneFileRestored: true) = error {
          return false
        }
        throw .file("todos-tui archive: \(error.message). To fix, solve that and try again.")
      }
    }
    do throws(FileError) {
      _ = try client.save(bytes, stamp)
      return true
    } catch {
      if case .changedOnDisk = error { return false }
      throw .file("todos-tui: \(error.description): nothing changed. To fix, solve that first.")
    }
  }

  /// The file's bytes and version (nil: there is no file yet: an empty list).
  static func read(
    _ client: FileClient
  ) throws(CommandError) -> (bytes: [UInt8], stamp: FileStamp?) {
    let loaded: LoadedFile?
    do throws(FileError) {
      loaded = try client.load()
    } catch {
      throw .file("todos-tui: \(error.description). To fix, solve that first.")
    }
    guard let loaded else { return ([], nil) }
    guard FileClient.isText(loaded.bytes) else {
      throw .file(
        "todos-tui: \(client.path) is not a todo.txt text file: nothing changed. To fix, "
          + "open the right file with --file PATH.")
    }
    return (loaded.bytes, loaded.stamp)
  }

  /// Where `archive` appends: as for `A` in the full screen.
  static func doneFileClient(
    _ command: TodoCommand, location: TodoFileLocation, todoSh: TodoShSettings,
    config loaded: LoadedConfig
  ) throws(CommandError) -> DoneFileClient {
    do throws(TodoFileLocationError) {
      let done = try DoneFileLocation.resolve(
        option: command.doneFile, environment: ProcessEnvironment.current(),
        currentDirectory: FileSystem.currentDirectory(), todoFile: location.path,
        configured: loaded.config.behavior.doneFile,
        todoSh: location.source == .todoDir ? todoSh.doneFile : nil)
      try done.checkFolder()
      return DoneFileClient.live(path: done.path, modeLike: location.path)
    } catch {
      throw .file(error.description)
    }
  }

  /// Prints each line on standard output.
  static func emit(_ lines: [String]) {
    for line in lines { print(line) }
  }
}
