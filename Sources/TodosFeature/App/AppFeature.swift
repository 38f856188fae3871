import Architecture
import Foundation
import IdentifiedCollections
import TerminalUI

/// The whole app: the todo list plus its todo.txt file (load at start, debounced atomic saves,
/// a final save on quit, reload on outside changes, conflict copies, errors in the status line).
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
    /// Another todos-tui holds the file: this one shows it but does not write it.
    public var isReadOnly = false
    /// The list revision that is on disk.
    public var savedRevision = 0
    /// The list revision a save is scheduled for.
    public var scheduledRevision = 0
    /// What went wrong last, shown in the status line until it is fixed.
    public var problem: FileError?
    /// Where the changes that could not be written to the file went when the app stopped (a
    /// `.conflict` copy next to it), so nothing is lost.
    public var unsavedChangesCopy: String?

    public init(path: String) { self.path = path }
  }

  public struct State: Equatable {
    public var todos: Todos.State
    public var file: FileState

    public init(todos: Todos.State = Todos.State(), path: String) {
      self.todos = todos
      self.file = FileState(path: path)
    }

    /// Todos that are not on disk yet.
    public var hasUnsavedChanges: Bool { todos.list.revision != file.savedRevision }
  }

  public enum Action: Equatable {
    /// Something happened in the list.
    case todos(Todos.Action)
    /// The app started: take the lock and read the file.
    case started
    /// Another todos-tui holds the lock (or locking failed).
    case lockFailed(FileError)
    /// Time to try the lock again.
    case lockRetryTimerFired
    /// The lock is ours (the other copy quit): this copy writes the file from now on.
    case lockTaken
    /// The file was read at start or on a retry (nil: there is no file yet).
    case loadFinished(Result<LoadedFile?, FileError>)
    /// The debounce delay after the last change is over, or a retry is due: write the file.
    case saveTimerFired
    /// A save ended.
    case saveFinished(Result<FileStamp, FileError>, revision: Int)
    /// The folder watcher saw the file change (maybe by us).
    case fileChangedOnDisk
    /// The file was read again after it changed on disk.
    case reloadFinished(Result<LoadedFile?, FileError>)
    /// Their version was copied aside (to the path given) before ours is written.
    case conflictCopyFinished(Result<String, FileError>)
    /// A load that failed is tried again.
    case loadRetryTimerFired
    /// The process is being stopped (q, Ctrl-C, SIGTERM, SIGHUP): keep what is typed, save.
    case shutdownRequested
    /// Changes the file could not take (another copy holds it) were copied aside on the way out.
    case unsavedChangesCopied(Result<String, FileError>)
  }

  /// Everything the app needs from outside.
  @MainActor
  public struct Environment {
    public var todos: TodosEnvironment
    public var file: FileClient
    /// How long after the last change the file is written.
    public var saveDelay: Duration
    /// How long before a failed load or save is tried again.
    public var retryDelay: Duration

    public init(
      todos: TodosEnvironment,
      file: FileClient,
      saveDelay: Duration = .milliseconds(300),
      retryDelay: Duration = .seconds(2)
    ) {
      self.todos = todos
      self.file = file
      self.saveDelay = saveDelay
      self.retryDelay = retryDelay
    }
  }

  public enum CancelID: Hashable, Sendable { case save, loadRetry, lockRetry }

  /// The app reducer: the list first, then the file bookkeeping that follows each action.
  @MainActor
  public static func reducer(_ environment: Environment) -> Reducer<State, Action> {
    let list = Todos.reducer(environment.todos).scope(
      state: \State.todos,
      action: ActionPath(
        embed: Action.todos,
        extract: { if case .todos(let action) = $0 { action } else { nil } }
      )
    )
    return Reducer { state, action in
      let listEffect = list.reduce(into: &state, action: action)
      if case .shutdownRequested = action {
        state.todos.settleBeforeQuitting(today: environment.todos.today())
      }
      let statusBefore = state.todos.status
      let fileEffect = reduceFile(into: &state, action: action, environment: environment)
      let statusEffect = state.todos.statusExpiry(since: statusBefore, environment.todos)
      return .merge(
        listEffect, fileEffect, statusEffect.map(Action.todos),
        scheduleSaveIfNeeded(&state, environment))
    }
  }

  @MainActor
  private static func reduceFile(
    into state: inout State, action: Action, environment: Environment
  ) -> Effect<Action> {
    let file = environment.file
    switch action {
    case .started:
      return .run { send in
        if case .failure(let error) = catching(file.lock) { send(.lockFailed(error)) }
        send(.loadFinished(catching(file.load)))
      }

    case .lockFailed(let error):
      state.file.isReadOnly = true
      state.file.problem = error
      // Try again now and then: once the other copy quits, this one takes over.
      return Effect.send(.lockRetryTimerFired)
        .deferred(for: environment.retryDelay, scheduler: environment.todos.scheduler)
        .cancellable(id: CancelID.lockRetry, cancelInFlight: true)

    case .lockRetryTimerFired:
      return .run { send in
        switch catching(file.lock) {
        case .success: send(.lockTaken)
        case .failure(let error): send(.lockFailed(error))
        }
      }

    case .lockTaken:
      state.file.isReadOnly = false
      state.file.problem = nil
      state.todos.status = Todos.StatusMessage("Saving \(fileName(state)) again")
      return save(&state, environment)

    case .loadFinished(.success(let loaded)):
      return applyLoaded(loaded, to: &state, environment: environment)

    case .reloadFinished(.success(nil)):
      // The file was removed (or moved away): the todos are still here, so write them again.
      state.file.stamp = nil
      state.file.savedRevision = -1
      state.todos.status = Todos.StatusMessage(
        "\(fileName(state)) was removed: saved your todos again")
      return save(&state, environment)

    case .reloadFinished(.success(let loaded)) where !state.hasUnsavedChanges:
      return applyLoaded(loaded, to: &state, environment: environment)

    case .reloadFinished(.success) where state.file.isReadOnly:
      // A read-only copy with changes of its own keeps them: it deals with the other version
      // once it can write (its save then finds the file changed).
      return .none

    case .reloadFinished(.success(let loaded)):
      // Changed on disk while the list has unsaved changes: keep both. Ours goes to the file,
      // theirs to a conflict copy next to it.
      guard let loaded else { return .none }  // handled above
      state.file.stamp = loaded.stamp
      if !state.file.isReadOnly { state.file.problem = nil }
      let bytes = loaded.bytes
      return .concatenate(
        .cancel(id: CancelID.loadRetry),
        .run { send in
          send(
            .conflictCopyFinished(
              catching { () throws(FileError) in try file.writeConflictCopy(bytes) }))
        })

    case .conflictCopyFinished(.success(let copyPath)):
      let name = (copyPath as NSString).lastPathComponent
      state.todos.status = Todos.StatusMessage(
        "\(fileName(state)) changed on disk: its version is kept in \(name)", kind: .error)
      return save(&state, environment)

    case .conflictCopyFinished(.failure(let error)):
      // Without a copy, overwriting would lose their version: keep ours in memory only.
      state.file.problem = error
      state.todos.status = Todos.StatusMessage(error.message, kind: .error)
      return .none

    case .loadFinished(.failure(let error)), .reloadFinished(.failure(let error)):
      state.file.problem = error
      state.todos.status = Todos.StatusMessage("\(error.message) · retrying", kind: .error)
      return Effect.send(.loadRetryTimerFired)
        .deferred(for: environment.retryDelay, scheduler: environment.todos.scheduler)
        .cancellable(id: CancelID.loadRetry, cancelInFlight: true)

    case .loadRetryTimerFired:
      // Once the file was read, a retry is a reload: it must not replace unsaved changes.
      let isLoaded = state.file.isLoaded
      return .run { send in
        let result = catching(file.load)
        send(isLoaded ? .reloadFinished(result) : .loadFinished(result))
      }

    case .saveTimerFired:
      return save(&state, environment)

    case .saveFinished(.success(let stamp), let revision):
      state.file.stamp = stamp
      state.file.savedRevision = revision
      if state.file.problem != nil, !state.file.isReadOnly {
        state.file.problem = nil
        state.todos.status = Todos.StatusMessage("Saved \(fileName(state))")
      }
      return .none

    case .saveFinished(.failure(.changedOnDisk), _):
      return reloadIfChanged(state, environment)

    case .saveFinished(.failure(let error), _):
      let isNew = state.file.problem != error
      state.file.problem = error
      let retry = Effect.send(Action.saveTimerFired)
        .deferred(for: environment.retryDelay, scheduler: environment.todos.scheduler)
        .cancellable(id: CancelID.save, cancelInFlight: true)
      if isNew {
        state.todos.status = Todos.StatusMessage(
          "\(error.message) · kept in memory, retrying", kind: .error)
      }
      return retry

    case .fileChangedOnDisk:
      return reloadIfChanged(state, environment)

    case .shutdownRequested, .todos(.quitKeyPressed):
      let stopTimers = Effect<Action>.cancel(
        ids: [CancelID.save, CancelID.loadRetry, CancelID.lockRetry])
      let stopListTimers = Effect<Action>.cancel(ids: [Todos.CancelID.sort, .status])
      guard state.hasUnsavedChanges, state.file.unsavedChangesCopy == nil else {
        return .merge(stopTimers, stopListTimers)
      }
      state.file.scheduledRevision = state.todos.list.revision
      if state.file.isLoaded, !state.file.isReadOnly {
        return .concatenate(.merge(stopTimers, stopListTimers), save(&state, environment))
      }
      // Another copy owns the file, or it could never be read: keep ours next to it rather
      // than lose it.
      let bytes = state.file.document
        .replacingTodos(with: state.todos.list.todos.map { todoTxtLine(from: $0) }).serialized()
      return .concatenate(
        .merge(stopTimers, stopListTimers),
        .run { send in
          send(
            .unsavedChangesCopied(
              catching { () throws(FileError) in try file.writeConflictCopy(bytes) }))
        }
      )

    case .unsavedChangesCopied(.success(let path)):
      state.file.unsavedChangesCopy = path
      return .none

    case .unsavedChangesCopied(.failure(let error)):
      state.file.problem = error
      return .none

    case .todos:
      return .none
    }
  }

  /// Takes in what was read: the list shows its todos, and what the file does not show is kept.
  @MainActor
  private static func applyLoaded(
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

  /// Reads the file again if it is not the version the app knows (a change by someone else).
  @MainActor
  private static func reloadIfChanged(_ state: State, _ environment: Environment) -> Effect<Action>
  {
    guard state.file.isLoaded else { return .none }
    let known = state.file.stamp
    let file = environment.file
    return .run { send in
      guard file.stamp() != known else { return }  // our own save
      send(.reloadFinished(catching(file.load)))
    }
  }

  /// After every action: if the list changed since the last scheduled save, (re)start the
  /// debounce, so the file is written `saveDelay` after the last change.
  @MainActor
  private static func scheduleSaveIfNeeded(
    _ state: inout State, _ environment: Environment
  ) -> Effect<Action> {
    guard state.file.isLoaded, !state.file.isReadOnly,
      state.todos.list.revision != state.file.scheduledRevision
    else { return .none }
    state.file.scheduledRevision = state.todos.list.revision
    guard state.hasUnsavedChanges else { return .cancel(id: CancelID.save) }
    return Effect.send(.saveTimerFired)
      .deferred(for: environment.saveDelay, scheduler: environment.todos.scheduler)
      .cancellable(id: CancelID.save, cancelInFlight: true)
  }

  /// Writes the list now (atomically, and only over the version that was read).
  @MainActor
  private static func save(_ state: inout State, _ environment: Environment) -> Effect<Action> {
    guard state.file.isLoaded, !state.file.isReadOnly, state.hasUnsavedChanges else {
      return .none
    }
    state.file.scheduledRevision = state.todos.list.revision
    let lines = state.todos.list.todos.map { todoTxtLine(from: $0) }
    let document = state.file.document.replacingTodos(with: lines)
    state.file.document = document.layout
    let bytes = document.serialized()
    let expected = state.file.stamp
    let revision = state.todos.list.revision
    let file = environment.file
    // A debounced save still waiting would only write the same bytes again.
    return .merge(
      .cancel(id: CancelID.save),
      .run { send in
        send(
          .saveFinished(
            catching { () throws(FileError) in try file.save(bytes, expected) },
            revision: revision))
      }
    )
  }

  private static func fileName(_ state: State) -> String {
    (state.file.path as NSString).lastPathComponent
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
