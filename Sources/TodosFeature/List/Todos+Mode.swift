import FoundationEssentials

// What is presented over the list and where keys go, one derived from the other.

extension Todos {
  /// What is presented over the list: nothing, the editor, or the help.
  public enum Mode: Equatable, Sendable {
    case normal
    case editing(Editor.State)
    case help
    /// The `+` or `@` picker.
    case picking(TagPicker.State)
    /// The list picker (`L`, `M`: `Todos+Lists.swift`).
    case choosingList(ListPicker.State)
    /// `r` in done.txt asks whether the todo goes back reopened or still completed.
    case restoring(UUID)
    /// The `w` picker of the filters and views.
    case pickingView(ViewPicker.State)
  }

  /// Where keys go: derived from the mode and the search, so there is one source of truth.
  /// Its `rawValue` is its place in `allCases` (the key tables are arrays by focus).
  public enum Focus: Int, Equatable, Sendable, CaseIterable {
    case list, editor, search, help, picker
    /// A `v` range is selected; `p` waits for a priority letter (`Organise`).
    case range, priority
    /// The `z` or `m` prompt is being typed into (`ActPrompt`).
    case prompt
    /// `o` found several links: the link picker has the keys (`LinkPicker`).
    case links
    /// `r` in done.txt waits for one key: reopened or still completed (`Todos+Lists.swift`).
    case restore
  }
}
