import FoundationEssentials
import TodoTxt

/// A row's date tags read as days, once, when its text changes (never per frame or per key).
///
/// ```swift
/// RowDates(Todo.State(id: id, description: "Pay rent due:2026-12-01"))?.due  // 2026-12-01
/// RowDates(Todo.State(id: id, description: "Milk"))  // nil: nothing to track
/// ```
public struct RowDates: Equatable, Sendable {
  /// The `due:` day, when its value is a date.
  public var due: TodoDate?
  /// The `t:` (threshold) day, when its value is a date.
  public var start: TodoDate?
  /// `h:1`.
  public var isHiddenForGood: Bool
  /// Whether the todo is completed (completed todos are never overdue).
  public var isComplete: Bool

  /// The dates of `todo`, or nil when it has no due date, no threshold date and no `h:1`.
  ///
  /// ```swift
  /// RowDates(todo)?.start
  /// ```
  public init?(_ todo: borrowing Todo.State) {
    // From the bytes, with no tag made (`DateTags` makes a `Substring` for each part of each
    // tag): a saved view's `due:` and `is:` terms read every row's dates on its first switch.
    let read: RowDates?? = todo.description.utf8.withContiguousStorageIfAvailable { bytes in
      var due: TodoDate??
      var start: TodoDate??
      var hidden: Bool?
      TodoTags.forEachTag(in: bytes) { first, colon, end in
        let value = bytes[(colon + 1)..<end]
        switch colon - first {
        case 1 where bytes[first] == UInt8(ascii: "t"):
          if start == nil { start = .some(TodoDate(utf8: value)) }
        case 1 where bytes[first] == UInt8(ascii: "h"):
          if hidden == nil { hidden = value.count == 1 && value.first == UInt8(ascii: "1") }
        case 3
        where bytes[first] == UInt8(ascii: "d") && bytes[first + 1] == UInt8(ascii: "u")
          && bytes[first + 2] == UInt8(ascii: "e"):
          if due == nil { due = .some(TodoDate(utf8: value)) }
        default: break
        }
        return due == nil || start == nil || hidden == nil
      }
      return RowDates(
        due: due ?? nil, start: start ?? nil, isHiddenForGood: hidden ?? false,
        isComplete: todo.isComplete)
    }
    if let read {
      guard let read else { return nil }
      self = read
      return
    }
    let tags = DateTags(todo.description)
    guard !tags.isEmpty else { return nil }
    due = tags.dueDate
    start = tags.thresholdDate
    isHiddenForGood = tags.isHiddenForGood
    isComplete = todo.isComplete
    if due == nil, start == nil, !isHiddenForGood { return nil }
  }

  /// The dates read, or nil when there are none to track.
  private init?(due: TodoDate?, start: TodoDate?, isHiddenForGood: Bool, isComplete: Bool) {
    if due == nil, start == nil, !isHiddenForGood { return nil }
    self.due = due
    self.start = start
    self.isHiddenForGood = isHiddenForGood
    self.isComplete = isComplete
  }

  /// Hidden on `today`: `h:1`, or a `t:` day after today.
  ///
  /// ```swift
  /// dates.isHidden(today: today)
  /// ```
  public func isHidden(today: TodoDate) -> Bool {
    isHiddenForGood || (start.map { $0 > today } ?? false)
  }

  /// Active, shown, and due before `today`.
  func isOverdue(today: TodoDate) -> Bool {
    !isComplete && !isHidden(today: today) && (due.map { $0 < today } ?? false)
  }
}

/// The list's dated todos, kept up to date row by row as the list changes (like its active
/// count), so hiding, counting and drawing them never reads every description again: a change
/// of one row costs one row's scan, whatever the size of the list.
///
/// ```swift
/// list.dates.hidden.contains(id)  // not shown today (`t:` later, or `h:1`)
/// list.dates.overdueCount        // for the title: “2 overdue”
/// ```
public struct DateIndex: Equatable, CustomReflectable {
  /// The day everything is evaluated on (from the environment; changed at midnight).
  public private(set) var today: TodoDate
  /// The rows with a due date, a threshold date or `h:1`, by id.
  public private(set) var rows: [UUID: RowDates] = [:]
  /// The todos hidden today.
  public private(set) var hidden: Set<UUID> = [] {
    didSet { hiddenToken = ViewCache.nextToken() }
  }
  /// Renewed whenever `hidden` changes, unique in the process: the list keeps where the hidden
  /// todos are under this token (`TodoList.hiddenIndices`), so a toggle does not look them up.
  private(set) var hiddenToken = ViewCache.nextToken()
  /// How many hidden todos are active (they are not counted as items left).
  public private(set) var hiddenActiveCount = 0
  /// How many shown active todos are due before today.
  public private(set) var overdueCount = 0

  /// An index of nothing, evaluated on `today`.
  public init(today: TodoDate) { self.today = today }

  /// Everything else follows from the rows and the day: comparing the day is enough (and
  /// cheap for a big list).
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.today == rhs.today }

  /// Only the day shows in a dump of the state; the rest is derived from the rows.
  public var customMirror: Mirror { Mirror(self, children: ["today": today]) }

  /// Reads every todo (loading a file, or replacing the rows).
  mutating func rebuild(_ todos: some Sequence<Todo.State>) {
    rows = [:]
    hidden = []
    hiddenActiveCount = 0
    overdueCount = 0
    for todo in todos { note(todo) }
  }

  /// Starts tracking `todo` (or its new version: `forget` the old one first).
  mutating func note(_ todo: Todo.State) {
    guard let dates = RowDates(todo) else { return }
    rows[todo.id] = dates
    count(todo.id, dates, sign: 1)
  }

  /// Stops tracking the todo with `id`.
  mutating func forget(_ id: UUID) {
    guard let dates = rows.removeValue(forKey: id) else { return }
    count(id, dates, sign: -1)
  }

  /// A row changed from `before` to `after` (same id): one row read again, when its text did.
  mutating func replace(_ before: Todo.State, with after: Todo.State) {
    if before.description == after.description {
      // A toggle: whether it is hidden does not change, only what it counts for.
      guard var dates = rows[before.id], dates.isComplete != after.isComplete else { return }
      count(before.id, dates, sign: -1, updatingHidden: false)
      dates.isComplete = after.isComplete
      rows[before.id] = dates
      count(before.id, dates, sign: 1, updatingHidden: false)
      return
    }
    forget(before.id)
    note(after)
  }

  /// A new day: hidden todos and overdue ones are counted again (from the kept dates).
  mutating func setToday(_ day: TodoDate) {
    guard day != today else { return }
    today = day
    hidden = []
    hiddenActiveCount = 0
    overdueCount = 0
    for (id, dates) in rows { count(id, dates, sign: 1) }
  }

  private mutating func count(
    _ id: UUID, _ dates: RowDates, sign: Int, updatingHidden: Bool = true
  ) {
    if dates.isHidden(today: today) {
      if updatingHidden {
        if sign > 0 { hidden.insert(id) } else { hidden.remove(id) }
      }
      if !dates.isComplete { hiddenActiveCount += sign }
    }
    if dates.isOverdue(today: today) { overdueCount += sign }
  }
}
