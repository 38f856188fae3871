import IdentifiedCollections

// The picker counts as the title does: todos hidden by their dates are counted apart.

extension TodoList {
  /// `entries` with how many of each tag's active todos are hidden today. Only the hidden
  /// todos are scanned (a handful, usually), never the whole list.
  ///
  /// ```swift
  /// list.countingHidden(list.tagIndex.entries(.project))  // +house: 3 shown, 3 hidden
  /// ```
  func countingHidden(_ entries: [TagIndex.Entry]) -> [TagIndex.Entry] {
    guard !dates.hidden.isEmpty else { return entries }
    var hidden: [String: Int] = [:]
    for id in dates.hidden {
      guard let todo = self[id: id], !todo.isComplete else { continue }
      TagIndex.forEachDistinctTag(in: todo.description) { _, word in
        hidden[String(word), default: 0] += 1
      }
    }
    guard !hidden.isEmpty else { return entries }
    return entries.map { entry in
      var entry = entry
      entry.hiddenCount = hidden[entry.tag] ?? 0
      return entry
    }
  }

  /// How many todos hidden by their dates would show under `visibility` with `H`: those the
  /// filter, the chosen tag and the search let through.
  ///
  /// ```swift
  /// list.hiddenCount(matching: state.visibility)  // 2: press H to show them
  /// ```
  func hiddenCount(matching visibility: Visibility) -> Int {
    guard !dates.hidden.isEmpty else { return 0 }
    var shown = visibility
    shown.showsHidden = true
    shown.settling = []
    let hidden = IdentifiedArray(uniqueElements: dates.hidden.compactMap { self[id: $0] })
    return shown.apply(to: hidden).count
  }
}
