/// What identifies one version of the file on disk: if any part differs, someone wrote it.
///
/// ```swift
/// if fileClient.stamp() != state.file.stamp { send(.reloadFinished(catching(file.load))) }
/// ```
public struct FileStamp: Equatable, Hashable, Sendable {
  /// Modification time, seconds and nanoseconds since the epoch.
  public var modifiedSeconds: Int64
  public var modifiedNanoseconds: Int64
  public var size: Int64
  public var inode: UInt64
  public var device: UInt64

  public init(
    modifiedSeconds: Int64, modifiedNanoseconds: Int64 = 0, size: Int64, inode: UInt64 = 0,
    device: UInt64 = 0
  ) {
    self.modifiedSeconds = modifiedSeconds
    self.modifiedNanoseconds = modifiedNanoseconds
    self.size = size
    self.inode = inode
    self.device = device
  }
}

/// The file's bytes and the stamp they were read under.
///
/// ```swift
/// if let loaded = try fileClient.load() { TodoTxtDocument.parse(loaded.bytes) }
/// ```
public struct LoadedFile: Equatable, Sendable {
  public var bytes: [UInt8]
  public var stamp: FileStamp
  /// The older version the app knew that these bytes were made from, when they lack the
  /// changes the app saved since (a writer that read an old copy; `KnownVersions.origin`):
  /// they are merged over it, never simply followed. Nil: made from the app's latest version.
  public var origin: FileStamp?

  public init(bytes: [UInt8], stamp: FileStamp, origin: FileStamp? = nil) {
    self.bytes = bytes
    self.stamp = stamp
    self.origin = origin
  }
}

/// Why a file operation failed. `message` is short enough for the status line.
///
/// ```swift
/// FileError.diskFull("/home/me/todo.txt").message  // "Disk full: todo.txt not saved"
/// ```
public enum FileError: Error, Equatable, Sendable, CustomStringConvertible {
  /// EACCES/EPERM on the file or its folder.
  case permissionDenied(String)
  /// The path is a folder, a device, a pipe…
  case notRegularFile(String)
  /// ENOSPC or EDQUOT.
  case diskFull(String)
  /// EROFS.
  case readOnly(String)
  /// The file's mode lets nobody write it (0444), or not this user.
  case fileIsReadOnly(String)
  /// Another process holds the lock file; its pid when known.
  case lockedByAnotherProcess(String, pid: Int32?)
  /// The file on disk is not the version the save expected (someone else wrote or removed it).
  case changedOnDisk(String)
  /// Anything else: the path, errno and strerror text.
  case io(String, errno: Int32, message: String)

  /// The path the error is about.
  public var path: String {
    switch self {
    case .permissionDenied(let path), .notRegularFile(let path), .diskFull(let path),
      .readOnly(let path), .fileIsReadOnly(let path), .lockedByAnotherProcess(let path, _),
      .changedOnDisk(let path),
      .io(let path, _, _):
      return path
    }
  }

  /// Whether another todos-tui holds the file's lock.
  public var isLockedByAnotherProcess: Bool {
    if case .lockedByAnotherProcess = self { return true }
    return false
  }

  /// One short line for the status line, naming the file but not its folder.
  public var message: String {
    let name = PathComponents.lastComponent(of: path)
    switch self {
    case .permissionDenied: return "Permission denied: \(name)"
    case .notRegularFile: return "Not a regular file: \(name)"
    case .diskFull: return "Disk full: \(name) not saved"
    case .readOnly: return "Read-only file system: \(name) not saved"
    case .fileIsReadOnly: return "\(name) is read-only: not saved"
    case .lockedByAnotherProcess(_, let pid):
      let who = pid.map { "todos-tui (pid \($0))" } ?? "another todos-tui"
      return "\(name) is open in \(who); not saving"
    case .changedOnDisk: return "\(name) changed on disk"
    case .io(_, _, let message): return "\(name): \(message)"
    }
  }

  public var description: String {
    switch self {
    case .io(let path, let errno, let message): return "\(message) (errno \(errno)): \(path)"
    default:
      return message.replacingText(
        PathComponents.lastComponent(of: path), with: path)
    }
  }
}

/// The todo file as a dependency: the store's effects call these closures, tests pass
/// `inMemory` and the app passes `live(path:)`.
///
/// ```swift
/// let client = FileClient.live(path: "/home/me/.local/share/todos-tui/todo.txt")
/// try client.lock()
/// let loaded = try client.load()  // nil: no file yet
/// let stamp = try client.save(bytes, loaded?.stamp)
/// ```
@MainActor
public struct FileClient {
  /// The file's path, for messages.
  public var path: String
  /// Reads the whole file; nil when it does not exist yet.
  public var load: @MainActor () throws(FileError) -> LoadedFile?
  /// Atomically replaces the file with `bytes`, only if the file on disk is still the version
  /// `expected` (nil: there must be no file); throws `.changedOnDisk` otherwise. Takes the
  /// lock first if not held. Returns the new file's stamp.
  public var save:
    @MainActor (_ bytes: [UInt8], _ expected: FileStamp?) throws(FileError) -> FileStamp
  /// A cheap stat of the file (nil when it does not exist or cannot be stat'ed), to notice
  /// writes by other programs.
  public var stamp: @MainActor () -> FileStamp?
  /// Appends `bytes`, under a `#` heading line, to the one conflict file next to the data file
  /// (`todo.txt.conflict`; earlier versions in it are kept) and returns its path.
  public var writeConflictCopy: @MainActor (_ bytes: [UInt8]) throws(FileError) -> String
  /// Takes the advisory lock (`flock` on `<file>.lock`) or confirms it is held, waiting a
  /// moment for another todos-tui's read–merge–rename step; throws `.lockedByAnotherProcess`
  /// when it is still held after that. The lock serialises that step only: `save` takes and
  /// releases it around its own check and rename, and nobody holds it while idle.
  public var lock: @MainActor () throws(FileError) -> Void
  /// Releases the lock (the process exiting releases it too).
  public var unlock: @MainActor () -> Void
  /// Appends `bytes` (the list as the file would hold it), under a `#` heading line, to the
  /// recovery file: `todo.txt.recovery` next to the file, else one in the state folder
  /// (`$XDG_STATE_HOME/todos-tui/`). Returns its path.
  public var writeRecovery: @MainActor (_ bytes: [UInt8]) throws(FileError) -> String
  /// The recovery file an earlier run left, if there is one.
  public var findRecovery: @MainActor () -> String?
  /// The bytes another program appended to the version this client last read or wrote under
  /// `since`: nil unless `loaded` is exactly that version (ending with a line break) plus more.
  public var appendedBytes: @MainActor (_ loaded: LoadedFile, _ since: FileStamp?) -> [UInt8]?
  /// The bytes of the version this client last read or wrote under `stamp` (the base of a
  /// merge), while it is one of the last few; nil otherwise.
  public var knownBytes: @MainActor (_ stamp: FileStamp?) -> [UInt8]?
  /// The older version this client read or wrote that `loaded` was made from, when `loaded`
  /// lacks every change made since (`KnownVersions.origin`); `latest` is the app's version.
  public var origin: @MainActor (_ loaded: LoadedFile, _ latest: FileStamp?) -> FileStamp?
  /// Merges into the file what other programs wrote, after a save, to the version that save
  /// replaced (an `echo … >>` that opened the file just before it); `finishing` when the app
  /// is quitting. Cheap when there is nothing to merge.
  public var absorbLateWrites: @MainActor (_ finishing: Bool) -> Void
  /// Why a save could not write the file now (a 0444 file, a folder no file can be made in),
  /// found without writing it; nil when a save may work. Asked at start, so the title says
  /// `read-only` from the first frame.
  public var writeProblem: @MainActor () -> FileError? = { nil }
  /// The versions of the file this client read or wrote recently, oldest first: the bases a
  /// sync client's conflict copy may have been made from.
  public var keptVersions: @MainActor () -> [[UInt8]] = { [] }
  /// The paths of sync clients' conflict copies of the file (and of done.txt) beside them.
  public var findConflictCopies: @MainActor () -> [String] = { [] }
  /// Merges the conflict copy at the path into its file and moves it to the merged folder.
  public var mergeConflictCopy:
    @MainActor (_ path: String) -> Result<ConflictCopyMerged, MergeFileError> = { path in
      .failure(.file(role: "OTHER", .notRegularFile(path)))
    }

  public init(
    path: String,
    load: @escaping @MainActor () throws(FileError) -> LoadedFile?,
    save:
      @escaping @MainActor (_ bytes: [UInt8], _ expected: FileStamp?) throws(FileError) ->
      FileStamp,
    stamp: @escaping @MainActor () -> FileStamp?,
    writeConflictCopy: @escaping @MainActor (_ bytes: [UInt8]) throws(FileError) -> String,
    lock: @escaping @MainActor () throws(FileError) -> Void,
    unlock: @escaping @MainActor () -> Void,
    writeRecovery: @escaping @MainActor (_ bytes: [UInt8]) throws(FileError) -> String,
    findRecovery: @escaping @MainActor () -> String?,
    appendedBytes: @escaping @MainActor (_ loaded: LoadedFile, _ since: FileStamp?) -> [UInt8]? = {
      _, _ in nil
    },
    knownBytes: @escaping @MainActor (_ stamp: FileStamp?) -> [UInt8]? = { _ in nil },
    origin: @escaping @MainActor (_ loaded: LoadedFile, _ latest: FileStamp?) -> FileStamp? = {
      _, _ in nil
    },
    absorbLateWrites: @escaping @MainActor (_ finishing: Bool) -> Void = { _ in }
  ) {
    self.path = path
    self.load = load
    self.save = save
    self.stamp = stamp
    self.writeConflictCopy = writeConflictCopy
    self.lock = lock
    self.unlock = unlock
    self.writeRecovery = writeRecovery
    self.findRecovery = findRecovery
    self.appendedBytes = appendedBytes
    self.knownBytes = knownBytes
    self.origin = origin
    self.absorbLateWrites = absorbLateWrites
  }

  /// Reads the file again after a change, with the version it was made from when that is an
  /// older one than `latest` (`LoadedFile.origin`).
  ///
  /// ```swift
  /// send(.reloadFinished(catching { () throws(FileError) in try file.reload(since: known) }))
  /// ```
  public func reload(since latest: FileStamp?) throws(FileError) -> LoadedFile? {
    guard var loaded = try load() else { return nil }
    loaded.origin = origin(loaded, latest)
    return loaded
  }
}

/// The versions a client last read or wrote: small facts (length and a hash) of the last few,
/// to tell whether a new version is one of them with lines appended, and the bytes of those
/// superseded recently, the bases a new version may have been made from (`origin(of:latest:)`).
///
/// ```swift
/// var known = KnownVersions()
/// known.remember(Array("a\n".utf8), stamp)
/// known.appended(LoadedFile(bytes: Array("a\nb\n".utf8), stamp: later), since: stamp)  // "b\n"
/// ```
public struct KnownVersions: Sendable {
  private struct Version: Sendable {
    var stamp: FileStamp
    var count: Int
    var hash: UInt64
    var endsWithLineBreak: Bool
  }

  private struct Kept: Sendable {
    var stamp: FileStamp
    var bytes: [UInt8]
    /// When a later version was read or written (nil: this is the newest).
    var supersededAt: ContinuousClock.Instant?
  }

  /// The last few: a reload reads their version before the app compares it with its own.
  private var versions: [Version] = []
  /// The bytes of the last versions, oldest first: the base of a merge is the version the app
  /// last read or wrote, or the older one another writer started from.
  private var kept: [Kept] = []
  /// At most this many versions' bytes are kept…
  static let keptBytes = 8
  /// …and an older version only while the app read or wrote a newer one within this long: a
  /// writer that started from a copy older than that is followed, not merged (docs/merge.md).
  public static let originWindow: Duration = .seconds(300)

  public init() {}

  /// Remembers a version just read or written.
  public mutating func remember(
    _ bytes: [UInt8], _ stamp: FileStamp, at now: ContinuousClock.Instant = .now
  ) {
    versions.removeAll { $0.stamp == stamp }
    versions.append(
      Version(
        stamp: stamp, count: bytes.count, hash: Self.hash(bytes[...]),
        endsWithLineBreak: bytes.isEmpty || bytes.last == 0x0A))
    if versions.count > 8 { versions.removeFirst() }
    kept.removeAll { $0.stamp == stamp }
    if !kept.isEmpty, kept[kept.count - 1].supersededAt == nil {
      kept[kept.count - 1].supersededAt = now
    }
    kept.removeAll { $0.supersededAt.map { now - $0 > Self.originWindow } ?? false }
    kept.append(Kept(stamp: stamp, bytes: bytes, supersededAt: nil))
    if kept.count > Self.keptBytes { kept.removeFirst() }
  }

  /// The bytes of the versions kept, oldest first.
  public var keptBytes: [[UInt8]] { kept.map(\.bytes) }

  /// The bytes of the version remembered under `stamp`, if it is one of the last few.
  ///
  /// ```swift
  /// known.bytes(of: stamp)  // "a\n" as bytes
  /// ```
  public func bytes(of stamp: FileStamp?) -> [UInt8]? {
    guard let stamp else { return nil }
    return kept.last { $0.stamp == stamp }?.bytes
  }

  /// The version older than `latest` (the one the app holds) that `loaded` was made from, when
  /// `loaded` lacks every change the app made since (see `VersionOrigin`); nil when it was
  /// made from `latest`, or from nothing the app knew recently.
  ///
  /// ```swift
  /// known.origin(of: sedsVersion, latest: state.file.stamp)  // the stamp of the copy sed read
  /// ```
  public func origin(
    of loaded: LoadedFile, latest: FileStamp?, now: ContinuousClock.Instant = .now
  ) -> FileStamp? {
    guard let latest, loaded.stamp != latest,
      let latestIndex = kept.lastIndex(where: { $0.stamp == latest })
    else { return nil }
    let older = kept[..<latestIndex].filter {
      $0.stamp != loaded.stamp && $0.supersededAt.map { now - $0 <= Self.originWindow } ?? false
    }
    let index = VersionOrigin.origin(
      of: loaded.bytes, latest: kept[latestIndex].bytes, older: older.map(\.bytes))
    return index.map { older[$0].stamp }
  }

  /// The bytes `loaded` has after the version `since`, when it is that version with lines
  /// appended (none: it was saved again unchanged, as by `touch`); nil otherwise.
  public func appended(_ loaded: LoadedFile, since: FileStamp?) -> [UInt8]? {
    guard let since, let base = versions.last(where: { $0.stamp == since }),
      loaded.bytes.count == base.count
        || (base.endsWithLineBreak && loaded.bytes.count > base.count),
      Self.hash(loaded.bytes[..<base.count]) == base.hash
    else { return nil }
    return Array(loaded.bytes[base.count...])
  }

  /// FNV-1a, 64 bits.
  private static func hash(_ bytes: ArraySlice<UInt8>) -> UInt64 {
    var value: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      value ^= UInt64(byte)
      value = value &* 0x0000_0100_0000_01b3
    }
    return value
  }
}
