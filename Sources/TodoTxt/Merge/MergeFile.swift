#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `todos-tui merge-file`: the app's merge (`TodoTxtMerge`) on files given on the command
/// line, as git's merge driver (three files) or for a sync client's conflict copy (two files).
/// Nothing is merged unless every file is text (`FileClient.isText`).
///
/// ```swift
/// let result = try MergeFile.merge(
///   base: .init(role: "BASE", path: "a", bytes: Array("Call Mom\n".utf8)),
///   ours: .init(role: "OURS", path: "b", bytes: Array("x 2026-11-23 Call Mom\n".utf8)),
///   theirs: .init(role: "THEIRS", path: "c", bytes: Array("Call Mom\nBuy milk\n".utf8)))
/// String(decoding: result.bytes, as: UTF8.self)  // "x 2026-11-23 Call Mom\nBuy milk\n"
/// ```
@MainActor
public enum MergeFile {
  /// One file of the merge: what the command line calls it, where it is, what it holds.
  public struct Input: Sendable {
    public var role: String
    public var path: String
    public var bytes: [UInt8]

    public init(role: String, path: String, bytes: [UInt8]) {
      self.role = role
      self.path = path
      self.bytes = bytes
    }
  }

  /// The three-way merge git's driver asks for: every change of both sides over `base`
  /// is kept; a todo changed differently on both sides is kept twice, ours then theirs.
  ///
  /// ```swift
  /// try MergeFile.merge(base: base, ours: ours, theirs: theirs).bytes  // goes to OURS
  /// ```
  public static func merge(
    base: Input, ours: Input, theirs: Input
  ) throws(MergeFileError) -> TodoTxtMergeResult {
    for input in [base, ours, theirs] { try checkText(input) }
    return TodoTxtMerge.merge(base: base.bytes, ours: ours.bytes, theirs: theirs.bytes)
  }

  /// The merge of a conflict copy into the file (`ConflictCopyMerge`): over the kept version
  /// the copy was made from when one is in `kept`, else two-way, keeping every line of both
  /// (identical lines once) and a todo that differs slightly on the sides twice, `into`'s
  /// first. With `done`, the union: `other`'s lines `into` lacks, appended once.
  ///
  /// ```swift
  /// try MergeFile.mergeTwo(into: todo, other: copy).bytes  // goes to todo.txt
  /// ```
  public static func mergeTwo(
    into: Input, other: Input, kept: [[UInt8]] = [], done: Bool = false
  ) throws(MergeFileError) -> ConflictCopyMerge.Result {
    for input in [into, other] { try checkText(input) }
    return done
      ? ConflictCopyMerge.union(into: into.bytes, copy: other.bytes)
      : ConflictCopyMerge.merge(into: into.bytes, copy: other.bytes, kept: kept)
  }

  static func checkText(_ input: Input) throws(MergeFileError) {
    guard FileClient.isText(input.bytes) else {
      throw .notText(
        role: input.role, path: input.path,
        reason: input.bytes.contains(0)
          ? "it holds NUL bytes (UTF-16 text, or not text at all)"
          : "most of its lines are not UTF-8")
    }
  }

  /// The whole file at `path`.
  ///
  /// ```swift
  /// let bytes = try MergeFile.read("/tmp/.merge_file_a1b2c3")
  /// ```
  public nonisolated static func read(_ path: String) throws(FileError) -> [UInt8] {
    try FileSystem.read(path)
  }

  /// Replaces the file at `path` (a symlink's target) with `bytes` atomically: a temporary
  /// file beside it with the file's mode, fsync, rename over, fsync the folder. On failure the
  /// file is as it was and the temporary is gone. No lock is taken.
  ///
  /// ```swift
  /// try MergeFile.replace("/repo/.merge_file_a1b2c3", with: merged.bytes)
  /// ```
  public nonisolated static func replace(_ path: String, with bytes: [UInt8]) throws(FileError) {
    var target = path
    if let resolved = realpath(path, nil) {
      target = String(cString: resolved)
      free(resolved)
    }
    var st = stat()
    guard stat(target, &st) == 0 else { throw fileError(errno, target) }
    guard st.st_mode & S_IFMT == S_IFREG else { throw .notRegularFile(target) }
    let folder = PathComponents.folder(of: target)
    let name = PathComponents.lastComponent(of: target)
    let temporary = "\(folder)/.\(name).merge-\(getpid())"
    _ = try DurableWrite.newFile(
      bytes, at: temporary, mode: mode_t(st.st_mode & 0o7777), for: target)
    guard rename(temporary, target) == 0 else {
      let code = errno
      unlink(temporary)
      throw fileError(code, target)
    }
    DurableWrite.syncFolder(of: target)
  }
}

/// Why `todos-tui merge-file` merged nothing: its message has a heading, the value and
/// "To fix, …".
///
/// ```swift
/// MergeFileError.notText(role: "THEIRS", path: "b", reason: "it holds NUL bytes").description
/// ```
public enum MergeFileError: Error, Equatable, CustomStringConvertible {
  /// A file is not text the merge can take.
  case notText(role: String, path: String, reason: String)
  /// A file could not be read or written.
  case file(role: String, FileError)
  /// The merge was saved (`done` says what it did) but the copy could not be moved away.
  case notMoved(done: String, FileError)

  /// One line for the app's status line.
  ///
  /// ```swift
  /// MergeFileError.notText(role: "OTHER", path: "/s/todo (x).txt", reason: "…").statusLine
  /// // "todo (x).txt is not text: not merged"
  /// ```
  public var statusLine: String {
    switch self {
    case .notText(_, let path, _):
      return "\(PathComponents.lastComponent(of: path)) is not text: not merged"
    case .file(_, let error):
      return "\(error.message): conflict copy not merged"
    case .notMoved(let done, let error):
      return "\(done) · copy not moved: \(error.message)"
    }
  }

  public var description: String {
    switch self {
    case .notText(let role, let path, let reason):
      return """
        todos-tui merge-file: \(role) is not a text file, so it cannot be merged line by line; \
        nothing was written.

          \(path): \(reason)

        To fix, save \(role) as UTF-8 text and merge again, or keep one side as it is \
        (with git: git checkout --ours FILE or --theirs FILE, then git add FILE).
        """
    case .file(let role, let error):
      return """
        todos-tui merge-file: \(role) could not be read or written; nothing was changed.

          \(error.description)

        To fix, solve the problem above (permissions, a full disk, a todos-tui busy saving \
        the file), then merge again.
        """
    case .notMoved(let done, let error):
      return """
        todos-tui merge-file: \(done), but the copy could not be moved to the merged folder; \
        it is still where it was.

          \(error.description)

        To fix, solve the problem above and move the copy out of the synced folder yourself \
        (merging it again adds nothing).
        """
    }
  }
}
