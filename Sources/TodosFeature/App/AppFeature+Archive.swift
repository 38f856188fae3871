import Architecture
import FoundationEssentials
import IdentifiedCollections
import TodoTxt

/// Archiving (`A`) and its undo, as file effects in the order that never loses a line:
/// done.txt is appended and fsync'd before the todo file is rewritten without the todos; an
/// undo saves the todo file with the todos back before their lines leave done.txt. A crash in
/// between leaves the todos in both files, never in neither. The list changes only once the
/// files did.
extension AppFeature {
  /// An archive that happened: what to take out of the list, and the todo file as saved.
  public struct ArchiveSaved: Equatable, Sendable {
    /// The archived todos, in list order.
    public var ids: [UUID]
    /// What was appended to done.txt.
    public var receipt: AppendReceipt
    /// The todo file as saved without them.
    public var stamp: FileStamp
    public var layout: TodoTxtDocument
    /// The list revision the saved file was made from.
    public var revision: Int
  }

  /// How the undo of an archive went: the todo file's save, then done.txt (nil: not touched,
  /// because the save failed).
  public struct DoneFileRestore: Equatable, Sendable {
    public var receipt: AppendReceipt
    public var save: Result<FileStamp, FileError>
    public var doneFile: Result<UndoOutcome, FileError>?
    public var layout: TodoTxtDocument
    public var revision: Int
  }

  /// config.toml's `auto_archive`: once the completed todos have settled, they go to done.txt
  /// as `A` would send them (one undo step, the same status line).
  ///
  /// ```swift
  /// case .todos(.sortCompletedTodos): return archiveAfterSettle(&state, environment)
  /// ```
  @MainActor
  static func archiveAfterSettle(
    _ state: inout State, _ environment: Environment
  ) -> Effect<Action> {
    guard environment.list.archivesAfterSettle, environment.doneFile != nil,
      state.file.isLoaded, !state.list.isEditing
    else { return .none }
    let completed = state.list.rows.elements.filter(\.isComplete).map(\.id)
    guard !completed.isEmpty else { return .none }
    return archive(completed, &state, environment)
  }

  /// `A` with the todos `ids` chosen: appends their lines to done.txt, then saves the todo file
  /// without them (`Archive.perform`), and says how it went with `.archiveFinished`.
  ///
  /// ```swift
  /// case .list(.delegate(.archive(let ids))): return archive(ids, &state, environment)
  /// ```
  @MainActor
  static func archive(
    _ ids: [UUID], _ state: inout State, _ environment: Environment
  ) -> Effect<Action> {
    guard let doneFile = environment.doneFile else {
      state.list.status = Todos.StatusMessage("No done file: nothing archived", kind: .error)
      return .none
    }
    guard state.file.isLoaded else {
      state.list.status = Todos.StatusMessage(
        "\(fileName(state)) cannot be written now: nothing archived", kind: .error)
      return .none
    }
    let todos = state.list.rows
    let leaving = Set(ids)
    let lines = Archive.lines(
      of: ids.compactMap { todos[id: $0] }, lineEnding: state.file.document.lineEnding)
    let (document, layout) = state.file.document.filled(
      with: todos, leaving: leaving, newAtEnd: environment.list.addsAtBottom)
    let bytes = document.serialized()
    let expected = state.file.stamp
    let revision = state.list.list.revision
    let file = environment.file
    return .run { send in
      do throws(ArchiveError) {
        let (receipt, stamp) = try Archive.perform(
          lines: lines, doneFile: doneFile,
          saveTodoFile: { () throws(FileError) in try file.save(bytes, expected) })
        let saved = ArchiveSaved(
          ids: ids, receipt: receipt, stamp: stamp, layout: layout, revision: revision)
        send(.archiveFinished(.success(saved)))
      } catch {
        send(.archiveFinished(.failure(error)))
      }
    }
  }

  /// Both files written: the todos leave the list (one undo step). Or nothing changed, and the
  /// status line says why.
  @MainActor
  static func archiveFinished(
    _ result: Result<ArchiveSaved, ArchiveError>, _ state: inout State,
    _ environment: Environment
  ) -> Effect<Action> {
    switch result {
    case .success(let saved):
      let unchangedSince = state.list.list.revision == saved.revision
      let doneName = PathComponents.lastComponent(of: saved.receipt.path)
      state.list.archived(saved.ids, receipt: saved.receipt, doneFileName: doneName)
      state.file.stamp = saved.stamp
      state.file.document = saved.layout
      guard unchangedSince else { return .none }  // the next save writes the rest
      state.file.savedRevision = state.list.list.revision
      state.file.scheduledRevision = state.list.list.revision
      state.file.problem = nil
      return .cancel(ids: [CancelID.save, CancelID.saveDeadline])

    case .failure(let error):
      state.list.status = Todos.StatusMessage(error.message, kind: .error)
      if case .todoFileNotSaved(.changedOnDisk, _) = error {
        return lookAtTheFile(state, environment)
      }
      return .none
    }
  }

  /// An archive was undone, its todos back in the list: saves the todo file with them, and
  /// only then takes their lines back out of done.txt (if it still ends with them).
  @MainActor
  static func restoreDoneFile(
    _ receipt: AppendReceipt, _ state: inout State, _ environment: Environment
  ) -> Effect<Action> {
    guard let doneFile = environment.doneFile, state.file.isLoaded
    else {
      state.list.status = Todos.StatusMessage(
        "\(backAgain(receipt)); \(fileName(state)) cannot be written now, so done.txt keeps "
          + "them")
      return .none
    }
    let (document, layout) = state.file.document.filled(
      with: state.list.rows, newAtEnd: environment.list.addsAtBottom)
    let bytes = document.serialized()
    let expected = state.file.stamp
    let revision = state.list.list.revision
    let file = environment.file
    return .run { send in
      let save = catching { () throws(FileError) in try file.save(bytes, expected) }
      var outcome: Result<UndoOutcome, FileError>?
      if case .success = save {
        outcome = catching { () throws(FileError) in try doneFile.undo(receipt) }
      }
      send(
        .doneFileRestoreFinished(
          DoneFileRestore(
            receipt: receipt, save: save, doneFile: outcome, layout: layout,
            revision: revision)))
    }
  }

  /// The undo of an archive ended: says what became of done.txt.
  @MainActor
  static func doneFileRestoreFinished(
    _ restore: DoneFileRestore, _ state: inout State, _ environment: Environment
  ) -> Effect<Action> {
    let back = backAgain(restore.receipt)
    let doneName = PathComponents.lastComponent(of: restore.receipt.path)
    switch restore.save {
    case .success(let stamp):
      state.file.stamp = stamp
      state.file.document = restore.layout
      var effect = Effect<Action>.none
      if state.list.list.revision == restore.revision {
        state.file.savedRevision = restore.revision
        state.file.scheduledRevision = restore.revision
        state.file.problem = nil
        effect = .cancel(ids: [CancelID.save, CancelID.saveDeadline])
      }
      state.list.status = doneFileStatus(restore)
      return effect
    case .failure(let error):
      state.list.status = Todos.StatusMessage(
        "\(back); \(error.message), so \(doneName) keeps them", kind: .error)
      if case .changedOnDisk = error { return lookAtTheFile(state, environment) }
      return .none
    }
  }

  /// What became of done.txt after the todo file was saved with the todos back.
  static func doneFileStatus(_ restore: DoneFileRestore) -> Todos.StatusMessage {
    let back = backAgain(restore.receipt)
    let doneName = PathComponents.lastComponent(of: restore.receipt.path)
    switch restore.doneFile {
    case .success(.removed)?:
      return Todos.StatusMessage("\(back), and out of \(doneName)")
    case .success(.changedSince)?, nil:
      return Todos.StatusMessage(
        "\(back); \(doneName) had changed, so it was left alone")
    case .failure(let error)?:
      return Todos.StatusMessage(
        "\(back); \(error.message): \(doneName) left alone", kind: .error)
    }
  }

  /// "Undid archive: 3 todos are back".
  static func backAgain(_ receipt: AppendReceipt) -> String {
    let count = receipt.lineCount
    return "Undid archive: \(count) \(count == 1 ? "todo is" : "todos are") back"
  }
}
