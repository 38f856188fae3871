import Architecture
import TodoTxt

/// Stopping without losing anything: the final save, and the recovery file when the file
/// cannot take the changes (a failed save, an unreadable file).
extension AppFeature {
  /// The process is stopping (q, Ctrl-C, SIGTERM, SIGHUP): save now; what cannot be saved goes
  /// to the recovery file (every failure path checks `isStopping`).
  ///
  /// ```swift
  /// case .shutdownRequested, .todos(.quitKeyPressed): return stop(&state, environment)
  /// ```
  @MainActor
  static func stop(_ state: inout State, _ environment: Environment) -> Effect<Action> {
    let stopTimers = Effect<Action>.merge(
      .cancel(ids: [CancelID.save, .saveDeadline, .loadRetry, .recheck]),
      .cancel(ids: [Todos.CancelID.sort, .status]))
    guard state.hasUnsavedChanges, state.file.unsavedChangesCopy == nil else { return stopTimers }
    state.file.isStopping = true
    state.file.scheduledRevision = state.list.list.revision
    if state.file.isLoaded {
      return .concatenate(stopTimers, save(&state, environment))
    }
    // The file could never be read: keep ours aside rather than lose it.
    return .concatenate(stopTimers, keepUnsavedChanges(&state, environment))
  }

  /// Writes the list, as the file would hold it, to the recovery file (once).
  ///
  /// ```swift
  /// if state.file.isStopping { return keepUnsavedChanges(&state, environment) }
  /// ```
  @MainActor
  static func keepUnsavedChanges(
    _ state: inout State, _ environment: Environment
  ) -> Effect<Action> {
    guard state.hasUnsavedChanges, state.file.unsavedChangesCopy == nil else { return .none }
    let bytes = state.unsavedBytes
    let file = environment.file
    return .run { send in
      send(
        .unsavedChangesCopied(
          catching { () throws(FileError) in try file.writeRecovery(bytes) }))
    }
  }
}

extension AppFeature.State {
  /// The todo file as it would be with the list's changes: what a save writes, and what the
  /// recovery file (or, as a last resort, standard error) gets when no save is possible.
  ///
  /// ```swift
  /// try? FileSystem.write(store.state.unsavedBytes, to: STDERR_FILENO)
  /// ```
  public var unsavedBytes: [UInt8] {
    file.document.filled(with: list.rows).document.serialized()
  }
}

extension AppFeature.FileState {
  /// What the status line says about the file when nothing else is shown: the problem, else a
  /// recovery file left by an earlier run.
  ///
  /// ```swift
  /// if let notice = state.file.notice { todos.status = .init(notice, kind: .error) }
  /// ```
  public var notice: String? {
    if let problem { return problem.message }
    guard recoveryFile != nil else { return nil }
    // Short enough for 80 columns after `Error: `; the path is long, so it waits for the quit.
    return "Unsaved changes from a past run: the path is printed at quit"
  }

  /// What standard error says at quit while a recovery file of an earlier run is still there:
  /// its full path, and how to merge it.
  ///
  /// ```swift
  /// if let reminder = state.file.recoveryReminder { printError(reminder) }
  /// ```
  public var recoveryReminder: String? {
    guard let recoveryFile else { return nil }
    return """
      todos-tui found unsaved changes from a past run.

        Recovery file: \(recoveryFile)

      To fix, merge its lines into \(path) (the lines starting with # are headings), then \
      delete it; todos-tui reminds you of it until then.
      """
  }
}
