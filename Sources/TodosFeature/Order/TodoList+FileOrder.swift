import Foundation

// File order on screen: the completed todos below the active ones, each group in the file's
// order, read from the organise cache (`OrganiseCache`), which keeps it row by row.

extension TodoList {
  /// Whether the todos show in the file's own order (no completed todo above an active one,
  /// as placed now): one binary search over the kept display order.
  func isInFileOrder(settling: Set<UUID>) -> Bool {
    let token = searchMemo.token
    let rows = self.rows
    return searchMemo.box.withOrganise {
      $0.isFileOrder(rows, token: token, settling: settling)
    }
  }

  /// Every row in file order with the completed ones below the active ones, and each row's
  /// position; nil when that is the file's own order (one read of the cache per call).
  func fileOrderRows(settling: Set<UUID>) -> (indices: [Int], positions: [Int32])? {
    let token = searchMemo.token
    let box = searchMemo.box
    // The reads of one action (before, after, the frame) ask the same: answered from here.
    if let kept = box.fileOrder, kept.token == token, kept.settling == settling {
      return kept.rows
    }
    let rows = self.rows
    let found = box.withOrganise { cache -> (indices: [Int], positions: [Int32])? in
      guard !cache.isFileOrder(rows, token: token, settling: settling) else { return nil }
      return cache.sortedRows(.fileOrder, rows, token: token, settling: settling)
    }
    box.fileOrder = (token, settling, found)
    return found
  }

  /// The rank of the row at `index` in `order`'s display (a row waiting to settle as placed
  /// before its toggle): shown orders are ascending in it.
  func displayRank(ofIndex index: Int, in order: TodoSortOrder) -> UInt64 {
    let todo = rows[index]
    return searchMemo.box.withOrganise { $0.rank(of: todo, at: index, in: order) }
  }
}
