import Foundation
import TodoTxt

/// A file in memory for tests (one thread, like the app): inspect what was saved, make operations fail, and play another
/// program writing the file.
///
/// ```swift
/// let file = InMemoryFile(contents: "(A) Call Mom\n")
/// let client = FileClient.inMemory(file)
/// file.saveFailure = .diskFull(file.path)
/// file.writeExternally("Buy milk\n")  // the next stamp() differs
/// ```
@MainActor
public final class InMemoryFile {
  private var _bytes: [UInt8]?
  private var _version: Int64 = 0
  private var _conflictCopies: [String: [UInt8]] = [:]
  private var _saveCount = 0
  private var _isLocked = false

  /// The path reported in errors and conflict copies.
  public let path: String
  /// When set, `load` throws it.
  public var loadFailure: FileError?
  /// When set, `save` throws it and leaves the file as it was.
  public var saveFailure: FileError?
  /// When set, `writeConflictCopy` throws it and writes nothing.
  public var conflictCopyFailure: FileError?
  /// When set, `writeRecovery` throws it and writes nothing.
  public var recoveryFailure: FileError?
  /// When set, `lock` (and `save` without the lock) throws it.
  public var lockFailure: FileError?
  /// What the client's `writeProblem` reports: set it to play a file or folder the app
  /// cannot write (it does not make `save` fail: set `saveFailure` too).
  public var writeProblem: FileError?
  private var _known = KnownVersions()

  /// A file holding `contents`, or no file when nil.
  public init(contents: String? = nil, path: String = "/tmp/todo.txt") {
    self._bytes = contents.map { Array($0.utf8) }
    self.path = path
  }

  /// The file's bytes, nil when there is no file.
  public var bytes: [UInt8]? { _bytes }
  /// The file as text, nil when there is no file.
  public var contents: String? { bytes.map { String(decoding: $0, as: UTF8.self) } }
  /// How many saves succeeded.
  public var saveCount: Int { _saveCount }
  /// The conflict file's path and the versions appended to it, one after the other (without
  /// the headings the live file writes).
  public var conflictCopies: [String: [UInt8]] { _conflictCopies }
  /// The recovery file's versions, one after the other (nil: there is none). Set it to play a
  /// recovery file left by an earlier run.
  public var recovery: [UInt8]?
  /// The recovery file's path.
  public var recoveryPath: String { path + ".recovery" }
  /// Whether the lock is held.
  public var isLocked: Bool { _isLocked }

  /// Another program writes (or, with nil, removes) the file.
  public func writeExternally(_ contents: String?) {
    _bytes = contents.map { Array($0.utf8) }
    _version += 1
  }

  fileprivate var currentStamp: FileStamp? {
    _bytes.map { FileStamp(modifiedSeconds: _version, size: Int64($0.count), inode: 1) }
  }

  fileprivate func load() throws(FileError) -> LoadedFile? {
    if let failure = loadFailure { throw failure }
    guard let bytes = _bytes, let stamp = currentStamp else { return nil }
    _known.remember(bytes, stamp)
    return LoadedFile(bytes: bytes, stamp: stamp)
  }

  fileprivate func save(_ bytes: [UInt8], expected: FileStamp?) throws(FileError) -> FileStamp {
    // Like the live file: the lock is held only for the save (or the caller's merge step).
    let isOurs = !_isLocked
    if isOurs {
      if let failure = lockFailure { throw failure }
      _isLocked = true
    }
    defer { if isOurs { _isLocked = false } }
    if let failure = saveFailure { throw failure }
    if let beforeSave {
      self.beforeSave = nil
      beforeSave()
    }
    guard currentStamp == expected else { throw .changedOnDisk(path) }
    _bytes = bytes
    _version += 1
    _saveCount += 1
    _known.remember(bytes, currentStamp!)
    return currentStamp!
  }

  fileprivate func writeConflictCopy(_ bytes: [UInt8]) throws(FileError) -> String {
    if let failure = conflictCopyFailure { throw failure }
    let copy = path + ".conflict"
    _conflictCopies[copy, default: []].append(contentsOf: bytes)
    return copy
  }

  fileprivate func writeRecovery(_ bytes: [UInt8]) throws(FileError) -> String {
    if let failure = recoveryFailure { throw failure }
    recovery = (recovery ?? []) + bytes
    return path + ".recovery"
  }

  fileprivate func appendedBytes(_ loaded: LoadedFile, since: FileStamp?) -> [UInt8]? {
    _known.appended(loaded, since: since)
  }

  fileprivate func knownBytes(_ stamp: FileStamp?) -> [UInt8]? { _known.bytes(of: stamp) }

  fileprivate func origin(of loaded: LoadedFile, latest: FileStamp?) -> FileStamp? {
    _known.origin(of: loaded, latest: latest)
  }

  /// Called just before a save checks the version: play another program writing at that
  /// moment (between the app's read and its rename).
  public var beforeSave: (() -> Void)?

  fileprivate func lock() throws(FileError) {
    if let failure = lockFailure { throw failure }
    _isLocked = true
  }

  fileprivate func unlock() { _isLocked = false }
}

extension FileClient {
  /// A client on an `InMemoryFile`, for tests.
  ///
  /// ```swift
  /// let file = InMemoryFile(contents: "Buy milk\n")
  /// let client = FileClient.inMemory(file)
  /// ```
  public static func inMemory(_ file: InMemoryFile) -> FileClient {
    var client = FileClient(
      path: file.path,
      load: { () throws(FileError) in try file.load() },
      save: { (bytes, expected) throws(FileError) in try file.save(bytes, expected: expected) },
      stamp: { file.currentStamp },
      writeConflictCopy: { (bytes) throws(FileError) in try file.writeConflictCopy(bytes) },
      lock: { () throws(FileError) in try file.lock() },
      unlock: { file.unlock() },
      writeRecovery: { (bytes) throws(FileError) in try file.writeRecovery(bytes) },
      findRecovery: { file.recovery == nil ? nil : file.recoveryPath },
      appendedBytes: { loaded, since in file.appendedBytes(loaded, since: since) },
      knownBytes: { stamp in file.knownBytes(stamp) },
      origin: { loaded, latest in file.origin(of: loaded, latest: latest) }
    )
    client.writeProblem = { file.writeProblem }
    return client
  }
}
