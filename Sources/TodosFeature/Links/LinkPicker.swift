/// The link picker `o` opens on a todo (or a `v` range) with several links: one row per link,
/// the first selected; j/k or Down/Up move, Enter opens the selected one, Esc closes it.
///
/// ```swift
/// var picker = LinkPicker(links: ["https://a.example", "mailto:b@b.example"])
/// picker.move(.next)
/// picker.selectedLink  // "mailto:b@b.example"
/// ```
public struct LinkPicker: Equatable, Sendable {
  /// The links, in the order of the todos and of their text; each once.
  public var links: [String]
  /// The selected row, from 0.
  public var selected: Int

  public init(links: [String], selected: Int = 0) {
    self.links = links
    self.selected = selected
  }

  /// The link Enter opens.
  public var selectedLink: String? { links.indices.contains(selected) ? links[selected] : nil }

  /// Moves the selection, staying on the rows (the moves of the `+`/`@` picker).
  public mutating func move(_ move: TagPicker.Move) {
    selected = move.from(selected, last: max(links.count - 1, 0))
  }
}
