import FoundationEssentials
import IdentifiedCollections
import TodoTxt

/// The pickers' tag index and the sorted view's display order, kept in the list's view cache
/// (`ViewCache`, outside the list's value) and in step with the rows one change at a time: the list core
/// reports an added, removed or changed row (`TodoList.didChange(_:)`), and only that row is
/// rescanned. Any other change (a settle, an undo, a load) leaves the cache behind the list's
/// token, and the next read rebuilds it once.
///
/// A row toggled since the last settle keeps the display key it had then (its completion, and
/// its priority, which completing moves into a `pri:` tag), so it does not move under the
/// user's finger; `frozen` holds those keys, and a read with a settling set that no longer
/// holds the row gives it its real key.
///
/// ```swift
/// list.tagIndex.entries(.project)                  // built on first use, then kept
/// list.displayOrder(.priority, settling: [])       // likewise
/// ```
struct OrganiseCache {
  /// One change of the rows, as the list core reports it.
  enum RowChange {
    case inserted(Todo.State, at: Int)
    case removed(Todo.State, at: Int)
    case changed(from: Todo.State, to: Todo.State, at: Int)
    /// The two rows traded places: `first` was at `firstIndex` and is now at `secondIndex`.
    case swapped(first: Todo.State, second: Todo.State, at: Int, Int)
  }

  /// The list contents (`TodoList.contentToken`) that the parts below describe.
  private(set) var token: UInt64 = 0
  private(set) var tags: TagIndex?
  private(set) var display: DisplayOrder?
  /// The display keys of the rows toggled since the settle, as they were before (the file
  /// index is the row's current one, not this one's).
  private(set) var frozen: [UUID: SortKey] = [:]
  /// The chosen tag and the list indices of the rows carrying it, ascending.
  private(set) var tagged: (tag: String, indices: [Int])?
  /// In the sorted view without a filter: the rows top to bottom and their positions.
  private(set) var shown: (indices: [Int], positions: [Int32])?
  /// Each row's section under the views' `group`s, each with a token of its own (`GroupLabels`).
  var groups: [GroupBy: GroupLabels] = [:]

  /// Follows one change that took the list from token `from` to token `to`; a cache that was
  /// not at `from` is dropped (it is rebuilt on the next read). A toggle is noted in `frozen`
  /// either way, so a rebuilt order still keeps the toggled row where it was.
  mutating func apply(_ change: RowChange, from: UInt64, to: UInt64) {
    var toggled: SortKey?
    if case .changed(let old, let new, let index) = change, frozen[new.id] == nil,
      old.isComplete != new.isComplete
    {
      toggled = SortKey(old, fileIndex: index)
      frozen[new.id] = toggled  // it stays where it is until the settle
    }
    for kind in Array(groups.keys) {  // each taken out, so its labels change in place
      guard var labels = groups.removeValue(forKey: kind), labels.follow(change, from: from, to: to)
      else { continue }
      groups[kind] = labels
    }
    guard token == from, tags != nil || display != nil || tagged != nil else { return drop() }
    token = to
    switch change {
    case .inserted(let todo, let index):
      tags?.apply(removing: nil, adding: todo)
      updateTagged(removing: nil, adding: todo, at: index)
      display?.insert(SortKey(todo, fileIndex: index))
      shown = nil
    case .removed(let todo, let index):
      tags?.apply(removing: todo, adding: nil)
      updateTagged(removing: todo, adding: nil, at: index)
      let removed = key(todo, at: index)
      display?.remove(removed)
      shown = nil
      frozen[todo.id] = nil
    case .changed(let old, let new, let index):
      tags?.apply(removing: old, adding: new)
      if old.description != new.description { updateTagged(removing: old, adding: new, at: index) }
      if toggled != nil || frozen[new.id] != nil { return }  // it moves at the settle
      let oldKey = SortKey(old, fileIndex: index)
      let newKey = SortKey(new, fileIndex: index)
      if oldKey != newKey { move(from: oldKey, to: newKey) }
    case .swapped(let first, let second, let firstIndex, let secondIndex):
      swap(first, at: firstIndex, with: second, at: secondIndex)
    }
  }

  /// Follows `first` (at `firstIndex`) and `second` (at `secondIndex`) trading places in the
  /// file: only the tagged indices and the two keys change; the shown order is patched in place
  /// when the two rows keep their places on screen (neighbours in one group, the usual `J`).
  private mutating func swap(
    _ first: Todo.State, at firstIndex: Int, with second: Todo.State, at secondIndex: Int
  ) {
    if var current = tagged {
      tagged = nil
      let carriesFirst = SearchQuery.carries(current.tag, in: first.description)
      let carriesSecond = SearchQuery.carries(current.tag, in: second.description)
      if carriesFirst != carriesSecond {
        current.indices.removeAll { $0 == firstIndex || $0 == secondIndex }
        let now = carriesFirst ? secondIndex : firstIndex
        current.indices.insert(now, at: lowerBound(now, in: current.indices))
      }
      tagged = current
    }
    guard var order = display else { return }
    display = nil  // taken out: no copy of the keys while they change
    defer { display = order }
    let oldFirst = key(first, at: firstIndex)
    let oldSecond = key(second, at: secondIndex)
    let newFirst = key(first, at: secondIndex)
    let newSecond = key(second, at: firstIndex)
    let places = order.swap(oldFirst, oldSecond, newFirst, newSecond)
    guard let places, var current = shown else {
      shown = nil
      return
    }
    shown = nil
    current.indices[places.first] = secondIndex
    current.indices[places.second] = firstIndex
    current.positions[secondIndex] = Int32(places.first)
    current.positions[firstIndex] = Int32(places.second)
    shown = current
  }

  /// The tag index of `rows` (at `token`), built on the first read after a change the cache
  /// could not follow.
  mutating func tagIndex(_ rows: IdentifiedArrayOf<Todo.State>, token: UInt64) -> TagIndex {
    restart(at: token)
    if let tags { return tags }
    let built = TagIndex(rows.elements)
    tags = built
    return built
  }

  /// The display order of `rows` (at `token`) in `order`; rows in `settling` keep the
  /// completion they had at the last settle.
  mutating func displayOrder(
    _ order: TodoSortOrder, _ rows: IdentifiedArrayOf<Todo.State>, token: UInt64,
    settling: Set<UUID>
  ) -> DisplayOrder {
    restart(at: token)
    if display?.order == order {
      // Nearly always nothing settled since the last read: asked without building a list.
      guard frozen.keys.contains(where: { !settling.contains($0) }) else { return display! }
      let settled = frozen.keys.filter { !settling.contains($0) }
      if settled.count > Self.settleInPlaceLimit {
        // Many rows settle at once: one sort beats moving each across the others.
        for id in settled { frozen[id] = nil }
        display = nil
        shown = nil
        return displayOrder(order, rows, token: token, settling: settling)
      }
      // Rows that settled since get their real completion now.
      for id in settled {
        guard let index = rows.index(id: id) else {
          frozen[id] = nil
          continue
        }
        let row = rows[index]
        let old = key(row, at: index)
        frozen[id] = nil
        move(from: old, to: SortKey(row, fileIndex: index))
      }
      return display!
    }
    for id in frozen.keys where !settling.contains(id) { frozen[id] = nil }
    // Todos waiting to settle whose toggle the cache did not see are taken to have been
    // toggled once: their key before it has the other completion.
    for id in settling where frozen[id] == nil {
      guard let index = rows.index(id: id) else { continue }
      var key = SortKey(rows[index], fileIndex: index)
      key.isComplete.toggle()
      frozen[id] = key
    }
    var keys: [SortKey] = []
    keys.reserveCapacity(rows.count)
    rows.elements.withUnsafeBufferPointer { buffer in
      for index in buffer.indices {
        keys.append(key(buffer[index], at: index))
      }
    }
    let built = DisplayOrder(order, keys: consume keys)
    display = built
    shown = nil
    return built
  }

  /// The display order's list indices, top to bottom, and each list index's position among
  /// them: made from the display order once, then moved with it (a toggle moves nothing).
  mutating func sortedRows(
    _ order: TodoSortOrder, _ rows: IdentifiedArrayOf<Todo.State>, token: UInt64,
    settling: Set<UUID>
  ) -> (indices: [Int], positions: [Int32]) {
    let display = displayOrder(order, rows, token: token, settling: settling)
    if let shown { return shown }
    var positions = [Int32](repeating: -1, count: rows.count)
    var indices: [Int] = []
    indices.reserveCapacity(display.count)
    for key in display.keys {
      positions[key.fileIndex] = Int32(indices.count)
      indices.append(key.fileIndex)
    }
    shown = (indices, positions)
    return (indices, positions)
  }

  /// Moves the row whose key was `old` to where `new` belongs, in the display order and in
  /// `shown` (only the rows in between shift).
  private mutating func move(from old: SortKey, to new: SortKey) {
    guard var display = self.display else { return }
    self.display = nil  // taken out: no copy of the keys while they change
    defer { self.display = display }
    let from = display.position(of: old)
    display.update(from: old, to: new)
    guard let from, var current = shown, let to = display.position(of: new) else {
      shown = nil
      return
    }
    // In place (a priority in file order): not written, so a view sharing it is not copied.
    if from == to { return }
    shown = nil
    defer { shown = current }
    if from < to {
      for k in from..<to {
        current.indices[k] = current.indices[k + 1]
        current.positions[current.indices[k]] = Int32(k)
      }
    } else if from > to {
      for k in stride(from: from, to: to, by: -1) {
        current.indices[k] = current.indices[k - 1]
        current.positions[current.indices[k]] = Int32(k)
      }
    }
    current.indices[to] = new.fileIndex
    current.positions[new.fileIndex] = Int32(to)
  }

  /// The list indices of the rows of `rows` (at `token`) carrying `tag`, ascending: one scan
  /// when a tag is chosen, then kept up to date row by row.
  mutating func indices(
    carrying tag: String, _ rows: IdentifiedArrayOf<Todo.State>, token: UInt64
  ) -> [Int] {
    restart(at: token)
    if let tagged, tagged.tag == tag { return tagged.indices }
    let indices = rows.elements.indices.filter {
      SearchQuery.carries(tag, in: rows.elements[$0].description)
    }
    tagged = (tag, indices)
    return indices
  }

  /// Keeps `tagged` after the row at `index` was added (`old` nil), removed (`new` nil) or
  /// changed: the rows after an added or removed one shift by one.
  private mutating func updateTagged(
    removing old: Todo.State?, adding new: Todo.State?, at index: Int
  ) {
    guard var current = tagged else { return }
    tagged = nil  // no copy of the indices while they change
    defer { tagged = current }
    let shift = (new != nil ? 1 : 0) - (old != nil ? 1 : 0)
    let position = lowerBound(index, in: current.indices)
    let hadIt = position < current.indices.count && current.indices[position] == index
    if shift == 0 {
      let hasIt = SearchQuery.carries(current.tag, in: new!.description)
      if hadIt && !hasIt { current.indices.remove(at: position) }
      if !hadIt && hasIt { current.indices.insert(index, at: position) }
      return
    }
    if shift < 0, hadIt { current.indices.remove(at: position) }
    for later in position..<current.indices.count { current.indices[later] += shift }
    if let new, SearchQuery.carries(current.tag, in: new.description) {
      current.indices.insert(index, at: position)
    }
  }

  private func lowerBound(_ value: Int, in sorted: [Int]) -> Int {
    var low = 0
    var high = sorted.count
    while low < high {
      let middle = (low + high) / 2
      if sorted[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The display key of `todo` at `index`: the one from before its toggle while it waits to
  /// settle.
  private func key(_ todo: Todo.State, at index: Int) -> SortKey {
    if !frozen.isEmpty, var key = frozen[todo.id] {
      key.fileIndex = index
      return key
    }
    return SortKey(todo, fileIndex: index)
  }

  /// A cache behind the list starts again at `token`.
  private mutating func restart(at token: UInt64) {
    guard self.token != token else { return }
    drop()
    self.token = token
  }

  /// Forgets what describes the rows; `frozen` stays (it is about ids, and the rows toggled
  /// since the settle still wait for it).
  private mutating func drop() {
    token = 0
    tags = nil
    display = nil
    tagged = nil
    shown = nil
  }

  /// A row toggled in a change the cache does not follow row by row (toggle all, an undo):
  /// it keeps the key it had before, unless it already waits with an older one.
  mutating func noteToggle(from before: Todo.State, at index: Int) {
    if frozen[before.id] == nil { frozen[before.id] = SortKey(before, fileIndex: index) }
  }

  /// The rows toggled since the settle that are not in `settling` any more get their real
  /// keys (`rows` at `token`), as a read of the order would give them: the list's file view
  /// settles them without reading the order.
  mutating func release(
    keeping settling: Set<UUID>, _ rows: IdentifiedArrayOf<Todo.State>, token: UInt64
  ) {
    guard !frozen.isEmpty else { return }
    let settled = frozen.keys.filter { !settling.contains($0) }
    guard !settled.isEmpty else { return }
    restart(at: token)
    guard display != nil, settled.count <= Self.settleInPlaceLimit else {
      for id in settled { frozen[id] = nil }
      display = nil
      shown = nil
      return
    }
    for id in settled {
      guard let index = rows.index(id: id) else {
        frozen[id] = nil
        continue
      }
      let old = key(rows[index], at: index)
      frozen[id] = nil
      move(from: old, to: SortKey(rows[index], fileIndex: index))
    }
  }

  /// Up to this many rows settling at once move one by one; beyond, the order is sorted again.
  static let settleInPlaceLimit = 32

  /// In file order: whether the display order is the file's own (no completed todo above an
  /// active one, as the rows are placed now), found by one binary search.
  mutating func isFileOrder(
    _ rows: IdentifiedArrayOf<Todo.State>, token: UInt64, settling: Set<UUID>
  ) -> Bool {
    let display = displayOrder(.fileOrder, rows, token: token, settling: settling)
    let keys = display.keys
    var low = 0
    var high = keys.count
    while low < high {
      let middle = (low + high) / 2
      if keys[middle].isComplete { high = middle } else { low = middle + 1 }
    }
    return low == 0 || keys[low - 1].fileIndex == low - 1
  }

  /// The rank of the row at `index` in `order`'s display order (as placed: a row waiting to
  /// settle keeps its key from before its toggle), for binary searches over a shown order.
  func rank(of todo: Todo.State, at index: Int, in order: TodoSortOrder) -> UInt64 {
    key(todo, at: index).rank(in: order)
  }
}

extension TodoList {
  /// Every `+project` and `@context` with its counts, for the pickers: built on the first
  /// read, then kept up to date row by row.
  ///
  /// ```swift
  /// state.list.tagIndex.entries(.project)
  /// ```
  public var tagIndex: TagIndex {
    viewCache.organise.tagIndex(rows, token: contentToken)
  }

  /// The list indices of the rows carrying `tag`, ascending: found once when the tag is
  /// chosen, then kept up to date row by row.
  func rowsCarrying(_ tag: String) -> [Int] {
    viewCache.organise.indices(carrying: tag, rows, token: contentToken)
  }

  /// Every row in `order`, and each row's position: kept with the display order.
  func sortedRows(
    _ order: TodoSortOrder, settling: Set<UUID>
  ) -> (indices: [Int], positions: [Int32]) {
    viewCache.organise.sortedRows(order, rows, token: contentToken, settling: settling)
  }

  /// The rows in `order`, the todos in `settling` keeping the completion they had at the last
  /// settle: built when the order is chosen, then kept up to date row by row.
  func displayOrder(_ order: TodoSortOrder, settling: Set<UUID>) -> DisplayOrder {
    viewCache.organise.displayOrder(order, rows, token: contentToken, settling: settling)
  }
}
