import Architecture
import TodoTxt

/// The search feature: the text that narrows the list. The list presents it while a search is
/// in effect (`Todos.State.search`): typed into after `/`, kept after Enter, gone after Esc.
///
/// ```swift
/// var search = Search.State()
/// _ = Search.reducer.reduce(into: &search, action: .textEdited(.insert("milk ")))
/// search.query  // "milk"
/// ```
public enum Search {
  public struct State: Equatable, Sendable {
    public var field: TextField
    /// Whether keys go to the field (after `/`) rather than to the list (after Enter).
    public var isTyping: Bool

    public init(field: TextField = TextField(), isTyping: Bool = true) {
      self.field = field
      self.isTyping = isTyping
    }

    /// A kept search for `text` (Enter was pressed).
    public init(kept text: String) { self.init(field: TextField(text: text), isTyping: false) }

    /// The text to look for, without surrounding spaces; empty matches everything.
    public var query: String {
      field.text.isEmpty ? "" : field.text.trimmingWhitespace()
    }
  }

  /// What the keyboard does to the search.
  public enum Action: Equatable, Sendable {
    /// A keystroke for the text.
    case textEdited(TextField.Edit)
    /// Enter: keep the search, give the keys back to the list.
    case enterPressed
    /// Esc: the list drops the search.
    case escapePressed
  }

  /// Applies keystrokes and Enter; Esc is the list's to handle (it dismisses the search).
  @MainActor
  public static let reducer = Reducer<State, Action> { state, action in
    switch action {
    case .textEdited(let edit): state.field.apply(edit)
    case .enterPressed: state.isTyping = false
    case .escapePressed: break
    }
    return .none
  }
}
