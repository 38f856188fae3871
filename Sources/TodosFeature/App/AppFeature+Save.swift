import Architecture
import TodoTxt

/// When and how the list is written to its file: a debounce with an upper bound, then an atomic
/// save of the whole document.
extension AppFeature {
  /// After an action that changed the list's revision (or the one scheduled): if the list
  /// changed since the last scheduled save, (re)start the debounce, so the file is written
  /// `saveDelay` after the last change, but never later than `maxSaveDelay` after the first
  /// change that is not on disk (a steady stream of changes, such as a held key, would
  /// otherwise restart the debounce forever).
  ///
  /// ```swift
  /// .onChange(of: { $0.saveSchedule }) { _, state in scheduleSaveIfNeeded(&state, environment) }
  /// ```
  @MainActor
  static func scheduleSaveIfNeeded(
    _ state: inout State, _ environment: Environment
  ) -> Effect<Action> {
    guard state.file.isLoaded, state.list.list.revision != state.file.scheduledRevision
    else { return .none }
    // No save was waiting: this is the first unsaved change, so the bound starts now.
    let isFirstUnsavedChange = state.file.scheduledRevision == state.file.savedRevision
    state.file.scheduledRevision = state.list.list.revision
    guard state.hasUnsavedChanges else {
      return .cancel(ids: [CancelID.save, CancelID.saveDeadline])
    }
    let scheduler = environment.list.scheduler
    let debounce = Effect.send(Action.saveTimerFired)
      .deferred(for: environment.saveDelay, scheduler: scheduler)
      .cancellable(id: CancelID.save, cancelInFlight: true)
    guard isFirstUnsavedChange else { return debounce }
    let deadline = Effect.send(Action.saveTimerFired)
      .deferred(for: environment.maxSaveDelay, scheduler: scheduler)
      .cancellable(id: CancelID.saveDeadline, cancelInFlight: true)
    return .merge(debounce, deadline)
  }

  /// What the save schedule watches: the list's revision and the revision a save is scheduled
  /// for. After every action they are equal once the file is loaded (`scheduleSaveIfNeeded`
  /// makes them so), so a change of either is the only time a save may need scheduling (a
  /// load that kept todos added before it sets the scheduled one to -1).
  struct SaveSchedule: Equatable {
    var revision: Int
    var scheduled: Int
  }

  /// Writes the list now (atomically, and only over the version that was read).
  ///
  /// ```swift
  /// case .saveTimerFired: return save(&state, environment)
  /// ```
  @MainActor
  static func save(_ state: inout State, _ environment: Environment) -> Effect<Action> {
    guard state.file.isLoaded, state.hasUnsavedChanges else {
      return .none
    }
    state.file.scheduledRevision = state.list.list.revision
    // Written straight from the rows (no document of every todo), in room for the last
    // version's size and some: the bytes are kept for merges.
    let last = environment.file.knownBytes(state.file.stamp)?.count
    let (bytes, layout) = state.file.document.filledBytes(
      with: state.list.rows, newAtEnd: environment.list.addsAtBottom,
      capacity: last.map { $0 + $0 / 64 + 4096 })
    state.file.document = layout
    let expected = state.file.stamp
    let revision = state.list.list.revision
    let file = environment.file
    // A debounced save still waiting would only write the same bytes again.
    return .merge(
      .cancel(ids: [CancelID.save, CancelID.saveDeadline]),
      .run { send in
        send(
          .saveFinished(
            catching { () throws(FileError) in try file.save(bytes, expected) },
            revision: revision))
      }
    )
  }

  /// A save ended: on disk now, or refused because the file changed (look at it, which merges
  /// it), or failed (shown and retried; on the way out, the recovery file). Another todos-tui
  /// holding the lock longer than a moment is such a failure: the save is tried again.
  ///
  /// ```swift
  /// case .saveFinished(let result, let revision):
  ///   return saveFinished(result, revision: revision, into: &state, environment: environment)
  /// ```
  @MainActor
  static func saveFinished(
    _ result: Result<FileStamp, FileError>, revision: Int, into state: inout State,
    environment: Environment
  ) -> Effect<Action> {
    switch result {
    case .success(let stamp):
      state.file.stamp = stamp
      state.file.savedRevision = revision
      if state.file.problem != nil {
        state.file.problem = nil
        state.list.status = Todos.StatusMessage("Saved \(fileName(state))")
      }
      return .none

    case .failure(.changedOnDisk):
      // Someone wrote the file since it was read: reading it again merges their version.
      return lookAtTheFile(state, environment)

    case .failure(let error):
      let isNew = state.file.problem != error
      state.file.problem = error
      if state.file.isStopping { return keepUnsavedChanges(&state, environment) }
      let retry = Effect.send(Action.saveTimerFired)
        .deferred(for: environment.retryDelay, scheduler: environment.list.scheduler)
        .cancellable(id: CancelID.save, cancelInFlight: true)
      if isNew {
        state.list.status = Todos.StatusMessage(
          "\(error.message) · kept in memory, retrying", kind: .error)
      }
      return retry
    }
  }
}

extension AppFeature.State {
  /// The revisions the save schedule watches (`AppFeature.SaveSchedule`).
  var saveSchedule: AppFeature.SaveSchedule {
    AppFeature.SaveSchedule(revision: list.list.revision, scheduled: file.scheduledRevision)
  }
}
