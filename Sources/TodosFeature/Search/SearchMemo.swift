import Foundation
import IdentifiedCollections
import Synchronization

extension Search {
  /// A search query, folded once: matches a description case-insensitively without copying it.
  ///
  /// An ASCII query (the usual case) is compared byte by byte with the description's UTF-8,
  /// ASCII letters folded; an ASCII letter followed by a combining accent (`e` + U+0301) is not
  /// that letter. Any other query compares lowercased text: `été` finds `Été`, `σοφία` finds
  /// `ΣΟΦΊΑ`; an all-ASCII description cannot hold such a query, so it is skipped unread.
  ///
  /// ```swift
  /// Search.Pattern("MILK").matches("Buy milk")  // true
  /// ```
  struct Pattern {
    /// The query lowercased; empty matches everything.
    let folded: String
    /// The folded query's bytes when it is ASCII.
    let ascii: [UInt8]?
    /// Whether text made only of ASCII can hold the query: false when the query's canonical
    /// decomposition has a code point outside ASCII (`é` is `e` + U+0301). Only a few code
    /// points decompose to ASCII (U+037E to `;`), and such a query reads every description.
    let canMatchASCIIText: Bool
    /// A query with `+tag`/`@tag` or `(A)` terms (`SearchQuery`): its phrases, each matched as
    /// a query of its own, and its tags and priorities, matched whole; nil for a query without.
    let tagged: (phrases: [Pattern], tags: SearchQuery)?

    init(_ query: String) {
      let split = SearchQuery(query)
      let terms = split.tags + split.priorities.map { "(\($0))" }
      tagged =
        terms.isEmpty
        ? nil
        : (split.phrases.map(Pattern.init), SearchQuery(terms.joined(separator: " ")))
      folded = query.lowercased()
      ascii = folded.utf8.allSatisfy { $0 < 0x80 } ? Array(folded.utf8) : nil
      canMatchASCIIText =
        ascii != nil
        || folded.decomposedStringWithCanonicalMapping.unicodeScalars.allSatisfy(\.isASCII)
    }

    var isEmpty: Bool { folded.isEmpty }

    /// Whether a todo with description `text` and `priority` matches.
    func matches(_ text: String, priority: Character? = nil) -> Bool {
      if let tagged {
        return tagged.phrases.allSatisfy { $0.matches(text) }
          && tagged.tags.matches(text, priority: priority)
      }
      guard let ascii else {
        // Lowercasing copies the text: at 100k todos that cost 0.4 s per key.
        if !canMatchASCIIText, Self.isASCII(text) { return false }
        return text.lowercased().contains(folded)
      }
      if ascii.isEmpty { return true }
      if let found = text.utf8.withContiguousStorageIfAvailable({ Self.find(ascii, in: $0) }) {
        return found
      }
      return Array(text.utf8).withUnsafeBufferPointer { Self.find(ascii, in: $0) }
    }

    /// Whether `needle` (lowercase ASCII) occurs in `haystack` with ASCII letters folded, not
    /// followed by a combining accent (U+0300…U+036F, lead bytes 0xCC 0xCD).
    static func find(_ needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
      let count = needle.count
      guard haystack.count >= count else { return false }
      return needle.withUnsafeBufferPointer { needle in
        let first = needle[0]
        var start = 0
        let last = haystack.count - count
        while start <= last {
          if fold(haystack[start]) == first {
            var offset = 1
            while offset < count, fold(haystack[start + offset]) == needle[offset] { offset += 1 }
            if offset == count {
              let end = start + count
              if end == haystack.count || !(0xCC...0xCD).contains(haystack[end]) { return true }
            }
          }
          start += 1
        }
        return false
      }
    }

    /// Whether every byte of the text's UTF-8 is ASCII (read in place, no copy).
    static func isASCII(_ text: String) -> Bool {
      text.utf8.withContiguousStorageIfAvailable { bytes in !bytes.contains { $0 >= 0x80 } }
        ?? text.utf8.allSatisfy { $0 < 0x80 }
    }

    @inline(__always) static func fold(_ byte: UInt8) -> UInt8 {
      byte &- 0x41 < 26 ? byte | 0x20 : byte
    }
  }

  /// Search results remembered between keys, so that a search stays quick on a big list: each
  /// key searches only the matches of a shorter query it contains (typing narrows), a key that
  /// goes back to an earlier query (Backspace) finds its matches kept, and the several reads
  /// of the visible todos that one key makes (reducer, view) compute them once.
  ///
  /// Not part of the list's value (any two compare equal): results are keyed by a token that
  /// the list core (`TodoList`) renews on every change of its rows, so a copy of the list
  /// never uses another copy's results.
  ///
  /// ```swift
  /// list.visibleIndices(for: visibility)  // searches the last matches, or from scratch
  /// ```
  struct Memo: Equatable, CustomReflectable {
    /// Identifies the list's contents: a new one on every change, unique in the process.
    private(set) var token = Memo.nextToken()
    let box = Box()

    static func == (_: Self, _: Self) -> Bool { true }

    /// Nothing to show in a dump of the state (the debug log): it is not part of the value.
    var customMirror: Mirror { Mirror(self, children: [:]) }

    /// The list changed: results made before are not used.
    mutating func contentChanged() { token = Self.nextToken() }

    private static let counter = Atomic<UInt64>(0)
    static func nextToken() -> UInt64 { counter.wrappingAdd(1, ordering: .relaxed).newValue }

    /// The most queries kept: a chain of queries each containing the previous one.
    static let limit = 12

    /// The results, shared by copies of the list (keyed by token, so a copy never uses
    /// another's). Read and written on the main thread only, like the state: no lock.
    final class Box {
      var results = Results()
      /// The pickers' tag index and the sorted view's order (`OrganiseCache`).
      var organise = OrganiseCache()
      /// Where the todos hidden by their dates are: ascending list indices and their ids, for
      /// the date index's `hiddenToken`. Checked against the rows before use (rows move), so
      /// a toggle costs a pass over these ids, not a hash lookup each.
      var hidden: (token: UInt64, indices: [Int], ids: [UUID])?
      /// Every other list index (what shows with no filter or search), for the hidden todos
      /// at `hidden` (the same array as `hidden.indices` while it holds) among `count` rows.
      var shown: (hidden: [Int], count: Int, indices: [Int])?
      /// The same in the display order (completed todos below active ones): for the hidden
      /// indices and the display order's list indices it was made from.
      var shownSorted: (hidden: [Int], order: [Int], indices: [Int], positions: [Int32])?
      /// The last answer of `fileOrderRows` (nil rows: the file's own order), for a token and
      /// the todos waiting to settle; dropped before the rows change, so the order it shares
      /// with the organise cache is never copied when the cache moves a row.
      var fileOrder:
        (token: UInt64, settling: Set<UUID>, rows: (indices: [Int], positions: [Int32])?)?

      func withResults<T>(_ body: (inout Results) -> T) -> T { body(&results) }
      func withOrganise<T>(_ body: (inout OrganiseCache) -> T) -> T { body(&organise) }
    }

    struct Results: Sendable {
      var token: UInt64 = 0
      /// Queries (folded) and the list indices of the todos that match them (no filter), each
      /// query contained in the next one. 32-bit: half the memory for a million matches.
      var searches: [(query: String, indices: [Int32])] = []
      /// The last visible list: what decided it (the query folded; whether hidden todos show),
      /// the list indices shown and, in a sort order, each list index's position among them.
      var visible: (visibility: Visibility, indices: [Int], positions: [Int32]?)?
    }
  }
}

extension TodoList {
  /// The visible todos' list indices under a filter, search, tag or sort order; nil when every
  /// todo shows in file order.
  func visibleIndices(for visibility: Visibility) -> [Int]? {
    visibleOrder(for: visibility).indices
  }

  /// The visible todos' list indices, top to bottom, and in a sort order each list index's
  /// position among them (-1: hidden); both nil when every todo shows in file order.
  func visibleOrder(for visibility: Visibility) -> (indices: [Int]?, positions: [Int32]?) {
    let filter = visibility.filter
    // Before the pattern is built: every action asks, nearly always with no search.
    if filter == .all && visibility.query.isEmpty && visibility.tag == nil
      && visibility.order == .fileOrder && (visibility.showsHidden || dates.hidden.isEmpty)
    {
      // No search: what was kept for one is not needed any more.
      searchMemo.box.withResults {
        if !$0.searches.isEmpty { $0 = Search.Memo.Results() }
      }
      // Completed todos show below the active ones: the list itself when the file has them
      // there already, else the display order kept row by row.
      guard let sorted = fileOrderRows(settling: visibility.settling) else { return (nil, nil) }
      return (sorted.indices, sorted.positions)
    }
    let pattern = Search.Pattern(visibility.query)
    // The todos hidden by their dates (kept row by row in `dates`, never read again here).
    let hidesByDate = !visibility.showsHidden && !dates.hidden.isEmpty
    let isSorted =
      visibility.order != .fileOrder || !isInFileOrder(settling: visibility.settling)
    let showsAll = filter == .all && pattern.isEmpty && visibility.tag == nil && !hidesByDate
    if showsAll && !isSorted {
      // No search: what was kept for one is not needed any more.
      searchMemo.box.withResults {
        if !$0.searches.isEmpty { $0 = Search.Memo.Results() }
      }
      return (nil, nil)
    }
    if showsAll {
      // Every todo, sorted: kept with the display order (not in `results`, where a second
      // reference would make moving a row copy them).
      let sorted = sortedRows(visibility.order, settling: visibility.settling)
      return (sorted.indices, sorted.positions)
    }
    let token = searchMemo.token
    var key = visibility
    key.query = pattern.folded
    let kept = searchMemo.box.withResults {
      results -> (visible: (indices: [Int], positions: [Int32]?)?, base: [Int32]?) in
      guard results.token == token else { return (nil, nil) }
      if let visible = results.visible, visible.visibility == key {
        return ((visible.indices, visible.positions), nil)
      }
      // Narrowing is only sound without tag terms (`+wor` does not contain `+work`'s matches).
      guard !pattern.isEmpty, pattern.tagged == nil else { return (nil, nil) }
      let base = results.searches.last { pattern.folded.contains($0.query) }
      return (nil, base?.indices)
    }
    if let visible = kept.visible { return visible }
    var indices: [Int]?
    var presorted: (indices: [Int], positions: [Int32])?
    if !showsAll {
      let settling = visibility.settling
      if filter == .all, pattern.isEmpty, visibility.tag == nil, hidesByDate,
        settling.isEmpty || !settling.contains(where: dates.hidden.contains)
      {
        // Everything but the hidden todos: the same after a change that moved no row.
        if isSorted, visibility.order == .fileOrder {
          (indices, presorted) = (nil, shownInDisplayOrder(settling: settling))
        } else {
          indices = shownIndices()
        }
      } else {
        // Where the hidden todos are (kept between changes that move no row), then a cursor;
        // with a chosen tag, only its rows (kept by the organise cache) are read.
        let hidden = hidesByDate ? hiddenIndices() : []
        let tagged = visibility.tag.map(rowsCarrying)
        indices = Self.search(
          rows.elements, pattern, visibility, base: kept.base, hidden: hidden, tagged: tagged
        ) { matches in
          if pattern.tagged == nil {
            remember(search: pattern.folded, matches: matches, token: token)
          }
        }
      }
    }
    var positions: [Int32]?
    if let presorted {
      (indices, positions) = presorted
    } else if isSorted {
      (indices, positions) = sorted(indices, visibility)
    }
    let shown = indices ?? []
    searchMemo.box.withResults { results in
      if results.token != token { results = Search.Memo.Results(token: token) }
      results.visible = (key, shown, positions)
    }
    return (shown, positions)
  }

  /// `indices` (ascending; nil: every row) in the display order of `visibility.order`, and
  /// each list index's position among them.
  private func sorted(
    _ indices: [Int]?, _ visibility: Visibility
  ) -> (indices: [Int], positions: [Int32]) {
    let display = displayOrder(visibility.order, settling: visibility.settling)
    var positions = [Int32](repeating: -1, count: rows.count)
    var ordered: [Int] = []
    ordered.reserveCapacity(indices?.count ?? rows.count)
    display.keys.withUnsafeBufferPointer { keys in
      if let indices {
        var shown = [Bool](repeating: false, count: rows.count)
        for index in indices { shown[index] = true }
        for key in keys where shown[key.fileIndex] {
          positions[key.fileIndex] = Int32(ordered.count)
          ordered.append(key.fileIndex)
        }
      } else {
        for key in keys {
          positions[key.fileIndex] = Int32(ordered.count)
          ordered.append(key.fileIndex)
        }
      }
    }
    return (ordered, positions)
  }

  /// The indices of `elements` that `visibility` shows, searching only `base` (the matches of
  /// a shorter query) when given; the matches are handed to `found` before the filter.
  /// `hidden` (ascending) are the indices hidden by their dates; asked in ascending order.
  static func search(
    _ elements: [Todo.State], _ pattern: Search.Pattern, _ visibility: Visibility,
    base: [Int32]?, hidden: [Int] = [], tagged: [Int]? = nil,
    found: ([Int32]) -> Void = { _ in }
  ) -> [Int] {
    var indices: [Int] = []
    let filter = visibility.filter
    let settling = visibility.settling
    let tag = visibility.tag
    var nextHidden = 0
    elements.withUnsafeBufferPointer { elements in
      func isHidden(_ index: Int) -> Bool {
        while nextHidden < hidden.count, hidden[nextHidden] < index { nextHidden += 1 }
        return nextHidden < hidden.count && hidden[nextHidden] == index
      }
      func shown(_ index: Int) -> Bool {
        let todo = elements[index]
        let shownByFilter = filter.matches(todo) && (hidden.isEmpty || !isHidden(index))
        return shownByFilter || (!settling.isEmpty && settling.contains(todo.id))
      }
      func matching(_ index: Int) -> Bool {
        pattern.matches(elements[index].description, priority: elements[index].priority)
      }
      if let tag {
        // Only the rows carrying the tag (its matches are not kept: they are not the query's).
        let carrying =
          tagged
          ?? elements.indices.filter { SearchQuery.carries(tag, in: elements[$0].description) }
        for index in carrying where shown(index) && (pattern.isEmpty || matching(index)) {
          indices.append(index)
        }
        return
      }
      if pattern.isEmpty {
        for index in elements.indices where shown(index) { indices.append(index) }
        return
      }
      var matches: [Int32] = []
      if let base {
        matches = base.filter { matching(Int($0)) }
      } else {
        for index in elements.indices where matching(index) { matches.append(Int32(index)) }
      }
      found(matches)
      indices.reserveCapacity(matches.count)
      for match in matches where shown(Int(match)) { indices.append(Int(match)) }
    }
    return indices
  }

  /// Keeps `matches` for `query`, with the kept queries it contains (a chain for narrowing).
  private func remember(search query: String, matches: [Int32], token: UInt64) {
    searchMemo.box.withResults { results in
      if results.token != token { results = Search.Memo.Results(token: token) }
      results.searches.removeAll { !query.contains($0.query) || $0.query == query }
      results.searches.append((query, matches))
      if results.searches.count > Search.Memo.limit { results.searches.removeFirst() }
    }
  }
}

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
