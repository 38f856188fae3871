// The list's side of the sort orders: `s` cycles them, and `J`/`K` move todos only in file
// order. What shows follows from `Visibility` (order).

extension Todos {
  /// What `J`/`K` say in a sorted view.
  static let movingIsInFileOrder =
    "Todos move only in file order · press s until the title shows no order"
}

extension Todos.State {
  /// The next sort order, shown from its top: the first todo of the new order is selected
  /// and the list scrolled to it, so the todos that sort first (the overdue ones, by due date)
  /// are never scrolled off above the screen.
  mutating func cycleSortOrder() {
    cycleSortSpec()
    let visible = self.visible
    viewport.selectedID = visible.isEmpty ? nil : visible[0].id
    viewport.scrollTop = 0
  }
}
