import FoundationEssentials
import IdentifiedCollections

/// The order every todo shows in when nothing is chosen (no filter, search, tag or `s` order,
/// no todo hidden by its dates): the active todos, then the completed ones, each in file
/// order, a todo toggled since the settle staying where it was. Kept in the list's value and
/// updated by its changes row by row (`follow(_:to:)`: an added, removed or swapped row moves
/// its bit, a toggled one keeps its place), so the reads of one key (before, the reducers,
/// after, the frame) cost a property read at any size; after the action, `keepFileView(for:)`
/// moves the todos that stopped waiting to settle.
///
/// ```swift
/// list.keepFileView(for: state.visibility)   // after each action
/// list.fileView?.partition.position(ofIndex: 3)
/// ```
struct FileView {
  /// The contents it describes (`TodoList.contentToken`).
  var token: UInt64
  /// The todos waiting to settle, which it shows where they were before their toggle.
  var settling: Set<UUID>
  /// Where each row shows.
  var partition: CompletedLast
  /// Rows whose completion changed since the view was last kept: shown where they were until
  /// it is kept again (they stay there if they wait to settle).
  var changed: [UUID] = []

  /// The view of `rows` (contents `token`) as they are read: the todos in `settling` were
  /// toggled once, so they show with the other completion.
  init(rows: IdentifiedArrayOf<Todo.State>, settling: Set<UUID>, token: UInt64) {
    self.token = token
    self.settling = settling
    partition = rows.elements.withUnsafeBufferPointer { rows in
      CompletedLast(count: rows.count) { index in
        rows[index].isComplete != (!settling.isEmpty && settling.contains(rows[index].id))
      }
    }
  }

  init(token: UInt64, settling: Set<UUID>, partition: CompletedLast) {
    self.token = token
    self.settling = settling
    self.partition = partition
  }

  /// Whether it is the order of the contents `token` with `settling` waiting (the set kept
  /// after the action is found in O(1): sets compare by identity first).
  func describes(_ token: UInt64, settling: Set<UUID>) -> Bool {
    self.token == token && changed.isEmpty && self.settling == settling
  }

  /// Whether it is the view of contents `token`, kept with `settling` waiting, and every row
  /// toggled since is waiting too: then no todo stopped waiting to settle, and nothing moves
  /// (a toggle of a waiting todo, say, costs no pass over the todos toggled before it).
  func onlyKeepsWaiting(_ token: UInt64, settling: Set<UUID>) -> Bool {
    self.token == token && self.settling == settling && changed.allSatisfy(settling.contains)
  }

  /// Follows one change that took the rows to contents `token`; false when it cannot (a
  /// change of many rows: the view is made again from the rows).
  mutating func follow(_ change: OrganiseCache.RowChange?, to token: UInt64) -> Bool {
    switch change {
    case nil: return false
    case .changed(let old, let new, _):
      if old.isComplete != new.isComplete { changed.append(new.id) }
    case .inserted(let todo, let index): partition.insert(at: index, completed: todo.isComplete)
    case .removed(_, let index): partition.remove(at: index)
    case .swapped(_, _, let first, let second): partition.swap(first, second)
    }
    self.token = token
    return true
  }

  /// Moves the rows that no longer wait to settle (in `self.settling` or changed, not in
  /// `settling`) to where their completion puts them.
  mutating func settle(keeping settling: Set<UUID>, _ rows: IdentifiedArrayOf<Todo.State>) {
    func release(_ id: UUID) {
      guard !settling.contains(id), let index = rows.index(id: id) else { return }
      partition.set(index, completed: rows[index].isComplete)
    }
    for id in changed { release(id) }
    if self.settling != settling {
      for id in self.settling { release(id) }
    }
    // The buffer is kept for the next toggle: noting that one then allocates nothing.
    if !changed.isEmpty { changed.removeAll(keepingCapacity: true) }
    self.settling = settling
  }
}

extension TodoList {
  /// Where each row shows with nothing chosen and `settling` waiting, from the kept view (the
  /// todos that stopped waiting moved); nil when the view is not kept for these rows.
  func completedLast(settling: Set<UUID>) -> CompletedLast? {
    guard var view = fileView, view.token == contentToken else { return nil }
    if view.describes(contentToken, settling: settling) { return view.partition }
    view.settle(keeping: settling, storage)
    return view.partition
  }

  /// Brings the file view up to date once an action is done, when it is what shows: the todos
  /// that stopped waiting to settle move (in the organise cache too), and a view dropped by a
  /// change of many rows is made again.
  ///
  /// ```swift
  /// list.keepFileView(for: visibility)  // the reads of the next key find it
  /// ```
  mutating func keepFileView(for visibility: Visibility) {
    guard visibility.showsEverything(hidingNone: dates.hidden.isEmpty) else { return }
    forgetSearches()
    let settling = visibility.settling
    if let view = fileView, view.describes(contentToken, settling: settling) { return }
    if !(fileView?.onlyKeepsWaiting(contentToken, settling: settling) ?? false) {
      viewCache.organise.release(keeping: settling, storage, token: contentToken)
    }
    if var view = fileView, view.token == contentToken {
      fileView = nil  // the only reference: moved in place
      view.settle(keeping: settling, storage)
      fileView = view
      return
    }
    // Made once from the organise cache's order (a todo waiting to settle keeps its key).
    let keys = displayOrder(.fileOrder, settling: settling).keys
    let completed = keys.lazy.filter(\.isComplete).map(\.fileIndex)
    fileView = FileView(
      token: contentToken, settling: settling,
      partition: CompletedLast(count: storage.count, completed: completed))
  }
}
