import Foundation

/// What identifies one version of the file on disk: if any part differs, someone wrote it.
///
/// ```swift
/// if fileClient.stamp() != state.lastStamp { return .send(.fileChangedOnDisk) }
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

  public init(bytes: [UInt8], stamp: FileStamp) {
    self.bytes = bytes
    self.stamp = stamp
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
    let name = (path as NSString).lastPathComponent
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
      return message.replacingOccurrences(
        of: (path as NSString).lastPathComponent, with: path)
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
public struct FileClient: Sendable {
  /// The file's path, for messages.
  public var path: String
  /// Reads the whole file; nil when it does not exist yet.
  public var load: @Sendable () throws(FileError) -> LoadedFile?
  /// Atomically replaces the file with `bytes`, only if the file on disk is still the version
  /// `expected` (nil: there must be no file); throws `.changedOnDisk` otherwise. Takes the
  /// lock first if not held. Returns the new file's stamp.
  public var save:
    @Sendable (_ bytes: [UInt8], _ expected: FileStamp?) throws(FileError) -> FileStamp
  /// A cheap stat of the file (nil when it does not exist or cannot be stat'ed), to notice
  /// writes by other programs.
  public var stamp: @Sendable () -> FileStamp?
  /// Appends `bytes`, under a `#` heading line, to the one conflict file next to the data file
  /// (`todo.txt.conflict`; earlier versions in it are kept) and returns its path.
  public var writeConflictCopy: @Sendable (_ bytes: [UInt8]) throws(FileError) -> String
  /// Takes the advisory lock (`flock` on `<file>.lock`) or confirms it is held; throws
  /// `.lockedByAnotherProcess` when another process has it.
  public var lock: @Sendable () throws(FileError) -> Void
  /// Releases the lock (the process exiting releases it too).
  public var unlock: @Sendable () -> Void
  /// Appends `bytes` (the list as the file would hold it), under a `#` heading line, to the
  /// recovery file: `todo.txt.recovery` next to the file, else one in the state folder
  /// (`$XDG_STATE_HOME/todos-tui/`). Returns its path.
  public var writeRecovery: @Sendable (_ bytes: [UInt8]) throws(FileError) -> String
  /// The recovery file an earlier run left, if there is one.
  public var findRecovery: @Sendable () -> String?
  /// The bytes another program appended to the version this client last read or wrote under
  /// `since`: nil unless `loaded` is exactly that version (ending with a line break) plus more.
  public var appendedBytes: @Sendable (_ loaded: LoadedFile, _ since: FileStamp?) -> [UInt8]?

  public init(
    path: String,
    load: @escaping @Sendable () throws(FileError) -> LoadedFile?,
    save:
      @escaping @Sendable (_ bytes: [UInt8], _ expected: FileStamp?) throws(FileError) ->
      FileStamp,
    stamp: @escaping @Sendable () -> FileStamp?,
    writeConflictCopy: @escaping @Sendable (_ bytes: [UInt8]) throws(FileError) -> String,
    lock: @escaping @Sendable () throws(FileError) -> Void,
    unlock: @escaping @Sendable () -> Void,
    writeRecovery: @escaping @Sendable (_ bytes: [UInt8]) throws(FileError) -> String,
    findRecovery: @escaping @Sendable () -> String?,
    appendedBytes: @escaping @Sendable (_ loaded: LoadedFile, _ since: FileStamp?) -> [UInt8]? = {
      _, _ in nil
    }
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
  }
}

/// A file in memory for tests: inspect what was saved, make operations fail, and play another
/// program writing the file.
///
/// ```swift
/// let file = InMemoryFile(contents: "(A) Call Mom\n")
/// let client = FileClient.inMemory(file)
/// file.saveFailure = .diskFull(file.path)
/// file.writeExternally("Buy milk\n")  // the next stamp() differs
/// ```
public final class InMemoryFile: @unchecked Sendable {
  private let mutex = NSLock()
  private var _bytes: [UInt8]?
  private var _version: Int64 = 0
  private var _conflictCopies: [String: [UInt8]] = [:]
  private var _saveCount = 0
  private var _isLocked = false

  /// The path reported in errors and conflict copies.
  public let path: String
  /// When set, `load` throws it.
  public var loadFailure: FileError? {
    get { mutex.withLock { _loadFailure } }
    set { mutex.withLock { _loadFailure = newValue } }
  }
  /// When set, `save` throws it and leaves the file as it was.
  public var saveFailure: FileError? {
    get { mutex.withLock { _saveFailure } }
    set { mutex.withLock { _saveFailure = newValue } }
  }
  /// When set, `writeConflictCopy` throws it and writes nothing.
  public var conflictCopyFailure: FileError? {
    get { mutex.withLock { _conflictCopyFailure } }
    set { mutex.withLock { _conflictCopyFailure = newValue } }
  }
  /// When set, `writeRecovery` throws it and writes nothing.
  public var recoveryFailure: FileError? {
    get { mutex.withLock { _recoveryFailure } }
    set { mutex.withLock { _recoveryFailure = newValue } }
  }
  /// When set, `lock` (and `save` without the lock) throws it.
  public var lockFailure: FileError? {
    get { mutex.withLock { _lockFailure } }
    set { mutex.withLock { _lockFailure = newValue } }
  }
  private var _loadFailure: FileError?
  private var _saveFailure: FileError?
  private var _lockFailure: FileError?
  private var _conflictCopyFailure: FileError?
  private var _recoveryFailure: FileError?
  private var _recovery: [UInt8]?
  private var _known = KnownVersions()

  /// A file holding `contents`, or no file when nil.
  public init(contents: String? = nil, path: String = "/tmp/todo.txt") {
    self._bytes = contents.map { Array($0.utf8) }
    self.path = path
  }

  /// The file's bytes, nil when there is no file.
  public var bytes: [UInt8]? { mutex.withLock { _bytes } }
  /// The file as text, nil when there is no file.
  public var contents: String? { bytes.map { String(decoding: $0, as: UTF8.self) } }
  /// How many saves succeeded.
  public var saveCount: Int { mutex.withLock { _saveCount } }
  /// The conflict file's path and the versions appended to it, one after the other (without
  /// the headings the live file writes).
  public var conflictCopies: [String: [UInt8]] { mutex.withLock { _conflictCopies } }
  /// The recovery file's versions, one after the other (nil: there is none). Set it to play a
  /// recovery file left by an earlier run.
  public var recovery: [UInt8]? {
    get { mutex.withLock { _recovery } }
    set { mutex.withLock { _recovery = newValue } }
  }
  /// The recovery file's path.
  public var recoveryPath: String { path + ".recovery" }
  /// Whether the lock is held.
  public var isLocked: Bool { mutex.withLock { _isLocked } }

  /// Another program writes (or, with nil, removes) the file.
  public func writeExternally(_ contents: String?) {
    mutex.withLock {
      _bytes = contents.map { Array($0.utf8) }
      _version += 1
    }
  }

  private func locked<T>(_ body: () throws(FileError) -> T) throws(FileError) -> T {
    mutex.lock()
    defer { mutex.unlock() }
    return try body()
  }

  fileprivate var currentStamp: FileStamp? {
    mutex.withLock { currentStampLocked }
  }

  private var currentStampLocked: FileStamp? {
    _bytes.map { FileStamp(modifiedSeconds: _version, size: Int64($0.count), inode: 1) }
  }

  fileprivate func load() throws(FileError) -> LoadedFile? {
    try locked { () throws(FileError) -> LoadedFile? in
      if let failure = _loadFailure { throw failure }
      guard let bytes = _bytes, let stamp = currentStampLocked else { return nil }
      _known.remember(bytes, stamp)
      return LoadedFile(bytes: bytes, stamp: stamp)
    }
  }

  fileprivate func save(_ bytes: [UInt8], expected: FileStamp?) throws(FileError) -> FileStamp {
    try locked { () throws(FileError) -> FileStamp in
      if !_isLocked {
        if let failure = _lockFailure { throw failure }
        _isLocked = true
      }
      if let failure = _saveFailure { throw failure }
      guard currentStampLocked == expected else { throw .changedOnDisk(path) }
      _bytes = bytes
      _version += 1
      _saveCount += 1
      _known.remember(bytes, currentStampLocked!)
      return currentStampLocked!
    }
  }

  fileprivate func writeConflictCopy(_ bytes: [UInt8]) throws(FileError) -> String {
    try locked { () throws(FileError) -> String in
      if let failure = _conflictCopyFailure { throw failure }
      let copy = path + ".conflict"
      _conflictCopies[copy, default: []].append(contentsOf: bytes)
      return copy
    }
  }

  fileprivate func writeRecovery(_ bytes: [UInt8]) throws(FileError) -> String {
    try locked { () throws(FileError) -> String in
      if let failure = _recoveryFailure { throw failure }
      _recovery = (_recovery ?? []) + bytes
      return path + ".recovery"
    }
  }

  fileprivate func appendedBytes(_ loaded: LoadedFile, since: FileStamp?) -> [UInt8]? {
    mutex.withLock { _known.appended(loaded, since: since) }
  }

  fileprivate func lock() throws(FileError) {
    try locked { () throws(FileError) in
      if let failure = _lockFailure { throw failure }
      _isLocked = true
    }
  }

  fileprivate func unlock() { mutex.withLock { _isLocked = false } }
}

extension FileClient {
  /// A client on an `InMemoryFile`, for tests.
  ///
  /// ```swift
  /// let file = InMemoryFile(contents: "Buy milk\n")
  /// let client = FileClient.inMemory(file)
  /// ```
  public static func inMemory(_ file: InMemoryFile) -> FileClient {
    FileClient(
      path: file.path,
      load: { () throws(FileError) in try file.load() },
      save: { (bytes, expected) throws(FileError) in try file.save(bytes, expected: expected) },
      stamp: { file.currentStamp },
      writeConflictCopy: { (bytes) throws(FileError) in try file.writeConflictCopy(bytes) },
      lock: { () throws(FileError) in try file.lock() },
      unlock: { file.unlock() },
      writeRecovery: { (bytes) throws(FileError) in try file.writeRecovery(bytes) },
      findRecovery: { file.recovery == nil ? nil : file.recoveryPath },
      appendedBytes: { loaded, since in file.appendedBytes(loaded, since: since) }
    )
  }
}

/// The versions a client last read or wrote, kept small (length and a hash, not the bytes), to
/// tell whether a new version is one of them with lines appended.
///
/// ```swift
/// var known = KnownVersions()
/// known.remember(Array("a\n".utf8), stamp)
/// known.appended(LoadedFile(bytes: Array("a\nb\n".utf8), stamp: later), since: stamp)  // "b\n"
/// ```
struct KnownVersions: Sendable {
  private struct Version: Sendable {
    var stamp: FileStamp
    var count: Int
    var hash: UInt64
    var endsWithLineBreak: Bool
  }

  /// The last few: a reload reads their version before the app compares it with its own.
  private var versions: [Version] = []

  mutating func remember(_ bytes: [UInt8], _ stamp: FileStamp) {
    versions.removeAll { $0.stamp == stamp }
    versions.append(
      Version(
        stamp: stamp, count: bytes.count, hash: Self.hash(bytes[...]),
        endsWithLineBreak: bytes.isEmpty || bytes.last == 0x0A))
    if versions.count > 8 { versions.removeFirst() }
  }

  func appended(_ loaded: LoadedFile, since: FileStamp?) -> [UInt8]? {
    guard let since, let base = versions.last(where: { $0.stamp == since }),
      base.endsWithLineBreak, loaded.bytes.count > base.count,
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
