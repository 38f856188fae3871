import Architecture

/// The `+`/`@` picker: one row per project (or context) with how many active todos carry it,
/// alphabetical, after a first row that shows every todo again. Typing narrows the rows;
/// j/k (until something is typed), Down/Up move; the list presents it
/// (`Todos.Mode.picking`) and, on Enter, shows the todos carrying the selected tag.
///
/// ```swift
/// var picker = TagPicker.State(kind: .project, entries: index.entries(.project))
/// _ = TagPicker.reducer.reduce(into: &picker, action: .textEdited(.insert("wo")))
/// picker.selectedTag  // "+work": the best match is selected
/// ```
public enum TagPicker {
  public struct State: Equatable, Sendable {
    public var kind: TagIndex.Kind
    /// Every tag of the kind with its counts, as the index had them when the picker opened
    /// (the list does not change while it is open).
    public var entries: [TagIndex.Entry]
    /// The typed text that narrows the rows.
    public var field: TextField
    /// The selected row: 0 is the row that clears the choice, then the shown tags.
    public var selected: Int

    public init(
      kind: TagIndex.Kind, entries: [TagIndex.Entry], field: TextField = TextField(),
      selected: Int = 0
    ) {
      self.kind = kind
      self.entries = entries
      self.field = field
      self.selected = selected
    }

    /// The tags the typed text leaves, best matches first.
    public var shown: [TagIndex.Entry] { TagIndex.narrow(entries, to: field.text) }

    /// The tag of the selected row; nil on the first row (show every todo).
    public var selectedTag: String? {
      let shown = self.shown
      return selected > 0 && selected <= shown.count ? shown[selected - 1].tag : nil
    }
  }

  /// A move of the selection.
  public enum Move: Equatable, Sendable {
    case next, previous, first, last
    /// A page of `rows` down (positive) or up (negative).
    case page(Int)

    /// The row this move goes to from row `row`, staying within `0...last`; every picker
    /// moves this way.
    ///
    /// ```swift
    /// TagPicker.Move.page(10).from(3, last: 5)  // 5
    /// ```
    public func from(_ row: Int, last: Int) -> Int {
      switch self {
      case .next: min(row + 1, last)
      case .previous: max(row - 1, 0)
      case .first: 0
      case .last: last
      case .page(let rows): min(max(row + rows, 0), last)
      }
    }
  }

  public enum Action: Equatable, Sendable {
    /// A keystroke for the typed text.
    case textEdited(TextField.Edit)
    case selectionMoved(Move)
    /// Enter: the list shows the todos carrying the selected tag (none: every todo).
    case enterPressed
    /// Esc: the list closes the picker, the choice unchanged.
    case escapePressed
  }

  /// Typing narrows the rows and selects the best match (the first row again once the text is
  /// gone); moves stay within the rows. Enter and Esc are the list's to handle.
  @MainActor
  public static let reducer = Reducer<State, Action> { state, action in
    switch action {
    case .textEdited(let edit):
      state.field.apply(edit)
      state.selected = state.field.text.isEmpty || state.shown.isEmpty ? 0 : 1
    case .selectionMoved(let move):
      state.selected = move.from(state.selected, last: state.shown.count)
    case .enterPressed, .escapePressed:
      break
    }
    return .none
  }
}

extension TagIndex.Kind {
  /// The word for the picker's prompt and first row: "project", "context".
  public var noun: String {
    switch self {
    case .project: "project"
    case .context: "context"
    }
  }
}
