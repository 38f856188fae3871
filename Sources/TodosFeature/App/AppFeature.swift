import Architecture
import IdentifiedCollections
import TerminalUI
import TodoTxt

/// The whole app: the todo list plus its todo.txt file (load at start, debounced atomic saves,
/// a final save on quit, reload on outside changes, merges with other writers' changes, errors
/// in the status line).
///
/// ```swift
/// let store = Store(
///   initialState: AppFeature.State(path: "/home/me/todo.txt"),
///   reducer: AppFeature.reducer(environment)
/// )
/// store.send(.started)
/// ```
public enum AppFeature {
  /// What the app knows about its file.
  public struct FileState: Equatable, Sendable {
    /// Where the todos live.
    public var path: String
    /// The layout of the file as last read or written (`TodoTxtDocument.layout`): the lines the
    /// app does not show (comments, blank lines, bytes that are not UTF-8) and where the todos
    /// go between them. The todos themselves live only in the list, so they are not held twice.
    public var document = TodoTxtDocument()
    /// The version on disk that the app last read or wrote; nil when there is no file (yet).
    public var stamp: FileStamp?
    /// True once the file was read (or found missing). Until then nothing is ever written, so a
    /// file that could not be read is never overwritten.
    public var isLoaded = false
    /// The list revision that is on disk.
    public var savedRevision = 0
    /// The list revision a save is scheduled for.
    public var scheduledRevision = 0
    /// What went wrong last, shown in the status line until it is fixed.
    public var problem: FileError?
    /// Where the changes that could not be written to the file went when the app stopped (the
    /// recovery file), so nothing is lost.
    public var unsavedChangesCopy: String?
    /// The app is stopping: whatever cannot be saved now goes to the recovery file.
    public var isStopping = false
    /// A recovery file left by an earlier run that could not save, shown until it is gone.
    public var recoveryFile: String?
    /// How many times in a row the file was found missing or empty right after a change; it is
    /// believed after `AppFeature.maxRechecks` looks.
    public var recheckCount = 0
    /// The list revision when the file was found removed: until the list changes, writing it
    /// again is not a change of the user's (a file that appears meanwhile wins).
    public var recreatedRevision: Int?
    /// The version the app knew before the file was removed: the next version another program
    /// puts there (a sync folder restoring its copy, which never saw the one the app wrote
    /// again) is merged with the list over it, not simply followed.
    public var baseBeforeRemoval: FileStamp?
    /// Why the file cannot be written, found at start (a 0444 file, a folder no file can be
    /// made in): the title says `read-only` and no key changes a todo
    /// (`AppFeature+ReadOnly.swift`). nil: writable, as far as the app knows.
    public var readOnly: FileError?
    /// The file as the title names it (`todo.txt`, `~/work/todo.txt`); nil: its file name.
    public var displayName: String?

    public init(path: String) { self.path = path }
  }

  public struct State: Equatable {
    public var list: Todos.State
    public var file: FileState

    public init(list: Todos.State = Todos.State(), path: String) {
      self.list = list
      self.file = FileState(path: path)
    }

    /// Todos that are not on disk yet.
    public var hasUnsavedChanges: Bool { list.list.revision != file.savedRevision }
  }

  /// The file's outcomes are `indirect` (boxed): they are rare, and their payloads (a loaded
  /// file, an error) would make every action as large as the largest, copied at each reducer
  /// level a key passes through (152 bytes a copy, 40 since).
  public enum Action: Equatable {
    /// Something happened in the list.
    case list(Todos.Action)
    /// The app started: read the file.
    case started
    /// The file was read at start or on a retry (nil: there is no file yet).
    indirect case loadFinished(Result<LoadedFile?, FileError>)
    /// The debounce delay after the last change is over, or a retry is due: write the file.
    case saveTimerFired
    /// A save ended.
    indirect case saveFinished(Result<FileStamp, FileError>, revision: Int)
    /// The folder watcher saw the file change (maybe by us).
    case fileChangedOnDisk
    /// The file was read again after it changed on disk.
    indirect case reloadFinished(Result<LoadedFile?, FileError>)
    /// A missing or empty file, seen right after a change, is read again: other programs save
    /// by rename or truncate-and-write, so for a moment the file is missing or empty.
    case recheckTimerFired
    /// The list's unsaved changes were merged with the file's new version (or the file turned
    /// out not to be text), for the list at `revision`.
    indirect case mergeFinished(Result<MergedSave, FileError>, revision: Int)
    /// Their version (a file that is no longer text) (`theirs`) was copied aside (to the path given) before ours is written.
    indirect case conflictCopyFinished(Result<String, FileError>, theirs: FileStamp)
    /// A load that failed is tried again.
    case loadRetryTimerFired
    /// Whether the file can be written was looked at (at start, when it cannot; after a key
    /// refused because it could not): why not, or nil.
    indirect case writeAccessChecked(FileError?)
    /// The process is being stopped (q, Ctrl-C, SIGTERM, SIGHUP): keep what is typed, save.
    case shutdownRequested
    /// Ctrl-Z: the process is about to be stopped (until `fg`): save now, so that the file
    /// has every change while it is stopped (a kill or todo.sh meanwhile misses nothing).
    case suspendRequested
    /// Changes the file could not take (a save failed) were written to
    /// the recovery file on the way out.
    indirect case unsavedChangesCopied(Result<String, FileError>)
    /// A recovery file from an earlier run was found (nil: it is gone).
    indirect case recoveryFileChecked(String?)
    /// `A` ended: the todos are in done.txt and out of the todo file, or nothing changed.
    indirect case archiveFinished(Result<ArchiveSaved, ArchiveError>)
    /// The undo of an archive ended: the todo file saved with the todos back, then done.txt.
    indirect case doneFileRestoreFinished(DoneFileRestore)
    /// A sync client's conflict copy was merged into the file and moved away, or could not be.
    indirect case conflictCopyMerged(Result<ConflictCopyMerged, MergeFileError>)
  }

  /// Everything the app needs from outside.
  @MainActor
  public struct Environment {
    public var list: TodosEnvironment
    public var file: FileClient
    /// How long after the last change the file is written.
    public var saveDelay: Duration
    /// How long after the first unsaved change the file is written, however many follow.
    public var maxSaveDelay: Duration
    /// How long before a failed load or save is tried again.
    public var retryDelay: Duration
    /// How long before a file found missing or empty after a change is looked at again.
    public var recheckDelay: Duration
    /// done.txt, where `A` moves completed todos; nil: archiving is not available.
    public var doneFile: DoneFileClient?

    public init(
      list: TodosEnvironment,
      file: FileClient,
      saveDelay: Duration = .milliseconds(300),
      maxSaveDelay: Duration = .seconds(1),
      retryDelay: Duration = .seconds(2),
      recheckDelay: Duration = .milliseconds(100),
      doneFile: DoneFileClient? = nil
    ) {
      self.doneFile = doneFile
      self.list = list
      self.file = file
      self.saveDelay = saveDelay
      self.maxSaveDelay = maxSaveDelay
      self.retryDelay = retryDelay
      self.recheckDelay = recheckDelay
    }
  }

  public enum CancelID: Hashable, Sendable {
    /// The debounced save (300 ms after the last change) and its retries.
    case save
    /// The bound on the debounce: 1 s after the first unsaved change.
    case saveDeadline
    case loadRetry
    /// The next look at a file that was missing or empty right after a change.
    case recheck
  }

  /// The app reducer: the list first, then the file bookkeeping that follows each action.
  @MainActor
  public static func reducer(_ environment: Environment) -> Reducer<State, Action> {
    let list = refusingChangesWhenReadOnly(
      environment,
      Todos.reducer(environment.list).scope(
        state: \State.list,
        action: ActionPath(
          embed: Action.list,
          extract: { if case .list(let action) = $0 { action } else { nil } }
        )
      ))
    let file = Reducer<State, Action> { state, action in
      reduceFile(into: &state, action: action, environment: environment)
    }
    // A status message the file bookkeeping set gets its 3 s, like the list's own.
    .onChange(of: { $0.list.status }, removeDuplicates: Todos.StatusMessage.isSameShowing) {
      before, state in
      state.list.statusExpiry(since: before, environment.list).map(Action.list)
    }
    return Reducer { state, action in
      // The list settles itself on q (an edit in progress is kept, a pending sort is done);
      // on a signal the app asks it to, before the final save.
      // `E` holds the app for as long as the editor runs (Ctrl-Z in it stops the app too):
      // what is not on disk yet is saved before the editor starts.
      let saveFirst =
        action == .list(.externalEdit(.keyPressed)) ? save(&state, environment) : .none
      let listEffect = list.reduce(into: &state, action: action)
      if case .shutdownRequested = action {
        state.list.settleBeforeQuitting(
          today: environment.list.today(),
          addsCreationDate: environment.list.addsCreationDate,
          atBottom: environment.list.addsAtBottom)
      }
      let fileEffect = file.reduce(into: &state, action: action)
      return .concatenate(saveFirst, .merge(listEffect, fileEffect))
    }
    .onChange(of: { $0.saveSchedule }) { _, state in scheduleSaveIfNeeded(&state, environment) }
  }

  @MainActor
  private static func reduceFile(
    into state: inout State, action: Action, environment: Environment
  ) -> Effect<Action> {
    let file = environment.file
    switch action {
    case .started:
      // Dates are seen on today, and again at each midnight (docs/dates.md).
      state.list.today = environment.list.today()
      let dayChange = Todos.scheduleDayChange(environment.list).map(Action.list)
      return .merge(
        .run { send in
          if let recovery = file.findRecovery() { send(.recoveryFileChecked(recovery)) }
          if let problem = file.writeProblem() { send(.writeAccessChecked(problem)) }
          send(.loadFinished(catching(file.load)))
          // Conflict copies a sync client left while the app was not running.
          if !file.findConflictCopies().isEmpty { send(.fileChangedOnDisk) }
        }, dayChange)

    case .loadFinished(.success(let loaded)):
      return applyLoaded(loaded, to: &state, environment: environment)

    case .reloadFinished(.success(let loaded)):
      return reloaded(loaded, into: &state, environment: environment)

    case .recheckTimerFired:
      let known = state.file.stamp
      return .run { send in
        send(
          .reloadFinished(
            catching { () throws(FileError) in
              try file.reload(since: known)
            }))
      }

    case .mergeFinished(let result, let revision):
      return mergeFinished(result, revision: revision, into: &state, environment: environment)

    case .conflictCopyFinished(let result, let theirs):
      return conflictCopyFinished(result, theirs: theirs, into: &state, environment: environment)

    case .loadFinished(.failure(let error)), .reloadFinished(.failure(let error)):
      state.file.problem = error
      if state.file.isStopping { return keepUnsavedChanges(&state, environment) }
      state.list.status = Todos.StatusMessage("\(error.message) · retrying", kind: .error)
      return Effect.send(.loadRetryTimerFired)
        .deferred(for: environment.retryDelay, scheduler: environment.list.scheduler)
        .cancellable(id: CancelID.loadRetry, cancelInFlight: true)

    case .loadRetryTimerFired:
      // Once the file was read, a retry is a reload: it must not replace unsaved changes.
      let isLoaded = state.file.isLoaded
      let known = state.file.stamp
      return .run { send in
        if isLoaded {
          send(.reloadFinished(catching { () throws(FileError) in try file.reload(since: known) }))
        } else {
          send(.loadFinished(catching(file.load)))
        }
      }

    case .saveTimerFired:
      return save(&state, environment)

    case .saveFinished(let result, let revision):
      return saveFinished(result, revision: revision, into: &state, environment: environment)

    case .fileChangedOnDisk:
      return lookAtTheFile(state, environment)

    case .shutdownRequested, .list(.quitKeyPressed):
      return stop(&state, environment)

    case .suspendRequested:
      return save(&state, environment)

    case .unsavedChangesCopied(.success(let path)):
      state.file.unsavedChangesCopy = path
      return .none

    case .unsavedChangesCopied(.failure(let error)):
      state.file.problem = error
      return .none

    case .recoveryFileChecked(let path):
      state.file.recoveryFile = path
      return .none

    case .writeAccessChecked(let problem):
      state.file.readOnly = problem
      return .none

    case .list(.delegate(.archive(let ids))):
      return archive(ids, &state, environment)

    case .list(.sortCompletedTodos):
      return archiveAfterSettle(&state, environment)

    case .list(.delegate(.restoreDoneFile(let receipt))):
      return restoreDoneFile(receipt, &state, environment)

    case .archiveFinished(let result):
      return archiveFinished(result, &state, environment)

    case .doneFileRestoreFinished(let restore):
      return doneFileRestoreFinished(restore, &state, environment)

    case .conflictCopyMerged(let result):
      return conflictCopyMerged(result, &state)

    case .list:
      return .none
    }
  }

  /// Reads the file again if it is not the version the app knows (someone else changed it),
  /// after merging a sync client's conflict copy into it, and notices a recovery file
  /// appearing or going.
  ///
  /// ```swift
  /// case .fileChangedOnDisk: return lookAtTheFile(state, environment)
  /// ```
  @MainActor
  static func lookAtTheFile(_ state: State, _ environment: Environment) -> Effect<Action> {
    guard state.file.isLoaded else { return .none }
    let known = state.file.stamp
    let isStopping = state.file.isStopping
    let knownRecovery = state.file.recoveryFile
    let file = environment.file
    return .run { send in
      let recovery = file.findRecovery()
      if recovery != knownRecovery { send(.recoveryFileChecked(recovery)) }
      // A line written to a version a save replaced is merged into the file first.
      file.absorbLateWrites(false)
      // A sync client's conflict copy is merged into the file first; said after the reload.
      let copiesMerged = isStopping ? [] : mergeConflictCopies(file)
      // Our own save changes nothing; on the way out a refused save must be looked into.
      if isStopping || file.stamp() != known {
        send(.reloadFinished(catching { () throws(FileError) in try file.reload(since: known) }))
      }
      for action in copiesMerged { send(action) }
    }
  }

  static func fileName(_ state: State) -> String {
    PathComponents.lastComponent(of: state.file.path)
  }
}

/// Captures a call that throws a `FileError` as a `Result`.
func catching<T>(_ body: () throws(FileError) -> T) -> Result<T, FileError> {
  do {
    return .success(try body())
  } catch {
    return .failure(error)
  }
}
