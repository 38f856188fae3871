import Architecture
import Foundation

/// Reading the file again after it changed on disk: a missing or empty file is looked at again
/// before it is believed, the list follows the file when it has no unsaved changes, and their
/// version is copied aside before ours replaces it.
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
        .deferred(for: environment.recheckDelay, scheduler: environment.todos.scheduler)
        .cancellable(id: CancelID.recheck, cancelInFlight: true)
    }
    state.file.recheckCount = 0
    guard let loaded else { return removed(&state, environment) }
    guard loaded.stamp != state.file.stamp else { return .cancel(id: CancelID.loadRetry) }
    if !state.hasUnsavedChanges || isOnlyRecreating(state) {
      return applyLoaded(loaded, to: &state, environment: environment)
    }
    // A read-only copy with changes of its own keeps them: it deals with the other version
    // once it can write (its save then finds the file changed).
    guard !state.file.isReadOnly else { return .none }
    return keepTheirsAside(loaded, &state, environment)
  }

  /// The list is "unsaved" only because the file was removed and is to be written again: a
  /// file that appears meanwhile is newer than ours, so it is taken, not overwritten.
  static func isOnlyRecreating(_ state: State) -> Bool {
    state.file.savedRevision == -1 && state.file.recreatedRevision == state.todos.list.revision
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
    state.file.stamp = nil
    state.file.savedRevision = -1
    state.file.recreatedRevision = state.todos.list.revision
    state.todos.status = Todos.StatusMessage(
      "\(fileName(state)) was removed: saved your todos again")
    return save(&state, environment)
  }

  /// Changed on disk while the list has unsaved changes: keep both. Theirs is copied aside
  /// first; only once that copy is safe does ours replace it (the stamp of their version is
  /// taken only then, so no save can overwrite it before).
  @MainActor
  static func keepTheirsAside(
    _ loaded: LoadedFile, _ state: inout State, _ environment: Environment
  ) -> Effect<Action> {
    if !state.file.isReadOnly { state.file.problem = nil }
    let known = state.file.stamp
    let file = environment.file
    return .concatenate(
      .cancel(id: CancelID.loadRetry),
      .run { send in
        // Lines appended to the version we know (todo.sh add, `echo >>`) need no copy.
        if let appended = file.appendedBytes(loaded, known) {
          send(.linesAppendedOnDisk(loaded, appended: appended))
        } else {
          send(copyingTheirsAside(loaded, file))
        }
      })
  }

  /// Copies their version to the conflict file; the action that says how it went.
  @MainActor
  static func copyingTheirsAside(_ loaded: LoadedFile, _ file: FileClient) -> Action {
    let bytes = loaded.bytes
    return .conflictCopyFinished(
      catching { () throws(FileError) in try file.writeConflictCopy(bytes) },
      theirs: loaded.stamp)
  }

  /// Another program appended todo lines to the version we know while the list has unsaved
  /// changes: their lines join the list, after ours, and the file is written at once with both,
  /// so nothing of theirs ends up only in a conflict copy. Anything else appended (comments,
  /// blank lines) takes the conflict path.
  @MainActor
  static func linesAppended(
    _ loaded: LoadedFile, appended: [UInt8], into state: inout State,
    environment: Environment
  ) -> Effect<Action> {
    // The same bytes saved again (todo.sh's `sed -i` steps that change nothing, `touch`):
    // nothing of theirs to keep, no conflict copy; ours is written over it.
    guard !appended.isEmpty else {
      state.file.stamp = loaded.stamp
      return save(&state, environment)
    }
    let extra = TodoTxtDocument.parse(appended)
    let onlyTodos = extra.lines.allSatisfy { if case .todo = $0 { true } else { false } }
    guard onlyTodos else {
      let file = environment.file
      return .run { send in send(copyingTheirsAside(loaded, file)) }
    }
    state.file.stamp = loaded.stamp
    state.file.document.lines.append(contentsOf: extra.layout.lines)
    let theirs = todoStates(from: extra, uuid: environment.todos.uuid)
    let name = fileName(state)
    let message =
      theirs.count == 1
      ? "A line added to \(name) meanwhile is kept with your changes"
      : "\(theirs.count) lines added to \(name) meanwhile are kept with your changes"
    state.todos.load(Array(state.todos.list.todos) + theirs)
    state.todos.status = Todos.StatusMessage(message)
    return save(&state, environment)
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
      let name = (copyPath as NSString).lastPathComponent
      state.todos.status = Todos.StatusMessage(
        "\(fileName(state)) changed on disk: its version is kept in \(name)", kind: .error)
      return save(&state, environment)
    case .failure(let error):
      // Without a copy, overwriting would lose their version: no save may run (a save that
      // was already scheduled still expects the old version, so it would be refused too).
      // Reading the file again later tries the copy again.
      state.file.problem = error
      if state.file.isStopping { return keepUnsavedChanges(&state, environment) }
      state.todos.status = Todos.StatusMessage("\(error.message) · not saving", kind: .error)
      return .merge(
        .cancel(ids: [CancelID.save, CancelID.saveDeadline]),
        Effect.send(.loadRetryTimerFired)
          .deferred(for: environment.retryDelay, scheduler: environment.todos.scheduler)
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
    let unsaved = state.file.isLoaded ? [] : Array(state.todos.list.todos)
    state.file.isLoaded = true
    state.file.stamp = loaded?.stamp
    let document = loaded.map { TodoTxtDocument.parse($0.bytes) } ?? TodoTxtDocument()
    state.file.document = document.layout
    if !state.file.isReadOnly { state.file.problem = nil }
    // On a reload, a todo that is still there keeps its id: the selection and an edit in
    // progress stay on it.
    let fresh = environment.todos.uuid
    let uuid: (TodoTxtLine) -> UUID =
      isReload ? reusingIDs(of: state.todos.list.todos, else: fresh) : { _ in fresh() }
    var todos = todoStates(from: document, uuid: uuid)
    // Todos added while the file could not be read are kept, on top.
    todos.insert(contentsOf: unsaved, at: 0)
    state.todos.load(todos)
    // With todos added before the file could be read, no revision is on disk yet (-1): the
    // next action schedules a save.
    state.file.savedRevision = unsaved.isEmpty ? state.todos.list.revision : -1
    state.file.scheduledRevision = state.file.savedRevision
    if isReload {
      state.todos.status = Todos.StatusMessage("Reloaded: \(fileName(state)) changed on disk")
    }
    return .cancel(id: CancelID.loadRetry)
  }

}
