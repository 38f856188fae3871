import TerminalUI

// `o` opens the link of the todo or the range; with several links, the link picker's keys.

extension KeyTable {
  private static func link(_ action: Organise.Action.Link) -> Todos.Action {
    .organise(.link(action))
  }

  /// The help's lines for `o` and the link picker (in the Organise section, after `i`).
  static let linkLines: [Line] = [
    Line(
      keys: "o", meaning: "open the link in the todo (several: pick one)",
      bindings: [
        Binding([.character("o")], name: "open_link", in: [.list, .range], hint: ("link", 17)) {
          $0.targetIDs.isEmpty ? nil : link(.keyPressed)
        }
      ]),
    Line(
      keys: "j k  Down Up", meaning: "in the link picker: select",
      bindings: [
        Binding([.character("j"), .down], name: "link_next", in: [.links], hint: ("next", 2)) {
          _ in link(.pickerMoved(.next))
        },
        Binding([.character("k"), .up], name: "link_previous", in: [.links], hint: ("previous", 3))
        { _ in link(.pickerMoved(.previous)) },
      ]),
    Line(
      keys: "Enter o  Esc ^C q", meaning: "in the link picker: open it / cancel",
      bindings: [
        Binding([.enter, .character("o")], name: "link_open", in: [.links], hint: ("open", 0)) {
          _ in link(.pickerConfirmed)
        },
        Binding(
          [.escape, .ctrl("c"), .character("q")], name: "link_cancel", in: [.links],
          hint: ("cancel", 1)
        ) { _ in link(.pickerCancelled) },
      ]),
  ]
}
