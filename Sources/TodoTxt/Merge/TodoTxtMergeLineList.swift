/// The merged file while it is being built: a doubly linked list of lines in index arrays, so
/// inserting after a line and moving a line are O(1).
///
/// ```swift
/// var list = MergeLineList()
/// let a = list.append(ArraySlice("a".utf8), crlf: false)
/// _ = list.insert(ArraySlice("b".utf8), crlf: false, after: MergeLineList.head)
/// list.output().lines.map { Array($0.bytes) }  // ["b", "a"] as bytes
/// ```
struct MergeLineList {
  /// The node before the first line: inserting after it puts a line first.
  static let head = 0

  private var bytes: [ArraySlice<UInt8>] = [[]]
  private var crlf: [Bool] = [false]
  private var next: [Int] = [0]
  private var previous: [Int] = [0]
  /// For a line that is the disk's version of a conflict, the node of the app's version.
  private var conflictWith: [Int?] = [nil]
  /// For each line, the line of ours it stands for (nil: new to ours).
  private var oursLine: [Int?] = [nil]

  /// Adds a line at the end and returns its node.
  mutating func append(
    _ line: ArraySlice<UInt8>, crlf isCRLF: Bool, conflictWith other: Int? = nil,
    ours: Int? = nil
  ) -> Int {
    insert(line, crlf: isCRLF, after: previous[Self.head], conflictWith: other, ours: ours)
  }

  /// Adds a line right after `node` and returns its node.
  mutating func insert(
    _ line: ArraySlice<UInt8>, crlf isCRLF: Bool, after node: Int, conflictWith other: Int? = nil,
    ours: Int? = nil
  ) -> Int {
    let new = bytes.count
    bytes.append(line)
    oursLine.append(ours)
    crlf.append(isCRLF)
    conflictWith.append(other)
    next.append(next[node])
    previous.append(node)
    previous[next[node]] = new
    next[node] = new
    return new
  }

  /// Moves the run of nodes `first` through `last` (linked in that order) right after `node`,
  /// which must not be in the run.
  mutating func move(from first: Int, through last: Int, after node: Int) {
    guard previous[first] != node else { return }
    next[previous[first]] = next[last]
    previous[next[last]] = previous[first]
    next[last] = next[node]
    previous[next[node]] = last
    next[node] = first
    previous[first] = node
  }

  /// The lines in order, each conflict as the line numbers of its two versions, and for each
  /// line the line of ours it stands for.
  func output() -> (
    lines: [(bytes: ArraySlice<UInt8>, crlf: Bool)], conflicts: [TodoTxtMergeResult.Conflict],
    oursLines: [Int?]
  ) {
    var lines: [(bytes: ArraySlice<UInt8>, crlf: Bool)] = []
    lines.reserveCapacity(bytes.count - 1)
    var oursLines: [Int?] = []
    oursLines.reserveCapacity(bytes.count - 1)
    var lineNumber = Array(repeating: -1, count: bytes.count)
    var conflicts: [TodoTxtMergeResult.Conflict] = []
    var node = next[Self.head]
    while node != Self.head {
      lineNumber[node] = lines.count
      if let other = conflictWith[node] {
        conflicts.append(.init(ours: lineNumber[other], theirs: lines.count))
      }
      lines.append((bytes[node], crlf[node]))
      oursLines.append(oursLine[node])
      node = next[node]
    }
    return (lines, conflicts, oursLines)
  }
}
