import FoundationEssentials
import IdentifiedCollections
import OrderedCollections
import TodoTxt

/// What decides which todos show: the filter, the search, the chosen `+project`/`@context`,
/// the todos waiting to settle (which stay visible under a filter they no longer match until
/// the sort), and the todos hidden by their dates (`t:` after today, `h:1`), which `H` shows;
/// and the order they show in.
///
/// ```swift
/// let visible = Visibility(filter: .active, query: "milk").apply(to: list.rows)
/// ```
public struct Visibility: Equatable, Sendable {
  public var filter: Todos.Filter
  /// The search text, trimmed, read as a query (`Query`); empty matches everything.
  public var query: String
  /// The view's query (`SavedView.query`), a filter like `filter`; empty: every todo.
  public var view: String
  public var settling: Set<UUID>
  /// `H`: show the todos hidden by their dates too (the list's `dates.hidden`).
  public var showsHidden: Bool
  /// The picked project or context (`+work`, `@phone`): only todos carrying exactly it show.
  public var tag: String?
  /// The display order (`s`); the file keeps its own.
  public var order: TodoSortOrder
  /// An order none of `TodoSortOrder`'s (`"due,priority"`); it wins over `order`.
  public var sort: SortSpec?
  /// The view's sections (`group = "project"`): the todos show section by section, each in
  /// the order above.
  public var group: GroupBy?

  public init(
    filter: Todos.Filter = .all, query: String = "", settling: Set<UUID> = [],
    showsHidden: Bool = false, tag: String? = nil, order: TodoSortOrder = .fileOrder,
    view: String = "", sort: SortSpec? = nil, group: GroupBy? = nil
  ) {
    self.group = group
    self.sort = sort
    self.filter = filter
    self.query = query
    self.view = view
    self.settling = settling
    self.showsHidden = showsHidden
    self.tag = tag
    self.order = order
  }

  /// The visible todos of `todos`, in order. Without a filter or search it is the list itself
  /// (no copy, O(1) lookups); otherwise one pass over the list.
  /// (The list's own `visible` also keeps what it works out between keys, `ViewCache`, and
  /// leaves out the todos hidden by their dates, which only the list knows.)
  public func apply(to todos: IdentifiedArrayOf<Todo.State>) -> VisibleTodos {
    let list = TodoList(todos: todos, settling: settling)
    return VisibleTodos(todos: todos, order: list.visibleOrder(for: self))
  }
}

/// The visible todos: a view over the list, not a copy.
///
/// ```swift
/// let visible = state.visible
/// visible.position(of: state.viewport.selectedID)  // 3
/// ```
public struct VisibleTodos {
  /// Which rows show, in which order, as the list works it out (`TodoList.visibleOrder`).
  struct Order {
    /// Positions in the list; nil when every todo is visible.
    var indices: [Int]? = nil
    /// In a sort order (where `indices` are not increasing), the position of each list index
    /// among them, -1 when hidden; nil in file order.
    var positions: [Int32]? = nil
    /// Every todo, the completed ones below the active ones (`indices` nil).
    var partition: CompletedLast? = nil
    /// Under a view's `group`: the sections, in order.
    var groups: [Group]? = nil
  }

  let todos: IdentifiedArrayOf<Todo.State>
  /// Positions in `todos`; nil when every todo is visible.
  let indices: [Int]?
  /// In a sort order (where `indices` are not increasing), the position of each list index
  /// among them, -1 when hidden; nil in file order.
  var positions: [Int32]? = nil
  /// Every todo shows, the completed ones below the active ones: where each one is.
  var partition: CompletedLast? = nil
  /// Under a view's `group`: the sections, in order, each a header above its todos
  /// (`VisibleTodos+Groups.swift`); nil when the list is not grouped.
  public internal(set) var groups: [Group]? = nil

  init(
    todos: IdentifiedArrayOf<Todo.State>, indices: [Int]?, positions: [Int32]? = nil,
    partition: CompletedLast? = nil, groups: [Group]? = nil
  ) {
    self.todos = todos
    self.indices = indices
    self.positions = positions
    self.partition = partition
    self.groups = groups
  }

  init(todos: IdentifiedArrayOf<Todo.State>, order: Order) {
    self.init(
      todos: todos, indices: order.indices, positions: order.positions,
      partition: order.partition, groups: order.groups)
  }

  public var count: Int { indices?.count ?? todos.count }
  public var isEmpty: Bool { count == 0 }

  public subscript(position: Int) -> Todo.State {
    if let partition { return todos[partition.index(atPosition: position)] }
    return todos[indices?[position] ?? position]
  }

  /// The position of `id` among the visible todos.
  public func position(of id: UUID?) -> Int? {
    guard let id, let index = todos.index(id: id) else { return nil }
    if let partition { return partition.position(ofIndex: index) }
    guard let indices else { return index }
    if let positions { return positions[index] < 0 ? nil : Int(positions[index]) }
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
    if let partition { return partition.orderedIndices().map { todos[$0].id } }
    // Without a filter: the list's own id array, shared, not copied.
    guard let indices else { return todos.ids.elements }
    return indices.map { todos[$0].id }
  }
}
