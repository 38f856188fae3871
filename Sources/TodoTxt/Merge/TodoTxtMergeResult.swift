/// What `TodoTxtMerge.merge(base:ours:theirs:)` produced: the merged file, the lines that came
/// from a conflict, and counts for the status line.
///
/// The bytes are never altered to mark a conflict (a marker would end up in todo.sh's and the
/// editor's view of the file). Instead `conflicts` gives, for each todo changed differently on
/// both sides, the 0-based line numbers of both versions in `bytes`, so the app can mark or
/// select the disk's version (`theirs`) and the user can delete one.
///
/// ```swift
/// let result = TodoTxtMerge.merge(base: base, ours: ours, theirs: disk)
/// result.conflicts        // [Conflict(ours: 0, theirs: 1)]
/// result.summary.statusLine
/// // "Merged todo.txt: 1 todo changed on both sides, both kept"
/// ```
public struct TodoTxtMergeResult: Equatable, Sendable {
  /// One todo changed differently on both sides: the line numbers of its two versions.
  public struct Conflict: Equatable, Sendable {
    /// The app's version (always the line just before `theirs`).
    public var ours: Int
    /// The disk's version, the one to mark.
    public var theirs: Int

    public init(ours: Int, theirs: Int) {
      self.ours = ours
      self.theirs = theirs
    }
  }

  /// The merged file.
  public var bytes: [UInt8]
  /// The todos kept twice, in file order.
  public var conflicts: [Conflict]
  /// What happened, counted.
  public var summary: TodoTxtMergeSummary
  /// For each line of `bytes`, the line of `ours` it stands for: the same line, or the same
  /// todo as the disk changed it. Nil for a line new to the app (added on disk, the disk's
  /// version of a conflict, a disk edit of a todo the app deleted). The app keeps its rows'
  /// ids through it.
  public var oursLines: [Int?]

  public init(
    bytes: [UInt8], conflicts: [Conflict], summary: TodoTxtMergeSummary, oursLines: [Int?] = []
  ) {
    self.bytes = bytes
    self.conflicts = conflicts
    self.summary = summary
    self.oursLines = oursLines
  }
}

/// Counts of what a merge did, seen from the app: the disk's (theirs') changes it applied, and
/// the todos both sides touched.
///
/// ```swift
/// TodoTxtMergeSummary(addedOnDisk: 1, changedOnDisk: 1).statusLine
/// // "Merged todo.txt: 2 changes from disk applied"
/// ```
public struct TodoTxtMergeSummary: Equatable, Sendable {
  /// Lines the disk added.
  public var addedOnDisk: Int
  /// Lines the disk changed that the app did not touch.
  public var changedOnDisk: Int
  /// Lines the disk deleted that the app did not touch.
  public var deletedOnDisk: Int
  /// Lines the disk moved that the app did not move.
  public var movedOnDisk: Int
  /// Todos changed on both sides the same way, kept once.
  public var changedIdentically: Int
  /// Todos changed differently on both sides, kept twice (see `TodoTxtMergeResult.conflicts`).
  public var changedOnBothSides: Int
  /// Todos deleted on one side and edited on the other: the edit is kept.
  public var editsKeptOverDeletion: Int

  public init(
    addedOnDisk: Int = 0, changedOnDisk: Int = 0, deletedOnDisk: Int = 0, movedOnDisk: Int = 0,
    changedIdentically: Int = 0, changedOnBothSides: Int = 0, editsKeptOverDeletion: Int = 0
  ) {
    self.addedOnDisk = addedOnDisk
    self.changedOnDisk = changedOnDisk
    self.deletedOnDisk = deletedOnDisk
    self.movedOnDisk = movedOnDisk
    self.changedIdentically = changedIdentically
    self.changedOnBothSides = changedOnBothSides
    self.editsKeptOverDeletion = editsKeptOverDeletion
  }

  /// One line for the status bar.
  ///
  /// ```swift
  /// TodoTxtMergeSummary(changedOnBothSides: 1).statusLine
  /// // "Merged todo.txt: 1 todo changed on both sides, both kept"
  /// TodoTxtMergeSummary().statusLine  // "Merged todo.txt: no changes on disk"
  /// ```
  public var statusLine: String { statusLine(fileName: "todo.txt") }

  /// The status line for a file with another name.
  ///
  /// ```swift
  /// TodoTxtMergeSummary(addedOnDisk: 1).statusLine(fileName: "work.txt")
  /// // "Merged work.txt: 1 change from disk applied"
  /// ```
  public func statusLine(fileName: String) -> String {
    func count(_ n: Int, _ one: String, _ many: String) -> String { "\(n) \(n == 1 ? one : many)" }
    var parts: [String] = []
    let fromDisk = addedOnDisk + changedOnDisk + deletedOnDisk + movedOnDisk
    if fromDisk > 0 { parts.append(count(fromDisk, "change", "changes") + " from disk applied") }
    if changedOnBothSides > 0 {
      parts.append(count(changedOnBothSides, "todo", "todos") + " changed on both sides, both kept")
    }
    if changedIdentically > 0 {
      parts.append(
        count(changedIdentically, "todo", "todos") + " changed the same way on both sides")
    }
    if editsKeptOverDeletion > 0 {
      parts.append(
        count(editsKeptOverDeletion, "todo", "todos") + " deleted on one side kept, as edited on"
          + " the other")
    }
    return "Merged \(fileName): "
      + (parts.isEmpty ? "no changes on disk" : parts.joined(separator: ", "))
  }
}
