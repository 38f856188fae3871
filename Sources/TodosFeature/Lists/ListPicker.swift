import Architecture
import FoundationEssentials
import TodoTxt

/// The list picker (`L`, and `M`'s choice of where to move): one row per list with its name
/// and how many active todos it holds, in the order the lists were given. Typing narrows the
/// rows by name; the picker keys (Down/Up, j/k until something is typed, Home/End, PgDn/PgUp)
/// move; Enter chooses, Esc closes. The list presents it (`Todos.Mode.choosingList`).
///
/// ```swift
/// var picker = ListPicker.State(purpose: .open, entries: entries, selected: current)
/// _ = ListPicker.reducer.reduce(into: &picker, action: .selectionMoved(.next))
/// picker.selected  // the next list's id
/// ```
public enum ListPicker {
  /// What the chosen list is for.
  public enum Purpose: Equatable, Sendable {
    /// `L`: show it.
    case open
    /// `M`: move these todos there.
    case move([UUID])
  }

  /// One row: a list, its name as the title says it, its active todos.
  public struct Entry: Equatable, Sendable {
    public var id: ListID
    public var name: String
    public var activeCount: Int

    public init(id: ListID, name: String, activeCount: Int) {
      self.id = id
      self.name = name
      self.activeCount = activeCount
    }
  }

  public struct State: Equatable, Sendable {
    public var purpose: Purpose
    /// Every list offered, as they were when the picker opened.
    public var entries: [Entry]
    /// The typed text that narrows the rows.
    public var field: TextField
    /// The selected list; nil when the typed text leaves none.
    public var selected: ListID?

    public init(
      purpose: Purpose, entries: [Entry], field: TextField = TextField(),
      selected: ListID? = nil
    ) {
      self.purpose = purpose
      self.entries = entries
      self.field = field
      self.selected = selected ?? entries.first?.id
    }

    /// The lists the typed text leaves: names starting with it first, then names holding it
    /// (case-insensitive), each in list order.
    public var shown: [Entry] {
      let typed = field.text.lowercased()
      guard !typed.isEmpty else { return entries }
      let starting = entries.filter { $0.name.lowercased().hasPrefix(typed) }
      let holding = entries.filter {
        !$0.name.lowercased().hasPrefix(typed) && $0.name.lowercased().containsText(typed)
      }
      return starting + holding
    }

    /// Where the selected list is among the shown rows.
    public var selectedPosition: Int? {
      shown.firstIndex { $0.id == selected }
    }
  }

  /// The picker keys are the `+`/`@` picker's, so their actions are too.
  public typealias Action = TagPicker.Action

  /// Typing narrows the rows and selects the first; moves stay within the rows. Enter and Esc
  /// are the list's to handle.
  @MainActor
  public static let reducer = Reducer<State, Action> { state, action in
    switch action {
    case .textEdited(let edit):
      state.field.apply(edit)
      state.selected = state.shown.first?.id
    case .selectionMoved(let move):
      let shown = state.shown
      guard !shown.isEmpty else { return .none }
      let position = move.from(state.selectedPosition ?? 0, last: shown.count - 1)
      state.selected = shown[position].id
    case .enterPressed, .escapePressed:
      break
    }
    return .none
  }
}
