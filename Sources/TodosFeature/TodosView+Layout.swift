extension TodosView {
  /// The part of the list on screen.
  struct Layout {
    var visible: Todos.VisibleTodos
    var listHeight: Int
    /// The position of the todo on the first list row that shows todos.
    var top: Int
    /// The first list row that shows todos: 1 while a new todo is typed on the top row.
    var firstRow = 0
    var selectedPosition: Int?

    /// How many rows show todos.
    var todoRows: Int { listHeight - firstRow }

    init(state: Todos.State, width: Int, height: Int) {
      visible = state.visible
      listHeight = max(height - Todos.chromeHeight, 1)
      selectedPosition = visible.position(of: state.selectedID)
      if case .editing(let editing) = state.mode, editing.isNew {
        // The new todo is typed on the top row; the list below it starts from its beginning.
        firstRow = 1
        top = 0
        return
      }
      // The reducer keeps `scrollTop` right for its own size; clamp for any other size.
      var top = max(min(state.scrollTop, visible.count - listHeight), 0)
      if let position = selectedPosition {
        if position < top {
          top = position
        } else if position >= top + listHeight {
          top = position - listHeight + 1
        }
      }
      self.top = top
    }
  }
}
