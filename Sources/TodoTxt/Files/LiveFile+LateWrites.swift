#if canImport(Glibc)
  import Glibc
#endif

/// The version a save swapped out of `todo.txt`, kept a while because another program may
/// still write to it: `echo … >> todo.txt` opens the file, and if the save's swap falls between
/// that open and its write, the line goes to the old file. It is kept under the temporary's
/// hidden name while some process has it open for writing (so the folder watch sees that
/// writer close it), and open for reading for `LiveFile.retirementGrace` in any case; what is
/// written to it meanwhile is merged into `todo.txt`.
///
/// ```swift
/// file.retire(temporary, descriptor: old, expected: stamp)  // right after the swap
/// file.absorbLateWrites(finishing: false)  // each time the app looks at its file
/// ```
struct RetiredFile {
  /// Its hidden name (`.todo.txt.tmp-<pid>-<n>`), nil once removed.
  var path: String?
  /// Open for reading: what is written to it can still be read once its name is removed.
  let descriptor: Int32
  /// The version of it last merged (first: the version the save replaced), and what it held:
  /// what a writer changes is merged over that.
  var stamp: FileStamp
  var base: RetiredBase
  /// When the app stops waiting for writers and lets it go.
  let deadline: ContinuousClock.Instant
}

/// What a replaced version held: its bytes while a writer has it open (it may rewrite it),
/// else only enough to recognise them at the start of what it holds later (an append), so a
/// large file saved every second is not kept ten times over in memory.
///
/// ```swift
/// let base = RetiredBase(Array("a\n".utf8), keepBytes: false)
/// base.bytes(under: Array("a\next\n".utf8))  // "a\n": the start of what it holds now
/// ```
enum RetiredBase {
  case bytes([UInt8])
  case digest(count: Int, hash: Int)

  init(_ bytes: [UInt8], keepBytes: Bool) {
    self = keepBytes ? .bytes(bytes) : .digest(count: bytes.count, hash: Self.hash(bytes[...]))
  }

  /// The bytes it stands for, given what the file holds now (`theirs`); nil when only a
  /// digest was kept and `theirs` does not start with them.
  func bytes(under theirs: [UInt8]) -> [UInt8]? {
    switch self {
    case .bytes(let bytes): return bytes
    case .digest(let count, let hash):
      guard theirs.count >= count, Self.hash(theirs[..<count]) == hash else { return nil }
      return Array(theirs[..<count])
    }
  }

  private static func hash(_ bytes: ArraySlice<UInt8>) -> Int {
    var hasher = Hasher()
    bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    return hasher.finalize()
  }
}

extension LiveFile {
  /// How long a replaced version is watched for writes after the save that replaced it.
  static let retirementGrace: Duration = .seconds(10)

  /// How long the app, quitting, waits for a writer that still has a replaced version open.
  static let finishingWait: Duration = .milliseconds(200)

  /// Takes the version a save just swapped out (open as `fd`, at `temporary`, nil when a
  /// plain rename already removed its name), known to be the `expected` version. Its name is
  /// removed at once unless some process has it open for writing (or that cannot be known);
  /// the descriptor is kept for `retirementGrace`.
  ///
  /// ```swift
  /// retire(temporary, descriptor: old, expected: expected)
  /// ```
  func retire(_ temporary: String?, descriptor fd: Int32, expected: FileStamp) {
    let bytes = known.bytes(of: expected) ?? Self.readAll(fd)
    var entry = RetiredFile(
      path: temporary, descriptor: fd, stamp: expected,
      base: RetiredBase(bytes, keepBytes: temporary != nil),
      deadline: .now + Self.retirementGrace)
    if let temporary, ReadLease.take(fd) == .taken {
      // Held while the name goes: a writer opening it by that name meanwhile waits, then
      // writes where the descriptor still reads.
      unlink(temporary)
      entry.path = nil
      entry.base = RetiredBase(bytes, keepBytes: false)
      ReadLease.release(fd)
    }
    retired.append(entry)
  }

  /// Merges into the file what other programs wrote to the versions saves replaced, and lets
  /// go of those nobody writes any more whose grace period is over. `finishing` (the app is
  /// quitting): waits up to `finishingWait` for a writer that still has one open, then lets
  /// go of all of them; what cannot be merged goes to the conflict file.
  ///
  /// ```swift
  /// file.absorbLateWrites(finishing: false)
  /// ```
  func absorbLateWrites(finishing: Bool) {
    guard !retired.isEmpty else { return }
    let entries = retired
    retired = []  // a merge saves, and that save retires the version it replaces
    var kept: [RetiredFile] = []
    for var entry in entries {
      if look(at: &entry, finishing: finishing) {
        kept.append(entry)
      } else {
        if let path = entry.path { unlink(path) }
        close(entry.descriptor)
      }
    }
    retired = kept + retired
  }

  /// Merges what was written to `entry` since it was last looked at; false when it can go.
  private func look(at entry: inout RetiredFile, finishing: Bool) -> Bool {
    let fd = entry.descriptor
    if finishing { waitForWriters(fd) }
    let expired = finishing || ContinuousClock.now >= entry.deadline
    let lease = ReadLease.take(fd)
    // A writer still has it open, maybe halfway through a rewrite: look again once it closes
    // it (the folder watch sees that), or when the grace period is over.
    if lease == .writerOpen, !expired { return true }
    if let path = entry.path, lease == .taken || expired {
      unlink(path)
      entry.path = nil
    }
    let changed = Self.readIfChanged(fd, since: entry.stamp)
    if lease == .taken { ReadLease.release(fd) }
    guard let (theirs, stamp) = changed else { return !expired }
    do throws(FileError) {
      // Rewritten, where only a digest was kept (a writer that opened it in the instant its
      // name went): without the base, a merge could bring back what the save deleted.
      guard let base = entry.base.bytes(under: theirs) ?? known.bytes(of: entry.stamp) else {
        _ = try writeConflictCopy(theirs)
        return !expired
      }
      try mergeLateWrite(base: base, theirs: theirs, attempts: finishing ? 20 : 1)
    } catch {
      // Not merged now: next time. On the way out there is no next time.
      guard finishing else { return true }
      _ = try? writeConflictCopy(theirs)
      return false
    }
    entry.stamp = stamp
    entry.base = RetiredBase(theirs, keepBytes: entry.path != nil)
    return !expired
  }

  /// Waits (up to `finishingWait`) until nobody has the file open as `fd` open for writing.
  private func waitForWriters(_ fd: Int32) {
    let deadline = ContinuousClock.now + Self.finishingWait
    while ReadLease.take(fd) == .writerOpen, ContinuousClock.now < deadline { usleep(5000) }
    ReadLease.release(fd)
  }

  /// The bytes of the file open as `fd` and their stamp, when it is no longer the version
  /// `stamp`; nil when it still is (or cannot be read whole).
  static func readIfChanged(_ fd: Int32, since stamp: FileStamp) -> ([UInt8], FileStamp)? {
    var before = stat()
    guard fstat(fd, &before) == 0, FileStamp(before) != stamp else { return nil }
    for _ in 0..<5 {
      let bytes = Self.readAll(fd)
      var after = stat()
      guard fstat(fd, &after) == 0 else { return nil }
      if FileStamp(after) == FileStamp(before) { return (bytes, FileStamp(after)) }
      before = after  // written while it was read: read it again
    }
    return nil
  }

  /// Merges `theirs` (a replaced version as another program left it) over `base` (that
  /// version as it was replaced) into the file, under the lock, trying `attempts` times.
  private func mergeLateWrite(
    base: [UInt8], theirs: [UInt8], attempts: Int
  ) throws(FileError) {
    guard FileClient.isText(theirs) else {
      _ = try writeConflictCopy(theirs)
      return
    }
    var attempt = 1
    while true {
      do throws(FileError) {
        try lock()
        defer { unlock() }
        guard let current = try load(), FileClient.isText(current.bytes) else {
          throw .changedOnDisk(path)
        }
        let merged = Self.lateMerge(base: base, current: current.bytes, theirs: theirs)
        if merged != current.bytes { _ = try save(merged, expected: current.stamp) }
        return
      } catch {
        guard attempt < attempts else { throw error }
        attempt += 1
        usleep(5000)
      }
    }
  }

  /// The file as it is now (`current`) with what another program did to a replaced version:
  /// lines appended to it are appended to the file (as `echo … >>` meant); any other change
  /// is merged three-way (`TodoTxtMerge`).
  ///
  /// ```swift
  /// LiveFile.lateMerge(base: a("a\n"), current: a("a\napp\n"), theirs: a("a\next\n"))
  /// // "a\napp\next\n"
  /// ```
  static func lateMerge(base: [UInt8], current: [UInt8], theirs: [UInt8]) -> [UInt8] {
    if theirs.count >= base.count, base.isEmpty || base.last == 0x0A, theirs.starts(with: base) {
      let added = theirs[base.count...]
      guard !added.isEmpty else { return current }
      var merged = current
      if let last = merged.last, last != 0x0A { merged.append(0x0A) }
      return merged + added
    }
    return TodoTxtMerge.merge(base: base, ours: current, theirs: theirs).bytes
  }

  /// Temporaries left by a crash of a previous run; only removed while holding the lock, so no
  /// other todos-tui can be writing them. A temporary of a process still running (another
  /// todos-tui's replaced version, kept for its grace period) is left alone.
  func removeStaleTemporaries(of target: String) {
    let (folder, name) = Self.split(target)
    let prefix = "." + name + ".tmp-"
    guard let entries = FileSystem.names(in: folder) else { return }
    for entry in entries where entry.hasPrefix(prefix) {
      let owner = entry.dropFirst(prefix.count).split(separator: "-").first.flatMap { Int32($0) }
      if let owner, owner != getpid(), kill(owner, 0) == 0 || errno == EPERM { continue }
      unlink(folder + "/" + entry)
    }
  }
}
