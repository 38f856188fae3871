import TerminalUI

extension TodosView {
  /// The row of the filter bar.
  static let filterBarY = 1

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
