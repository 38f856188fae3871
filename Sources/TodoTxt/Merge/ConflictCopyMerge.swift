/// Merges a sync client's conflict copy into the file it is a copy of. With a base (one of the
/// app's kept versions the copy was made from, `VersionOrigin`) it is the three-way merge;
/// without, a two-way merge that keeps every line of both (identical lines once) and keeps a
/// todo that differs only slightly on the two sides twice, the file's version first, as a
/// conflict. done.txt takes the union: the copy's lines it lacks, appended once.
///
/// ```swift
/// let result = ConflictCopyMerge.merge(
///   into: Array("Call Mom\nBuy milk\n".utf8), copy: Array("x 2026-11-26 Call Mom\n".utf8),
///   kept: [])
/// String(decoding: result.bytes, as: UTF8.self)
/// // "Call Mom\nx 2026-11-26 Call Mom\nBuy milk\n"
/// ```
public enum ConflictCopyMerge {
  /// The merged file and what changed in it.
  public struct Result: Equatable, Sendable {
    /// The merged file.
    public var bytes: [UInt8]
    /// The todos kept twice: both versions' line numbers in `bytes`.
    public var conflicts: [TodoTxtMergeResult.Conflict]
    /// What the copy brought, counted.
    public var counts: Counts
    /// Whether one of the kept versions was the base (a three-way merge).
    public var usedKeptVersion: Bool
  }

  /// What a merge changed in the file, for the status line.
  ///
  /// ```swift
  /// ConflictCopyMerge.Counts(added: 2, completed: 1).phrase  // "2 todos added, 1 completed"
  /// ```
  public struct Counts: Equatable, Sendable {
    public var added = 0
    public var completed = 0
    public var changed = 0
    public var deleted = 0
    public var keptTwice = 0

    public init(
      added: Int = 0, completed: Int = 0, changed: Int = 0, deleted: Int = 0, keptTwice: Int = 0
    ) {
      (self.added, self.completed, self.changed) = (added, completed, changed)
      (self.deleted, self.keptTwice) = (deleted, keptTwice)
    }

    /// `2 todos added, 1 completed`; `nothing new` when nothing changed.
    public var phrase: String {
      var parts: [String] = []
      if added > 0 { parts.append("\(added) \(added == 1 ? "todo" : "todos") added") }
      if completed > 0 { parts.append("\(completed) completed") }
      if changed > 0 { parts.append("\(changed) changed") }
      if deleted > 0 { parts.append("\(deleted) deleted") }
      if keptTwice > 0 {
        parts.append("\(keptTwice) \(keptTwice == 1 ? "todo differs" : "todos differ"), both kept")
      }
      return parts.isEmpty ? "nothing new" : parts.joined(separator: ", ")
    }
  }

  /// Merges `copy` into `into`; `kept` are versions of the file the app read or wrote, oldest
  /// first (empty without the app).
  public static func merge(into: [UInt8], copy: [UInt8], kept: [[UInt8]]) -> Result {
    if kept.contains(copy) {
      return Result(bytes: into, conflicts: [], counts: Counts(), usedKeptVersion: true)
    }
    if let index = VersionOrigin.origin(of: copy, latest: into, older: kept) {
      let merged = TodoTxtMerge.merge(base: kept[index], ours: into, theirs: copy)
      return Result(
        bytes: merged.bytes, conflicts: merged.conflicts,
        counts: counts(from: into, to: merged.bytes, keptTwice: merged.conflicts.count),
        usedKeptVersion: true)
    }
    return twoWay(into: into, copy: copy)
  }

  /// done.txt: `into`, then each line of `copy` it does not have, once.
  ///
  /// ```swift
  /// ConflictCopyMerge.union(into: Array("x a\n".utf8), copy: Array("x a\nx b\nx b\n".utf8))
  /// // bytes "x a\nx b\n", counts.added 1
  /// ```
  public static func union(into: [UInt8], copy: [UInt8]) -> Result {
    var seen = Set(Lines(into).contents.map { Array($0) })
    var bytes = into
    var added = 0
    let copyLines = Lines(copy)
    for (index, content) in copyLines.contents.enumerated()
    where !content.isEmpty && seen.insert(Array(content)).inserted {
      if let last = bytes.last, last != 0x0A { bytes += copyLines.breakBytes }
      bytes += copyLines.segments[index]
      if bytes.last != 0x0A { bytes += copyLines.breakBytes }
      added += 1
    }
    return Result(
      bytes: bytes, conflicts: [], counts: Counts(added: added), usedKeptVersion: false)
  }

  /// Every line of both, identical lines once; a line only the copy has goes after the line of
  /// the file it is a version of (a slight difference), else after the line before it in the
  /// copy, else first.
  static func twoWay(into: [UInt8], copy: [UInt8]) -> Result {
    let ours = Lines(into)
    let theirs = Lines(copy)
    // Which lines of each are the other's too (identical), first occurrences first.
    var oursByContent: [[UInt8]: [Int]] = [:]
    for (index, content) in ours.contents.enumerated() {
      oursByContent[Array(content), default: []].append(index)
    }
    var theirsMatch: [Int?] = Array(repeating: nil, count: theirs.count)
    var oursMatched = Array(repeating: false, count: ours.count)
    for (index, content) in theirs.contents.enumerated() {
      let key = Array(content)
      if var queue = oursByContent[key], !queue.isEmpty {
        let match = queue.removeFirst()
        oursByContent[key] = queue
        theirsMatch[index] = match
        oursMatched[match] = true
      }
    }
    // Pair each line only the copy has with a line only the file has that is the same todo.
    let oursOnly = (0..<ours.count).filter { !oursMatched[$0] }
    let theirsOnly = (0..<theirs.count).filter { theirsMatch[$0] == nil }
    var pairs: [Int: Int] = [:]  // theirs index → ours index
    if !oursOnly.isEmpty, oursOnly.count * theirsOnly.count <= 1_000_000 {
      let oursIdentities = oursOnly.map { MergeIdentity(ours.contents[$0]) }
      var taken = Set<Int>()
      for t in theirsOnly {
        guard let identity = MergeIdentity(theirs.contents[t]) else { continue }
        var best: (index: Int, shared: Int)?
        for (k, candidate) in oursIdentities.enumerated() where !taken.contains(k) {
          guard let candidate else { continue }
          if candidate.key == identity.key {
            best = (k, Int.max)
            break
          }
          let shared = identity.sharedWords(with: candidate)
          if MergeIdentity.isSimilar(
            shared: shared, identity.words.count, candidate.words.count),
            shared > (best?.shared ?? 0)
          {
            best = (k, shared)
          }
        }
        if let best {
          taken.insert(best.index)
          pairs[t] = oursOnly[best.index]
        }
      }
    }
    // Where each line only the copy has goes: after this line of the file (-1: first).
    var after: [Int: [Int]] = [:]
    var anchor = -1
    for t in 0..<theirs.count {
      if let match = theirsMatch[t] {
        anchor = match
      } else if let partner = pairs[t] {
        after[partner, default: []].append(t)
        anchor = partner
      } else {
        after[anchor, default: []].append(t)
      }
    }
    var out: [ArraySlice<UInt8>] = []
    var conflicts: [TodoTxtMergeResult.Conflict] = []
    func place(_ anchorIndex: Int) {
      for t in after[anchorIndex] ?? [] {
        if pairs[t] != nil { conflicts.append(.init(ours: out.count - 1, theirs: out.count)) }
        out.append(theirs.segments[t])
      }
    }
    place(-1)
    for index in 0..<ours.count {
      out.append(ours.segments[index])
      place(index)
    }
    var bytes: [UInt8] = []
    for (index, segment) in out.enumerated() {
      bytes += segment
      if index < out.count - 1, segment.last != 0x0A { bytes += ours.breakBytes }
    }
    return Result(
      bytes: bytes, conflicts: conflicts,
      counts: counts(from: into, to: bytes, keptTwice: conflicts.count), usedKeptVersion: false)
  }

  /// What changed from `before` to `after`: new lines that are a removed todo changed
  /// (completed, or otherwise), new todos, removed todos.
  static func counts(from before: [UInt8], to after: [UInt8], keptTwice: Int) -> Counts {
    var remaining: [[UInt8]: Int] = [:]
    for content in Lines(before).contents { remaining[Array(content), default: 0] += 1 }
    var added: [ArraySlice<UInt8>] = []
    for content in Lines(after).contents {
      let key = Array(content)
      if let n = remaining[key], n > 0 {
        remaining[key] = n - 1
      } else if !content.isEmpty {
        added.append(content)
      }
    }
    var removed = remaining.flatMap { line, n in
      Array(repeating: line, count: n)
    }.filter { !$0.isEmpty }.sorted { $0.lexicographicallyPrecedes($1) }
    var counts = Counts(keptTwice: keptTwice)
    for line in added {
      let identity = MergeIdentity(line)
      if let identity,
        let k = removed.firstIndex(where: { MergeIdentity($0[...])?.key == identity.key })
      {
        if isDone(line) && !isDone(removed[k][...]) {
          counts.completed += 1
        } else {
          counts.changed += 1
        }
        removed.remove(at: k)
      } else {
        counts.added += 1
      }
    }
    counts.added -= keptTwice
    counts.deleted = removed.count
    return counts
  }

  static func isDone(_ line: ArraySlice<UInt8>) -> Bool {
    line.count >= 2 && line.first == UInt8(ascii: "x") && line.dropFirst().first == 0x20
  }

  /// A file's lines: each with its line break (the last may lack one), and without.
  struct Lines {
    var segments: [ArraySlice<UInt8>] = []
    var contents: [ArraySlice<UInt8>] = []
    /// The file's line break: `\r\n` when its first line ends so, else `\n`.
    var breakBytes: [UInt8] = [0x0A]
    var count: Int { segments.count }

    init(_ bytes: [UInt8]) {
      var start = 0
      for (index, byte) in bytes.enumerated() where byte == 0x0A {
        append(bytes, start, index + 1)
        start = index + 1
      }
      if start < bytes.count { append(bytes, start, bytes.count) }
      if let first = segments.first, first.count >= 2, first.last == 0x0A,
        first[first.endIndex - 2] == 0x0D
      {
        breakBytes = [0x0D, 0x0A]
      }
    }

    private mutating func append(_ bytes: [UInt8], _ start: Int, _ end: Int) {
      let segment = bytes[start..<end]
      var content = segment
      if content.last == 0x0A { content = content.dropLast() }
      if content.last == 0x0D { content = content.dropLast() }
      segments.append(segment)
      contents.append(content)
    }
  }
}
