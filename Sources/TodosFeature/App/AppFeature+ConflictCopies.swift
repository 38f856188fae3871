import Architecture
import TodoTxt

/// A sync client's conflict copy of the open file (or of done.txt) beside it, at start or when
/// the folder watch sees one arrive: merged into the file through the file client
/// (`FileClient.mergeConflictCopy`), the copy moved to the merged folder, and the status line
/// says what it brought.
extension AppFeature {
  /// Merges every conflict copy found beside the file; one action for each, in name order.
  ///
  /// ```swift
  /// for action in mergeConflictCopies(file) { send(action) }
  /// ```
  @MainActor
  static func mergeConflictCopies(_ file: FileClient) -> [Action] {
    file.findConflictCopies().map { .conflictCopyMerged(file.mergeConflictCopy($0)) }
  }

  /// What the status line says after a conflict copy was merged, or could not be.
  ///
  /// ```swift
  /// case .conflictCopyMerged(let result): return conflictCopyMerged(result, &state)
  /// ```
  @MainActor
  static func conflictCopyMerged(
    _ result: Result<ConflictCopyMerged, MergeFileError>, _ state: inout State
  ) -> Effect<Action> {
    switch result {
    case .success(let merged):
      state.list.status = Todos.StatusMessage(merged.statusLine)
    case .failure(let error):
      state.list.status = Todos.StatusMessage(error.statusLine, kind: .error)
    }
    return .none
  }
}
