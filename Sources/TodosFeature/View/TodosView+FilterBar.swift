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
    let reserve = state.search != nil || state.pickedTag != nil ? 24 : 12
    var names: [(entry: Todos.FilterBarEntry, title: String, x: Int, width: Int)] = []
    var x = 0
    let current = state.currentFilterBarEntry
    for entry in state.filterBarEntries {
      let title: String
      switch entry {
      case .filter(let filter): title = filter.title
      case .view(let name): title = name
      }
      let nameWidth = DisplayWidth.of(title) + 2
      if case .view = entry, entry != current, x + nameWidth > width - reserve { continue }
      names.append((entry, title, x, nameWidth))
      x += nameWidth
    }
    return names
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
