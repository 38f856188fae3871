import Foundation
import IdentifiedCollections

/// The pickers' tag index and the sorted view's display order, kept beside the search memo
/// (outside the list's value) and in step with the rows one change at a time: the list core
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
  }

  /// The list contents (search memo token) that the parts below describe.
  private(set) var token: UInt64 = 0
  private(set) var tags: TagIndex?
  private(set) var display: DisplayOrder?
  /// The display keys of the rows toggled since the settle, as they were before (the file
  /// index is the row's current one, not this one's).
  private(set) var frozen: [UUID: SortKey] = [:]

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
      frozen[todo.id] = nil
    case .changed(let old, let new, let index):
      tags?.apply(removing: old, adding: new)
      let oldKey = key(old, at: index)
      if frozen[new.id] != nil { return }  // it moves at the settle
      if old.isComplete != new.isComplete {
        frozen[new.id] = oldKey  // toggled: it stays where it is until the settle
        return
      }
      let newKey = SortKey(new, fileIndex: index)
      if oldKey != newKey { display?.update(from: oldKey, to: newKey) }
    }
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
      let settled = frozen.keys.filter { !settling.contains($0) }
      guard !settled.isEmpty else { return display! }
      // Rows that settled since get their real completion now (taken out: no copy of keys).
      var display = self.display!
      self.display = nil
      for id in settled {
        guard let index = rows.index(id: id) else {
          frozen[id] = nil
          continue
        }
        let row = rows[index]
        let old = key(row, at: index)
        frozen[id] = nil
        display.update(from: old, to: SortKey(row, fileIndex: index))
      }
      self.display = display
      return display
    }
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
    let built = DisplayOrder(order, keys: keys)
    display = built
    return built
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

  private mutating func drop() {
    token = 0
    tags = nil
    display = nil
    frozen = [:]
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
