#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the todo file lives and why: `FILE` or `--file FILE`, else `$TODO_FILE`, else
/// todo.sh's `$TODO_DIR/todo.txt` (`TodoShSettings`), else
/// `$XDG_DATA_HOME/todos-tui/todo.txt` (`$HOME/.local/share` when XDG_DATA_HOME is unset, empty
/// or relative).
///
/// ```swift
/// let location = try TodoFileLocation.resolve(
///   argument: file, fileOption: fileOption,
///   environment: ProcessEnvironment.current(),
///   currentDirectory: FileSystem.currentDirectory())
/// try location.prepare()  // creates the default folder (0700), checks the place is usable
/// ```
public typealias TodoFileLocation = FileLocation<TodoFileSource>

/// Where the todo file's path came from.
public enum TodoFileSource: Equatable, Sendable {
  case argument
  case fileOption
  case environment
  /// todo.sh's folder: `$TODO_DIR`, or its config file's `export TODO_DIR=…`.
  case todoDir
  case defaultLocation
}

extension TodoFileLocation {
  /// Works out the path, without touching the disk (`todoSh`: todo.sh's settings, as read
  /// beforehand). Relative paths are taken from `currentDirectory`.
  ///
  /// ```swift
  /// try TodoFileLocation.resolve(
  ///   argument: nil, fileOption: nil, environment: ["HOME": "/home/me"], currentDirectory: "/")
  /// // /home/me/.local/share/todos-tui/todo.txt, .defaultLocation
  /// ```
  public static func resolve(
    argument: String?, fileOption: String?, environment: [String: String],
    currentDirectory: String, todoSh: TodoShSettings = TodoShSettings()
  ) throws(TodoFileLocationError) -> TodoFileLocation {
    let paths = PathResolver(environment: environment, currentDirectory: currentDirectory)
    let absolute = paths.absolute
    if let argument, let fileOption, argument != fileOption {
      throw TodoFileLocationError(
        heading: "Two todo files were given.",
        value: "FILE: \(argument)\n--file: \(fileOption)",
        fix: "To fix, give the file once, either as FILE or with --file.")
    }
    for (given, source) in [(argument, Source.argument), (fileOption, .fileOption)] {
      guard let given else { continue }
      guard !given.isEmpty else {
        throw TodoFileLocationError(
          heading: "The todo file name is empty.", value: "\"\"",
          fix: "To fix, pass a file name, for example todos-tui ~/todo.txt.")
      }
      return TodoFileLocation(path: absolute(given), source: source)
    }
    if let file = environment["TODO_FILE"], !file.isEmpty {
      return TodoFileLocation(path: absolute(file), source: .environment)
    }
    if let folder = todoSh.todoDir, !folder.isEmpty {
      return TodoFileLocation(path: absolute(folder + "/todo.txt"), source: .todoDir)
    }
    guard let data = paths.folder(.data) else {
      throw TodoFileLocationError(
        heading: "There is no place for the todo file.",
        value: "HOME=\(environment["HOME"].map { "\"\($0)\"" } ?? "(unset)")",
        fix:
          "To fix, pass a file (todos-tui ~/todo.txt), set TODO_FILE or XDG_DATA_HOME, "
          + "or set HOME to an absolute path.")
    }
    return TodoFileLocation(
      path: absolute(data + "/todos-tui/todo.txt"), source: .defaultLocation)
  }

  /// How the title names the file: `todo.txt` at the app's default place; anywhere else
  /// (a file given, `$TODO_FILE`, todo.sh's folder) the path, with `~` for `home`.
  ///
  /// ```swift
  /// TodoFileLocation(path: "/home/me/work/todo.txt", source: .argument)
  ///   .displayName(home: "/home/me")  // "~/work/todo.txt"
  /// ```
  public func displayName(home: String?) -> String {
    if source == .defaultLocation { return PathComponents.lastComponent(of: path) }
    guard let home, home.hasPrefix("/"), home != "/" else { return path }
    let folder = home.hasSuffix("/") ? String(home.dropLast()) : home
    return path.hasPrefix(folder + "/") ? "~" + path.dropFirst(folder.count) : path
  }

  /// Where files about the app's state go (the recovery file, when it cannot go next to the
  /// todo file): `$XDG_STATE_HOME/todos-tui`, else `$HOME/.local/state/todos-tui`; nil when
  /// neither is an absolute path. Nothing is created here.
  ///
  /// ```swift
  /// TodoFileLocation.stateFolder(environment: ["HOME": "/home/me"])
  /// // "/home/me/.local/state/todos-tui"
  /// ```
  public static func stateFolder(environment: [String: String]) -> String? {
    // Only absolute paths here: the current folder is never used.
    PathResolver(environment: environment, currentDirectory: "/").folder(.state)
      .map { $0 + "/todos-tui" }
  }

  /// Makes the location usable, or says why it is not: creates the default folder (and missing
  /// parents) with mode 0700; checks that the folder exists and is a folder, that the path is
  /// not a folder, and, when there is no file yet, that the folder is writable. A file that
  /// exists but cannot be read or written is not an error here: the app runs and says so.
  ///
  /// ```swift
  /// try location.prepare()
  /// ```
  public func prepare() throws(TodoFileLocationError) {
    let folder = PathComponents.folder(of: path)
    var st = stat()
    if stat(folder, &st) != 0 {
      let code = errno
      if code == ENOENT, source == .defaultLocation {
        try createFolders(folder)
      } else if code == ENOENT {
        throw TodoFileLocationError(
          heading: "The todo file's folder does not exist.", value: folder,
          fix: "To fix, create it (mkdir -p \(folder)) or pick another file.")
      } else {
        throw folderError(folder, code)
      }
    } else if st.st_mode & S_IFMT != S_IFDIR {
      throw TodoFileLocationError(
        heading: "The todo file's folder is not a folder.", value: folder,
        fix: "To fix, pick a file inside a folder, or move that file out of the way.")
    }
    if stat(path, &st) == 0 {
      if st.st_mode & S_IFMT == S_IFDIR {
        throw TodoFileLocationError(
          heading: "The todo file is a folder.", value: path,
          fix: "To fix, give the path of a file, for example \(path)/todo.txt.")
      }
    } else if errno == ENOENT {
      // access(2) says yes to root even where creating fails (/sys), so really try.
      let probe = "\(folder)/.todos-tui-probe-\(getpid())"
      let fd = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
      guard fd >= 0 else { throw folderError(folder, errno) }
      close(fd)
      unlink(probe)
    }
  }

  private func createFolders(_ folder: String) throws(TodoFileLocationError) {
    var current = ""
    for component in folder.split(separator: "/") {
      current += "/" + component
      if mkdir(current, 0o700) != 0, errno != EEXIST {
        throw TodoFileLocationError(
          heading: "Could not create the todo file's folder.",
          value: "\(current): \(String(cString: strerror(errno)))",
          fix: "To fix, check that you may write there, or set TODO_FILE or pass a file.")
      }
    }
  }

  private func folderError(_ folder: String, _ code: Int32) -> TodoFileLocationError {
    switch code {
    case ENOTDIR:
      return TodoFileLocationError(
        heading: "The todo file's folder is not a folder.", value: folder,
        fix: "To fix, pick a file inside a folder, or move that file out of the way.")
    default:
      return TodoFileLocationError(
        heading: "The todo file cannot be created.",
        value: "\(folder): \(String(cString: strerror(code)))",
        fix: "To fix, make the folder writable (chmod u+w \(folder)) or pick another file.")
    }
  }
}

/// Why the todo file's location is unusable at start, worded for the terminal.
///
/// ```swift
/// print(error)  // heading, the value indented, then "To fix, …"
/// ```
public struct TodoFileLocationError: Error, Equatable, Sendable, CustomStringConvertible {
  public var heading: String
  public var value: String
  public var fix: String

  public init(heading: String, value: String, fix: String) {
    self.heading = heading
    self.value = value
    self.fix = fix
  }

  public var description: String {
    let indented = value.split(separator: "\n", omittingEmptySubsequences: false)
      .map { "  " + $0 }.joined(separator: "\n")
    return "\(heading)\n\n\(indented)\n\n\(fix)"
  }
}
