import Architecture
import FoundationEssentials
import TodoTxt

/// Meeting another writer: the list's unsaved changes and the file's new version are merged
/// (`TodoTxtMerge`), and the merge becomes both the file and the list. Only a file that is no
/// longer text is copied aside instead.
extension AppFeature {
  /// The file changed on disk while the list has changes it does not hold, or it was made from
  /// an older copy than the app's (`origin`, the merge's base): merge them, under the file's
  /// lock, and write the result (see `FileClient.mergeAndSave`).
  ///
  /// ```swift
  /// if state.hasUnsavedChanges { return mergeWithDisk(believeEmpty: false, &state, environment) }
  /// ```
  @MainActor
  static func mergeWithDisk(
    since origin: FileStamp? = nil, believeEmpty: Bool, _ state: inout State,
    _ environment: Environment
  ) -> Effect<Action> {
    state.file.scheduledRevision = state.list.list.revision
    let (document, layout) = state.file.document.filled(
      with: state.list.rows, newAtEnd: environment.list.addsAtBottom)
    state.file.document = layout
    let ours = document.serialized()
    let base = origin ?? state.file.baseBeforeRemoval ?? state.file.stamp
    let revision = state.list.list.revision
    let file = environment.file
    return .merge(
      .cancel(ids: [CancelID.save, CancelID.saveDeadline, CancelID.loadRetry]),
      .run { send in
        send(
          .mergeFinished(
            catching { () throws(FileError) in
              try file.mergeAndSave(ours, since: base, believeEmpty: believeEmpty)
            },
            revision: revision))
      }
    )
  }

  /// The merge was written (the list becomes it), or the file is not text (copied aside, then
  /// ours is written), or the file changed again (look again), or it failed (like a save).
  ///
  /// ```swift
  /// case .mergeFinished(let result, let revision):
  ///   return mergeFinished(result, revision: revision, into: &state, environment: environment)
  /// ```
  @MainActor
  static func mergeFinished(
    _ result: Result<MergedSave, FileError>, revision: Int, into state: inout State,
    environment: Environment
  ) -> Effect<Action> {
    switch result {
    case .success(.merged(let merge, let stamp)):
      // The merge runs within the action that asked for it, so the list cannot have changed;
      // if it ever did, the file is looked at again and merged with the newer list.
      guard revision == state.list.list.revision else { return lookAtTheFile(state, environment) }
      state.file.stamp = stamp
      state.file.problem = nil
      state.file.baseBeforeRemoval = nil
      let keptHistory = takeMerged(merge, into: &state, environment: environment)
      state.file.savedRevision = state.list.list.revision
      state.file.scheduledRevision = state.file.savedRevision
      // Not an error, even with a conflict: nothing went wrong, and the row is marked.
      state.list.showFileStatus(
        Todos.StatusMessage(
          keptHistory
            ? merge.summary.statusLine(fileName: fileName(state))
            : "Undo history cleared: \(fileName(state)) was replaced"))
      return .none

    case .success(.notText(let loaded)):
      let file = environment.file
      return .run { send in send(copyingTheirsAside(loaded, file)) }

    case .failure(.changedOnDisk):
      return lookAtTheFile(state, environment)

    case .failure(let error):
      return saveFinished(
        .failure(error), revision: revision, into: &state, environment: environment)
    }
  }

  /// Makes the merged file the list: a line that stands for one of the list's rows (the same
  /// todo, maybe as the disk changed it) keeps that row's id, so the selection, an edit in
  /// progress and effects in flight stay on it; the disk's version of a conflict is marked.
  /// Returns false when the undo history could not be kept (none of the rows is left).
  @MainActor
  @discardableResult
  static func takeMerged(
    _ merge: TodoTxtMergeResult, into state: inout State, environment: Environment
  ) -> Bool {
    // Ours was printed from this layout: each place of a row is that row's line (a place whose
    // row is gone printed nothing).
    var rowOfOursLine: [Int: UUID] = [:]
    var line = 0
    for entry in state.file.document.lines {
      if case .slot(let id) = entry {
        guard state.list.list[id: id] != nil else { continue }
        rowOfOursLine[line] = id
      }
      line += 1
    }
    let document = TodoTxtDocument.parse(merge.bytes)
    let conflictLines = Set(merge.conflicts.map(\.theirs))
    var marked: Set<UUID> = []
    var used: Set<UUID> = []
    var todos: [Todo.State] = []
    todos.reserveCapacity(state.list.rows.count)
    for (index, entry) in document.lines.enumerated() {
      guard case .todo(let line) = entry else { continue }
      var reused: UUID?
      if index < merge.oursLines.count, let ours = merge.oursLines[index],
        let row = rowOfOursLine[ours], used.insert(row).inserted
      {
        reused = row
      }
      let id = reused ?? environment.list.uuid()
      if conflictLines.contains(index) { marked.insert(id) }
      todos.append(Todo.State(line: line, id: id))
    }
    state.file.document = document.layout(ids: todos.map(\.id))
    let keptHistory = state.list.load(todos, newID: environment.list.uuid)
    state.list.keepConflictMarks(adding: marked)
    return keptHistory
  }
}

extension Todos.State {
  /// Drops the marks of rows that are gone and adds `marked`.
  ///
  /// ```swift
  /// state.list.keepConflictMarks(adding: [theirsID])
  /// ```
  mutating func keepConflictMarks(adding marked: Set<UUID> = []) {
    guard !conflicted.isEmpty || !marked.isEmpty else { return }
    conflicted = conflicted.filter { list[id: $0] != nil }.union(marked)
  }
}
