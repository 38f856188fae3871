extension TodosView {
  /// The part of the list on screen.
  struct Layout {
    var visible: VisibleTodos
    /// What `visible` was chosen by (the list's key reads it: made once a frame).
    var visibility: Visibility
    var listHeight: Int
    /// The line (a todo's, or a section header's in a grouped view) on the first list row
    /// that shows todos.
    var top: Int
    /// The first list row that shows todos: 1 while a new todo is typed on the top row.
    var firstRow = 0

    /// How many rows show todos.
    var todoRows: Int { listHeight - firstRow }

    /// The first and last todo on screen, counted from 1 (`21-40 of 300`).
    var shownTodos: (first: Int, last: Int) {
      let bottom = min(top + todoRows, visible.lineCount) - 1
      let first = visible.position(atOrBelowLine: top) ?? 0
      let last = visible.position(atOrAboveLine: bottom) ?? first
      return (first + 1, last + 1)
    }

    /// Lent the state, not given it: an initializer takes its arguments as its own, so each
    /// frame copied the whole list's state (every reference in it retained and released).
    init(state: borrowing Todos.State, width: Int, height: Int) {
      visibility = state.visibility
      visible = VisibleTodos(
        todos: state.list.rows, order: state.list.visibleOrder(for: visibility))
      listHeight = Viewport.listHeight(screenHeight: height)
      // The detail pane (`i`) takes the bottom of the list area (or covers all of it).
      let pane = TodosView.detailHeight(
        state, width: width, height: height, listHeight: listHeight)
      if pane < listHeight { listHeight -= pane }
      if case .editing(let editor) = state.mode, editor.isNew {
        // The new todo is typed on the top row; the list below it starts from its beginning.
        firstRow = 1
        top = 0
        return
      }
      // The reducer keeps `scrollTop` right for its own size; the same rule for any other.
      top = state.viewport.top(in: visible, height: listHeight)
    }
  }
}
