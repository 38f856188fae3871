import Architecture
import TodoTxt

/// Reading the file again after it changed on disk: a missing or empty file is looked at again
/// before it is believed, the list follows the file when it has no unsaved changes, and is
/// merged with it when it has (`AppFeature+Merge.swift`); a file that is no longer text is
/// copied aside before ours replaces it.
extension AppFeature {
  /// How many times a file found missing or empty right after a change is looked at again
  /// (every `recheckDelay`) before the app believes it.
  public static let maxRechecks = 5

  /// The file as read after a change event (nil: there is no file).
  ///
  /// ```swift
  /// case .reloadFinished(.success(let loaded)):
  ///   return reloaded(loaded, into: &state, environment: environment)
  /// ```
  @MainActor
  static func reloaded(
    _ loaded: LoadedFile?, into state: inout State, environment: Environment
  ) -> Effect<Action> {
    // On the way out there is no later: what is there now is what the save must deal with.
    if looksMidSave(loaded, state), state.file.recheckCount < maxRechecks, !state.file.isStopping {
      // todo.sh's `sed -i`, vim and truncate-and-write leave the file missing or empty for a
      // moment: look again shortly instead of acting on that moment.
      state.file.recheckCount += 1
      return Effect.send(.recheckTimerFired)
        .deferred(for: environment.recheckDelay, scheduler: environment.list.scheduler)
        .cancellable(id: CancelID.recheck, cancelInFlight: true)
    }
    // Looked at long enough: an empty file is believed.
    let believeEmpty = looksMidSave(loaded, state)
    state.file.recheckCount = 0
    guard let loaded else { return removed(&state, environment) }
    if believeEmpty, state.file.isStopping, state.hasUnsavedChanges {
      // On the way out there is no time to look again, and merging with a file caught empty
      // would drop every todo: the file stays theirs, ours goes to the recovery file.
      return keepUnsavedChanges(&state, environment)
    }
    guard loaded.stamp != state.file.stamp else { return .cancel(id: CancelID.loadRetry) }
    // Made from a copy older than the app's last save (todo.sh's `sed -i` that read just
    // before it, a sync folder putting its copy back): merged over that copy, never followed,
    // so what the app saved since stays.
    if let origin = loaded.origin {
      state.file.problem = nil
      return mergeWithDisk(since: origin, believeEmpty: believeEmpty, &state, environment)
    }
    // After a removal, the first version another program puts back may never have seen the
    // one the app wrote again: merge it over the version both knew, or the todos changed
    // before the removal would be dropped.
    if state.file.baseBeforeRemoval != nil {
      state.file.problem = nil
      return mergeWithDisk(believeEmpty: believeEmpty, &state, environment)
    }
    if (!state.hasUnsavedChanges && !isEditingATodo(state)) || isOnlyRecreating(state) {
      return applyLoaded(loaded, to: &state, environment: environment)
    }
    // Ours and theirs both changed: merge (under the lock, reading the file once more). The
    // file could be read, so a problem reading it is over.
    state.file.problem = nil
    return mergeWithDisk(believeEmpty: believeEmpty, &state, environment)
  }

  /// An edit of a todo of the file is open: the merge follows that todo even when the disk
  /// edited its text, so the edit stays open with what was typed (a plain reload matches rows
  /// by their line or text only, and would close it).
  static func isEditingATodo(_ state: State) -> Bool {
    if case .editing(let editor) = state.list.mode { return !editor.isNew }
    return false
  }

  /// The list is "unsaved" only because the file was removed and is to be written again: a
  /// file that appears meanwhile is newer than ours, so it is taken, not overwritten.
  static func isOnlyRecreating(_ state: State) -> Bool {
    state.file.savedRevision == -1 && state.file.recreatedRevision == state.list.list.revision
  }

  /// A file that is gone, or empty where the app knew a non-empty one: maybe another program
  /// is halfway through saving it.
  static func looksMidSave(_ loaded: LoadedFile?, _ state: State) -> Bool {
    guard let known = state.file.stamp else { return false }
    guard let loaded else { return true }
    return loaded.bytes.isEmpty && known.size > 0
  }

  /// The file was removed (or moved away) for good: the todos are still here, so write them
  /// again (the save only creates a file; it never replaces one that appeared meanwhile).
  @MainActor
  static func removed(_ state: inout State, _ environment: Environment) -> Effect<Action> {
    if state.file.baseBeforeRemoval == nil { state.file.baseBeforeRemoval = state.file.stamp }
    state.file.stamp = nil
    state.file.savedRevision = -1
    state.file.recreatedRevision = state.list.list.revision
    state.list.status = Todos.StatusMessage(
      "\(fileName(state)) was removed: saved your todos again")
    return save(&state, environment)
  }

  /// Copies their version to the conflict file; the action that says how it went.
  @MainActor
  static func copyingTheirsAside(_ loaded: LoadedFile, _ file: FileClient) -> Action {
    let bytes = loaded.bytes
    return .conflictCopyFinished(
      catching { () throws(FileError) in try file.writeConflictCopy(bytes) },
      theirs: loaded.stamp)
  }

  /// Their version is in the conflict copy (write ours now), or it could not be copied (keep
  /// theirs in the file and ours in memory, and try again later).
  @MainActor
  static func conflictCopyFinished(
    _ result: Result<String, FileError>, theirs: FileStamp, into state: inout State,
    environment: Environment
  ) -> Effect<Action> {
    switch result {
    case .success(let copyPath):
      state.file.stamp = theirs
      let name = PathComponents.lastComponent(of: copyPath)
      state.list.status = Todos.StatusMessage(
        "\(fileName(state)) changed on disk: its version is kept in \(name)", kind: .error)
      return save(&state, environment)
    case .failure(let error):
      // Without a copy, overwriting would lose their version: no save may run (a save that
      // was already scheduled still expects the old version, so it would be refused too).
      // Reading the file again later tries the copy again.
      state.file.problem = error
      if state.file.isStopping { return keepUnsavedChanges(&state, environment) }
      state.list.status = Todos.StatusMessage("\(error.message) · not saving", kind: .error)
      return .merge(
        .cancel(ids: [CancelID.save, CancelID.saveDeadline]),
        Effect.send(.loadRetryTimerFired)
          .deferred(for: environment.retryDelay, scheduler: environment.list.scheduler)
          .cancellable(id: CancelID.loadRetry, cancelInFlight: true)
      )
    }
  }

  /// Takes in what was read: the list shows its todos, and what the file does not show is kept.
  @MainActor
  static func applyLoaded(
    _ loaded: LoadedFile?, to state: inout State, environment: Environment
  ) -> Effect<Action> {
    let isReload = state.file.isLoaded
    let unsaved = state.file.isLoaded ? [] : Array(state.list.rows)
    state.file.isLoaded = true
    state.file.stamp = loaded?.stamp
    state.file.problem = nil
    // On a reload, a todo that is still there keeps its id: the selection and an edit in
    // progress stay on it.
    let fresh = environment.list.uuid
    var todos: [Todo.State]
    if isReload {
      let document = loaded.map { TodoTxtDocument.parse($0.bytes) } ?? TodoTxtDocument()
      let lines = document.todos
      let ids = reusedIDs(of: state.list.rows, for: lines, else: fresh)
      todos = zip(lines, ids).map { Todo.State(line: $0, id: $1) }
      state.file.document = document.layout(ids: todos.map(\.id))
    } else {
      // The first read: rows and layout in one pass, the todos held once (the rows).
      (todos, state.file.document) = rowsAndLayout(from: loaded?.bytes ?? [], uuid: fresh)
    }
    // Todos added while the file could not be read are kept, on top.
    if !unsaved.isEmpty { todos.insert(contentsOf: unsaved, at: 0) }
    // Consumed: the list's rows take the array's storage, and no second reference to it is
    // left to make the list's first change copy every row.
    let keptHistory = state.list.load(consume todos, newID: environment.list.uuid)
    state.list.keepConflictMarks()
    // With todos added before the file could be read, no revision is on disk yet (-1): the
    // next action schedules a save.
    state.file.savedRevision = unsaved.isEmpty ? state.list.list.revision : -1
    state.file.scheduledRevision = state.file.savedRevision
    if isReload {
      state.list.showFileStatus(
        Todos.StatusMessage(
          keptHistory
            ? "Reloaded: \(fileName(state)) changed on disk"
            : "Undo history cleared: \(fileName(state)) was replaced"))
    }
    return .cancel(id: CancelID.loadRetry)
  }

}
