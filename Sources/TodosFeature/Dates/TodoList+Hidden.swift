import FoundationEssentials
import IdentifiedCollections

// Where the todos hidden by their dates are in the list, kept in the list's view cache
// between changes that move no row, for the one visibility rule (`Viewport/VisibleOrder.swift`).

extension TodoList {
  /// The list indices of the todos hidden by their dates, ascending: those kept for the
  /// same hidden set if the rows are still there, else looked up by id (and kept).
  func hiddenIndices() -> [Int] {
    let token = dates.hiddenToken
    let count = dates.hidden.count
    if let kept = viewCache.hidden, kept.token == token, kept.ids.count == count {
      let stillThere = rows.elements.withUnsafeBufferPointer { elements in
        kept.indices.indices.allSatisfy { n in
          kept.indices[n] < elements.count && elements[kept.indices[n]].id == kept.ids[n]
        }
      }
      if stillThere { return kept.indices }
    }
    let found = dates.hidden.compactMap { id in rows.index(id: id).map { (index: $0, id: id) } }
      .sorted { $0.index < $1.index }
    let indices = found.map(\.index)
    viewCache.hidden = (token, indices, found.map(\.id))
    return indices
  }

  /// Every list index but the hidden todos', kept while they stay where they are.
  func shownIndices() -> [Int] {
    let hidden = hiddenIndices()
    // The same hidden array (compared by identity first) at the same size: the same result.
    if let kept = viewCache.shown, kept.count == rows.count, kept.hidden == hidden {
      return kept.indices
    }
    var indices: [Int] = []
    indices.reserveCapacity(rows.count - hidden.count)
    var next = 0
    for index in 0..<rows.count {
      if next < hidden.count, hidden[next] == index {
        next += 1
      } else {
        indices.append(index)
      }
    }
    viewCache.shown = (hidden, rows.count, indices)
    return indices
  }

  /// Every list index but the hidden todos', in the file's display order (completed todos
  /// below active ones), and each one's position (-1: hidden): kept while the hidden todos and
  /// the display order stay (a toggle moves neither), so a key costs no pass over the rows.
  func shownInDisplayOrder(settling: Set<UUID>) -> (indices: [Int], positions: [Int32]) {
    let hidden = hiddenIndices()
    let order = sortedRows(.fileOrder, settling: settling).indices
    // Arrays compare by identity first: the same arrays, the same result, in O(1).
    if let kept = viewCache.shownSorted, kept.hidden == hidden, kept.order == order {
      return (kept.indices, kept.positions)
    }
    var isHidden = [Bool](repeating: false, count: rows.count)
    for index in hidden { isHidden[index] = true }
    var positions = [Int32](repeating: -1, count: rows.count)
    var indices: [Int] = []
    indices.reserveCapacity(rows.count - hidden.count)
    for index in order where !isHidden[index] {
      positions[index] = Int32(indices.count)
      indices.append(index)
    }
    viewCache.shownSorted = (hidden, order, indices, positions)
    return (indices, positions)
  }
}
