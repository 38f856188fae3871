import IdentifiedCollections

// The visibility engine: which todos show, in which order, for a `Visibility` (filter, search,
// chosen tag, dates, `s` order). What it works out is kept in the list's `viewCache` between
// keys; the order with nothing chosen is kept in the list's value (`FileView`).

extension TodoList {
  /// The visible todos' list indices under a filter, search, tag or sort order; nil when every
  /// todo shows in file order.
  func visibleIndices(for visibility: Visibility) -> [Int]? {
    let order = visibleOrder(for: visibility)
    return order.partition?.orderedIndices() ?? order.indices
  }

  /// The visible todos' list indices, top to bottom, and in a sort order each list index's
  /// position among them (-1: hidden); with nothing chosen, where each row shows (completed
  /// last); all nil when every todo shows in file order.
  ///
  /// ```swift
  /// list.visibleOrder(for: Visibility(query: "milk")).indices  // [0, 4]
  /// ```
  func visibleOrder(for visibility: Visibility) -> VisibleTodos.Order {
    let filter = visibility.filter
    // Before the pattern is built: every action asks, nearly always with nothing chosen.
    if visibility.showsEverything(hidingNone: dates.hidden.isEmpty) {
      // Kept in the value, row by row (`FileView`): no cache read.
      if let partition = completedLast(settling: visibility.settling) {
        return partition.isFileOrder ? .init() : .init(partition: partition)
      }
      forgetSearches()
      guard let sorted = fileOrderRows(settling: visibility.settling) else { return .init() }
      return .init(indices: sorted.indices, positions: sorted.positions)
    }
    // Read per call: a query of a few terms reads in microseconds.
    let context = Query.Context(today: dates.today)
    let query = Query(visibility.query)
    let pattern = Search.Matcher(query, context)
    let view = Query(visibility.view)
    // The todos hidden by their dates (kept row by row in `dates`, never read again here).
    let hidesByDate = !visibility.showsHidden && !dates.hidden.isEmpty
    // In file order, where each row shows is kept in the value (`FileView`) while the rows
    // did not change in many at once: no display order to build or read.
    let custom = visibility.sort
    let kept =
      visibility.order == .fileOrder && custom == nil
      ? completedLast(settling: visibility.settling) : nil
    let isSorted =
      custom != nil || visibility.order != .fileOrder || visibility.group != nil
      || !(kept?.isFileOrder ?? isInFileOrder(settling: visibility.settling))
    let showsAll =
      filter == .all && query.isEmpty && view.isEmpty && visibility.tag == nil && !hidesByDate
    if showsAll && !isSorted {
      forgetSearches()
      return .init()
    }
    if showsAll, custom == nil, visibility.group == nil {
      // Every todo, sorted: kept with the display order (not with the last visible list,
      // where a second reference would make moving a row copy them).
      let sorted = sortedRows(visibility.order, settling: visibility.settling)
      return .init(indices: sorted.indices, positions: sorted.positions)
    }
    let token = contentToken
    var key = visibility
    key.query = query.description
    key.view = view.description
    if let visible = viewCache.visible, visible.token == token, visible.visibility == key {
      return .init(indices: visible.indices, positions: visible.positions, groups: visible.groups)
    }
    let keptMatches = viewCache.matches.token == token ? viewCache.matches : nil
    let exact = keptMatches?.exact(for: query)
    let base = exact ?? keptMatches?.base(for: query)
    var indices: [Int]?
    var presorted: (indices: [Int], positions: [Int32])?
    let settling = visibility.settling
    if filter == .all, query.isEmpty, view.isEmpty, visibility.tag == nil, hidesByDate,
      settling.isEmpty || !settling.contains(where: dates.hidden.contains)
    {
      // Everything but the hidden todos: the same after a change that moved no row.
      if isSorted, visibility.order == .fileOrder, custom == nil {
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
        rows.elements, query.isEmpty ? nil : pattern, visibility,
        view: view.isEmpty ? nil : viewMatches(view, context),
        base: base, baseIsExact: exact != nil, hidden: hidden, tagged: tagged
      ) { matches in
        let cache = viewCache
        if cache.matches.token != token { cache.matches = Search.KeptMatches(token: token) }
        cache.matches.remember(query, matches: matches)
      }
    }
    var positions: [Int32]?
    if let presorted {
      (indices, positions) = presorted
    } else if let custom {
      (indices, positions) = sorted(indices, by: custom, settling: settling)
    } else if isSorted, let kept {
      (indices, positions) = kept.ordered(indices)
    } else if isSorted {
      (indices, positions) = sorted(indices, visibility)
    }
    var shown = indices ?? []
    var groups: [VisibleTodos.Group]?
    if let group = visibility.group {
      // The sections: one counting sort of the rows shown, by labels kept row by row.
      let cut = grouped(shown, by: group, settling: settling)
      (shown, positions, groups) = (cut.indices, cut.positions, cut.groups)
    }
    viewCache.visible = (token, key, shown, positions, groups)
    return .init(indices: shown, positions: positions, groups: groups)
  }

  /// Which rows the view's query `view` matches, one flag per row: kept for the list's
  /// contents and the day (`ViewMatches`, following one-row changes), so a search key typed
  /// in a view reads a flag per match instead of matching the view's query again (`@phone` on
  /// 100k todos took 40 ms a key).
  ///
  /// ```swift
  /// list.viewMatches(Query("@phone"), context)[3]  // whether row 3 has @phone
  /// ```
  func viewMatches(_ view: Query, _ context: Query.Context) -> [Bool] {
    let token = contentToken
    let text = view.description
    if let kept = viewCache.viewMatches[text], kept.token == token,
      kept.today == context.today
    {
      return kept.rows
    }
    let matcher = view.matcher(in: context)
    // Read in place: an iterator copies each todo (a retain for each of its fields).
    let matches = rows.elements.withUnsafeBufferPointer { todos in
      var flags: [Bool] = []
      flags.reserveCapacity(todos.count)
      for index in todos.indices { flags.append(matcher.matches(todos[index])) }
      return flags
    }
    if viewCache.viewMatches.count >= ViewCache.viewMatchesLimit {
      viewCache.viewMatches.removeAll()
    }
    viewCache.viewMatches[text] = ViewMatches(
      token: token, view: text, today: context.today, matcher: matcher, rows: matches)
    return matches
  }

  /// No search any more: the matches kept for one are not needed.
  func forgetSearches() {
    if !viewCache.matches.isEmpty { viewCache.matches = Search.KeptMatches() }
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
  /// a wider query) when given, or not at all when `baseIsExact` (they are this query's
  /// matches); the matches are handed to `found` before the filter. `pattern` is the search
  /// (nil: none); `view`, which rows the view's query matches, is a filter (a settling todo
  /// stays).
  /// `hidden` (ascending) are the indices hidden by their dates; asked in ascending order.
  static func search(
    _ elements: [Todo.State], _ pattern: Search.Matcher?, _ visibility: Visibility,
    view: [Bool]? = nil, base: [Int32]?, baseIsExact: Bool = false, hidden: [Int] = [],
    tagged: [Int]? = nil,
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
        let shownByFilter =
          filter.matches(todo) && (hidden.isEmpty || !isHidden(index))
          && (view?[index] ?? true)
        return shownByFilter || (!settling.isEmpty && settling.contains(todo.id))
      }
      // Read once: the plain words are matched on the description alone, never copying a
      // todo (a copy per todo doubled a search key's cost at 100k todos).
      let words = pattern?.words
      let query = pattern?.query
      func matching(_ index: Int) -> Bool {
        if let words { return Search.Matcher.matches(words, elements[index].description) }
        return query?.matches(elements[index]) ?? true
      }
      if let tag {
        // Only the rows carrying the tag (its matches are not kept: they are not the query's).
        let carrying =
          tagged
          ?? elements.indices.filter { SearchQuery.carries(tag, in: elements[$0].description) }
        for index in carrying where shown(index) && matching(index) {
          indices.append(index)
        }
        return
      }
      if pattern == nil {
        for index in elements.indices where shown(index) { indices.append(index) }
        return
      }
      var matches: [Int32] = []
      if let base {
        matches = baseIsExact ? base : base.filter { matching(Int($0)) }
      } else {
        for index in elements.indices where matching(index) { matches.append(Int32(index)) }
      }
      found(matches)
      indices.reserveCapacity(matches.count)
      for match in matches where shown(Int(match)) { indices.append(Int(match)) }
    }
    return indices
  }
}

extension Visibility {
  /// Whether every todo shows, in file order with the completed ones last: no filter, search,
  /// tag, `s` order or sections, and no todo hidden by its dates (`hidingNone`) or `H` pressed.
  func showsEverything(hidingNone: Bool) -> Bool {
    filter == .all && query.isEmpty && view.isEmpty && tag == nil && order == .fileOrder
      && sort == nil && group == nil && (showsHidden || hidingNone)
  }
}
