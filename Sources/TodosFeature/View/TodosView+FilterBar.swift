import TerminalUI

extension TodosView {
  /// The row of the filter bar.
  static let filterBarY = 1

  /// Draws the filter bar, the search and the position; returns the search cursor.
  static func drawFilterBar(
    _ state: Todos.State, layout: Layout, into buffer: inout ScreenBuffer,
    keys: KeyBindings = .standard
  ) -> CursorPosition? {
    // "21-40 of 100" while the list does not fit.
    var position: PositionKey?
    if layout.visible.lineCount > layout.todoRows {
      let (first, last) = layout.shownTodos
      position = PositionKey(first: first, last: last, count: layout.visible.count)
    }
    let names = filterNamesKey(state, width: buffer.width)
    guard let search = state.search, search.isTyping || !search.field.text.isEmpty else {
      // No search on the line: it depends on these alone, and is kept whole from the last
      // frame (a typed letter or a toggle leaves it as it was).
      let key = FilterBarKey(
        names: names, hiddenShown: state.showsHidden ? keys.key("toggle_hidden", or: "H") : nil,
        pickedTag: state.pickedTag, position: position)
      _ = state.list.viewCache.filterBar.draw(key, x: 0, y: filterBarY, into: &buffer) {
        buffer in
        buffer.fill(x: 0, y: filterBarY, width: buffer.width, height: 1, style: .plain)
        _ = drawFilterBarParts(
          state, names: names, position: position, into: &buffer, keys: keys)
        return buffer.width
      }
      return nil
    }
    var (x, positionX) = drawFilterBarParts(
      state, names: names, position: position, into: &buffer, keys: keys)
    let searchEnd = positionX.map { $0 - 1 } ?? buffer.width - 1
    guard searchEnd - x > 3 else { return nil }
    let isSearching = search.isTyping
    x += buffer.write("/", x: x, y: 1, style: titleStyle)
    let fieldEnd = drawMatchCount(state, layout: layout, x: x, end: searchEnd, into: &buffer)
    let field = FieldLayout(field: search.field, width: fieldEnd - x)
    buffer.write(
      field.text, x: x, y: 1, style: isSearching ? fieldStyle : .plain, maxWidth: field.width)
    guard isSearching else { return nil }
    return CursorPosition(x: x + field.cursorColumn, y: 1)
  }

  /// What the filter bar's names depend on (`filterBarNames`).
  static func filterNamesKey(_ state: Todos.State, width: Int) -> FilterNamesKey {
    FilterNamesKey(
      views: state.views, filter: state.filter, view: state.view,
      reservesMore: state.search != nil || state.pickedTag != nil, width: width)
  }

  /// The filter bar's names (what they depend on: `names`), the hidden todos shown, the picked
  /// tag and the position; returns the column after the tag, and where the position starts
  /// when it is drawn.
  private static func drawFilterBarParts(
    _ state: Todos.State, names: FilterNamesKey, position: PositionKey?,
    into buffer: inout ScreenBuffer, keys: KeyBindings
  ) -> (x: Int, positionX: Int?) {
    // The names depend on `names` alone (`filterBarNames`): kept from the last frame.
    var x = state.list.viewCache.filterNames.draw(names, x: 0, y: filterBarY, into: &buffer) {
      buffer in
      var x = 0
      let current = state.currentFilterBarEntry
      forEachFilterBarName(state, width: buffer.width) { entry, title, _, _ in
        // Written in three parts: no string is built for the bracketed name.
        let isCurrent = entry == current
        let style = isCurrent ? currentFilterStyle : .plain
        x += buffer.write(isCurrent ? "[" : " ", x: x, y: filterBarY, style: style)
        x += buffer.write(title, x: x, y: filterBarY, style: style)
        x += buffer.write(isCurrent ? "]" : " ", x: x, y: filterBarY, style: style)
      }
      return x
    }
    x += drawHiddenShown(state, x: x, into: &buffer, keys: keys)
    x += 1
    x += drawPickedTag(state, x: x, into: &buffer)
    // The position is kept from the last frame too (its numbers change only with the scroll
    // and the count).
    guard let position else { return (x, nil) }
    let positionX = buffer.width - 1 - position.width
    guard positionX > x else { return (x, nil) }
    _ = state.list.viewCache.position.draw(position, x: positionX, y: 1, into: &buffer) {
      $0.write("\(position.first)-\(position.last) of \(position.count)", x: positionX, y: 1)
    }
    return (x, positionX)
  }

  /// The entry whose name is under a mouse position in the filter bar (`[All] Active
  /// Completed Today`, each name with its brackets or spaces), or nil.
  ///
  /// ```swift
  /// TodosView.filterHit(x: 8, y: 1, in: state)  // .filter(.active)
  /// ```
  static func filterHit(x: Int, y: Int, in state: Todos.State) -> Todos.FilterBarEntry? {
    guard y == filterBarY, x >= 0 else { return nil }
    let shown = filterBarNames(state, width: state.viewport.size.width)
    return shown.first { x >= $0.x && x < $0.x + $0.width }?.entry
  }

  /// The names the filter bar shows, each drawn as `[Title]` or ` Title ` (the same width),
  /// from the left: All, Active, Completed and the view in effect always, then the other saved
  /// views that fit, leaving room for the search, the picked tag and the position.
  ///
  /// ```swift
  /// TodosView.filterBarNames(state, width: 80).map(\.title)  // ["All", …, "No date"]
  /// ```
  static func filterBarNames(
    _ state: Todos.State, width: Int
  ) -> [(entry: Todos.FilterBarEntry, title: String, x: Int, width: Int)] {
    var names: [(entry: Todos.FilterBarEntry, title: String, x: Int, width: Int)] = []
    forEachFilterBarName(state, width: width) { names.append(($0, $1, $2, $3)) }
    return names
  }

  /// The names of `filterBarNames(_:width:)`, one after the other, without arrays for them
  /// (the filter bar is drawn on every frame): entry, title, column and width of each.
  ///
  /// ```swift
  /// TodosView.forEachFilterBarName(state, width: 80) { entry, title, x, width in … }
  /// ```
  static func forEachFilterBarName(
    _ state: Todos.State, width: Int,
    _ body: (_ entry: Todos.FilterBarEntry, _ title: String, _ x: Int, _ width: Int) -> Void
  ) {
    let reserve = state.search != nil || state.pickedTag != nil ? 24 : 12
    var x = 0
    let current = state.currentFilterBarEntry
    // `state.filterBarEntries`, in its order, read in place: the filters from `.all` round
    // to it again (`allCases` would build an array), then the saved views.
    var filter = Todos.Filter.all
    repeat {
      let nameWidth = DisplayWidth.of(filter.title) + 2
      body(.filter(filter), filter.title, x, nameWidth)
      x += nameWidth
      filter = filter.next
    } while filter != .all
    for view in state.views {
      let entry = Todos.FilterBarEntry.view(view.name)
      let nameWidth = DisplayWidth.of(view.name) + 2
      if entry != current, x + nameWidth > width - reserve { continue }
      body(entry, view.name, x, nameWidth)
      x += nameWidth
    }
  }
}

extension TodosView {
  /// Writes how many todos the search shows (`12 match`) at the end of the search field's
  /// room, from `x` to `end`, when something is typed and it fits; returns where the field
  /// must end.
  ///
  /// ```text
  /// [All] Active Completed /milk_          2 match
  /// ```
  static func drawMatchCount(
    _ state: Todos.State, layout: Layout, x: Int, end: Int, into buffer: inout ScreenBuffer
  ) -> Int {
    guard let search = state.search, !search.query.isEmpty else { return end }
    let label = "\(layout.visible.count) match"
    let labelX = end - DisplayWidth.of(label)
    // Room for a few letters of the query, a space, then the count.
    guard labelX - 1 - x >= 4 else { return end }
    buffer.write(label, x: labelX, y: filterBarY, style: hintStyle)
    return labelX - 1
  }
}
