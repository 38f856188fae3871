import Architecture
import FoundationEssentials
import IdentifiedCollections
import TodoTxt

/// The list core: every todo in file order, and the invariants over them. Only its own methods
/// change the rows, so the active count and the revision are always right and no reducer keeps
/// them by hand.
///
/// ```swift
/// var list = TodoList(todos: [Todo.State(id: UUID(counter: 0), description: "Milk")])
/// list.insert(Todo.State(id: UUID(counter: 1), description: "Eggs"), at: 0)
/// list.activeCount  // 2
/// list.revision  // 1
/// ```
public struct TodoList: Equatable, CustomReflectable {
  /// Every todo, in file order; addressed by id. Setting it (tests do) recounts the active
  /// todos (O(n)); the methods below keep the count as they go.
  public internal(set) var rows: IdentifiedArrayOf<Todo.State> {
    get { storage }
    set {
      storage = newValue
      activeCount = Self.countActive(newValue)
      dates.rebuild(newValue.elements)
      contentToken = ViewCache.nextToken()
      fileView = nil
    }
  }
  /// The rows, changed only by the methods in this file, each of which ends with
  /// `didChange()`. (A stored property without observers: `forEach` changes a row in place
  /// through its key path, where an observer would copy every row.)
  fileprivate(set) var storage: IdentifiedArrayOf<Todo.State>
  /// Identifies the rows' contents: renewed by every change, unique in the process. What the
  /// view cache keeps is kept for one token.
  private(set) var contentToken = ViewCache.nextToken()
  /// What reads of the list work out about how its rows show (`Viewport/ViewCache.swift`):
  /// shared by copies, not part of the value.
  let viewCache = ViewCache()
  /// The order everything shows in with nothing chosen, kept through the changes
  /// (`Viewport/FileView.swift`); not part of the value.
  var fileView: FileView?
  /// How many todos are not complete, for the title (O(1) to read).
  public internal(set) var activeCount: Int
  /// Grows whenever something that is saved to the file changes; persistence watches it.
  public internal(set) var revision: Int
  /// The dated todos, kept row by row: what is hidden and overdue on `dates.today`
  /// (`Dates/DateIndex.swift`).
  public internal(set) var dates: DateIndex

  /// A list of `todos` at `revision`, its dates seen on `today`; the todos in `settling` wait to
  /// settle (they show where they were before their toggle).
  public init(
    todos: IdentifiedArrayOf<Todo.State> = [], revision: Int = 0,
    today: TodoDate = TodosEnvironment.testDay, settling: Set<UUID> = []
  ) {
    self.storage = todos
    self.activeCount = Self.countActive(todos)
    self.revision = revision
    self.dates = DateIndex(today: today)
    dates.rebuild(todos.elements)
    fileView = FileView(rows: todos, settling: settling, token: contentToken)
  }

  /// A new day: what is hidden and overdue is decided again; nothing is saved.
  mutating func setToday(_ day: TodoDate) {
    guard day != dates.today else { return }
    dates.setToday(day)
    contentToken = ViewCache.nextToken()
    fileView?.token = contentToken  // the order does not depend on the day
  }

  /// The todo with `id`, if it is in the list.
  public subscript(id id: UUID) -> Todo.State? { storage[id: id] }

  /// The position of `id` in the list.
  public func index(id: UUID) -> Int? { storage.index(id: id) }

  public var isEmpty: Bool { storage.isEmpty }
  public var count: Int { storage.count }

  /// Puts `todo` at `index` (its id must be new).
  mutating func insert(_ todo: Todo.State, at index: Int) {
    storage.insert(todo, at: index)
    if !todo.isComplete { activeCount += 1 }
    dates.note(todo)
    didChange(.inserted(todo, at: index))
  }

  /// Takes the todo with `id` out; returns it with the index it had.
  @discardableResult
  mutating func remove(id: UUID) -> IndexedTodo? {
    guard let index = storage.index(id: id) else { return nil }
    let todo = storage.remove(at: index)
    if !todo.isComplete { activeCount -= 1 }
    dates.forget(id)
    didChange(.removed(todo, at: index))
    return IndexedTodo(todo, at: index)
  }

  /// Takes out every completed todo; returns them with their indices, ascending.
  mutating func removeCompleted() -> [IndexedTodo] {
    var completed: [IndexedTodo] = []
    for (index, todo) in storage.elements.enumerated() where todo.isComplete {
      completed.append(IndexedTodo(todo, at: index))
    }
    guard !completed.isEmpty else { return [] }
    storage.removeAll(where: \.isComplete)
    for row in completed { dates.forget(row.todo.id) }
    didChange()
    return completed
  }

  /// Changes the todo with `id` in place; the count and the revision follow what changed.
  mutating func update(id: UUID, _ change: (inout Todo.State) -> Void) {
    guard let index = storage.index(id: id) else { return }
    let before = storage[index]
    change(&storage[index])
    afterChanging(from: before, to: storage[index])
  }

  /// Completes every todo, or reactivates every one when none is active; returns the rows that
  /// changed, as they were.
  mutating func toggleAll(on date: TodoDate, keepingPriority: Bool = true) -> [Todo.State] {
    let makeComplete = activeCount > 0
    let changing = storage.elements.filter { $0.isComplete != makeComplete }
    for index in storage.indices where storage[index].isComplete != makeComplete {
      let before = storage[index]
      storage[index].setComplete(makeComplete, on: date, keepingPriority: keepingPriority)
      dates.replace(before, with: storage[index])
      noteToggle(from: before, at: index)
    }
    activeCount = makeComplete ? 0 : storage.count
    didChange()
    return changing
  }

  /// Swaps the todo with `id` with the one at `target`'s place (neighbours on screen, maybe
  /// not in the file): the two lines trade places, every other line stays.
  mutating func move(_ id: UUID, toPlaceOf target: UUID) {
    guard let from = storage.index(id: id), let to = storage.index(id: target), from != to else {
      return
    }
    storage.swapAt(from, to)  // O(1), where remove + insert is O(n)
    didChange(.swapped(first: storage[to], second: storage[from], at: from, to))
  }

  /// Replaces the list with what was read from the file (the first of each id wins). The file
  /// holds these todos already, so the revision stays; nothing waits to settle after it.
  mutating func load(_ todos: [Todo.State]) {
    defer {
      // Where each row shows with nothing chosen, made from the rows (one bit each): the
      // first read finds it, and no display order of every row is sorted and kept for it.
      fileView = FileView(rows: storage, settling: [], token: contentToken)
    }
    // The usual case, every id once: the rows take the array's storage, not a copy of it.
    if let rows = IdentifiedArray(uniqueElementsSharingStorage: todos) {
      self.rows = rows
      return
    }
    // Hashing each id once into a set is much cheaper than IdentifiedArray's uniquing init.
    var seen = Set<UUID>(minimumCapacity: todos.count)
    self.rows = IdentifiedArray(
      uncheckedUniqueElements: todos.filter { seen.insert($0.id).inserted })
  }

  /// A change was made: a new revision, and what was worked out before is not used; the
  /// organise cache and a view's matches follow a one-row `change` (anything else: they are
  /// rebuilt when next read),
  /// and the file view stays when the change moved no row on screen.
  private mutating func didChange(_ change: OrganiseCache.RowChange? = nil) {
    revision += 1
    let before = contentToken
    contentToken = ViewCache.nextToken()
    if var view = fileView {
      fileView = nil  // the only reference: moved in place
      if view.follow(change, to: contentToken) { fileView = view }
    }
    guard let change else {
      viewCache.viewMatches.removeAll()
      return
    }
    // Each view's matches follow the change where they are (by position: no view's query is
    // hashed again); those that cannot are dropped after.
    var dropped: [String] = []
    var index = viewCache.viewMatches.startIndex
    while index != viewCache.viewMatches.endIndex {
      if !viewCache.viewMatches.values[index].follow(change, from: before, to: contentToken) {
        dropped.append(viewCache.viewMatches.keys[index])
      }
      viewCache.viewMatches.formIndex(after: &index)
    }
    for view in dropped { viewCache.viewMatches[view] = nil }
    viewCache.organise.apply(change, from: before, to: contentToken)
  }

  /// A row at `index` was toggled from `before` outside `didChange(_:)`: it keeps its place
  /// on screen until the settle (`OrganiseCache.frozen`).
  private func noteToggle(from before: Todo.State, at index: Int) {
    viewCache.organise.noteToggle(from: before, at: index)
  }

  /// Two lists are equal when their rows, counts, revision and dates are: what was worked
  /// out about how the rows show (`viewCache`, `fileView`) is derived from them.
  public static func == (lhs: TodoList, rhs: TodoList) -> Bool {
    lhs.storage == rhs.storage && lhs.activeCount == rhs.activeCount
      && lhs.revision == rhs.revision && lhs.dates == rhs.dates
  }

  /// The same parts in a dump of the state (the debug log, a failed test's diff).
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "storage": storage, "activeCount": activeCount, "revision": revision, "dates": dates,
      ])
  }

  /// Keeps the count and the revision after one row changed from `before` to `after`.
  fileprivate mutating func afterChanging(from before: Todo.State, to after: Todo.State) {
    guard before != after else { return }
    activeCount += (after.isComplete ? 0 : 1) - (before.isComplete ? 0 : 1)
    dates.replace(before, with: after)
    didChange(storage.index(id: after.id).map { .changed(from: before, to: after, at: $0) })
  }

  /// How many of `todos` are not complete (an O(n) count of flags).
  static func countActive(_ todos: IdentifiedArrayOf<Todo.State>) -> Int {
    todos.elements.withUnsafeBufferPointer { elements in
      var count = 0
      for index in elements.indices where !elements[index].isComplete { count += 1 }
      return count
    }
  }
}

extension TodoList {
  /// The row reducer run on the row an action names (by id), inside the list core: whatever
  /// the row does, the count and the revision follow.
  ///
  /// ```swift
  /// let rows = TodoList.rowsReducer(environment)
  /// ```
  @MainActor
  static func rowsReducer(
    _ environment: TodosEnvironment
  ) -> Reducer<TodoList, IdentifiedAction<UUID, Todo.Action>> {
    let forEach = Reducer<TodoList, IdentifiedAction<UUID, Todo.Action>>.empty.forEach(
      \.storage, action: ActionPath(embed: { $0 }, extract: { $0 }),
      element: Todo.reducer(environment))
    return Reducer { list, action in
      let before = list.storage[id: action.id]
      let effect = forEach.reduce(into: &list, action: action)
      if let before, let after = list.storage[id: action.id] {
        list.afterChanging(from: before, to: after)
      }
      return effect
    }
  }
}

extension TodoList {
  /// Makes `changes`, last first, and returns what undoes them (in the same form): one new
  /// revision.
  ///
  /// ```swift
  /// let redo = list.apply(entry.changes)
  /// ```
  mutating func apply(_ changes: [Change]) -> [Change] {
    var inverse: [Change] = []
    inverse.reserveCapacity(changes.count)
    for change in changes.reversed() { inverse.append(apply(change)) }
    didChange()
    return inverse
  }

  /// Makes one change and returns the change that undoes it. Rows are found by id; ids that
  /// are not (or, for an insert, already) in the list are skipped.
  private mutating func apply(_ change: Change) -> Change {
    switch change {
    case .update(let updated):
      var previous: [Todo.State] = []
      previous.reserveCapacity(updated.count)
      for row in updated {
        guard let old = storage[id: row.id] else { continue }
        previous.append(old)
        activeCount += (row.isComplete ? 0 : 1) - (old.isComplete ? 0 : 1)
        dates.replace(old, with: row)
        if let index = storage.index(id: row.id) {
          storage[index] = row
          if old.isComplete != row.isComplete { noteToggle(from: old, at: index) }
        }
      }
      return .update(previous)
    case .remove(let ids):
      return .insert(splice(removing: ids, inserting: []).removed)
    case .insert(let inserted):
      return .remove(splice(removing: [], inserting: inserted).inserted)
    case .move(let places):
      let moved = places.compactMap { place in
        storage[id: place.id].map { IndexedTodo($0, at: place.index) }
      }
      let removed = splice(removing: places.map(\.id), inserting: moved).removed
      return .move(removed.map { IndexedID($0.todo.id, at: $0.index) })
    }
  }

  /// Up to this many rows, `splice` removes and inserts one at a time (each O(n) but cheap);
  /// beyond, it rebuilds the list once.
  static let spliceInPlaceLimit = 16

  /// Removes the rows with `ids`, then inserts `inserted` at their indices (ascending), keeping
  /// the count; returns the removed rows with the indices they had (ascending) and the ids
  /// inserted.
  private mutating func splice(
    removing ids: [UUID], inserting inserted: [IndexedTodo]
  ) -> (removed: [IndexedTodo], inserted: [UUID]) {
    var removed: [IndexedTodo] = []
    removed.reserveCapacity(ids.count)
    for id in ids {
      guard let index = storage.index(id: id) else { continue }
      removed.append(IndexedTodo(storage[index], at: index))
    }
    removed.sort { $0.index < $1.index }
    let removedIDs = Set(removed.map(\.todo.id))
    // A row already in the list (and staying) is not inserted twice.
    let inserting = inserted.filter {
      storage.index(id: $0.todo.id) == nil || removedIDs.contains($0.todo.id)
    }
    activeCount -= removed.count(where: { !$0.todo.isComplete })
    activeCount += inserting.count(where: { !$0.todo.isComplete })
    for row in removed { dates.forget(row.todo.id) }
    for row in inserting { dates.note(row.todo) }
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
