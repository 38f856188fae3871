/// Which version the app knew a file on disk was made from. A writer that read an older copy
/// (todo.sh's `sed -i` reading just before the app saves and renaming just after, a sync folder
/// putting back the copy it had) writes a version that lacks the app's later changes: it must
/// be merged over that older copy, or following it would drop what the app saved since.
///
/// A version counts as made from an older one when every line the app changed since then is in
/// it as it was then: none of the lines the app added (nor a todo of theirs that is one of them
/// edited), every line the app removed, or, for a todo the app changed, the other writer's own
/// change of that todo (a machine apart changed it too: completed it where the app edited it),
/// when that change is no edit of the app's version. Among the older versions that fit, the
/// oldest is the origin: the app's changes since any of them are then all missing.
///
/// ```swift
/// let v0 = Array("ts-000 open\n".utf8)
/// let v1 = Array("app-1\nts-000 open\n".utf8)  // the app added a todo
/// let sed = Array("x 2026-11-26 ts-000 open\n".utf8)  // sed -i, from v0
/// VersionOrigin.origin(of: sed, latest: v1, older: [v0])  // 0: made from v0
/// VersionOrigin.origin(of: Array("app-1\nts-000 done\n".utf8), latest: v1, older: [v0])  // nil
/// // The app edited a todo; the other machine, apart, completed it: made from v0.
/// let paid = Array("x 2026-11-26 Pay rent\n".utf8)
/// VersionOrigin.origin(
///   of: paid, latest: Array("Pay rent online\n".utf8), older: [Array("Pay rent\n".utf8)])  // 0
/// ```
enum VersionOrigin {
  /// The index in `older` (oldest first) of the version `theirs` was made from, or nil when it
  /// has the app's changes since each of them (made from `latest`, or from a version the app
  /// does not know).
  static func origin(of theirs: [UInt8], latest: [UInt8], older: [[UInt8]]) -> Int? {
    guard !older.isEmpty, theirs != latest else { return nil }
    let latestLines = LineCounts(latest, keepingLines: true)
    let theirsLines = LineCounts(theirs, identities: true)
    for (index, candidate) in older.enumerated() where candidate != latest {
      let base = LineCounts(candidate, identities: true)
      if isMadeFrom(base, latest: latestLines, theirs: theirsLines, bytes: (candidate, theirs)) {
        return index
      }
    }
    return nil
  }

  /// Whether `theirs` has every line the app changed between `base` and `latest` as `base` had
  /// it (and at least one line changed).
  private static func isMadeFrom(
    _ base: LineCounts, latest: LineCounts, theirs: LineCounts,
    bytes: (base: [UInt8], theirs: [UInt8])
  ) -> Bool {
    var changed = false
    for (line, latestCount) in latest.counts {
      let baseCount = base.counts[line] ?? 0
      guard latestCount > baseCount else { continue }
      // The app added this line: theirs must not have it, nor an edit of that todo.
      changed = true
      if theirs.counts[line] ?? 0 > baseCount { return false }
      if let key = latest.identityKey(of: line),
        theirs.identities[key] ?? 0 > base.identities[key] ?? 0
      {
        return false
      }
    }
    var changedByBoth: [UInt64] = []
    for (line, baseCount) in base.counts {
      let latestCount = latest.counts[line] ?? 0
      guard baseCount > latestCount else { continue }
      // The app removed (or changed) this line: theirs must still have it, or a change of its
      // own of that todo.
      changed = true
      if theirs.counts[line] ?? 0 < baseCount { changedByBoth.append(line) }
    }
    guard changed else { return false }
    return changedByBoth.isEmpty
      || ChangedByBoth(base: base, latest: latest, theirs: theirs, bytes: bytes)
        .explains(changedByBoth)
  }
}

/// The todos the app changed since a version that another writer, apart, changed as well: it
/// lacks the app's change and the line as it was, and has instead a version of its own.
private struct ChangedByBoth {
  /// The other writer's lines that neither the old version nor the app's latest has.
  var theirsOwn: [(identity: MergeIdentity, done: Bool)] = []
  /// The lines the app added since the old version (its changes of the todos included).
  var appAdded: [(identity: MergeIdentity, done: Bool)] = []
  /// The old version's lines, by content hash.
  var baseLines: [UInt64: ArraySlice<UInt8>] = [:]

  init(
    base: LineCounts, latest: LineCounts, theirs: LineCounts,
    bytes: (base: [UInt8], theirs: [UInt8])
  ) {
    LineCounts.forEachLine(bytes.theirs) { hash, line in
      if base.counts[hash] == nil, latest.counts[hash] == nil, let identity = MergeIdentity(line) {
        theirsOwn.append((identity, Self.isDone(line)))
      }
    }
    LineCounts.forEachLine(bytes.base) { hash, line in baseLines[hash] = line }
    for (hash, count) in latest.counts where count > base.counts[hash] ?? 0 {
      if let line = latest.line(hash), let identity = MergeIdentity(line) {
        appAdded.append((identity, Self.isDone(line)))
      }
    }
  }

  static func isDone(_ line: ArraySlice<UInt8>) -> Bool {
    line.count >= 2 && line.first == UInt8(ascii: "x") && line.dropFirst().first == 0x20
  }

  /// Whether each line the app changed (`lines`, content hashes of the old version) has a
  /// version of the other writer's own: the same todo (the same words, or most of them) that
  /// is no edit of the app's version (it is as close to the old line as to any the app added,
  /// and not the app's line completed or re-prioritised).
  func explains(_ lines: [UInt64]) -> Bool {
    guard lines.count * max(1, theirsOwn.count) * max(1, appAdded.count) <= 4_000_000 else {
      return false
    }
    return lines.allSatisfy { hash in
      guard let oldLine = baseLines[hash], let old = MergeIdentity(oldLine) else { return false }
      let oldDone = Self.isDone(oldLine)
      return theirsOwn.contains { own in
        let mine = own.identity
        let shared = mine.sharedWords(with: old)
        guard MergeIdentity.isSimilar(shared: shared, mine.words.count, old.words.count) else {
          return false
        }
        return appAdded.allSatisfy { app in
          let added = app.identity
          guard added.key != mine.key else { return false }
          let sharedAdded = mine.sharedWords(with: added)
          // The app's completion (or reopening) of the todo, which theirs has: made after it.
          if own.done == app.done, own.done != oldDone,
            MergeIdentity.isSimilar(shared: sharedAdded, mine.words.count, added.words.count)
          {
            return false
          }
          // shared / (mine + old) >= sharedAdded / (mine + added), as Dice coefficients.
          return shared * (mine.words.count + added.words.count)
            >= sharedAdded * (mine.words.count + old.words.count)
        }
      }
    }
  }
}

/// The lines of a file counted by content (a line ending's CR ignored), and, where asked, by
/// todo identity (`MergeIdentity`), as 64-bit hashes.
private struct LineCounts {
  var counts: [UInt64: Int] = [:]
  var identities: [UInt64: Int] = [:]
  /// One line of each content, for its identity later (`keepingLines`).
  private var lines: [UInt64: ArraySlice<UInt8>] = [:]

  init(_ bytes: [UInt8], identities withIdentities: Bool = false, keepingLines: Bool = false) {
    Self.forEachLine(bytes) { hash, line in
      counts[hash, default: 0] += 1
      if keepingLines, lines[hash] == nil { lines[hash] = line }
      if withIdentities, let identity = MergeIdentity(line) {
        identities[Self.hash(identity.key[...]), default: 0] += 1
      }
    }
  }

  /// Calls `body` with each line of `bytes` (without its line break or a CR before it) and
  /// its hash.
  static func forEachLine(
    _ bytes: [UInt8], _ body: (UInt64, ArraySlice<UInt8>) -> Void
  ) {
    var start = 0
    while start < bytes.count {
      var end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
      let next = end + 1
      if end > start, bytes[end - 1] == 0x0D { end -= 1 }
      let line = bytes[start..<end]
      body(hash(line), line)
      start = next
    }
  }

  /// The line whose content hashes to `hash` (kept lines only).
  func line(_ hash: UInt64) -> ArraySlice<UInt8>? { lines[hash] }

  /// The identity hash of the line whose content hashes to `line` (kept lines only).
  func identityKey(of line: UInt64) -> UInt64? {
    guard let bytes = lines[line], let identity = MergeIdentity(bytes) else { return nil }
    return Self.hash(identity.key[...])
  }

  /// FNV-1a, 64 bits.
  static func hash(_ bytes: ArraySlice<UInt8>) -> UInt64 {
    var value: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      value ^= UInt64(byte)
      value = value &* 0x0000_0100_0000_01b3
    }
    return value
  }
}
