import Architecture
import FoundationEssentials
import IdentifiedCollections
import OrderedCollections
import TerminalUI
import TodoTxt

// The list's state: what it shows, how its children see it, and the changes it makes through
// the list core. Shared here as methods, so no reducer sends actions to itself.

extension Todos.State {
  /// Every todo, in file order (the list core's rows). Setting it (tests do) recounts.
  public internal(set) var rows: IdentifiedArrayOf<Todo.State> {
    get { list.rows }
    set { list.rows = newValue }
  }

  /// How many todos are not complete, for the title.
  public var activeCount: Int { list.activeCount }

  /// Where keys go.
  public var focus: Todos.Focus {
    switch mode {
    case .editing: .editor
    case .help: .help
    case .picking, .choosingList, .pickingView: .picker
    case .restoring: .restore
    case .normal:
      organise.linkPicker != nil
        ? .links
        : organise.prompt != nil
          ? .prompt
          : search?.isTyping == true
            ? .search
            : organise.isAwaitingPriority ? .priority : organise.rangeAnchor != nil ? .range : .list
    }
  }

  /// What decides which todos show.
  public var visibility: Visibility {
    let (order, sort) = shownOrder
    return Visibility(
      filter: filter, query: search?.query ?? "", settling: settling, showsHidden: showsHidden,
      tag: pickedTag, order: order, view: currentView?.query ?? "", sort: sort,
      group: currentView?.group)
  }

  /// The todos the list shows, in order: the list itself without a filter or search, else one
  /// pass over it, or over the matches of an earlier query while typing narrows the search.
  public var visible: VisibleTodos {
    VisibleTodos(todos: list.rows, order: list.visibleOrder(for: visibility))
  }

  /// Whether `todo` is waiting for the settle moment (toggled since the last sort).
  public func isWaitingToSettle(_ todo: Todo.State) -> Bool { settling.holds(todo.id) }

  // MARK: - After every action

  /// What `settle(since:)` compares with: cheap to take. It holds the ids and the visible
  /// positions (shared arrays, kept by the list), never the rows: a second reference to them
  /// would make the next in-place change of a row copy them all.
  struct Snapshot {
    var ids: [UUID]
    /// Which rows showed, in which order.
    var visibleOrder: VisibleTodos.Order
    var revision: Int
    /// Renewed by every change of the rows.
    var token: UInt64
    var visibility: Visibility
    var status: Todos.StatusMessage?
    var isEditing: Bool
    var viewport: Viewport.State

    /// The ids that were visible, in order (asked for only when the selection was lost).
    func visibleIDs() -> [UUID] {
      let indices = visibleOrder.partition?.orderedIndices() ?? visibleOrder.indices
      return indices.map { $0.map { ids[$0] } } ?? ids
    }
  }

  var snapshot: Snapshot {
    let visibility = self.visibility
    return Snapshot(
      ids: list.rows.ids.elements, visibleOrder: list.visibleOrder(for: visibility),
      revision: list.revision,
      token: list.contentToken, visibility: visibility, status: status,
      isEditing: isEditing, viewport: viewport)
  }

  /// Keeps the selection on a visible todo (the same one, else its neighbour in the list as it
  /// was `before`; with no selection, the first once what shows changed) and on screen; gives
  /// a new status message its 3 seconds.
  @MainActor
  mutating func settle(
    since before: Snapshot, environment: TodosEnvironment
  ) -> Effect<Todos.Action> {
    // Read once: every action comes through here.
    let visibility = self.visibility
    // The order with nothing chosen is kept in the list for the next key's reads.
    list.keepFileView(for: visibility)
    let rowsUnchanged = before.token == list.contentToken
    // Nothing the selection and the scroll follow changed (a letter typed in the editor, a
    // mode opened): they are where the last action left them.
    if rowsUnchanged, before.visibility == visibility, before.viewport == viewport {
      return statusExpiry(since: before.status, environment)
    }
    let visible = VisibleTodos(todos: list.rows, order: list.visibleOrder(for: visibility))
    var onlySearched = before.visibility
    onlySearched.query = visibility.query
    if rowsUnchanged, onlySearched == visibility, before.visibility.query != visibility.query,
      visibility.group == nil
    {
      // A search key: the previous matches are kept by the list, and a binary search finds
      // the neighbour, so a key costs the same at any size.
      let list = self.list
      let wasShown = { (id: UUID) in
        VisibleTodos(todos: list.rows, order: before.visibleOrder).position(of: id) != nil
      }
      let order = visibility.order
      viewport.followAfterSearch(
        visible, wasShown: wasShown, listIndex: list.index(id:),
        rank: { list.displayRank(ofIndex: $0, in: order) })
    } else if viewport.selectedID != nil || !rowsUnchanged || before.visibility != visibility {
      viewport.follow(visible, previous: before.visibleIDs)
    } else {
      viewport.scrollTop = viewport.top(in: visible, height: viewport.listHeight)
    }
    return statusExpiry(since: before.status, environment)
  }

  /// Clears a status message 3 s after it was shown, if it is a new showing since `before`
  /// (a later one restarts the wait).
  @MainActor
  public func statusExpiry(
    since before: Todos.StatusMessage?, _ environment: TodosEnvironment
  ) -> Effect<Todos.Action> {
    guard let status, status.isNewShowing(since: before) else { return .none }
    return Effect.send(.statusMessageExpired)
      .deferred(for: Todos.statusDuration, scheduler: environment.scheduler)
      .cancellable(id: Todos.CancelID.status, cancelInFlight: true)
  }

  // MARK: - Changes

  /// Pushes an undo step for a change about to be made, with the selection as it is.
  mutating func recordHistory(_ label: String, _ changes: [TodoList.Change]) {
    history.record(label, changes, selectedID: viewport.selectedID)
  }

  /// Pushes an undo step whose label is made only when shown (`complete “Milk”`).
  mutating func recordHistory(_ title: History.Title, _ changes: [TodoList.Change]) {
    history.record(title, changes, selectedID: viewport.selectedID)
  }

  /// The settle moment: nothing is settling any more, so the view places every todo by its
  /// completion (the file keeps its order: nothing to save, nothing to undo). A selected todo
  /// that moves away leaves the selection on its screen row, now holding the todo that came up
  /// into it (the last row if none did).
  ///
  /// ```swift
  /// // A B C, Space on A, a second later: B C A, with B selected
  /// ```
  mutating func sortCompletedTodos() {
    guard !settling.isEmpty else { return }
    let selected = viewport.selectedID
    let wasSettling = selected.map(settling.contains) ?? false
    let row = visible.position(of: selected)
    settling = []
    guard wasSettling, let row else { return }
    let visible = self.visible
    guard !visible.isEmpty, visible.position(of: selected) != row else { return }
    viewport.selectedID = visible[min(row, visible.count - 1)].id
  }

  /// Saves what the editor holds: adds the new todo (first, or last `atBottom`), changes the
  /// edited one, or deletes it when its text was cleared.
  mutating func commitEdit(
    today: TodoDate, addsCreationDate: Bool = true, atBottom: Bool = false
  ) {
    guard case .editing(let editor) = mode else { return }
    mode = .normal
    let (priority, text) = convertingDates(editor.parsed, today: today)
    if editor.isNew {
      // A fresh UUID; were it ever taken, adding nothing beats an undo step that removes the
      // todo that has it.
      guard !text.isEmpty, list[id: editor.id] == nil else { return }
      let todo = Self.newTodo(
        id: editor.id, priority: priority, text: text,
        creationDate: editor.creationDate(else: addsCreationDate ? today : nil))
      recordHistory("add \(Todos.quoted(todo))", [.remove([todo.id])])
      list.insert(todo, at: atBottom ? list.count : 0)
      viewport.selectedID = todo.id
      return
    }
    guard let todo = list[id: editor.id] else { return }
    if text.isEmpty { return delete(todo.id) }
    guard text != todo.description || priority != todo.priority else { return }
    recordHistory("edit \(Todos.quoted(todo))", [.update([todo])])
    list.update(id: todo.id) {
      $0.description = text
      $0.priority = priority
      $0.rawLine = nil
    }
  }

  /// A new todo from the editor's text. Typed as a whole todo.txt line, its own dates count: a
  /// creation date typed first is kept rather than doubled (`2026-01-01 backdated`), and
  /// `x 2026-11-20 …` is a completed todo (no creation date added to it). An `x ` with no date
  /// stays text (`x marks the spot`), as the app writes it.
  ///
  /// ```swift
  /// Todos.State.newTodo(id: id, priority: nil, text: "2026-01-01 Call", creationDate: today)
  /// // "Call", created 2026-01-01
  /// ```
  static func newTodo(
    id: UUID, priority: Character?, text: String, creationDate: TodoDate?
  ) -> Todo.State {
    let typed = (priority.map { "(\($0)) " } ?? "") + text
    if let line = TodoTxtLine.parse(Array(typed.utf8)),
      line.completionDate != nil || (!line.isComplete && line.creationDate != nil),
      !line.text.isEmpty
    {
      var todo = Todo.State(line: line, id: id)
      todo.rawLine = nil
      return todo
    }
    return Todo.State(
      id: id, description: text, priority: priority, creationDate: creationDate)
  }

  /// Deletes a todo, saying how to get it back.
  mutating func delete(_ id: UUID) {
    guard let todo = list[id: id], let index = list.index(id: id) else { return }
    recordHistory("delete \(Todos.quoted(todo))", [.insert([.init(todo, at: index)])])
    list.remove(id: id)
    settling.remove(id)
    status = Todos.StatusMessage("Deleted \(Todos.quoted(todo)) · u to undo")
  }

  /// Swaps the selected todo with its visible neighbour; false when it did not move.
  mutating func moveSelected(_ direction: Todos.MoveDirection) -> Bool {
    let visible = self.visible
    guard let id = viewport.selectedID, let position = visible.position(of: id),
      let from = list.index(id: id), let todo = list[id: id]
    else { return false }
    let neighbourPosition = direction == .up ? position - 1 : position + 1
    guard neighbourPosition >= 0, neighbourPosition < visible.count else { return false }
    let neighbour = visible[neighbourPosition]
    if todo.isComplete != neighbour.isComplete, !settling.contains(todo.id),
      !settling.contains(neighbour.id)
    {
      // The sort would put it straight back: say so rather than move it for 100 ms.
      status = Todos.StatusMessage("Completed todos stay below active ones")
      return false
    }
    let to = list.index(id: neighbour.id) ?? from
    let places = [TodoList.IndexedID(id, at: from), .init(neighbour.id, at: to)]
    recordHistory("move \(Todos.quoted(todo))", [.move(places.sorted { $0.index < $1.index })])
    list.move(id, toPlaceOf: neighbour.id)
    return true
  }

  /// Before the final save: an edit in progress is kept (nothing typed is lost) and a pending
  /// settle is done now (it changes only the view, never the file).
  public mutating func settleBeforeQuitting(
    today: TodoDate, addsCreationDate: Bool = true, atBottom: Bool = false
  ) {
    if case .editing(let editor) = mode {
      if editor.field.text.trimmingWhitespace().isEmpty {
        mode = .normal
      } else {
        commitEdit(today: today, addsCreationDate: addsCreationDate, atBottom: atBottom)
      }
    }
    if !settling.isEmpty { sortCompletedTodos() }
  }

  /// Takes in the todos read from the file: no new revision; the undo steps are moved onto the
  /// todos as they are now (false: none of the rows is left, so they were cleared); the
  /// selection stays on the same todo where it can. An edit of a todo another program removed (todo.sh
  /// archived it, say) or changed (`sed -i`) stays open as a new todo, so Enter keeps both
  /// versions: what was typed never silently replaces or loses the other program's change.
  /// `newID` names that new todo when the edited one is still in the list.
  @discardableResult
  public mutating func load(_ todos: consuming [Todo.State], newID: (() -> UUID)? = nil) -> Bool {
    let before = snapshot
    var editedBefore: Todo.State?
    if case .editing(let editor) = mode, !editor.isNew { editedBefore = list[id: editor.id] }
    let previous = list
    list.load(consume todos)
    list.prepare(views)
    settling = []
    let keptHistory = history.rebase(from: previous, to: list)
    if case .editing(let editor) = mode, !editor.isNew {
      if list[id: editor.id] == nil {
        mode = .editing(
          Editor.State(id: editor.id, isNew: true, field: editor.field, original: editedBefore))
        status = Todos.StatusMessage(Todos.editedTodoRemoved)
      } else if let was = editedBefore, let now = list[id: editor.id], let newID,
        was.description != now.description || was.priority != now.priority
      {
        mode = .editing(
          Editor.State(id: newID(), isNew: true, field: editor.field, original: was))
        status = Todos.StatusMessage(Todos.editedTodoChanged)
      }
    }
    viewport.follow(visible, previous: before.visibleIDs)
    return keptHistory
  }
}

extension Todos.Mode {
  /// The editor case, for `ifCaseLet`.
  @MainActor
  static let editor = CasePath<Self, Editor.State>(
    embed: Self.editing, extract: { if case .editing(let editor) = $0 { editor } else { nil } })
}

extension Todos.Action {
  @MainActor
  static let editorAction = ActionPath<Self, Editor.Action>(
    embed: Self.editor, extract: { if case .editor(let action) = $0 { action } else { nil } })
  @MainActor
  static let searchAction = ActionPath<Self, Search.Action>(
    embed: Self.search, extract: { if case .search(let action) = $0 { action } else { nil } })
}

extension Todos.State {
  /// A list; everything is optional.
  ///
  /// ```swift
  /// Todos.State(todos: [Todo.State(id: UUID(counter: 0), description: "Milk")])
  /// ```
  public init(
    todos: IdentifiedArrayOf<Todo.State> = [],
    selectedID: UUID? = nil,
    filter: Todos.Filter = .all,
    search: Search.State? = nil,
    mode: Todos.Mode = .normal,
    settling: Set<UUID> = [],
    undoStack: [History.Entry] = [],
    redoStack: [History.Entry] = [],
    status: Todos.StatusMessage? = nil,
    size: TerminalSize = TerminalSize(width: 80, height: 24),
    scrollTop: Int = 0,
    revision: Int = 0,
    isQuitting: Bool = false,
    today: TodoDate = TodosEnvironment.testDay,
    showsHidden: Bool = false,
    recurrenceCopies: [UUID: UUID] = [:],
    pickedTag: String? = nil,
    sortOrder: TodoSortOrder = .fileOrder
  ) {
    self.list = TodoList(todos: todos, revision: revision, today: today, settling: settling)
    self.showsHidden = showsHidden
    self.recurrenceCopies = recurrenceCopies
    self.viewport = Viewport.State(selectedID: selectedID, scrollTop: scrollTop, size: size)
    self.filter = filter
    self.search = search
    self.mode = mode
    self.settling = settling
    self.history = History.State(undoStack: undoStack, redoStack: redoStack)
    self.status = status
    self.isQuitting = isQuitting
    self.pickedTag = pickedTag
    self.sortOrder = sortOrder
  }
}

extension Set<UUID> {
  /// Whether the set holds `id`, found without hashing it while the set is small: the view asks
  /// it of every row on screen (is it settling? in conflict?), and hashing a UUID costs about
  /// 150 instructions where a few comparisons cost a handful.
  ///
  /// ```swift
  /// state.settling.holds(todo.id)
  /// ```
  func holds(_ id: UUID) -> Bool {
    if count > 8 { return contains(id) }
    for member in self where member == id { return true }
    return false
  }
}
