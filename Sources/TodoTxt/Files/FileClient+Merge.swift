/// What the read–merge–rename step did.
///
/// ```swift
/// switch try client.mergeAndSave(ours, since: stamp, believeEmpty: false) {
/// case .merged(let merge, let stamp): merge.summary.statusLine
/// case .notText(let theirs): try client.writeConflictCopy(theirs.bytes)
/// }
/// ```
public enum MergedSave: Equatable, Sendable {
  /// The file now holds the merge of the base, ours and the disk's version (`stamp`).
  case merged(TodoTxtMergeResult, stamp: FileStamp)
  /// The file on disk is not text (see `FileClient.isText`): nothing was written; it can
  /// only be copied aside.
  case notText(LoadedFile)
}

extension FileClient {
  /// Merges `ours` with the file on disk and writes the result, under the lock, so two
  /// todos-tui never interleave their steps: read the disk's version (theirs), merge it with
  /// ours over the base (the version the app last read or wrote, `since`), rename the result
  /// in (refused, as every save, if the file changed again meanwhile).
  ///
  /// A missing file, and an empty one where the base was not (another program halfway
  /// through its save), throw `.changedOnDisk` so the app looks again later; an empty file
  /// the app has looked at long enough is merged when `believeEmpty`. An unknown base counts
  /// as empty: every line of both sides is kept.
  ///
  /// ```swift
  /// let outcome = try client.mergeAndSave(ours, since: state.file.stamp, believeEmpty: false)
  /// ```
  public func mergeAndSave(
    _ ours: [UInt8], since base: FileStamp?, believeEmpty: Bool
  ) throws(FileError) -> MergedSave {
    try lock()
    defer { unlock() }
    guard let theirs = try load() else { throw .changedOnDisk(path) }
    if theirs.bytes.isEmpty, !believeEmpty, (base?.size ?? 0) > 0 {
      throw .changedOnDisk(path)
    }
    guard Self.isText(theirs.bytes) else { return .notText(theirs) }
    let baseBytes = theirs.stamp == base ? theirs.bytes : knownBytes(base) ?? []
    let merge = TodoTxtMerge.merge(base: baseBytes, ours: ours, theirs: theirs.bytes)
    // Nothing of ours to add: the file stays as the other program wrote it.
    if merge.bytes == theirs.bytes { return .merged(merge, stamp: theirs.stamp) }
    let stamp = try save(merge.bytes, theirs.stamp)
    return .merged(merge, stamp: stamp)
  }

  /// Whether a file is text the merge can take: no NUL byte, and at least half of its
  /// non-blank lines are UTF-8 (a Latin-1 line here and there is kept byte for byte; a file
  /// saved as UTF-16, compressed or replaced by an image is not).
  ///
  /// ```swift
  /// FileClient.isText(Array("Call Mom\n".utf8))  // true
  /// FileClient.isText([0xFF, 0xFE, 0x43, 0x00])   // false
  /// ```
  public static func isText(_ bytes: [UInt8]) -> Bool {
    // One pass first (the loop vectorises): a file of ASCII without NUL is text, with no need
    // to split it into lines.
    let (any, smallest) = bytes.withUnsafeBufferPointer { buffer in
      var any: UInt8 = 0
      var smallest: UInt8 = 0xFF
      for byte in buffer {
        any |= byte
        smallest = min(smallest, byte)
      }
      return (any, smallest)
    }
    guard smallest != 0 else { return false }
    if any < 0x80 { return true }
    var lines = 0
    var utf8 = 0
    for line in bytes.split(separator: 0x0A) where !line.isEmpty {
      lines += 1
      if MergeIdentity.isUTF8(line) { utf8 += 1 }
    }
    return 2 * utf8 >= lines
  }
}
