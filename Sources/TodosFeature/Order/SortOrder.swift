import TodoTxt

/// The order the list is shown in. The file always keeps its own order; this is display only.
///
/// ```swift
/// var order = TodoSortOrder.fileOrder
/// order = order.cycled  // .priority
/// order.title           // "by priority"
/// ```
public enum TodoSortOrder: String, CaseIterable, Equatable, Hashable, Sendable {
  /// As the todos stand in todo.txt, the completed ones below the active ones (each group in
  /// file order; the file itself keeps its order).
  case fileOrder
  /// `(A)` first … `(Z)`, then todos without a priority.
  case priority
  /// Earliest `due:` first, todos without a due date last.
  case dueDate

  /// The next order for `s`: file order → priority → due date → file order.
  ///
  /// ```swift
  /// TodoSortOrder.dueDate.cycled  // .fileOrder
  /// ```
  public var cycled: TodoSortOrder {
    switch self {
    case .fileOrder: .priority
    case .priority: .dueDate
    case .dueDate: .fileOrder
    }
  }

  /// What the title shows, or nil in file order (which needs no mention).
  ///
  /// ```swift
  /// TodoSortOrder.dueDate.title  // "by due date"
  /// ```
  public var title: String? {
    switch self {
    case .fileOrder: nil
    case .priority: "by priority"
    case .dueDate: "by due date"
    }
  }

  /// Whether `lhs` is shown above `rhs`. A strict total order on keys with distinct file
  /// indices: completed below active, then the order's own field, then file order, so any
  /// sorting algorithm gives the same, stable result.
  ///
  /// ```swift
  /// TodoSortOrder.priority.areInIncreasingOrder(a, b)
  /// ```
  public func areInIncreasingOrder(_ lhs: SortKey, _ rhs: SortKey) -> Bool {
    lhs.rank(in: self) < rhs.rank(in: self)
  }
}

/// What a sort order needs to know about one row, packed small (16 bytes) so that sorting
/// 100k rows compares integers, not strings.
///
/// ```swift
/// SortKey(priority: "B", dueDate: TodoDate(string: "2026-12-01"), isComplete: false,
///   fileIndex: 7)
/// SortKey(todo, fileIndex: 7)  // reads `due:` from the description
/// ```
public struct SortKey: Equatable, Hashable, Sendable {
  /// Where the row stands in the file (the list's index).
  public var fileIndex: Int
  /// 0 for `A` … 25 for `Z`; 26 for no priority.
  public var priorityRank: UInt8
  /// Completed rows sink below active ones. Pass the value as of the last settle: a row
  /// toggled since keeps its old key until the settle moment, so it does not move under the
  /// user's finger.
  public var isComplete: Bool
  /// The due day as a number that orders like the date; `UInt32.max` when there is none.
  public var dueRank: UInt32

  public init(priority: Character?, dueDate: TodoDate?, isComplete: Bool, fileIndex: Int) {
    self.fileIndex = fileIndex
    self.isComplete = isComplete
    self.priorityRank = Self.rank(of: priority)
    self.dueRank =
      dueDate.map { UInt32($0.year) << 9 | UInt32($0.month) << 5 | UInt32($0.day) }
      ?? .max
  }

  /// The key of a row: its priority, the first `due:` date in its description, its flag.
  ///
  /// ```swift
  /// SortKey(Todo.State(id: id, description: "Pay due:2026-12-01"), fileIndex: 0).dueRank
  /// ```
  public init(_ todo: borrowing Todo.State, fileIndex: Int) {
    self.init(
      priority: todo.priority, dueDate: TodoTags.dueDate(in: todo.description),
      isComplete: todo.isComplete, fileIndex: fileIndex)
  }

  /// The key as one number that orders rows as `order` shows them: the completed bit on top,
  /// then the order's field (none in file order), then the file index in the low 39 bits (up to
  /// 5·10¹¹ rows).
  ///
  /// ```swift
  /// key.rank(in: .priority) < other.rank(in: .priority)  // key is shown above
  /// ```
  @inline(__always)
  public func rank(in order: TodoSortOrder) -> UInt64 {
    let index = UInt64(truncatingIfNeeded: fileIndex) & Self.fileIndexMask
    let completed: UInt64 = isComplete ? 1 << 63 : 0
    switch order {
    case .fileOrder: return completed | index
    case .priority: return completed | UInt64(priorityRank) << 39 | index
    case .dueDate: return completed | UInt64(min(dueRank, Self.noDueRank)) << 39 | index
    }
  }

  /// The low bits of a rank: the file index.
  static let fileIndexMask: UInt64 = (1 << 39) - 1
  /// 23 bits hold any packed date up to 9999-12-31; this is above all of them.
  private static let noDueRank: UInt32 = (1 << 24) - 1

  private static func rank(of priority: Character?) -> UInt8 {
    guard let ascii = priority?.asciiValue else { return 26 }
    switch ascii {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): return ascii - UInt8(ascii: "A")
    case UInt8(ascii: "a")...UInt8(ascii: "z"): return ascii - UInt8(ascii: "a")
    default: return 26
    }
  }
}
