/// The rows of the list in a sort order, kept sorted as rows change: built once in
/// O(n log n), then each changed, added or removed row costs a binary search and a move of
/// the rows in between, never a re-sort.
///
/// ```swift
/// var display = DisplayOrder(.priority, todos: state.rows)
/// display.fileIndices  // [3, 0, 1, 2]: the (A) todo first
/// display.update(from: SortKey(old, fileIndex: 3), to: SortKey(new, fileIndex: 3))
/// ```
public struct DisplayOrder: Equatable, Sendable {
  public let order: TodoSortOrder
  /// Every row's key, in display order.
  public private(set) var keys: [SortKey]

  /// Sorts `keys` (their file indices must be distinct).
  ///
  /// ```swift
  /// DisplayOrder(.dueDate, keys: keys).fileIndices
  /// ```
  public init(_ order: TodoSortOrder, keys: consuming [SortKey]) {
    self.order = order
    // The usual case: each key's file index is its position (the keys made in file order).
    // Then sorting the ranks, plain integers, and moving each key to its rank's place is
    // several times faster than sorting the keys with a comparator; the keys move in place,
    // so the sort holds one array of ranks beside them, not a second array of keys.
    var isIdentity = true
    var ranks: [UInt64] = []
    ranks.reserveCapacity(keys.count)
    for (position, key) in keys.enumerated() {
      if key.fileIndex != position { isIdentity = false }
      ranks.append(key.rank(in: order))
    }
    guard isIdentity else {
      self.keys = Self.sorted(keys, in: order)
      return
    }
    ranks.sort()
    // ranks[i]'s file index is where the key shown at i is now: each cycle of that
    // permutation moves round once; a place done is marked `.max` (no rank is: file indices
    // stay far below the mask).
    for start in ranks.indices where ranks[start] != .max {
      let first = keys[start]
      var at = start
      while true {
        let source = Int(ranks[at] & SortKey.fileIndexMask)
        ranks[at] = .max
        if source == start {
          keys[at] = first
          break
        }
        keys[at] = keys[source]
        at = source
      }
    }
    self.keys = keys
  }

  /// `keys` sorted when their file indices are not their positions: by rank when the file
  /// indices are distinct places 0..<n, else with the comparator.
  private static func sorted(_ keys: [SortKey], in order: TodoSortOrder) -> [SortKey] {
    var byFileIndex = [Int](repeating: -1, count: keys.count)
    for (position, key) in keys.enumerated() {
      guard key.fileIndex >= 0, key.fileIndex < keys.count, byFileIndex[key.fileIndex] < 0 else {
        return keys.sorted(by: order.areInIncreasingOrder)
      }
      byFileIndex[key.fileIndex] = position
    }
    var ranks = keys.map { $0.rank(in: order) }
    ranks.sort()
    return ranks.map { keys[byFileIndex[Int($0 & SortKey.fileIndexMask)]] }
  }

  /// The display order of `todos`, the file index being each row's place in the collection.
  ///
  /// ```swift
  /// DisplayOrder(.priority, todos: state.rows.elements)
  /// ```
  public init(_ order: TodoSortOrder, todos: some Collection<Todo.State>) {
    var keys: [SortKey] = []
    keys.reserveCapacity(todos.count)
    // Called from other modules the generic loop is not specialised; an array's buffer is
    // walked directly.
    let walked: Void? = todos.withContiguousStorageIfAvailable { buffer in
      for index in buffer.indices { keys.append(SortKey(buffer[index], fileIndex: index)) }
    }
    if walked == nil {
      for (index, todo) in todos.enumerated() { keys.append(SortKey(todo, fileIndex: index)) }
    }
    self.init(order, keys: consume keys)
  }

  /// How many rows there are.
  public var count: Int { keys.count }

  /// The rows' file indices, top to bottom.
  ///
  /// ```swift
  /// for index in display.fileIndices { draw(state.rows[index]) }
  /// ```
  public var fileIndices: [Int] { keys.map(\.fileIndex) }

  /// Where the row with `key` is shown, found by binary search; nil when no row has it.
  ///
  /// ```swift
  /// display.position(of: SortKey(todo, fileIndex: 3))  // 0
  /// ```
  public func position(of key: SortKey) -> Int? {
    let position = lowerBound(of: key, in: 0..<keys.count)
    return position < keys.count && keys[position] == key ? position : nil
  }

  /// Moves the row whose key was `old` to where `new` belongs (same file index), shifting
  /// only the rows in between. A row whose key is not found leaves the order untouched.
  ///
  /// ```swift
  /// display.update(from: SortKey(before, fileIndex: 5), to: SortKey(after, fileIndex: 5))
  /// ```
  public mutating func update(from old: SortKey, to new: SortKey) {
    precondition(old.fileIndex == new.fileIndex, "a row's key changed its file index")
    guard let from = position(of: old) else { return }
    let less = order.areInIncreasingOrder
    if from > 0, less(new, keys[from - 1]) {
      let to = lowerBound(of: new, in: 0..<from)
      var index = from
      while index > to {
        keys[index] = keys[index - 1]
        index -= 1
      }
      keys[to] = new
    } else if from + 1 < keys.count, less(keys[from + 1], new) {
      let to = lowerBound(of: new, in: (from + 1)..<keys.count) - 1
      var index = from
      while index < to {
        keys[index] = keys[index + 1]
        index += 1
      }
      keys[to] = new
    } else {
      keys[from] = new
    }
  }

  /// Adds a row inserted into the file at `key.fileIndex`: rows at or after it in the file
  /// move one down there (which keeps their order here), and the new row goes where it
  /// belongs.
  ///
  /// ```swift
  /// display.insert(SortKey(newTodo, fileIndex: 0))  // a todo added at the top of the file
  /// ```
  public mutating func insert(_ key: SortKey) {
    let at = key.fileIndex
    for index in keys.indices where keys[index].fileIndex >= at { keys[index].fileIndex += 1 }
    keys.insert(key, at: lowerBound(of: key, in: 0..<keys.count))
  }

  /// Removes the row with `key` (deleted from the file); rows after it in the file move one
  /// up there. A key that is not found changes nothing.
  ///
  /// ```swift
  /// display.remove(SortKey(deleted, fileIndex: 4))
  /// ```
  public mutating func remove(_ key: SortKey) {
    guard let position = position(of: key) else { return }
    keys.remove(at: position)
    let at = key.fileIndex
    for index in keys.indices where keys[index].fileIndex > at { keys[index].fileIndex -= 1 }
  }

  /// Follows two rows trading places in the file: `oldFirst` and `oldSecond` become `newFirst`
  /// and `newSecond`. Returns where the two new keys are shown when they took each other's
  /// positions (every other row stays where it was), nil when rows in between moved.
  ///
  /// ```swift
  /// display.swap(key(a, at: 3), key(b, at: 4), key(a, at: 4), key(b, at: 3))
  /// ```
  public mutating func swap(
    _ oldFirst: SortKey, _ oldSecond: SortKey, _ newFirst: SortKey, _ newSecond: SortKey
  ) -> (first: Int, second: Int)? {
    guard let first = position(of: oldFirst), let second = position(of: oldSecond) else {
      return nil
    }
    keys[first] = newSecond
    keys[second] = newFirst
    if isSorted(around: first), isSorted(around: second) { return (second, first) }
    // Rare (rows of different groups, far apart): take both out and put them where they go.
    keys.removeAll { $0 == newFirst || $0 == newSecond }
    keys.insert(newFirst, at: lowerBound(of: newFirst, in: 0..<keys.count))
    keys.insert(newSecond, at: lowerBound(of: newSecond, in: 0..<keys.count))
    return nil
  }

  /// Whether the key at `position` is shown below its neighbours' keys.
  private func isSorted(around position: Int) -> Bool {
    let less = order.areInIncreasingOrder
    if position > 0, !less(keys[position - 1], keys[position]) { return false }
    if position + 1 < keys.count, !less(keys[position], keys[position + 1]) { return false }
    return true
  }

  /// The first position in `range` whose key is not shown above `key`.
  private func lowerBound(of key: SortKey, in range: Range<Int>) -> Int {
    let less = order.areInIncreasingOrder
    var low = range.lowerBound
    var high = range.upperBound
    while low < high {
      let middle = low + (high - low) / 2
      if less(keys[middle], key) {
        low = middle + 1
      } else {
        high = middle
      }
    }
    return low
  }
}
