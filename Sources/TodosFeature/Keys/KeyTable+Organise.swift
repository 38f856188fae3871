import TerminalUI

// The organising keys: a priority by key, a `v` range, archiving to done.txt.
// After `p`, a letter is not a binding: any letter sets that priority (`Keymap`), as any
// character is typed into a text field; the hint line says so (`notes`).

extension KeyTable {
  private static func organise(_ action: Organise.Action) -> Todos.Action { .organise(action) }

  /// The hint-line words after `p`, besides its keys' own.
  static let priorityNote = "a-z set the priority"

  /// The help's Organise section: `p`, `v` and what acts on a range, `A`. (The moves work in a
  /// range too: `KeyTable.moving`.)
  static let organiseLines: [Line] = [
    Line(
      keys: "p  Space Bksp Esc", meaning: "priority: p then a letter; p Space clears",
      bindings: [
        Binding([.character("p")], name: "priority", hint: ("priority", 9)) {
          $0.viewport.selectedID == nil ? nil : organise(.priorityKeyPressed)
        },
        Binding([.character("p")], name: "range_priority", in: [.range], hint: ("priority", 4)) {
          _ in organise(.priorityKeyPressed)
        },
        Binding(
          [.character(" "), .backspace], name: "priority_clear", in: [.priority],
          hint: ("clear", 1)
        ) { _ in organise(.priorityClearPressed) },
        Binding([.escape], name: "priority_cancel", in: [.priority], hint: ("cancel", 2)) { _ in
          organise(.priorityCancelled)
        },
      ]),
    Line(
      keys: "v  Esc", meaning: "select a range (j k … extend it; v Esc end it)",
      bindings: [
        Binding([.character("v")], name: "range_select", in: [.list], hint: ("range", 13)) {
          $0.viewport.selectedID == nil ? nil : organise(.rangeKeyPressed)
        },
        Binding(
          [.character("v"), .escape], name: "range_end", in: [.range], hint: ("end", 1),
          hintKeyCount: 2
        ) { _ in organise(.rangeEnded) },
      ]),
    Line(
      keys: "Space x  d Del", meaning: "in a range: toggle / delete all of it",
      bindings: [
        Binding(
          [.character(" "), .character("x")], name: "range_toggle", in: [.range],
          hint: ("toggle", 2)
        ) { _ in organise(.rangeToggled) },
        Binding(
          [.character("d"), .delete], name: "range_delete", in: [.range],
          hint: ("delete", 3)
        ) { _ in organise(.rangeDeleted) },
      ]),
    Line(
      keys: "A", meaning: "archive completed todos to done.txt",
      bindings: [
        Binding([.character("A")], name: "archive", hint: ("archive", 14)) { _ in
          organise(.archiveKeyPressed)
        },
        Binding([.character("A")], name: "range_archive", in: [.range], hint: ("archive", 5)) {
          _ in organise(.archiveKeyPressed)
        },
      ]),
  ]
}
