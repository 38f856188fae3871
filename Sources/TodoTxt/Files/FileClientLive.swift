#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension FileClient {
  /// The real file at `path` (absolute); `stateFolder` is where a recovery file goes when none
  /// can be written next to the file (`TodoFileLocation.stateFolder`). Saves are atomic (temporary file in the same folder,
  /// fsync, rename over, fsync the folder) and keep the file's mode; a symlink is followed and
  /// its target replaced. The lock is `flock` on `<file>.lock` next to the (resolved) file.
  ///
  /// ```swift
  /// let client = FileClient.live(path: location.path)
  /// ```
  public static func live(path: String, stateFolder: String? = nil) -> FileClient {
    live(path: path, stateFolder: stateFolder, hooks: LiveFileHooks())
  }

  static func live(
    path: String, stateFolder: String? = nil, hooks: LiveFileHooks
  ) -> FileClient {
    let file = LiveFile(path: path, hooks: hooks)
    let recovery = RecoveryFile(path: path, stateFolder: stateFolder)
    var client = FileClient(
      path: path,
      load: { () throws(FileError) in try file.load() },
      save: { (bytes, expected) throws(FileError) in try file.save(bytes, expected: expected) },
      stamp: { file.stamp() },
      writeConflictCopy: { (bytes) throws(FileError) in try file.writeConflictCopy(bytes) },
      lock: { () throws(FileError) in try file.lock() },
      unlock: { file.unlock() },
      writeRecovery: { (bytes) throws(FileError) in try recovery.write(bytes) },
      findRecovery: { recovery.find() },
      appendedBytes: { loaded, since in file.appendedBytes(loaded, since: since) },
      knownBytes: { stamp in file.knownBytes(stamp) },
      origin: { loaded, latest in file.origin(of: loaded, latest: latest) },
      absorbLateWrites: { finishing in file.absorbLateWrites(finishing: finishing) }
    )
    client.writeProblem = { file.writeProblem() }
    client.keptVersions = { file.known.keptBytes }
    return client
  }
}

/// Fault injection for tests of the live client.
struct LiveFileHooks: Sendable {
  enum Outcome: Sendable {
    /// Go on and rename.
    case proceed
    /// Fail with this error; the client cleans up as it would after a real failure.
    case fail(FileError)
    /// Stop dead, as if the process were killed: no rename, no clean-up.
    case crash
  }

  /// Called with the temporary file's path once it is written and fsync'd, before the rename.
  var beforeRename: @Sendable (_ temporaryPath: String) -> Outcome = { _ in .proceed }
  /// When set, write(2) "fails" with this errno.
  var writeErrno: Int32?
  /// Called after the last check that the file is still the expected version, just before the
  /// new file is swapped in: the window where another program's append used to be lost.
  var afterLastCheck: @Sendable (_ target: String) -> Void = { _ in }
  /// Behave as on a system without `renameat2` (plain rename, then a re-check).
  var exchangeUnsupported = false
}

/// The simulated crash surfaces as this error so the test can go on.
let simulatedCrashErrno: Int32 = -1

/// The file on disk, used from the main thread only (the store's effects run there), so it
/// needs no lock of its own.
@MainActor
final class LiveFile {
  let path: String
  let hooks: LiveFileHooks
  private var lockDescriptor: Int32 = -1
  var known = KnownVersions()
  /// Versions saves replaced that another program may still write (`LiveFile+LateWrites`).
  var retired: [RetiredFile] = []
  private var counter = 0
  /// Temporaries of a crashed run are looked for once, the first time the lock is taken.
  private var removedStaleTemporaries = false

  init(path: String, hooks: LiveFileHooks) {
    self.path = path
    self.hooks = hooks
  }

  // MARK: Paths

  /// `path`, or what it points to when it is a symlink, so a save replaces the target and not
  /// the link.
  var target: String {
    var st = stat()
    guard lstat(path, &st) == 0, st.st_mode & S_IFMT == S_IFLNK,
      let resolved = realpath(path, nil)
    else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  static func split(_ path: String) -> (folder: String, name: String) {
    (PathComponents.folder(of: path), PathComponents.lastComponent(of: path))
  }

  // MARK: Operations

  func load() throws(FileError) -> LoadedFile? {
    let target = self.target
    let fd = retrying { open(target, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
    if fd < 0 {
      if errno == ENOENT { return nil }
      throw fileError(errno, target)
    }
    defer { close(fd) }
    var st = stat()
    guard fstat(fd, &st) == 0 else { throw fileError(errno, target) }
    guard st.st_mode & S_IFMT == S_IFREG else { throw .notRegularFile(target) }
    let bytes: [UInt8]
    do {
      bytes = try FileSystem.readToEnd(fd, sizeHint: Int(st.st_size))
    } catch {
      throw fileError(error.code, target)
    }
    let stamp = FileStamp(st)
    known.remember(bytes, stamp)
    return LoadedFile(bytes: bytes, stamp: stamp)
  }

  func appendedBytes(_ loaded: LoadedFile, since: FileStamp?) -> [UInt8]? {
    known.appended(loaded, since: since)
  }

  func knownBytes(_ stamp: FileStamp?) -> [UInt8]? { known.bytes(of: stamp) }

  func origin(of loaded: LoadedFile, latest: FileStamp?) -> FileStamp? {
    known.origin(of: loaded, latest: latest)
  }

  func stamp() -> FileStamp? {
    var st = stat()
    guard stat(path, &st) == 0 else { return nil }
    return FileStamp(st)
  }

  func save(_ bytes: [UInt8], expected: FileStamp?) throws(FileError) -> FileStamp {
    // Held only for this check and rename (or the caller's whole read–merge–rename step).
    let isOurs = lockDescriptor < 0
    try takeLock()
    defer { if isOurs { unlock() } }
    let target = self.target
    var st = stat()
    let exists: Bool
    if stat(target, &st) == 0 {
      exists = true
      guard st.st_mode & S_IFMT == S_IFREG else { throw .notRegularFile(target) }
    } else if errno == ENOENT {
      exists = false
    } else {
      throw fileError(errno, target)
    }
    guard (exists ? FileStamp(st) : nil) == expected else { throw .changedOnDisk(target) }
    if exists, Self.isReadOnlyFile(st, target) { throw .fileIsReadOnly(target) }

    let mode = exists ? mode_t(st.st_mode & 0o7777) : 0o600
    let (temporary, stamp) = try writeTemporary(
      bytes, mode: mode, owner: exists ? (st.st_uid, st.st_gid) : nil, for: target)
    switch hooks.beforeRename(temporary) {
    case .proceed: break
    case .fail(let error):
      unlink(temporary)
      throw error
    case .crash:
      throw .io(target, errno: simulatedCrashErrno, message: "simulated crash")
    }
    // A program still writing the file in place (`cat > todo.txt`) has put only part of its
    // version there: renaming ours over it would send the rest to a file nobody sees.
    if exists, OpenWriters.isOpenForWriting(target) {
      unlink(temporary)
      throw OpenWriters.beingWritten(target)
    }
    // Writing and fsync can take a while: check again, just before the rename, that nobody
    // wrote the file meanwhile (an editor saving at that moment), so theirs is not replaced.
    var now = stat()
    let stillExpected = stat(target, &now) == 0 ? FileStamp(now) : nil
    guard stillExpected == expected else {
      unlink(temporary)
      throw .changedOnDisk(target)
    }
    hooks.afterLastCheck(target)
    if let expected {
      try replace(target, with: temporary, expected: expected)
    } else {
      try create(target, from: temporary)
    }
    DurableWrite.syncFolder(of: target)
    known.remember(bytes, stamp)
    return stamp
  }

  /// Appends their version to the one conflict file next to the data file, under a heading.
  func writeConflictCopy(_ bytes: [UInt8]) throws(FileError) -> String {
    let target = self.target
    let copy = target + ".conflict"
    let name = Self.split(target).name
    try AppendedCopy.append(
      bytes,
      heading: AppendedCopy.heading("\(name) as found on disk, replaced by todos-tui"),
      to: copy)
    DurableWrite.syncFolder(of: target)
    return copy
  }

  func lock() throws(FileError) {
    try takeLock()
  }

  /// How long `takeLock` waits for another todos-tui's read–merge–rename step (a few
  /// milliseconds) before it reports the file as locked.
  static let lockWait: Duration = .milliseconds(250)

  func unlock() {
    guard lockDescriptor >= 0 else { return }
    _ = flock(lockDescriptor, LOCK_UN)
    close(lockDescriptor)
    lockDescriptor = -1
  }

  // MARK: Helpers

  private func takeLock() throws(FileError) {
    let target = self.target
    let lockPath = target + ".lock"
    if lockDescriptor >= 0 {
      if isStillAtPath(lockDescriptor, lockPath) { return }
      // The folder was moved away (or the lock file removed): our lock guards nothing now.
      close(lockDescriptor)
      lockDescriptor = -1
    }
    // A lock file goes next to a regular file the app may write (or a path with no file yet),
    // never next to a device or a pipe (/dev/null.lock), nor a read-only file, which is never
    // written anyway.
    var existing = stat()
    if stat(target, &existing) == 0 {
      guard existing.st_mode & S_IFMT == S_IFREG else { throw .notRegularFile(target) }
      if Self.isReadOnlyFile(existing, target) { throw .fileIsReadOnly(target) }
    }
    var fd = retrying { open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600) }
    if fd < 0 {
      let code = errno
      // A lock file that exists can still be locked through a read-only descriptor.
      if code == EROFS || code == EACCES { fd = retrying { open(lockPath, O_RDONLY | O_CLOEXEC) } }
      guard fd >= 0 else { throw fileError(code, target) }
    }
    if !Self.waitForLock(fd) {
      let code = errno
      let holder = code == EWOULDBLOCK ? lockHolder(fd) : nil
      close(fd)
      if code == EWOULDBLOCK { throw .lockedByAnotherProcess(target, pid: holder) }
      throw fileError(code, target)
    }
    // Say who we are, for the next copy that finds the lock taken.
    let pid = Array("\(getpid())\n".utf8)
    if ftruncate(fd, 0) == 0 { _ = pid.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) } }
    lockDescriptor = fd
    if !removedStaleTemporaries {
      removedStaleTemporaries = true
      removeStaleTemporaries(of: target)
    }
  }

  /// Takes the flock on `fd`, trying again every 2 ms for up to `lockWait`; false (errno set)
  /// when it could not.
  private static func waitForLock(_ fd: Int32) -> Bool {
    let deadline = ContinuousClock.now + lockWait
    while true {
      if retrying({ flock(fd, LOCK_EX | LOCK_NB) }) == 0 { return true }
      guard errno == EWOULDBLOCK, ContinuousClock.now < deadline else { return false }
      usleep(2000)
    }
  }

  /// Whether `fd` is still the file at `lockPath` (same device and inode), so the lock we hold
  /// is the one another copy would find.
  private func isStillAtPath(_ fd: Int32, _ lockPath: String) -> Bool {
    var held = stat()
    var atPath = stat()
    guard fstat(fd, &held) == 0, stat(lockPath, &atPath) == 0 else { return false }
    return held.st_dev == atPath.st_dev && held.st_ino == atPath.st_ino
  }

  /// The pid holding the flock on `fd`'s file: from /proc/locks, else the pid the holder wrote.
  private func lockHolder(_ fd: Int32) -> Int32? {
    var st = stat()
    if fstat(fd, &st) == 0, let locks = FileSystem.contents(of: "/proc/locks") {
      // "1: FLOCK  ADVISORY  WRITE 12345 08:01:654321 0 EOF"
      for line in String(decoding: locks, as: UTF8.self).split(separator: "\n") {
        let fields = line.split(separator: " ", omittingEmptySubsequences: true)
        guard fields.count >= 6, fields[1] == "FLOCK",
          fields[5].split(separator: ":").last == Substring("\(st.st_ino)"),
          let pid = Int32(fields[4]), pid > 0
        else { continue }
        return pid
      }
    }
    var buffer = [UInt8](repeating: 0, count: 32)
    let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
    guard n > 0 else { return nil }
    let text = String(decoding: buffer[0..<n], as: UTF8.self)
    return Int32(text.trimmingWhitespaceAndNewlines()).flatMap { $0 > 0 ? $0 : nil }
  }

  /// Writes `bytes` to a new hidden file next to `target`, with `mode`, fsync'd. On failure the
  /// file is removed and the error names `target`.
  func writeTemporary(
    _ bytes: [UInt8], mode: mode_t, owner: (uid_t, gid_t)?, for target: String
  ) throws(FileError) -> (String, FileStamp) {
    let (folder, name) = Self.split(target)
    counter += 1
    let temporary = "\(folder)/.\(name).tmp-\(getpid())-\(counter)"
    let stamp = try DurableWrite.newFile(
      bytes, at: temporary, mode: mode, owner: owner, for: target,
      injectedErrno: hooks.writeErrno)
    return (temporary, stamp)
  }
}

/// The error for `code` on `path`.
func fileError(_ code: Int32, _ path: String) -> FileError {
  switch code {
  case EACCES, EPERM: return .permissionDenied(path)
  case EROFS: return .readOnly(path)
  case ENOSPC, EDQUOT: return .diskFull(path)
  case EISDIR: return .notRegularFile(path)
  default: return .io(path, errno: code, message: String(cString: strerror(code)))
  }
}

extension FileStamp {
  init(_ st: stat) {
    self.init(
      modifiedSeconds: Int64(st.st_mtim.tv_sec), modifiedNanoseconds: Int64(st.st_mtim.tv_nsec),
      size: Int64(st.st_size), inode: UInt64(st.st_ino), device: UInt64(st.st_dev))
  }
}
