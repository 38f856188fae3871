import TerminalUI

extension TodosView {
  /// The row of the filter bar.
  static let filterBarY = 1

  /// The filter whose name is under a mouse position in the filter bar (`[All] Active
  /// Completed`, each name with its brackets or spaces), or nil.
  ///
  /// ```swift
  /// TodosView.filterHit(x: 8, y: 1, in: state)  // .active
  /// ```
  static func filterHit(x: Int, y: Int, in state: Todos.State) -> Todos.Filter? {
    guard y == filterBarY, x >= 0 else { return nil }
    var left = 0
    for filter in Todos.Filter.allCases {
      // Drawn as `[Title]` or ` Title `: the same width either way.
      let width = DisplayWidth.of(filter.title) + 2
      if x < left + width { return filter }
      left += width
    }
    return nil
  }
}
