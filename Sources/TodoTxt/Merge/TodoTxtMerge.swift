/// A three-way merge of todo.txt, line by line: `base` is the file as the app last read or
/// wrote it, `ours` the app's version, `theirs` the file on disk now. Every line is kept
/// (todos, blank lines, `#` comments, lines that are not UTF-8, byte for byte).
///
/// - A line changed on one side only takes that side's change; changes on both sides to
///   different todos both apply; the same change on both sides applies once.
/// - A todo changed differently on both sides is kept twice, the app's version then the disk's,
///   and reported in `conflicts`. A todo deleted on one side and edited on the other keeps the
///   edit. Deleted on both sides: gone.
/// - Lines pair across versions by content, then by `MergeIdentity` (see `MergeMatching`), so
///   reordering and duplicates do not confuse it. Which lines the result holds never depends
///   on that pairing: for each content, `min(base, ours, theirs) + max(ours added, theirs
///   added)` copies, where "added" counts copies beyond the base's. The pairing only decides
///   positions, conflicts and counts.
/// - Order: the app's order; a line the disk moved (and the app did not) and a line the disk
///   brought in go right after the line before them on disk, or first when none is left.
/// - Shape: the disk's line ending when it uses one throughout, else the app's, else the base's,
///   else each line's own; the disk's final newline, or the app's when the disk is empty.
///
/// Runs in O(n log n) for n lines. Full rules with examples: docs/merge.md.
///
/// ```swift
/// let merged = TodoTxtMerge.merge(
///   base: Array("Call Mom\nBuy milk\n".utf8),
///   ours: Array("x 2026-11-23 Call Mom\nBuy milk\n".utf8),
///   theirs: Array("Call Mom\nBuy oat milk\n".utf8))
/// String(decoding: merged.bytes, as: UTF8.self)  // "x 2026-11-23 Call Mom\nBuy oat milk\n"
/// ```
public enum TodoTxtMerge {
  public static func merge(base: [UInt8], ours: [UInt8], theirs: [UInt8]) -> TodoTxtMergeResult {
    let baseText = MergeText(base)
    let oursText = MergeText(ours)
    let theirsText = MergeText(theirs)
    let index = MergeBaseIndex(baseText.keys)
    var merger = Merger(
      base: baseText, ours: oursText, theirs: theirsText,
      o: MergeMatching(
        base: baseText.lines, side: oursText.lines, sideKeys: oursText.keys, index: index),
      t: MergeMatching(
        base: baseText.lines, side: theirsText.lines, sideKeys: theirsText.keys, index: index))
    merger.run()

    let (lines, conflicts, oursLines) = merger.list.output()
    let ending = theirsText.ending ?? oursText.ending ?? baseText.ending
    let finalNewline =
      !theirsText.isEmpty
      ? theirsText.endsWithNewline : oursText.isEmpty || oursText.endsWithNewline
    return TodoTxtMergeResult(
      bytes: MergeText.join(lines, ending: ending, finalNewline: finalNewline),
      conflicts: conflicts, summary: merger.summary, oursLines: oursLines)
  }
}

/// The merge's working state: the pairings and the result being built as a linked list.
private struct Merger {
  let base: MergeText
  let ours: MergeText
  let theirs: MergeText
  let o: MergeMatching
  let t: MergeMatching
  var list = MergeLineList()
  var summary = TodoTxtMergeSummary()
  /// For each base line still in the result, its first and last node (two when kept twice).
  var group: [Int: (first: Int, last: Int)] = [:]
  /// For theirs' lines not written because ours brings in a line with the same bytes, that
  /// line of ours.
  var theirsDuplicate: [Int?] = []
  /// The node of each line of ours in the result.
  var oursNode: [Int?] = []
  /// Base lines both sides changed to the same bytes.
  var sameChange: [Bool] = []

  init(base: MergeText, ours: MergeText, theirs: MergeText, o: MergeMatching, t: MergeMatching) {
    self.base = base
    self.ours = ours
    self.theirs = theirs
    self.o = o
    self.t = t
  }

  mutating func run() {
    findDuplicates()
    placeOurs()
    placeTheirs()
  }

  /// Ours' new lines (changed or added) as a multiset; theirs' new lines with the same bytes
  /// are taken from it first by the same todo changed identically, then in theirs' order.
  mutating func findDuplicates() {
    // Content to the lines of ours holding it, in ours' order, and how many are taken.
    var oursNew: [MergeLineKey: (lines: [Int], taken: Int)] = [:]
    var sameChangeLines: Set<Int> = []
    sameChange = Array(repeating: false, count: base.lines.count)
    for b in base.lines.indices {
      guard let os = o.sideOfBase[b], let ts = t.sideOfBase[b], !o.exact[b], !t.exact[b],
        ours.lines[os] == theirs.lines[ts]
      else { continue }
      sameChange[b] = true
      sameChangeLines.insert(os)
    }
    for (s, line) in ours.keys.enumerated() where !sameChangeLines.contains(s) {
      if let b = o.baseOfSide[s], o.exact[b] { continue }
      oursNew[line, default: ([], 0)].lines.append(s)
    }
    theirsDuplicate = Array(repeating: nil, count: theirs.lines.count)
    for (s, line) in theirs.keys.enumerated() {
      if let b = t.baseOfSide[s], t.exact[b] || sameChange[b] { continue }
      if let entry = oursNew[line], entry.taken < entry.lines.count {
        oursNew[line]!.taken += 1
        theirsDuplicate[s] = entry.lines[entry.taken]
      }
    }
  }

  /// Ours' lines in ours' order, each replaced by the outcome for its base line.
  mutating func placeOurs() {
    oursNode = Array(repeating: nil, count: ours.lines.count)
    for (s, line) in ours.lines.enumerated() {
      guard let b = o.baseOfSide[s] else {
        oursNode[s] = list.append(line, crlf: ours.crlf[s], ours: s)
        continue
      }
      let ts = t.sideOfBase[b]
      if o.exact[b] {
        guard let ts else {
          summary.deletedOnDisk += 1
          continue
        }
        if t.exact[b] {
          let node = list.append(line, crlf: ours.crlf[s], ours: s)
          group[b] = (node, node)
        } else if theirsDuplicate[ts] == nil {
          let node = list.append(theirs.lines[ts], crlf: theirs.crlf[ts], ours: s)
          group[b] = (node, node)
          summary.changedOnDisk += 1
        }
        continue
      }
      let node = list.append(line, crlf: ours.crlf[s], ours: s)
      oursNode[s] = node
      group[b] = (node, node)
      guard let ts else {
        summary.editsKeptOverDeletion += 1
        continue
      }
      if t.exact[b] { continue }
      if sameChange[b] {
        summary.changedIdentically += 1
      } else if theirsDuplicate[ts] == nil {
        let copy = list.append(theirs.lines[ts], crlf: theirs.crlf[ts], conflictWith: node)
        group[b] = (node, copy)
        summary.changedOnBothSides += 1
      }
    }
  }

  /// Theirs' lines in theirs' order: new ones, edits of lines ours deleted, and lines theirs
  /// moved go after the nearest line before them in theirs that is in the result.
  mutating func placeTheirs() {
    var anchor = MergeLineList.head
    for (s, line) in theirs.lines.enumerated() {
      if let twin = theirsDuplicate[s] {
        // Ours brings in the same line: theirs' next new lines follow it.
        if let node = oursNode[twin] { anchor = node }
        continue
      }
      guard let b = t.baseOfSide[s] else {
        anchor = list.insert(line, crlf: theirs.crlf[s], after: anchor)
        summary.addedOnDisk += 1
        continue
      }
      if let placed = group[b] {
        if t.moved[b], !o.moved[b] {
          list.move(from: placed.first, through: placed.last, after: anchor)
          summary.movedOnDisk += 1
        }
        anchor = placed.last
      } else if o.sideOfBase[b] == nil, !t.exact[b] {
        anchor = list.insert(line, crlf: theirs.crlf[s], after: anchor)
        summary.editsKeptOverDeletion += 1
      }
    }
  }
}
