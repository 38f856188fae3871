import TerminalUI

extension KeyTable {
  /// Several lists: the list picker, the previous and next list, a move to another list.
  ///
  /// ```swift
  /// KeyTable.listsLines.map(\.keys)  // ["L", "[  ]", "M"]
  /// ```
  static let listsLines: [Line] = [
    Line(
      keys: "L", meaning: "show another list (a picker of the lists)",
      bindings: [
        Binding([.character("L")], name: "pick_list") { _ in
          .lists(.pickerKeyPressed)
        }
      ]),
    Line(
      keys: "[  ]", meaning: "show the previous / next list",
      bindings: [
        Binding([.character("[")], name: "previous_list") { _ in .lists(.previousKeyPressed) },
        Binding([.character("]")], name: "next_list") { _ in .lists(.nextKeyPressed) },
      ]),
    Line(
      keys: "M", meaning: "move the todo (or the range) to another list",
      bindings: [
        Binding([.character("M")], name: "move_to_list", in: [.list, .range]) { _ in
          .lists(.moveKeyPressed)
        }
      ]),
  ]
}

extension KeyTable {
  /// done.txt: `D` shows it (and the list again), `r` restores a todo, and `r`'s question.
  ///
  /// ```swift
  /// KeyTable.doneLines.map(\.keys)  // ["D", "r", "r  c  Esc ^C"]
  /// ```
  static let doneLines: [Line] = [
    Line(
      keys: "D", meaning: "show done.txt, read-only (D again: the list)",
      bindings: [
        Binding([.character("D")], name: "show_done") { _ in .lists(.doneKeyPressed) }
      ]),
    Line(
      keys: "r", meaning: "in done.txt: restore the todo to the todo file",
      bindings: [
        Binding([.character("r")], name: "restore") { _ in .lists(.restoreKeyPressed) }
      ]),
    Line(
      keys: "r  c  Esc ^C", meaning: "restoring: reopened / still completed / cancel",
      bindings: [
        Binding([.character("r")], name: "restore_reopened", in: [.restore], hint: ("reopened", 0))
        { _ in .lists(.restoreAnswered(reopened: true)) },
        Binding(
          [.character("c")], name: "restore_completed", in: [.restore],
          hint: ("still completed", 1)
        ) { _ in .lists(.restoreAnswered(reopened: false)) },
        Binding([.escape, .ctrl("c")], name: "restore_cancel", in: [.restore], hint: ("cancel", 2))
        { _ in .lists(.restoreCancelled) },
      ]),
  ]
}
