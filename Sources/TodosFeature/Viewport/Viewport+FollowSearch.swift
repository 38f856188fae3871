import FoundationEssentials
import IdentifiedCollections

extension Viewport.State {
  /// After a search key (the list itself unchanged): keeps the selection if it still shows,
  /// else the first shown todo below it, else the last above it, else the first. Binary
  /// searches (by `rank`, a list index's place in the display order) instead of walking the
  /// previous matches, so it costs the same at any size.
  mutating func followAfterSearch(
    _ visible: VisibleTodos, wasShown: (UUID) -> Bool, listIndex: (UUID) -> Int?,
    rank: (Int) -> UInt64
  ) {
    defer { scrollTop = top(in: visible, height: listHeight) }
    guard visible.count > 0 else {
      selectedID = nil
      return
    }
    if visible.position(of: selectedID) != nil { return }
    guard let selectedID, wasShown(selectedID), let index = listIndex(selectedID),
      let shown = visible.indices
    else {
      selectedID = visible[0].id
      return
    }
    // The shown todos are in display order, ascending in rank: the first one below.
    let selectedRank = rank(index)
    var low = 0
    var high = shown.count
    while low < high {
      let middle = (low + high) / 2
      if rank(shown[middle]) < selectedRank { low = middle + 1 } else { high = middle }
    }
    self.selectedID = visible.todos[shown[low < shown.count ? low : shown.count - 1]].id
  }
}
