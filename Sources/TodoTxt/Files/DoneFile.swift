#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What an archive wrote to done.txt, so that its undo can take exactly that back out.
///
/// ```swift
/// let receipt = try doneFile.append([Array("x 2026-11-23 Call Mom".utf8)])
/// receipt.bytes  // "x 2026-11-23 Call Mom\n" (after a "\n" when done.txt lacked a final one)
/// ```
public struct AppendReceipt: Equatable, Sendable {
  /// The done file written.
  public var path: String
  /// Every byte appended, in order: the separating newline (when added), then each line and
  /// its LF.
  public var bytes: [UInt8]
  /// Whether done.txt had no final newline and got one before the lines.
  public var addedNewline: Bool
  /// Whether the append created done.txt.
  public var createdFile: Bool

  public init(path: String, bytes: [UInt8], addedNewline: Bool, createdFile: Bool) {
    self.path = path
    self.bytes = bytes
    self.addedNewline = addedNewline
    self.createdFile = createdFile
  }

  /// How many lines were appended.
  ///
  /// ```swift
  /// receipt.lineCount  // 3
  /// ```
  public var lineCount: Int {
    bytes.reduce(0) { $0 + ($1 == ASCII.lf ? 1 : 0) } - (addedNewline ? 1 : 0)
  }
}

/// What an undo of an archive did to done.txt.
///
/// ```swift
/// if try doneFile.undo(receipt) == .changedSince { status = "done.txt changed; left alone" }
/// ```
public enum UndoOutcome: Equatable, Sendable {
  /// The appended bytes were removed (and done.txt itself, when the append created it).
  case removed
  /// done.txt no longer ends with the appended bytes (another program wrote it, or it is
  /// gone): it was left as it is.
  case changedSince
}

/// done.txt as a dependency: archiving appends completed todos' lines to it; undoing the
/// archive takes them back out. Tests use an in-memory double; the app passes `live(path:)`.
///
/// ```swift
/// let doneFile = DoneFileClient.live(path: "/home/me/todo/done.txt", modeLike: todoPath)
/// let receipt = try doneFile.append([Array("x 2026-11-23 Call Mom".utf8)])
/// try doneFile.undo(receipt)  // .removed
/// ```
@MainActor
public struct DoneFileClient {
  /// The done file's path, for messages.
  public var path: String
  /// Appends `lines` (each without its LF), each followed by an LF, after adding an LF when
  /// the file does not end with one; creates the file when missing; fsyncs before returning.
  /// On failure the file is as it was.
  public var append: @MainActor (_ lines: [[UInt8]]) throws(FileError) -> AppendReceipt
  /// Removes exactly what `receipt` appended when the file still ends with it; otherwise
  /// leaves the file alone and says `.changedSince`.
  public var undo: @MainActor (_ receipt: AppendReceipt) throws(FileError) -> UndoOutcome

  public init(
    path: String,
    append: @escaping @MainActor (_ lines: [[UInt8]]) throws(FileError) -> AppendReceipt,
    undo: @escaping @MainActor (_ receipt: AppendReceipt) throws(FileError) -> UndoOutcome
  ) {
    self.path = path
    self.append = append
    self.undo = undo
  }

  /// The bytes an append writes after a file whose last byte is `lastByte` (nil: empty or
  /// missing), and whether they start with an added newline. Shared by the live client and
  /// the test double so both write the same bytes.
  ///
  /// ```swift
  /// DoneFileClient.bytesToAppend([Array("b".utf8)], after: UInt8(ascii: "a"))
  /// // ("\nb\n", true)
  /// ```
  public nonisolated static func bytesToAppend(
    _ lines: [[UInt8]], after lastByte: UInt8?
  ) -> (bytes: [UInt8], addedNewline: Bool) {
    guard !lines.isEmpty else { return ([], false) }
    let addsNewline = lastByte != nil && lastByte != ASCII.lf
    var bytes: [UInt8] = addsNewline ? [ASCII.lf] : []
    bytes.reserveCapacity(lines.reduce(bytes.count) { $0 + $1.count + 1 })
    for line in lines {
      assert(!line.contains(ASCII.lf), "a done.txt line holds a line break")
      bytes.append(contentsOf: line)
      bytes.append(ASCII.lf)
    }
    return (bytes, addsNewline)
  }
}

/// Where done.txt lives: `--done-file PATH`, else `$DONE_FILE`, else config.toml's
/// `done_file`, else todo.sh's config file's `DONE_FILE` (for todo.sh's own todo file), else
/// `done.txt` next to the todo file. When the todo file is a symlink, "next to" means next to the file it points at
/// (the folder todo.sh, sync tools and editors see as the todo folder).
///
/// ```swift
/// let done = try DoneFileLocation.resolve(
///   option: nil, environment: [:], currentDirectory: "/",
///   todoFile: "/home/me/todo/todo.txt")
/// done.path  // "/home/me/todo/done.txt"
/// ```
public typealias DoneFileLocation = FileLocation<DoneFileSource>

/// Where done.txt's path came from.
public enum DoneFileSource: Equatable, Sendable {
  case option
  case environment
  /// config.toml's `done_file`.
  case config
  /// todo.sh's config file's `export DONE_FILE=…`.
  case todoShConfig
  case besideTodoFile
}

extension DoneFileLocation {
  /// Works out the path. Relative paths are taken from `currentDirectory`; `realPath` resolves
  /// a symlinked todo file (nil: not a symlink, or it cannot be resolved). `configured` is
  /// config.toml's `done_file`: `~` is `$HOME` (`PathResolver`), a relative path is taken from
  /// the todo file's folder. `todoSh` is todo.sh's config file's `DONE_FILE`, given only when
  /// the todo file is todo.sh's (`TodoFileSource.todoDir`).
  ///
  /// ```swift
  /// try DoneFileLocation.resolve(
  ///   option: "archive.txt", environment: [:], currentDirectory: "/home/me",
  ///   todoFile: "/home/me/todo.txt")
  /// // /home/me/archive.txt, .option
  /// ```
  public static func resolve(
    option: String?, environment: [String: String], currentDirectory: String,
    todoFile: String, configured: String? = nil, todoSh: String? = nil,
    realPath: (String) -> String? = DoneFileLocation.symlinkTarget
  ) throws(TodoFileLocationError) -> DoneFileLocation {
    let paths = PathResolver(environment: environment, currentDirectory: currentDirectory)
    let absolute = paths.absolute
    let location: DoneFileLocation
    if let option {
      guard !option.isEmpty else {
        throw TodoFileLocationError(
          heading: "The done file name is empty.", value: "--done-file \"\"",
          fix: "To fix, pass a file name, for example --done-file ~/done.txt.")
      }
      location = DoneFileLocation(path: absolute(option), source: .option)
    } else if let file = environment["DONE_FILE"], !file.isEmpty {
      location = DoneFileLocation(path: absolute(file), source: .environment)
    } else if let configured, !configured.isEmpty {
      var path = paths.expandingHome(configured)
      if !path.hasPrefix("/") {
        let todo = realPath(todoFile) ?? todoFile
        path = PathComponents.folder(of: absolute(todo)) + "/" + path
      }
      location = DoneFileLocation(path: absolute(path), source: .config)
    } else if let todoSh, !todoSh.isEmpty {
      location = DoneFileLocation(path: absolute(todoSh), source: .todoShConfig)
    } else {
      let todo = realPath(todoFile) ?? todoFile
      let folder = PathComponents.folder(of: absolute(todo))
      location = DoneFileLocation(path: absolute(folder + "/done.txt"), source: .besideTodoFile)
    }
    // Either name may be a symlink: compare the files they lead to.
    let todo = absolute(realPath(todoFile) ?? todoFile)
    let done = absolute(realPath(location.path) ?? location.path)
    if location.path == absolute(todoFile) || done == todo {
      throw TodoFileLocationError(
        heading: "The done file is the todo file.", value: location.path,
        fix: "To fix, give done.txt its own name with --done-file or DONE_FILE.")
    }
    return location
  }

  /// Checks at start that done.txt's folder is there and is a folder, as the todo file's is
  /// checked (the folder is never created: a missing one is more likely a typo).
  ///
  /// ```swift
  /// try DoneFileLocation(path: "/nonexistent/done.txt", source: .environment).checkFolder()
  /// // The done file's folder does not exist. /nonexistent  To fix, create it (mkdir -p …)
  /// ```
  public func checkFolder() throws(TodoFileLocationError) {
    let folder = PathComponents.folder(of: path)
    var st = stat()
    guard stat(folder, &st) == 0 else {
      throw TodoFileLocationError(
        heading: "The done file's folder does not exist.", value: folder,
        fix: "To fix, create it (mkdir -p \(folder)) or \(elsewhere).")
    }
    guard st.st_mode & S_IFMT == S_IFDIR else {
      throw TodoFileLocationError(
        heading: "The done file's folder is not a folder.", value: folder,
        fix: "To fix, \(elsewhere).")
    }
  }

  /// How to point done.txt elsewhere, for where its path came from.
  private var elsewhere: String {
    switch source {
    case .option: "pass another --done-file"
    case .environment: "set DONE_FILE to a file in a folder that exists"
    case .config: "change done_file in config.toml"
    case .todoShConfig: "change DONE_FILE in todo.sh's config"
    case .besideTodoFile: "pass --done-file"
    }
  }

  /// The file a symlink at `path` points to (absolute), or nil when `path` is not a symlink.
  ///
  /// ```swift
  /// DoneFileLocation.symlinkTarget("/home/me/todo.txt")  // "/srv/sync/todo.txt"
  /// ```
  @Sendable public static func symlinkTarget(_ path: String) -> String? {
    var st = stat()
    guard lstat(path, &st) == 0, st.st_mode & S_IFMT == S_IFLNK,
      let resolved = realpath(path, nil)
    else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
