import FoundationEssentials
import IdentifiedCollections
import TodoTxt

// Sort orders written as keys (`SortSpec`, config's `sort` and `sort_orders`): the three that
// are `TodoSortOrder`'s use its packed keys, kept row by row; any other is sorted here from a
// key per row, once per change of the rows or of what shows (`ViewCache.visible` keeps it).

extension TodoSortOrder {
  /// The built-in order `spec` is exactly, if any: `file`, `priority`, `due`.
  ///
  /// ```swift
  /// TodoSortOrder(exactly: try SortSpec(parsing: "due"))  // .dueDate
  /// ```
  public init?(exactly spec: SortSpec) {
    switch spec.fields {
    case [SortSpec.Field(.file)]: self = .fileOrder
    case [SortSpec.Field(.priority)]: self = .priority
    case [SortSpec.Field(.due)]: self = .dueDate
    default: return nil
    }
  }

  /// The order as keys: `file`, `priority` or `due`.
  public var spec: SortSpec {
    switch self {
    case .fileOrder: SortSpec([.init(.file)])
    case .priority: SortSpec([.init(.priority)])
    case .dueDate: SortSpec([.init(.due)])
    }
  }
}

extension Todos.State {
  /// The order the list shows in: the `s` order, or in file order the view's own `sort`;
  /// as a built-in order, or as keys (`sort`, non-nil only when no built-in order is it).
  var shownOrder: (order: TodoSortOrder, sort: SortSpec?) {
    let spec = customSort ?? (sortOrder == .fileOrder ? currentView?.sort : nil)
    guard let spec else { return (sortOrder, nil) }
    if let order = TodoSortOrder(exactly: spec) { return (order, nil) }
    return (.fileOrder, spec)
  }

  /// Whether the list shows in the file's order, not cut into sections (`J`/`K` move todos
  /// only then).
  var showsFileOrder: Bool {
    let shown = shownOrder
    return shown.order == .fileOrder && shown.sort == nil && currentView?.group == nil
  }

  /// What the title says about the order, or nil in file order.
  ///
  /// ```swift
  /// state.sortTitle  // "by due, priority"
  /// ```
  public var sortTitle: String? {
    let shown = shownOrder
    return shown.sort?.title ?? shown.order.title
  }

  /// `s`: the next of `sortOrders` after the one in effect (the first when it is none of them).
  mutating func cycleSortSpec() {
    let current = customSort ?? sortOrder.spec
    let orders = sortOrders.isEmpty ? SortSpec.defaultCycle : sortOrders
    let next = orders[((orders.firstIndex(of: current) ?? -1) + 1) % orders.count]
    if let order = TodoSortOrder(exactly: next) {
      sortOrder = order
      customSort = nil
    } else {
      sortOrder = .fileOrder
      customSort = next
    }
  }
}

extension TodoList {
  /// `indices` (ascending; nil: every row) sorted by `spec`: the completed todos (as placed:
  /// a todo waiting to settle keeps its place) below the active ones, then each key in turn,
  /// then file order; and each list index's position among them.
  func sorted(
    _ indices: [Int]?, by spec: SortSpec, settling: Set<UUID>
  ) -> (indices: [Int], positions: [Int32]) {
    var ordered = indices ?? Array(rows.indices)
    let elements = rows.elements
    // Read once so that the rows that settled since get their real completion (and those
    // waiting keep theirs from before the toggle); kept row by row from then on.
    _ = displayOrder(.fileOrder, settling: settling)
    var sinksAt = [Bool](repeating: false, count: elements.count)
    for index in ordered { sinksAt[index] = displayRank(ofIndex: index, in: .fileOrder) >> 63 == 1 }
    let columns = spec.fields.map { SortColumn($0, elements, ordered) }
    ordered.sort { lhs, rhs in
      if sinksAt[lhs] != sinksAt[rhs] { return !sinksAt[lhs] }
      for column in columns {
        if let less = column.compare(lhs, rhs) { return less }
      }
      return lhs < rhs
    }
    var positions = [Int32](repeating: -1, count: elements.count)
    for (position, index) in ordered.enumerated() { positions[index] = Int32(position) }
    return (ordered, positions)
  }
}

/// One key's values for the rows being sorted, read once (a date read per comparison would
/// parse it again): numbers, or for `text` the lowercased descriptions.
struct SortColumn {
  let descending: Bool
  /// By list index; `Int64.max`: no value (sorts last either way).
  var numbers: [Int64] = []
  var texts: [String] = []

  init(_ field: SortSpec.Field, _ elements: [Todo.State], _ indices: [Int]) {
    descending = field.descending
    if field.key == .text {
      texts = [String](repeating: "", count: elements.count)
      for index in indices { texts[index] = elements[index].description.lowercased() }
      return
    }
    numbers = [Int64](repeating: .max, count: elements.count)
    for index in indices {
      let todo = elements[index]
      switch field.key {
      case .priority:
        let rank = SortKey(priority: todo.priority, dueDate: nil, isComplete: false, fileIndex: 0)
          .priorityRank
        numbers[index] = rank < 26 ? Int64(rank) : .max
      case .due: numbers[index] = Self.day(DateTags(todo.description).dueDate)
      case .t: numbers[index] = Self.day(DateTags(todo.description).thresholdDate)
      case .created: numbers[index] = Self.day(todo.creationDate)
      case .completed: numbers[index] = Self.day(todo.completionDate)
      case .file: numbers[index] = Int64(index)
      case .text: break
      }
    }
  }

  /// Whether the row at `lhs` comes first by this key, or nil when the key ties them.
  func compare(_ lhs: Int, _ rhs: Int) -> Bool? {
    if texts.isEmpty {
      let (left, right) = (numbers[lhs], numbers[rhs])
      if left == right { return nil }
      if left == .max || right == .max { return right == .max }
      return descending ? left > right : left < right
    }
    let (left, right) = (texts[lhs], texts[rhs])
    if left == right { return nil }
    return descending ? left > right : left < right
  }

  private static func day(_ date: TodoDate?) -> Int64 {
    guard let date else { return .max }
    return Int64(date.year) * 10_000 + Int64(date.month) * 100 + Int64(date.day)
  }
}
