import TerminalUI

extension KeyTable {
  /// The date keys (docs/dates.md): `H` shows the todos hidden by their dates.
  static let datesLines: [Line] = [
    Line(
      keys: "H", meaning: "show / hide hidden todos (t: later, h:1)",
      bindings: [
        Binding([.character("H")], name: "toggle_hidden") { _ in .dates(.toggleHiddenKeyPressed) }
      ])
  ]
}
