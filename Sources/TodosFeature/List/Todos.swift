import Architecture
import FoundationEssentials
import IdentifiedCollections
import TerminalUI
import TodoTxt

/// The list feature: it presents the rows (`TodoList`), the viewport, the editor, the search,
/// the undo history and the help, and holds the seeds' flow: a toggle, one second later the
/// completed todos sink below the active ones, stably, every toggle restarting the wait.
///
/// ```swift
/// let store = Store(initialState: Todos.State(), reducer: Todos.reducer(environment))
/// store.send(.addKeyPressed)
/// store.send(.editor(.textEdited(.insert("Milk"))))
/// store.send(.editor(.enterPressed))
/// ```
public enum Todos {
  /// A direction to move the selected todo in.
  public enum MoveDirection: Equatable, Sendable { case up, down }

  /// Ids of the effects the list cancels: one for the delayed sort shared by every row, one
  /// for the status message expiry.
  public enum CancelID: Hashable, Sendable { case sort, status, dayChange }

  /// How long after the last toggle completed todos sink below active ones, by default
  /// (`TodosEnvironment.settleDelay` is the one in force).
  public static let settleDelay: Duration = .seconds(1)
  /// How long after a move the list is sorted again.
  public static let moveSortDelay: Duration = .milliseconds(100)
  /// How long a status message stays.
  public static let statusDuration: Duration = .seconds(3)

  public struct State: Equatable {
    /// The rows and their invariants (the active count, the revision).
    public var list: TodoList
    /// The selection, the scrolling and the screen size.
    public var viewport: Viewport.State
    public var filter: Filter
    /// The search in effect, if any (typed into, or kept).
    public var search: Search.State?
    public var mode: Mode
    /// Todos toggled since the last sort: they stay where they are, and visible under a filter
    /// they no longer match, until the settle moment.
    public var settling: Set<UUID>
    public var history: History.State
    /// A message on the status line, set by the reducers; it goes away 3 s later.
    public var status: StatusMessage?
    /// Set when the user asked to quit; the run loop stops.
    public var isQuitting: Bool
    /// The first line of the help overlay on screen (it scrolls on a short terminal).
    public var helpTop = 0
    /// `H`: the todos hidden by their dates (`t:` later, `h:1`) show, dimmed.
    public var showsHidden: Bool
    /// The next occurrence each completed recurring todo made (completed id → copy id), so
    /// completing it again makes no second copy while the first is in the list. Not saved.
    public var recurrenceCopies: [UUID: UUID]
    /// The `v` range and a pending `p` (`Organise`).
    public var organise = Organise.State()
    /// The project or context picked with `+`/`@` (`+work`): only todos carrying it show.
    public var pickedTag: String?
    /// The order the list is shown in (`s`); the file keeps its own.
    public var sortOrder: TodoSortOrder
    /// An `s` order that is none of `TodoSortOrder`'s (`"due,priority"`); wins over `sortOrder`.
    public var customSort: SortSpec?
    /// The orders `s` cycles through (config's `sort_orders`).
    public var sortOrders: [SortSpec] = SortSpec.defaultCycle
    /// The saved views the filter bar lists after the filters (config's `[views]`).
    public var views: [SavedView] = []
    /// The name of the saved view in effect (`Views/SavedView.swift`); nil: the filter alone.
    public var view: String?
    /// Todos a merge kept twice because both sides changed them: the disk's versions, marked
    /// in the list until they are deleted (state only, never written to the file).
    public var conflicted: Set<UUID> = []
    /// Grows with each Ctrl-L: the run loop then writes every cell of the screen again.
    public var redrawRequests: UInt64 = 0
  }

  /// Everything that can happen to the list.
  public enum Action: Equatable {
    /// Something happened to one row (routed by id).
    case todos(IdentifiedAction<UUID, Todo.Action>)
    /// A row's checkbox was clicked: select the row, then toggle it.
    case checkboxClicked(UUID)
    case viewport(Viewport.Action)
    case editor(Editor.Action)
    case search(Search.Action)
    case history(History.Action)
    case addKeyPressed
    /// Several lines pasted in the list: one new todo per line that is not blank.
    case linesPasted([String])
    case editKeyPressed
    case toggleAllKeyPressed
    case deleteKeyPressed
    case moveKeyPressed(MoveDirection)
    case filterPicked(Filter)
    case filterCycled
    /// A saved view's key, or a click on its name: it shows (`Views/SavedView.swift`).
    case viewPicked(String)
    case searchKeyPressed
    case clearCompletedKeyPressed
    case helpKeyPressed
    case helpDismissed
    /// j/k, PgDn/PgUp, g/G in the help: it scrolls when the terminal is too short for it.
    case helpScrolled(HelpScroll)
    case quitKeyPressed
    /// Ctrl-L: write every cell again (another program wrote over the screen).
    case redrawKeyPressed
    /// `E`, and the user's editor closing (`Todos+ExternalEdit.swift`).
    case externalEdit(ExternalEdit)
    case statusMessageExpired
    /// `H` and the day change (`Todos+Dates.swift`).
    case dates(Dates)
    /// The `+`/`@` picker: opening it, what happens in it, clearing its choice
    /// (`Todos+Picker.swift`).
    case picking(Picking)
    /// `s`: the next sort order.
    case sortKeyPressed
    /// The settle moment: completed todos sink below active ones, stably.
    case sortCompletedTodos
    /// Priorities, ranges and archiving (`Organise`).
    case organise(Organise.Action)
    /// What the list tells the app, which does what the list cannot (write files).
    case delegate(Delegate)
    /// `L`, `[`, `]`, `M` and the list picker (`Todos+Lists.swift`).
    case lists(Lists)

    /// What the list tells the app.
    public enum Delegate: Equatable {
      /// `A`: move these todos to done.txt (the list does not touch files).
      case archive([UUID])
      /// An archive was undone (its todos are back in the list): save the todo file, then
      /// take the lines back out of done.txt.
      case restoreDoneFile(AppendReceipt)
      /// A list was chosen in the list picker, for `purpose`.
      case listChosen(ListID, ListPicker.Purpose)
      /// A move to another list was undone (its todos are back in this list): save this
      /// list's file, then take them out of the other list.
      case moveUndone(MoveReceipt)
      /// `r` in done.txt: restore this todo to the todo file, reopened or still completed.
      case restoreRequested(UUID, reopened: Bool)
    }
  }

  /// The list reducer, its children included; after every action the selection stays on a
  /// visible todo and on screen, and a new status message gets its 3 s.
  ///
  /// ```swift
  /// let reducer = Todos.reducer(TodosEnvironment.test(scheduler: TestScheduler()))
  /// ```
  @MainActor
  public static func reducer(_ environment: TodosEnvironment) -> Reducer<State, Action> {
    let rows = TodoList.rowsReducer(environment)
    // The settle's wait, made once: a toggle returns it as it is, with no boxes to allocate.
    let settle = sortCompletedTodos(after: environment.settleDelay, environment)
    let list = Reducer<State, Action> { state, action in
      reduce(into: &state, action: action, rows: rows, settle: settle, environment: environment)
    }
    .ifCaseLet(\.mode, case: Mode.editor, action: Action.editorAction, then: Editor.reducer)
    .ifCaseLet(\.mode, case: Mode.picker, action: Action.pickerAction, then: TagPicker.reducer)
    .ifCaseLet(
      \.mode, case: Mode.listPicker, action: Action.listPickerAction, then: ListPicker.reducer
    )
    .ifCaseLet(
      \.mode, case: Mode.viewPicker, action: Action.viewPickerAction, then: ViewPicker.reducer
    )
    .ifLet(\.search, action: Action.searchAction, then: Search.reducer)
    return Reducer { state, action in
      // A keystroke in the editor changes its field alone (`Editor.reducer`; this list does
      // nothing with it): no row, nothing that decides what shows, no scroll and no status
      // can have moved, so there is nothing to settle, and no snapshot to take for it.
      if case .editor(.textEdited) = action { return list.reduce(into: &state, action: action) }
      let before = state.snapshot
      let effect = list.reduce(into: &state, action: action)
      return effect.merge(with: state.settle(since: before, environment: environment))
    }
    .onChange(of: { $0.isEditing }) { wasEditing, state in
      wasEditing ? settleAfterEdit(state, environment) : .none
    }
  }

  @MainActor
  static func reduce(
    into state: inout State, action: Action,
    rows: Reducer<TodoList, IdentifiedAction<UUID, Todo.Action>>,
    settle: Effect<Action>, environment: TodosEnvironment
  ) -> Effect<Action> {
    switch action {
    // MARK: The seeds' flow: toggle, the delayed sort, the stable partition.
    case .todos(let row):
      let before = state.list[id: row.id]
      if let todo = before {
        let verb = todo.isComplete ? "reactivate" : "complete"
        state.recordHistory(History.Title(verb: verb, quoting: todo.description), [.update([todo])])
      }
      let rowEffect = rows.reduce(into: &state.list, action: row).map(Action.todos)
      if let before { state.removeNextOccurrence(reopening: before, environment) }
      state.settling.insert(row.id)
      if let before { state.addNextOccurrences(completing: CollectionOfOne(before), environment) }
      return rowEffect.merge(with: settle)

    case .checkboxClicked(let id):
      guard state.visible.position(of: id) != nil else { return .none }
      state.viewport.selectedID = id
      let toggle = Action.todos(.element(id: id, action: .checkboxToggled))
      return reduce(
        into: &state, action: toggle, rows: rows, settle: settle, environment: environment)

    case .toggleAllKeyPressed:
      // The todos shown only (Organise/Todos+Shown.swift).
      let changed = state.toggleShown(
        today: environment.today(), keepingPriority: environment.keepsPriorityOnCompletion)
      guard !changed.isEmpty else { return .none }
      state.addNextOccurrences(completing: changed, environment)
      return settle

    case .sortCompletedTodos:
      // Never under an edit: the settle waits until the edit ends (`settleAfterEdit`).
      guard !state.isEditing else { return .none }
      state.sortCompletedTodos()
      return .none

    // MARK: Changes to the list.
    case .editor(.enterPressed):
      state.commitEditKeepingItShown(
        today: environment.today(), addsCreationDate: environment.addsCreationDate,
        atBottom: environment.addsAtBottom)
      return .none

    case .editor(.escapePressed):
      state.mode = .normal
      return .none

    case .editor(.tagCompletionRequested(let forward)):
      state.completeTag(forward: forward)
      return .none

    case .addKeyPressed:
      // A new todo is active and has no text yet: make sure it will be seen once committed.
      if state.filter == .completed { state.filter = .all }
      state.search = nil
      state.mode = .editing(.new(id: environment.uuid(), carrying: state.pickedTag))
      return .none

    case .linesPasted(let lines):
      state.addPasted(lines, environment)
      return .none

    case .editKeyPressed:
      guard let id = state.viewport.selectedID, let todo = state.list[id: id] else {
        return .none
      }
      state.mode = .editing(Editor.State(editing: todo))
      return .none

    case .deleteKeyPressed:
      guard let id = state.viewport.selectedID else { return .none }
      state.delete(id)
      return .none

    case .moveKeyPressed(let direction):
      guard state.showsFileOrder else {
        state.status = Todos.StatusMessage(Todos.movingIsInFileOrder)
        return .none
      }
      guard state.moveSelected(direction) else { return .none }
      return sortCompletedTodos(after: moveSortDelay, environment)

    case .clearCompletedKeyPressed:
      state.clearShownCompleted()
      return .none

    // MARK: What shows.
    case .filterPicked(let filter):
      state.pick(.filter(filter))
      return .none

    case .filterCycled:
      state.cycleFilterBar()
      return .none

    case .viewPicked(let name):
      state.pick(.view(name))
      return .none

    case .searchKeyPressed:
      if state.search == nil { state.search = Search.State() }
      state.search?.isTyping = true
      state.search?.field.apply(.moveToEnd)
      return .none

    case .search(.enterPressed):
      if state.search?.field.text.isEmpty == true { state.search = nil }
      return .none

    case .search(.escapePressed):
      state.search = nil
      return .none

    case .helpKeyPressed:
      state.mode = .help
      state.helpTop = 0
      return .none

    case .helpScrolled(let scroll):
      state.scrollHelp(scroll)
      return .none

    case .helpDismissed:
      if state.mode == .help { state.mode = .normal }
      return .none

    case .quitKeyPressed:
      state.settleBeforeQuitting(
        today: environment.today(), addsCreationDate: environment.addsCreationDate,
        atBottom: environment.addsAtBottom)
      state.isQuitting = true
      return .cancel(ids: [CancelID.sort, .status, .dayChange])

    case .statusMessageExpired:
      state.status = nil
      return .none

    case .redrawKeyPressed:
      state.redrawRequests &+= 1
      return .none

    case .dates(let action):
      return reduceDates(into: &state, action: action, environment: environment)

    case .picking(let action):
      return reducePicking(into: &state, action: action)

    case .lists(let action):
      return reduceLists(into: &state, action: action)

    case .sortKeyPressed:
      state.cycleSortOrder()
      return .none

    case .externalEdit(let action):
      return reduceExternalEdit(into: &state, action: action, environment: environment)

    case .viewport(let action):
      let visible = state.visible
      state.viewport.apply(action, in: visible)
      return .none

    case .history(let action):
      return reduceHistory(into: &state, action: action)

    case .delegate:
      return .none  // the app's

    case .organise(let action):
      return reduceOrganise(into: &state, action: action, environment)

    case .editor(.textEdited), .search(.textEdited):
      return .none  // the child reducers did it
    }
  }

  /// Sends `.sortCompletedTodos` after `delay`; a later call restarts the wait (cancel in
  /// flight under one typed id).
  @MainActor
  static func sortCompletedTodos(
    after delay: Duration, _ environment: TodosEnvironment
  ) -> Effect<Action> {
    Effect.send(.sortCompletedTodos)
      .deferred(for: delay, scheduler: environment.scheduler)
      .cancellable(id: sortCancelID, cancelInFlight: true)
  }

  /// `CancelID.sort` erased once: every toggle restarts the wait under it.
  @MainActor static let sortCancelID = EffectID(CancelID.sort)
}
