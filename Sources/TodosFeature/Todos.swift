import Architecture
import Foundation
import IdentifiedCollections
import TerminalUI

/// The list feature: rows, selection, filter, search, editing, undo, status and screen size.
///
/// ```swift
/// let store = Store(initialState: Todos.State(), reducer: Todos.reducer(environment))
/// store.send(.addButtonTapped)
/// store.send(.textFieldEdited(.insert("Milk")))
/// store.send(.editCommitted)
/// ```
public enum Todos {
  /// Which todos the list shows.
  public enum Filter: String, CaseIterable, Equatable, Sendable {
    case all, active, completed

    /// The filter after this one (`f`, Tab), wrapping around.
    public var next: Filter {
      switch self {
      case .all: .active
      case .active: .completed
      case .completed: .all
      }
    }

    /// The name shown in the filter bar.
    public var title: String {
      switch self {
      case .all: "All"
      case .active: "Active"
      case .completed: "Completed"
      }
    }

    /// Whether a todo matches the filter on its own (ignoring the settle grace).
    public func matches(_ todo: Todo.State) -> Bool {
      switch self {
      case .all: true
      case .active: !todo.isComplete
      case .completed: todo.isComplete
      }
    }
  }

  /// A transient message on the status line; it goes away 3 seconds after it was shown.
  public struct StatusMessage: Equatable, Sendable {
    public enum Kind: Equatable, Sendable { case info, error }
    public var text: String
    public var kind: Kind
    public init(_ text: String, kind: Kind = .info) {
      self.text = text
      self.kind = kind
    }
  }

  /// The text being typed for a new todo or an edited one.
  public struct Editing: Equatable, Sendable {
    /// The todo being edited, or the id the new todo will get.
    public var id: UUID
    /// Whether this is a new todo (drawn at the top, not in the list until committed).
    public var isNew: Bool
    public var field: TextField
    public init(id: UUID, isNew: Bool, field: TextField) {
      self.id = id
      self.isNew = isNew
      self.field = field
    }
  }

  /// What the keyboard currently drives.
  public enum Mode: Equatable, Sendable {
    case normal
    case editing(Editing)
    case searching
    case help
  }

  /// One undo (or redo) step: what it was, and the changes that take the list back.
  ///
  /// A step holds only what it changed (one row for a toggle, an edit, a delete), never a copy
  /// of the list, so recording it costs the same at 10 or 100k todos.
  ///
  /// ```swift
  /// Todos.HistoryEntry(
  ///   label: "complete “Milk”", changes: [.update([todo])], selectedID: todo.id)
  /// ```
  public struct HistoryEntry: Equatable, Sendable {
    /// What the change was, for the status line: "delete “Milk”".
    public var label: String
    /// What puts the list back, made last first: the inverse of the step itself, then one for
    /// each delayed sort that moved rows after it (so undo restores the order from before).
    public var changes: [ListChange]
    /// The selection to restore.
    public var selectedID: UUID?
    public init(label: String, changes: [ListChange], selectedID: UUID?) {
      self.label = label
      self.changes = changes
      self.selectedID = selectedID
    }
  }

  /// A change to the list, addressing rows by id; `State.apply(_:)` makes it and returns its
  /// inverse.
  ///
  /// ```swift
  /// let inverse = state.apply(.remove([id]))  // .insert([IndexedTodo(row, at: 3)])
  /// ```
  public enum ListChange: Equatable, Sendable {
    /// Puts these rows back as they are here, found by id (undoes a toggle, an edit, toggle all).
    case update([Todo.State])
    /// Removes the rows with these ids (undoes an add).
    case remove([UUID])
    /// Inserts the rows at their indices, ascending (undoes a delete, clear completed).
    case insert([IndexedTodo])
    /// Takes the rows with these ids out and puts them back at these indices, ascending (undoes
    /// a move or the sort).
    case move([IndexedID])
  }

  /// A row and its index in the list.
  ///
  /// ```swift
  /// Todos.IndexedTodo(todo, at: 0)
  /// ```
  public struct IndexedTodo: Equatable, Sendable {
    public var todo: Todo.State
    public var index: Int
    public init(_ todo: Todo.State, at index: Int) {
      self.todo = todo
      self.index = index
    }
  }

  /// A row's id and its index in the list.
  ///
  /// ```swift
  /// Todos.IndexedID(id, at: 0)
  /// ```
  public struct IndexedID: Equatable, Sendable {
    public var id: UUID
    public var index: Int
    public init(_ id: UUID, at index: Int) {
      self.id = id
      self.index = index
    }
  }

  /// A selection movement.
  public enum SelectionMove: Equatable, Sendable {
    case next, previous, first, last, pageDown, pageUp
  }

  /// A direction to move the selected todo in.
  public enum MoveDirection: Equatable, Sendable { case up, down }

  /// Ids of the effects the list cancels: one for the delayed sort shared by every row, one
  /// for the status message expiry.
  public enum CancelID: Hashable, Sendable { case sort, status }

  /// How long after the last toggle completed todos sink below active ones.
  public static let settleDelay: Duration = .seconds(1)
  /// How long after a move the list is sorted again.
  public static let moveSortDelay: Duration = .milliseconds(100)
  /// How long a status message stays.
  public static let statusDuration: Duration = .seconds(3)
  /// The most undo steps kept.
  public static let historyLimit = 100

  public struct State: Equatable {
    /// Every todo, in file order; addressed by id. Setting it recounts `activeCount` (O(n)); the
    /// reducer changes `storage` instead and keeps the count itself.
    public var todos: IdentifiedArrayOf<Todo.State> {
      get { storage }
      set {
        storage = newValue
        activeCount = Self.countActive(newValue)
        searchMemo.contentChanged()
      }
    }
    /// The todos, changed in place by the reducer, which keeps `activeCount` right.
    var storage: IdentifiedArrayOf<Todo.State>
    /// Search results kept between keys (`Todos+Search.swift`); not part of the value.
    var searchMemo = SearchMemo()
    /// How many todos are not complete, for the title (kept up to date: O(1) to read).
    public internal(set) var activeCount: Int
    /// The selected todo, by id (never by index).
    public var selectedID: UUID?
    public var filter: Filter
    /// The search text; empty means no search.
    public var search: TextField
    public var mode: Mode
    /// Todos toggled since the last sort: they stay where they are, and visible under a filter
    /// they no longer match, until the settle moment.
    public var settling: Set<UUID>
    public var undoStack: [HistoryEntry]
    public var redoStack: [HistoryEntry]
    public var status: StatusMessage?
    public var size: TerminalSize
    /// The first visible row shown at the top of the list area.
    public var scrollTop: Int
    /// Grows whenever something that is saved to the file changes; persistence watches it.
    public var revision: Int
    /// Set when the user asked to quit; the run loop stops.
    public var isQuitting: Bool

    /// A list; everything is optional.
    ///
    /// ```swift
    /// Todos.State(todos: [Todo.State(id: UUID(counter: 0), description: "Milk")])
    /// ```
    public init(
      todos: IdentifiedArrayOf<Todo.State> = [],
      selectedID: UUID? = nil,
      filter: Filter = .all,
      search: TextField = TextField(),
      mode: Mode = .normal,
      settling: Set<UUID> = [],
      undoStack: [HistoryEntry] = [],
      redoStack: [HistoryEntry] = [],
      status: StatusMessage? = nil,
      size: TerminalSize = TerminalSize(width: 80, height: 24),
      scrollTop: Int = 0,
      revision: Int = 0,
      isQuitting: Bool = false
    ) {
      self.storage = todos
      self.activeCount = Self.countActive(todos)
      self.selectedID = selectedID
      self.filter = filter
      self.search = search
      self.mode = mode
      self.settling = settling
      self.undoStack = undoStack
      self.redoStack = redoStack
      self.status = status
      self.size = size
      self.scrollTop = scrollTop
      self.revision = revision
      self.isQuitting = isQuitting
    }
  }

  /// Everything that can happen to the list.
  public enum Action: Equatable {
    /// Something happened to one row (routed by id).
    case todos(IdentifiedAction<UUID, Todo.Action>)
    case selectionMoved(SelectionMove)
    /// A row was clicked: select it.
    case rowClicked(UUID)
    /// A row's checkbox was clicked: select the row, then toggle it.
    case checkboxClicked(UUID)
    /// The mouse wheel scrolled the list by some rows (negative: up).
    case scrolled(by: Int)
    case addButtonTapped
    case editButtonTapped
    /// A keystroke for the text being edited (new todo, edited todo, or search).
    case textFieldEdited(TextField.Edit)
    case editCommitted
    case editCancelled
    case toggleAllButtonTapped
    case deleteButtonTapped
    case moveButtonTapped(MoveDirection)
    case filterPicked(Filter)
    case filterCycled
    case searchButtonTapped
    case searchCommitted
    case searchCancelled
    case clearCompletedButtonTapped
    case undoButtonTapped
    case redoButtonTapped
    case helpButtonTapped
    case helpDismissed
    case quitRequested
    case terminalResized(width: Int, height: Int)
    /// Shows a status message (any reducer may send it); it expires 3 s later.
    case statusMessageShown(String, StatusMessage.Kind)
    case statusMessageExpired
    /// The settle moment: completed todos sink below active ones, stably.
    case sortCompletedTodos
    /// The list was read from the file: replaces it without undo history or a new revision.
    case todosLoaded([Todo.State])
  }

  /// The list reducer, rows included.
  ///
  /// ```swift
  /// let reducer = Todos.reducer(TodosEnvironment.test(scheduler: TestScheduler()))
  /// ```
  @MainActor
  public static func reducer(_ environment: TodosEnvironment) -> Reducer<State, Action> {
    let rows = ActionPath<Action, IdentifiedAction<UUID, Todo.Action>>(
      embed: Action.todos,
      extract: { if case .todos(let action) = $0 { action } else { nil } }
    )
    let list = Reducer<State, Action> { state, action in
      let wasEditing = state.isEditing
      // An action that may change the list searches without the memo until it is done, then
      // leaves the memo's results behind (the row reducer has already run: forEach runs it first).
      let mayChangeList = !action.leavesListUnchanged
      if mayChangeList { state.searchMemo.pause() }
      var effect = reduceList(into: &state, action: action, environment: environment)
      if mayChangeList { state.searchMemo.resume() }
      if wasEditing, !state.isEditing {
        effect = .merge(effect, settleAfterEdit(state, environment))
      }
      switch action {
      case .statusMessageShown, .statusMessageExpired, .quitRequested:
        break
      default:
        state.revealSelection()
      }
      return effect
    }
    .forEach(\.storage, action: rows, element: Todo.reducer(environment))
    return .combine(recordRowHistory, list)
  }

  /// Records an undo step for a row action before the row reducer changes the row: the row as
  /// it is now.
  @MainActor
  static let recordRowHistory = Reducer<State, Action> { state, action in
    guard case .todos(let row) = action, let todo = state.storage[id: row.id] else {
      return .none
    }
    switch row.action {
    case .checkboxToggled:
      state.recordHistory(
        "\(todo.isComplete ? "reactivate" : "complete") \(quoted(todo))", [.update([todo])])
    case .descriptionChanged:
      state.recordHistory("edit \(quoted(todo))", [.update([todo])])
    }
    return .none
  }

  @MainActor
  static func reduceList(
    into state: inout State, action: Action, environment: TodosEnvironment
  ) -> Effect<Action> {
    let sortAfterSettle = Effect<Action>.send(.sortCompletedTodos)
      .deferred(for: settleDelay, scheduler: environment.scheduler)
      .cancellable(id: CancelID.sort, cancelInFlight: true)

    func showStatus(_ text: String, _ kind: StatusMessage.Kind = .info) -> Effect<Action> {
      state.status = StatusMessage(text, kind: kind)
      return Effect.send(.statusMessageExpired)
        .deferred(for: statusDuration, scheduler: environment.scheduler)
        .cancellable(id: CancelID.status, cancelInFlight: true)
    }

    func delete(_ id: UUID) -> Effect<Action> {
      guard let index = state.storage.index(id: id) else { return .none }
      let todo = state.storage[index]
      let previous = state.visibleIDs
      state.recordHistory("delete \(quoted(todo))", [.insert([IndexedTodo(todo, at: index)])])
      state.storage.remove(at: index)
      if !todo.isComplete { state.activeCount -= 1 }
      state.settling.remove(id)
      state.revision += 1
      state.repairSelection(previous: previous)
      return showStatus("Deleted \(quoted(todo)) · u to undo")
    }

    switch action {
    case .todos(let row):
      // The row reducer already ran; the list reacts to what happened.
      switch row.action {
      case .checkboxToggled:
        if let todo = state.storage[id: row.id] { state.activeCount += todo.isComplete ? -1 : 1 }
        state.settling.insert(row.id)
        state.revision += 1
        return sortAfterSettle
      case .descriptionChanged:
        state.revision += 1
        return .none
      }

    case .selectionMoved(let move):
      let visible = state.visible
      guard visible.count > 0 else { return .none }
      let last = visible.count - 1
      let page = state.listHeight
      guard let position = visible.position(of: state.selectedID) else {
        state.selectedID = visible[move == .last ? last : 0].id
        return .none
      }
      let target: Int
      switch move {
      case .next: target = position + 1
      case .previous: target = position - 1
      case .first: target = 0
      case .last: target = last
      case .pageDown: target = position + page
      case .pageUp: target = position - page
      }
      state.selectedID = visible[min(max(target, 0), last)].id
      return .none

    case .rowClicked(let id):
      guard state.visible.position(of: id) != nil else { return .none }
      state.selectedID = id
      return .none

    case .checkboxClicked(let id):
      guard state.visible.position(of: id) != nil else { return .none }
      state.selectedID = id
      return .send(.todos(.element(id: id, action: .checkboxToggled)))

    case .scrolled(let lines):
      let visible = state.visible
      let height = state.listHeight
      state.scrollTop = min(max(state.scrollTop + lines, 0), max(visible.count - height, 0))
      if let position = visible.position(of: state.selectedID) {
        if position < state.scrollTop {
          state.selectedID = visible[state.scrollTop].id
        } else if position >= state.scrollTop + height {
          state.selectedID = visible[state.scrollTop + height - 1].id
        }
      }
      return .none

    case .addButtonTapped:
      // A new todo is active and has no text yet: make sure it will be seen once committed.
      if state.filter == .completed { state.filter = .all }
      if !state.search.text.isEmpty { state.search = TextField() }
      state.mode = .editing(Editing(id: environment.uuid(), isNew: true, field: TextField()))
      return .none

    case .editButtonTapped:
      guard let id = state.selectedID, let todo = state.storage[id: id] else { return .none }
      // The priority is edited as todo.txt writes it: "(A) " before the text.
      let text = (todo.priority.map { "(\($0)) " } ?? "") + todo.description
      state.mode = .editing(Editing(id: id, isNew: false, field: TextField(text: text)))
      return .none

    case .textFieldEdited(let edit):
      switch state.mode {
      case .editing(var editing):
        editing.field.apply(edit)
        state.mode = .editing(editing)
      case .searching:
        let previous = state.visible
        state.search.apply(edit)
        state.repairSelection(afterSearchFrom: previous)
      case .normal, .help:
        break
      }
      return .none

    case .editCommitted:
      guard case .editing(let editing) = state.mode else { return .none }
      state.mode = .normal
      let (priority, text) = splitPriority(
        editing.field.text.trimmingCharacters(in: .whitespacesAndNewlines))
      if editing.isNew {
        guard !text.isEmpty else { return .none }
        let todo = Todo.State(
          id: editing.id, description: text, priority: priority,
          creationDate: environment.today())
        // A fresh UUID; were it ever taken, adding nothing beats an undo step that removes
        // the todo that has it.
        guard state.storage.index(id: todo.id) == nil else { return .none }
        state.recordHistory("add \(quoted(todo))", [.remove([todo.id])])
        state.storage.insert(todo, at: 0)
        state.activeCount += 1
        state.selectedID = todo.id
        state.revision += 1
        return .none
      }
      guard let todo = state.storage[id: editing.id] else { return .none }
      if text.isEmpty { return delete(todo.id) }
      guard text != todo.description || priority != todo.priority else { return .none }
      state.recordHistory("edit \(quoted(todo))", [.update([todo])])
      state.storage[id: todo.id]?.description = text
      state.storage[id: todo.id]?.priority = priority
      state.storage[id: todo.id]?.rawLine = nil
      state.revision += 1
      return .none

    case .editCancelled:
      guard case .editing = state.mode else { return .none }
      state.mode = .normal
      return .none

    case .toggleAllButtonTapped:
      guard !state.storage.isEmpty else { return .none }
      let makeComplete = state.activeCount > 0
      // The undo step: the rows that change, as they are now (not the list).
      let changing = state.storage.elements.filter { $0.isComplete != makeComplete }
      state.recordHistory(makeComplete ? "complete all" : "reactivate all", [.update(changing)])
      let date = environment.today()
      for index in state.storage.indices where state.storage[index].isComplete != makeComplete {
        state.storage[index].setComplete(makeComplete, on: date)
        state.settling.insert(state.storage[index].id)
      }
      state.activeCount = makeComplete ? 0 : state.storage.count
      state.revision += 1
      return sortAfterSettle

    case .deleteButtonTapped:
      guard let id = state.selectedID else { return .none }
      return delete(id)

    case .moveButtonTapped(let direction):
      let visible = state.visible
      guard let id = state.selectedID, let position = visible.position(of: id) else {
        return .none
      }
      let neighbourPosition = direction == .up ? position - 1 : position + 1
      guard neighbourPosition >= 0, neighbourPosition < visible.count,
        let todo = state.storage[id: id],
        let from = state.storage.index(id: id),
        let to = state.storage.index(id: visible[neighbourPosition].id)
      else { return .none }
      let neighbour = state.storage[to]
      if todo.isComplete != neighbour.isComplete, !state.settling.contains(todo.id),
        !state.settling.contains(neighbour.id)
      {
        // The sort would put it straight back: say so rather than move it for 100 ms.
        return showStatus("Completed todos stay below active ones")
      }
      state.recordHistory("move \(quoted(todo))", [.move([IndexedID(id, at: from)])])
      if abs(to - from) == 1 {
        state.storage.swapAt(from, to)  // the usual case: O(1), where remove + insert is O(n)
      } else {
        state.storage.remove(at: from)
        state.storage.insert(todo, at: to)
      }
      state.revision += 1
      return Effect.send(.sortCompletedTodos)
        .deferred(for: moveSortDelay, scheduler: environment.scheduler)
        .cancellable(id: CancelID.sort, cancelInFlight: true)

    case .filterPicked(let filter):
      guard filter != state.filter else { return .none }
      let previous = state.visibleIDs
      state.filter = filter
      state.repairSelection(previous: previous)
      return .none

    case .filterCycled:
      let previous = state.visibleIDs
      state.filter = state.filter.next
      state.repairSelection(previous: previous)
      return .none

    case .searchButtonTapped:
      state.mode = .searching
      state.search.cursor = state.search.text.count
      return .none

    case .searchCommitted:
      guard state.mode == .searching else { return .none }
      state.mode = .normal
      return .none

    case .searchCancelled:
      let previous = state.visibleIDs
      state.mode = .normal
      state.search = TextField()
      state.repairSelection(previous: previous)
      return .none

    case .clearCompletedButtonTapped:
      // The undo step: the completed rows with their indices (not the list).
      var completed: [IndexedTodo] = []
      for (index, todo) in state.storage.elements.enumerated() where todo.isComplete {
        completed.append(IndexedTodo(todo, at: index))
      }
      guard !completed.isEmpty else { return showStatus("No completed todos to clear") }
      let previous = state.visibleIDs
      state.recordHistory("clear completed", [.insert(completed)])
      state.storage.removeAll(where: \.isComplete)
      state.settling.subtract(completed.map(\.todo.id))
      state.revision += 1
      state.repairSelection(previous: previous)
      let noun = completed.count == 1 ? "todo" : "todos"
      return showStatus("Cleared \(completed.count) completed \(noun) · u to undo")

    case .undoButtonTapped:
      guard let entry = state.undoStack.popLast() else { return showStatus("Nothing to undo") }
      state.redoStack.append(state.replay(entry))
      return showStatus("Undid \(entry.label) · Ctrl-R to redo")

    case .redoButtonTapped:
      guard let entry = state.redoStack.popLast() else { return showStatus("Nothing to redo") }
      state.undoStack.append(state.replay(entry))
      return showStatus("Redid \(entry.label)")

    case .helpButtonTapped:
      state.mode = .help
      return .none

    case .helpDismissed:
      guard state.mode == .help else { return .none }
      state.mode = .normal
      return .none

    case .quitRequested:
      state.isQuitting = true
      return .none

    case .terminalResized(let width, let height):
      state.size = TerminalSize(width: max(width, 0), height: max(height, 0))
      return .none

    case .statusMessageShown(let text, let kind):
      return showStatus(text, kind)

    case .statusMessageExpired:
      state.status = nil
      return .none

    case .sortCompletedTodos:
      // Never under an edit: the settle waits until the edit ends (`settleAfterEdit`).
      guard !state.isEditing else { return .none }
      let previous = state.visibleIDs
      // Sorting by (isComplete, original offset) is a stable partition: active todos keep
      // their order, then completed ones keep theirs. One pass, no comparisons.
      let elements = state.storage.elements
      let firstCompleted = elements.firstIndex(where: \.isComplete) ?? elements.endIndex
      if let lastActive = elements.lastIndex(where: { !$0.isComplete }),
        firstCompleted < lastActive
      {
        let sorted = elements.filter { !$0.isComplete } + elements.filter(\.isComplete)
        state.storage = IdentifiedArray(uncheckedUniqueElements: sorted)
        state.revision += 1
        // Undo puts back the order from before the sort too: the sort is part of the step
        // that caused it (and of the redo step it happened under).
        let unsort = ListChange.move(sortInverse(elements[firstCompleted...lastActive]))
        if !state.undoStack.isEmpty {
          state.undoStack[state.undoStack.count - 1].changes.append(unsort)
        }
        if !state.redoStack.isEmpty {
          state.redoStack[state.redoStack.count - 1].changes.append(unsort)
        }
      }
      state.settling = []
      state.repairSelection(previous: previous)
      return .none

    case .todosLoaded(let todos):
      let previous = state.visibleIDs
      // The first of each id wins; hashing each id once into a set is much cheaper than
      // IdentifiedArray's uniquing initializer.
      var seen = Set<UUID>(minimumCapacity: todos.count)
      if todos.allSatisfy({ seen.insert($0.id).inserted }) {
        // The usual case: no copy of the rows (the array's storage is reused).
        state.todos = IdentifiedArray(uncheckedUniqueElements: todos)
      } else {
        seen.removeAll(keepingCapacity: true)
        state.todos = IdentifiedArray(
          uncheckedUniqueElements: todos.filter { seen.insert($0.id).inserted })
      }
      state.settling = []
      state.undoStack = []
      state.redoStack = []
      if case .editing(let editing) = state.mode, !editing.isNew,
        state.storage[id: editing.id] == nil
      {
        state.mode = .normal
      }
      state.repairSelection(previous: previous)
      return .none
    }
  }

  /// What undoes the sort of `middle` (the part of the list from the first completed todo to
  /// the last active one): the fewer of its completed or its active rows, at their indices.
  static func sortInverse(_ middle: ArraySlice<Todo.State>) -> [IndexedID] {
    let completedCount = middle.count(where: \.isComplete)
    let movesCompleted = completedCount <= middle.count - completedCount
    var moved: [IndexedID] = []
    moved.reserveCapacity(movesCompleted ? completedCount : middle.count - completedCount)
    for index in middle.indices where middle[index].isComplete == movesCompleted {
      moved.append(IndexedID(middle[index].id, at: index))
    }
    return moved
  }

  /// `“description”` for messages and undo labels, shortened when long.
  static func quoted(_ todo: Todo.State) -> String {
    let text = todo.description
    let short = text.count > 30 ? String(text.prefix(29)) + "…" : text
    return "“\(short)”"
  }
}

extension Todos.State {
  /// How many of `todos` are not complete (an O(n) count of flags).
  static func countActive(_ todos: IdentifiedArrayOf<Todo.State>) -> Int {
    todos.elements.withUnsafeBufferPointer { elements in
      var count = 0
      for index in elements.indices where !elements[index].isComplete { count += 1 }
      return count
    }
  }

  /// Whether `todo` is shown: it matches the filter (or is settling) and the search.
  public func isVisible(_ todo: Todo.State) -> Bool {
    (filter.matches(todo) || settling.contains(todo.id)) && matchesSearch(todo)
  }

  /// Whether `todo` matches the search text (case-insensitive; empty matches everything).
  public func matchesSearch(_ todo: Todo.State) -> Bool {
    Todos.SearchPattern(searchQuery).matches(todo.description)
  }

  /// The search text without surrounding spaces.
  var searchQuery: String {
    search.text.isEmpty ? "" : search.text.trimmingCharacters(in: .whitespaces)
  }

  /// Whether `todo` is waiting for the settle moment (toggled since the last sort).
  public func isWaitingToSettle(_ todo: Todo.State) -> Bool {
    settling.contains(todo.id)
  }

  /// The todos the list shows, in order. Without a filter or search it is the list itself
  /// (no copy, O(1) lookups); otherwise one pass over the list, or over the matches of an
  /// earlier query while typing narrows the search (`Todos+Search.swift`).
  public var visible: Todos.VisibleTodos {
    Todos.VisibleTodos(todos: todos, indices: visibleIndices())
  }

  /// The ids of the visible todos, in order.
  public var visibleIDs: [UUID] { visible.ids }

  /// The rows available to the list between the header (title, filter bar) and the footer
  /// (status, key hints).
  public var listHeight: Int { max(size.height - Todos.chromeHeight, 1) }

  /// Scrolls as little as possible so the selected row is on screen, and never past the end.
  public mutating func revealSelection() {
    let visible = self.visible
    let height = listHeight
    var top = max(min(scrollTop, visible.count - height), 0)
    if let position = visible.position(of: selectedID) {
      if position < top {
        top = position
      } else if position >= top + height {
        top = position - height + 1
      }
    }
    scrollTop = top
  }

  /// Keeps the selection on a visible todo: the same one if it still shows, else the next one
  /// that was below it in `previous`, else the one above, else the first.
  mutating func repairSelection(previous: [UUID]) {
    let visible = self.visible
    guard visible.count > 0 else {
      selectedID = nil
      return
    }
    if visible.position(of: selectedID) != nil { return }
    if let selectedID, let start = previous.firstIndex(of: selectedID) {
      // `position(of:)` is O(1) unfiltered (O(log n) filtered): no set of every visible id.
      if let below = previous[(start + 1)...].first(where: { visible.position(of: $0) != nil }) {
        self.selectedID = below
        return
      }
      if let above = previous[..<start].last(where: { visible.position(of: $0) != nil }) {
        self.selectedID = above
        return
      }
    }
    selectedID = visible[0].id
  }

  /// Pushes an undo step, `changes` being what undoes the change about to be made (recorded
  /// before it), and forgets the redo steps.
  mutating func recordHistory(_ label: String, _ changes: [Todos.ListChange]) {
    undoStack.append(Todos.HistoryEntry(label: label, changes: changes, selectedID: selectedID))
    if undoStack.count > Todos.historyLimit {
      undoStack.removeFirst(undoStack.count - Todos.historyLimit)
    }
    if !redoStack.isEmpty { redoStack = [] }
  }

  /// Makes `changes`, last first, and returns what undoes them (in the same form).
  ///
  /// ```swift
  /// let redo = state.apply(entry.changes)
  /// ```
  /// Applies a history step (undo or redo) and returns the step that reverts it.
  mutating func replay(_ entry: Todos.HistoryEntry) -> Todos.HistoryEntry {
    let previous = visibleIDs
    let inverse = apply(entry.changes)
    let reverted = Todos.HistoryEntry(label: entry.label, changes: inverse, selectedID: selectedID)
    selectedID = entry.selectedID
    revision += 1
    repairSelection(previous: previous)
    return reverted
  }

  mutating func apply(_ changes: [Todos.ListChange]) -> [Todos.ListChange] {
    var inverse: [Todos.ListChange] = []
    inverse.reserveCapacity(changes.count)
    for change in changes.reversed() { inverse.append(apply(change)) }
    return inverse
  }

  /// Makes one change and returns the change that undoes it. Rows are found by id; ids that
  /// are not (or, for an insert, already) in the list are skipped.
  mutating func apply(_ change: Todos.ListChange) -> Todos.ListChange {
    switch change {
    case .update(let rows):
      var previous: [Todo.State] = []
      previous.reserveCapacity(rows.count)
      for row in rows {
        guard let old = storage[id: row.id] else { continue }
        previous.append(old)
        activeCount += (row.isComplete ? 0 : 1) - (old.isComplete ? 0 : 1)
        storage[id: row.id] = row
      }
      return .update(previous)
    case .remove(let ids):
      return .insert(splice(removing: ids, inserting: []).removed)
    case .insert(let rows):
      return .remove(splice(removing: [], inserting: rows).inserted)
    case .move(let places):
      let rows = places.compactMap { place in
        storage[id: place.id].map { Todos.IndexedTodo($0, at: place.index) }
      }
      let removed = splice(removing: places.map(\.id), inserting: rows).removed
      return .move(removed.map { Todos.IndexedID($0.todo.id, at: $0.index) })
    }
  }

  /// Up to this many rows, `splice` removes and inserts one at a time (each O(n) but cheap);
  /// beyond, it rebuilds the list once.
  static let spliceInPlaceLimit = 16

  /// Removes the rows with `ids`, then inserts `rows` at their indices (ascending), keeping
  /// `activeCount`; returns the removed rows with the indices they had (ascending) and the ids
  /// inserted.
  mutating func splice(
    removing ids: [UUID], inserting rows: [Todos.IndexedTodo]
  ) -> (removed: [Todos.IndexedTodo], inserted: [UUID]) {
    var removed: [Todos.IndexedTodo] = []
    removed.reserveCapacity(ids.count)
    for id in ids {
      guard let index = storage.index(id: id) else { continue }
      removed.append(Todos.IndexedTodo(storage[index], at: index))
    }
    removed.sort { $0.index < $1.index }
    let removedIDs = Set(removed.map(\.todo.id))
    // A row already in the list (and staying) is not inserted twice.
    let inserting = rows.filter {
      storage.index(id: $0.todo.id) == nil || removedIDs.contains($0.todo.id)
    }
    activeCount -= removed.count(where: { !$0.todo.isComplete })
    activeCount += inserting.count(where: { !$0.todo.isComplete })
    if removed.count + inserting.count <= Self.spliceInPlaceLimit {
      for row in removed.reversed() { storage.remove(at: row.index) }
      for row in inserting { storage.insert(row.todo, at: min(max(row.index, 0), storage.count)) }
    } else {
      var result: [Todo.State] = []
      result.reserveCapacity(storage.count - removed.count + inserting.count)
      var pending = inserting[...]
      for todo in storage.elements where removedIDs.isEmpty || !removedIDs.contains(todo.id) {
        while let next = pending.first, next.index <= result.count {
          result.append(next.todo)
          pending.removeFirst()
        }
        result.append(todo)
      }
      result.append(contentsOf: pending.map(\.todo))
      storage = IdentifiedArray(uncheckedUniqueElements: result)
    }
    return (removed, inserting.map(\.todo.id))
  }
}

extension Todos {
  /// Rows taken by the title, the filter bar, the status line and the key hints.
  public static let chromeHeight = 4

  /// The visible todos: a view over the list, not a copy.
  public struct VisibleTodos {
    let todos: IdentifiedArrayOf<Todo.State>
    /// Positions in `todos`; nil when every todo is visible.
    let indices: [Int]?

    public var count: Int { indices?.count ?? todos.count }

    public subscript(position: Int) -> Todo.State {
      todos[indices?[position] ?? position]
    }

    /// The position of `id` among the visible todos.
    public func position(of id: UUID?) -> Int? {
      guard let id, let index = todos.index(id: id) else { return nil }
      guard let indices else { return index }
      // Indices are increasing: binary search.
      var low = 0
      var high = indices.count
      while low < high {
        let middle = (low + high) / 2
        if indices[middle] < index { low = middle + 1 } else { high = middle }
      }
      return low < indices.count && indices[low] == index ? low : nil
    }

    public var ids: [UUID] {
      // Without a filter: the list's own id array, shared, not copied.
      guard let indices else { return todos.ids.elements }
      return indices.map { todos[$0].id }
    }
  }
}

/// Splits a leading todo.txt priority off typed text: "(A) Call Mom" → ("A", "Call Mom").
/// Only an uppercase letter in parentheses followed by a space counts, as in the file.
///
/// ```swift
/// splitPriority("(B) Pay rent")  // ("B", "Pay rent")
/// splitPriority("(b) Pay rent")  // (nil, "(b) Pay rent")
/// ```
func splitPriority(_ text: String) -> (priority: Character?, text: String) {
  let scalars = Array(text.unicodeScalars.prefix(4))
  guard scalars.count == 4, scalars[0] == "(", scalars[2] == ")", scalars[3] == " ",
    ("A"..."Z").contains(scalars[1])
  else { return (nil, text) }
  let rest = text.unicodeScalars.dropFirst(4)
  return (
    Character(scalars[1]),
    String(String.UnicodeScalarView(rest)).trimmingCharacters(in: .whitespaces)
  )
}
