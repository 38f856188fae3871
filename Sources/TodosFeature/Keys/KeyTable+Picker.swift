import TerminalUI

extension KeyTable {
  /// The `+`/`@` pickers and the sort order, in the list and in a picker.
  static let pickerLines: [Line] = [
    Line(
      keys: "+  @", meaning: "show one project / context (a picker)",
      bindings: [
        Binding([.character("+")], name: "pick_project", hint: ("project", 11)) { _ in
          .picking(.keyPressed(.project))
        },
        Binding([.character("@")], name: "pick_context", hint: ("context", 12)) { _ in
          .picking(.keyPressed(.context))
        },
      ]),
    Line(
      keys: "w", meaning: "pick a filter or view (a picker)",
      bindings: [
        Binding([.character("w")], name: "pick_view") { _ in .picking(.viewKeyPressed) }
      ]),
    Line(
      keys: "s", meaning: "sort: file order, priority, due date",
      bindings: [
        Binding([.character("s")], name: "sort", hint: ("sort", 10)) { _ in .sortKeyPressed }
      ]),
    Line(
      keys: "j k  Down Up", meaning: "in a picker: select (j k until you type)",
      bindings: [
        Binding([.down], name: "picker_next", in: [.picker], hint: ("next", 2)) {
          $0.pickerAction(.selectionMoved(.next))
        },
        Binding([.up], name: "picker_previous", in: [.picker], hint: ("previous", 3)) {
          $0.pickerAction(.selectionMoved(.previous))
        },
        Binding([.character("j")], name: "picker_next_or_j", in: [.picker]) {
          pickerMove(.next, or: "j", in: $0)
        },
        Binding([.character("k")], name: "picker_previous_or_k", in: [.picker]) {
          pickerMove(.previous, or: "k", in: $0)
        },
      ]),
    Line(
      keys: "Home End  PgDn PgUp", meaning: "in a picker: first / last; a page down / up",
      bindings: [
        Binding([.home], name: "picker_first", in: [.picker]) {
          $0.pickerAction(.selectionMoved(.first))
        },
        Binding([.end], name: "picker_last", in: [.picker]) {
          $0.pickerAction(.selectionMoved(.last))
        },
        Binding([.pageDown], name: "picker_page_down", in: [.picker]) {
          $0.pickerAction(.selectionMoved(.page(pickerPage($0))))
        },
        Binding([.pageUp], name: "picker_page_up", in: [.picker]) {
          $0.pickerAction(.selectionMoved(.page(-pickerPage($0))))
        },
      ]),
    Line(
      keys: "Enter  Esc ^C", meaning: "in a picker: show the todos / cancel",
      bindings: [
        Binding([.enter], name: "picker_show", in: [.picker], hint: ("show", 0)) {
          $0.pickerAction(.enterPressed)
        },
        Binding([.escape, .ctrl("c")], name: "picker_cancel", in: [.picker], hint: ("cancel", 1)) {
          $0.pickerAction(.escapePressed)
        },
      ]),
    Line(
      keys: "Bksp ^W ^U", meaning: "in a picker: type to narrow; delete what was typed",
      bindings: [
        Binding([.backspace], name: "picker_delete_backward", in: [.picker]) {
          $0.textEdited(.deleteBackward)
        },
        Binding([.ctrl("w")], name: "picker_delete_word", in: [.picker]) {
          $0.textEdited(.deleteWordBackward)
        },
        Binding([.ctrl("u")], name: "picker_delete_to_start", in: [.picker]) {
          $0.textEdited(.deleteToStart)
        },
      ]),
  ]

  /// How many rows a picker's page moves: the rows it shows below its prompt, less one, so
  /// the last row of a page is the first of the next.
  private static func pickerPage(_ state: Todos.State) -> Int {
    max(state.viewport.listHeight - 2, 1)
  }

  /// j or k in a picker: a move until something is typed, then the letter (type `+` first to
  /// narrow by a name starting with j or k: the sign is ignored).
  private static func pickerMove(
    _ move: TagPicker.Move, or letter: String, in state: Todos.State
  ) -> Todos.Action? {
    return state.pickerText.isEmpty
      ? state.pickerAction(.selectionMoved(move)) : state.pickerAction(.textEdited(.insert(letter)))
  }
}
