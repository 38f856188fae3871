// `todos-tui doctor`: where everything the app uses is, and what state it is in: the todo file,
// its lock, done.txt, the config, recovery files and sync clients' conflict copies.

import CommandLineSpec
import TodoTxt
import TodosConfig
import TodosFeature

#if canImport(Glibc)
  import Glibc
#endif

/// `todos-tui doctor`: prints where the files are and what is pending, one line each.
///
/// ```swift
/// DoctorCommand(parseOrExit(DoctorCommand.spec, [])).run()  // prints "File: …", returns 0
/// ```
struct DoctorCommand {
  /// The first argument that selects this command: `todos-tui doctor`.
  static let name = "doctor"

  static let spec = CommandSpec(
    name: "todos-tui doctor",
    abstract: "Print where the todo file, its lock, done.txt and the config are, and what is "
      + "pending: recovery files, conflict copies, merged copies.",
    discussion: """
      Reads only: nothing is written, no lock is taken from a todos-tui that holds it. See \
      docs/command-line.md.
      """,
    arguments: [
      .option("file", valueName: "file", help: "The todo.txt file.", files: true),
      .option("done-file", valueName: "PATH", help: "done.txt.", files: true),
      .option("config", valueName: "PATH", help: "The config file.", files: true),
    ])

  var fileOption: String?
  var doneFile: String?
  var configPath: String?

  init(_ parsed: ParsedArguments) {
    fileOption = parsed.value("file")
    doneFile = parsed.value("done-file")
    configPath = parsed.value("config")
  }

  /// Prints the report; returns the exit status (1 when the todo file cannot be found).
  func run() -> Int32 {
    let environment = ProcessEnvironment.current()
    let (fileOption, doneFile, configPath) = (fileOption, doneFile, configPath)
    let lines = MainActor.assumeIsolated {
      Self.report(
        fileOption: fileOption, doneOption: doneFile, configOption: configPath,
        environment: environment)
    }
    guard let lines else { return 1 }
    for line in lines { print(line) }
    return 0
  }

  /// The report, one line each (indented lines list files); nil, having said why, when the
  /// todo file cannot be found.
  ///
  /// ```swift
  /// DoctorCommand.report(fileOption: "todo.txt", doneOption: nil, configOption: nil,
  ///   environment: ProcessEnvironment.current())  // ["File: /home/me/todo.txt (2 lines)", …]
  /// ```
  @MainActor
  static func report(
    fileOption: String?, doneOption: String?, configOption: String?,
    environment: [String: String]
  ) -> [String]? {
    let cwd = FileSystem.currentDirectory()
    let todoSh = TodoShSettings.read(environment: environment)
    let location: TodoFileLocation
    do {
      location = try TodoFileLocation.resolve(
        argument: nil, fileOption: fileOption, environment: environment,
        currentDirectory: cwd, todoSh: todoSh)
    } catch {
      printError("todos-tui doctor: \(error.description)")
      return nil
    }
    let loaded = loadConfig(option: configOption, environment: environment)
    var lines = ["File: \(location.path) (\(describe(location.path)))"]
    lines.append("Lock: \(location.path).lock (\(lockState(location.path)))")
    let done = try? DoneFileLocation.resolve(
      option: doneOption, environment: environment, currentDirectory: cwd,
      todoFile: location.path, configured: loaded.config.behavior.doneFile,
      todoSh: location.source == .todoDir ? todoSh.doneFile : nil)
    if let done { lines.append("Done file: \(done.path) (\(describe(done.path)))") }
    if let file = loaded.file {
      let count = loaded.problems.count
      lines.append(
        "Config: \(file) ("
          + (count == 0
            ? "no problems"
            : "\(count) \(count == 1 ? "problem" : "problems"): todos-tui --check-config")
          + ")")
    } else {
      lines.append("Config: none (the defaults are in force)")
    }
    let stateFolder = TodoFileLocation.stateFolder(environment: environment)
    let recovery = FileClient.live(path: location.path, stateFolder: stateFolder).findRecovery()
    lines.append(
      "Recovery file: " + (recovery.map { "\($0) (merge it, then delete it)" } ?? "none"))
    let folder = PathComponents.folder(of: location.path)
    let doneName = PathComponents.lastComponent(of: done?.path ?? "done.txt")
    let waiting = ConflictCopies.find(
      in: folder, of: [PathComponents.lastComponent(of: location.path), doneName])
    lines.append(
      "Conflict copies not merged yet: "
        + (waiting.isEmpty ? "none" : "\(waiting.count) (the app merges them when it opens)"))
    lines += waiting.map { "  \($0)" }
    if let merged = MergedCopies.folder(environment: environment) {
      let names = MergedCopies.list(merged)
      lines.append("Merged conflict copies: \(merged) (\(names.count))")
      lines += names.map { "  \($0)" }
    }
    return lines
  }

  /// `12 lines`, `does not exist yet`, `not readable`.
  ///
  /// ```swift
  /// DoctorCommand.describe("/home/me/todo.txt")  // "12 lines"
  /// ```
  static func describe(_ path: String) -> String {
    var st = stat()
    guard stat(path, &st) == 0 else {
      return errno == ENOENT ? "does not exist yet" : String(cString: strerror(errno))
    }
    guard let data = readAll(path) else { return "not readable" }
    let count =
      data.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) } + (data.last == 0x0A || data.isEmpty ? 0 : 1)
    return "\(count) \(count == 1 ? "line" : "lines")"
  }

  /// The file's bytes, nil when it cannot be read.
  static func readAll(_ path: String) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else { return nil }
      if count == 0 { return bytes }
      bytes += buffer[..<count]
    }
  }

  /// Whether a todos-tui holds the lock now, asked without waiting and without making it.
  ///
  /// ```swift
  /// DoctorCommand.lockState("/home/me/todo.txt")  // "free"
  /// ```
  static func lockState(_ path: String) -> String {
    let fd = open(path + ".lock", O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return "free" }
    defer { close(fd) }
    guard flock(fd, LOCK_SH | LOCK_NB) == 0 else { return "held: a todos-tui is saving" }
    flock(fd, LOCK_UN)
    return "free"
  }
}
