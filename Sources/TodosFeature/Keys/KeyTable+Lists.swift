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
