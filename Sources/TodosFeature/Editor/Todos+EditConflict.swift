// An edit open while another program changes or removes that todo in the file: the status
// line says so at once, and that warning is not hidden by the reload's or merge's own line.

extension Todos {
  /// The status line when the todo being edited was changed in the file.
  public static let editedTodoChanged =
    "The todo you are editing was changed in the file · Enter keeps both, Esc drops yours"
  /// The status line when the todo being edited was removed from the file.
  public static let editedTodoRemoved =
    "The todo you are editing was removed from the file · Enter adds your text as a new todo, "
    + "Esc drops it"
}

extension Todos.State {
  /// Shows a message about the file (a reload, a merge), unless the status line warns that the
  /// todo being edited was changed or removed in the file: that matters more while the edit
  /// is open.
  ///
  /// ```swift
  /// state.list.showFileStatus(Todos.StatusMessage("Reloaded: todo.txt changed on disk"))
  /// ```
  public mutating func showFileStatus(_ message: Todos.StatusMessage) {
    if case .editing(let editor) = mode, editor.original != nil,
      let text = status?.text, text == Todos.editedTodoChanged || text == Todos.editedTodoRemoved
    {
      return
    }
    status = message
  }
}
