import FoundationEssentials
import IdentifiedCollections

// File order on screen: the completed todos below the active ones, each group in the file's
// order, read from the organise cache (`OrganiseCache`), which keeps it row by row.

extension TodoList {
  /// Whether the todos show in the file's own order (no completed todo above an active one,
  /// as placed now): one binary search over the kept display order.
  func isInFileOrder(settling: Set<UUID>) -> Bool {
    viewCache.organise.isFileOrder(rows, token: contentToken, settling: settling)
  }

  /// Every row in file order with the completed ones below the active ones, and each row's
  /// position; nil when that is the file's own order. The list keeps the answer in its value
  /// between changes (`FileView`), so the reads of a key do not come here.
  func fileOrderRows(settling: Set<UUID>) -> (indices: [Int], positions: [Int32])? {
    let cache = viewCache
    guard !cache.organise.isFileOrder(rows, token: contentToken, settling: settling) else {
      return nil
    }
    return cache.organise.sortedRows(.fileOrder, rows, token: contentToken, settling: settling)
  }

  /// The rank of the row at `index` in `order`'s display (a row waiting to settle as placed
  /// before its toggle): shown orders are ascending in it.
  func displayRank(ofIndex index: Int, in order: TodoSortOrder) -> UInt64 {
    viewCache.organise.rank(of: rows[index], at: index, in: order)
  }
}
