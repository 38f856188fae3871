import Foundation
import IdentifiedCollections

/// The pickers' tag index and the sorted view's display order, kept beside the search memo
/// (outside the list's value) and in step with the rows one change at a time: the list core
/// reports an added, removed or changed row (`TodoList.didChange(_:)`), and only that row is
/// rescanned. Any other change (a settle, an undo, a load) leaves the cache behind the list's
/// token, and the next read rebuilds it once.
///
/// A row toggled since the last settle keeps the completion it had then in its display key,
/// so it does not move under the user's finger; `deferred` holds those rows, and a read with a
/// settling set that no longer holds one gives it its real key.
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
  }

  /// The list contents (search memo token) that the parts below describe.
  private(set) var token: UInt64 = 0
  private(set) var tags: TagIndex?
  private(set) var display: DisplayOrder?
  /// Rows whose display key holds the other completion than the row (toggled since the
  /// settle).
  private(set) var deferred: Set<UUID> = []

  /// Follows one change that took the list from token `from` to token `to`; a cache that was
  /// not at `from` is dropped (it is rebuilt on the next read).
  mutating func apply(_ change: RowChange, from: UInt64, to: UInt64) {
    guard token == from, tags != nil || display != nil else { return drop() }
    token = to
    switch change {
    case .inserted(let todo, let index):
      tags?.apply(removing: nil, adding: todo)
      display?.insert(SortKey(todo, fileIndex: index))
    case .removed(let todo, let index):
      tags?.apply(removing: todo, adding: nil)
      let removed = key(todo, at: index)
      display?.remove(removed)
      deferred.remove(todo.id)
    case .changed(let old, let new, let index):
      tags?.apply(removing: old, adding: new)
      let oldKey = key(old, at: index)
      var newKey = SortKey(new, fileIndex: index)
      newKey.isComplete = oldKey.isComplete
      if newKey.isComplete != new.isComplete {
        deferred.insert(new.id)
      } else {
        deferred.remove(new.id)
      }
      if oldKey != newKey { display?.update(from: oldKey, to: newKey) }
    }
  }

  /// The tag index of `rows` (at `token`), built on the first read after a change the cache
  /// could not follow.
  mutating func tagIndex(_ rows: IdentifiedArrayOf<Todo.State>, token: UInt64) -> TagIndex {
    restart(at: token, settling: [])
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
    restart(at: token, settling: settling)
    if display?.order == order {
      let settled = deferred.filter { !settling.contains($0) }
      guard !settled.isEmpty else { return display! }
      // Rows that settled since get their real completion now (taken out: no copy of keys).
      var display = self.display!
      self.display = nil
      for id in settled {
        deferred.remove(id)
        guard let index = rows.index(id: id) else { continue }
        let row = rows[index]
        display.update(from: key(row, at: index, flipped: true), to: SortKey(row, fileIndex: index))
      }
      self.display = display
      return display
    }
    var keys: [SortKey] = []
    keys.reserveCapacity(rows.count)
    rows.elements.withUnsafeBufferPointer { buffer in
      for index in buffer.indices {
        keys.append(key(buffer[index], at: index))
      }
    }
    let built = DisplayOrder(order, keys: keys)
    display = built
    return built
  }

  /// The display key of `todo` at `index`: its completion flipped while it waits to settle.
  private func key(_ todo: Todo.State, at index: Int) -> SortKey {
    key(todo, at: index, flipped: !deferred.isEmpty && deferred.contains(todo.id))
  }

  private func key(_ todo: Todo.State, at index: Int, flipped: Bool) -> SortKey {
    var key = SortKey(todo, fileIndex: index)
    if flipped { key.isComplete.toggle() }
    return key
  }

  /// A cache behind the list starts again at `token`; the todos waiting to settle are taken
  /// to have been toggled once.
  private mutating func restart(at token: UInt64, settling: Set<UUID>) {
    guard self.token != token else { return }
    drop()
    self.token = token
    deferred = settling
  }

  private mutating func drop() {
    token = 0
    tags = nil
    display = nil
    deferred = []
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
    let token = searchMemo.token
    let rows = self.rows
    return searchMemo.box.withOrganise { $0.tagIndex(rows, token: token) }
  }

  /// The rows in `order`, the todos in `settling` keeping the completion they had at the last
  /// settle: built when the order is chosen, then kept up to date row by row.
  func displayOrder(_ order: TodoSortOrder, settling: Set<UUID>) -> DisplayOrder {
    let token = searchMemo.token
    let rows = self.rows
    return searchMemo.box.withOrganise {
      $0.displayOrder(order, rows, token: token, settling: settling)
    }
  }
}
