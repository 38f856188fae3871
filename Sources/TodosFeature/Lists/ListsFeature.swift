import Architecture
import IdentifiedCollections
import TerminalUI
import TodoTxt

/// The app with several lists: one `AppFeature` (a list and its file) per todo.txt file,
/// addressed by `ListID`, and which of them shows. Every list is read at start and watched
/// while the app runs, so `L`, `[` and `]` switch at once; each keeps its own selection,
/// search, view, undo history, lock, reload and merge. An action for a list goes to that list
/// whether it shows or not (a reload of a list out of sight lands in that list), and its
/// effects (their cancel ids too) are its own.
///
/// ```swift
/// let store = Store(
///   initialState: ListsFeature.State(lists: [work, home]),
///   reducer: ListsFeature.reducer(environment)
/// )
/// store.send(.started)
/// store.send(.list(.element(id: store.state.current, action: .list(.lists(.nextKeyPressed)))))
/// ```
public enum ListsFeature {
  public struct State: Equatable {
    /// Every list, in the order they were given.
    public var lists: IdentifiedArray<ListID, AppFeature.State>
    /// The list on screen (a done.txt view too).
    public var current: ListID
    /// The done.txt views opened so far (`D`), each with the list it was opened from, which
    /// `r` restores to. They are not lists of their own: `L`, `[` and `]` skip them.
    public var doneViews: [ListID: ListID] = [:]

    /// The lists given (at least one); the first shows unless `current` says otherwise.
    public init(lists: [AppFeature.State], current: ListID? = nil) {
      precondition(!lists.isEmpty, "ListsFeature needs at least one list")
      self.lists = IdentifiedArray(uniqueElements: lists)
      self.current = current ?? lists[0].listID
    }

    /// The lists, done.txt views left out.
    public var todoLists: [AppFeature.State] { lists.filter { doneViews[$0.listID] == nil } }

    /// The list on screen.
    public var currentList: AppFeature.State {
      get { lists[id: current]! }
      set { lists[id: current] = newValue }
    }

    /// Some list has changes that are not in its file yet.
    public var hasUnsavedChanges: Bool { lists.contains(where: \.hasUnsavedChanges) }

    /// The user asked to quit (in any list).
    public var isQuitting: Bool { lists.contains { $0.list.isQuitting } }
  }

  public enum Action: Equatable {
    /// Something happened in one list (routed by id, whether it shows or not).
    case list(IdentifiedAction<ListID, AppFeature.Action>)
    /// The app started: every list reads its file.
    case started
    /// The process is being stopped: every list saves.
    case shutdownRequested
    /// Ctrl-Z: every list saves before the process stops.
    case suspendRequested
    /// The terminal changed size: every list lays itself out for it.
    case terminalResized(width: Int, height: Int)
    /// `M`'s two writes ended (`ListsFeature+Move.swift`).
    indirect case moveFinished(MoveOutcome)
    /// The undo of a move ended: the source list saved, then the target.
    indirect case moveUndoFinished(MoveOutcome)
  }

  /// Everything the lists need from outside: each list's own environment (its file, its
  /// done.txt), by id.
  @MainActor
  public struct Environment {
    /// Each list's environment, and each done.txt view's (its file the done file, read-only).
    public var lists: [ListID: AppFeature.Environment]
    /// Each list's done.txt view (`D`), by the list's id.
    public var doneFiles: [ListID: ListID]
    /// Runs between a move's two writes, after the target file is written and fsync'd and
    /// before the source file is rewritten. Test-only: the live app pauses here when
    /// `TODOS_TUI_TEST_PAUSE_AFTER_MOVE_TARGET` is set, so a test can kill it in between.
    public var afterMoveTargetWritten: @MainActor () -> Void

    public init(
      lists: [ListID: AppFeature.Environment], doneFiles: [ListID: ListID] = [:],
      afterMoveTargetWritten: @escaping @MainActor () -> Void = {}
    ) {
      self.lists = lists
      self.doneFiles = doneFiles
      self.afterMoveTargetWritten = afterMoveTargetWritten
    }
  }

  /// The lists reducer: the list an action names runs it (its effects stay its own), then
  /// what several lists add (switching, the picker, moves).
  @MainActor
  public static func reducer(_ environment: Environment) -> Reducer<State, Action> {
    // Found by comparing ids in order, not by hashing them: an app has a few lists, a list's id
    // is its file's path, and every action (each typed letter) looks its list up twice, where
    // SipHash over the path cost more than comparing it with each list's, which stops at the
    // first differing byte (or at once, for the same string).
    let reducers = environment.lists.map { (id: $0.key, reducer: AppFeature.reducer($0.value)) }
    func run(_ id: ListID, _ action: AppFeature.Action, _ state: inout State) -> Effect<Action> {
      // By position: `lists[id:]` copies the whole list's state out and back to change it.
      guard let reducer = reducers.first(where: { $0.id == id })?.reducer,
        let index = state.lists.ids.firstIndex(where: { $0 == id })
      else {
        RuntimeIssues.report("An action for a list the app does not have: \(id)")
        return .none
      }
      let effect = reducer.reduce(into: &state.lists[index], action: action)
      // Most actions start nothing: no closure is made (and boxed, with the id) to wrap it.
      guard !effect.isNone else { return .none }
      return effect.map({ Action.list(.element(id: id, action: $0)) }, cancellationNamespace: id)
    }
    func everyList(_ action: AppFeature.Action, _ state: inout State) -> Effect<Action> {
      .merge(state.lists.ids.map { run($0, action, &state) })
    }
    return Reducer { state, action in
      switch action {
      case .list(let routed):
        if let refused = refusedInDoneView(routed.id, routed.action, &state, environment) {
          return refused
        }
        let own = run(routed.id, routed.action, &state)
        return .merge(own, reduceList(routed.id, routed.action, &state, environment, run))

      case .started:
        return .merge(state.todoLists.map { run($0.listID, .started, &state) })

      case .shutdownRequested:
        return everyList(.shutdownRequested, &state)

      case .suspendRequested:
        return everyList(.suspendRequested, &state)

      case .terminalResized(let width, let height):
        let resized = AppFeature.Action.list(
          .viewport(.terminalResized(width: width, height: height)))
        return everyList(resized, &state)

      case .moveFinished(let outcome):
        return moveFinished(outcome, &state, environment, run)

      case .moveUndoFinished(let outcome):
        return moveUndoFinished(outcome, &state, environment, run)
      }
    }
  }

  /// Runs an action in one list: `run(id, action, &state)`.
  typealias Run = @MainActor (ListID, AppFeature.Action, inout State) -> Effect<Action>

  /// What several lists add to an action of one list, after the list ran it.
  @MainActor
  static func reduceList(
    _ id: ListID, _ action: AppFeature.Action, _ state: inout State,
    _ environment: Environment, _ run: Run
  ) -> Effect<Action> {
    switch action {
    case .list(.lists(.pickerKeyPressed)):
      let entries = state.entries
      state.lists[id: id]?.list.mode = .choosingList(
        ListPicker.State(purpose: .open, entries: entries, selected: state.doneViews[id] ?? id))
      return .none

    case .list(.lists(.previousKeyPressed)):
      state.current = state.neighbour(of: id, by: -1)
      return .none

    case .list(.lists(.nextKeyPressed)):
      state.current = state.neighbour(of: id, by: 1)
      return .none

    case .list(.lists(.moveKeyPressed)):
      return openMovePicker(from: id, &state, environment)

    case .list(.delegate(.listChosen(let chosen, .open))):
      if state.lists[id: chosen] != nil { state.current = chosen }
      return .none

    case .list(.delegate(.listChosen(let target, .move(let ids)))):
      return move(ids, from: id, to: target, reopening: nil, &state, environment, run)

    case .list(.delegate(.moveUndone(let receipt))):
      return undoMove(receipt, in: id, &state, environment, run)

    case .list(.lists(.doneKeyPressed)):
      return showDone(from: id, &state, environment, run)

    case .list(.delegate(.restoreRequested(let todo, let reopened))):
      guard let owner = state.doneViews[id] else { return .none }
      return move([todo], from: id, to: owner, reopening: reopened, &state, environment, run)

    case .list(.quitKeyPressed):
      // The other lists save too before the app stops.
      return .merge(
        state.lists.ids.filter { $0 != id }.map { run($0, .shutdownRequested, &state) })

    default:
      return .none
    }
  }

  /// Sets a status message in a list, with its 3 s.
  ///
  /// ```swift
  /// return say(Todos.StatusMessage("No other list"), in: id, &state, environment)
  /// ```
  @MainActor
  static func say(
    _ status: Todos.StatusMessage, in id: ListID, _ state: inout State,
    _ environment: Environment
  ) -> Effect<Action> {
    guard let listEnvironment = environment.lists[id], state.lists[id: id] != nil else {
      return .none
    }
    let before = state.lists[id: id]!.list.status
    state.lists[id: id]!.list.status = status
    return state.lists[id: id]!.list.statusExpiry(since: before, listEnvironment.list)
      .map({ Action.list(.element(id: id, action: .list($0))) }, cancellationNamespace: id)
  }
}

extension ListsFeature.State {
  /// The list picker's rows: every list, its name as its title says it, its active todos.
  public var entries: [ListPicker.Entry] {
    todoLists.map {
      ListPicker.Entry(
        id: $0.listID, name: $0.file.title.name, activeCount: $0.list.list.activeCount)
    }
  }

  /// The list `offset` places after `id` (before it when negative), round the end.
  func neighbour(of id: ListID, by offset: Int) -> ListID {
    let ids = todoLists.map(\.listID)
    guard let index = ids.firstIndex(of: doneViews[id] ?? id) else { return id }
    let count = ids.count
    return ids[((index + offset) % count + count) % count]
  }
}

extension AppFeature.State: Identifiable {
  /// The list's id: its file's path.
  public var listID: ListID { ListID(file.path) }

  /// The list's id, for `IdentifiedArray`: read through a closure, not a key path, whose
  /// reading runs the runtime's key path interpreter on every `lists[id:]` change.
  public var id: ListID { listID }
}
