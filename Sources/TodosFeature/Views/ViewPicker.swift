import Architecture
import TodoTxt

/// The `w` picker: one row per name of the filter bar (All, Active, Completed, then the saved
/// views) with its query and how many todos it shows. Typing narrows the rows by name; the
/// keys are the `+`/`@` picker's (`TagPicker.Action`); Enter shows the selected one.
///
/// ```swift
/// var picker = ViewPicker.State(rows: rows, selected: 3)
/// _ = ViewPicker.reducer.reduce(into: &picker, action: .textEdited(.insert("ov")))
/// picker.selectedRow?.title  // "Overdue"
/// ```
public enum ViewPicker {
  /// One row: what it shows, its name, its query and its count.
  public struct Row: Equatable, Sendable {
    public var entry: Todos.FilterBarEntry
    public var title: String
    /// The query, as written (`is:active` for Active; empty for All).
    public var query: String
    /// How many todos it shows (without the search or the picked tag).
    public var count: Int

    public init(entry: Todos.FilterBarEntry, title: String, query: String, count: Int) {
      self.entry = entry
      self.title = title
      self.query = query
      self.count = count
    }
  }

  public struct State: Equatable, Sendable {
    /// Every row, as the list had them when the picker opened.
    public var rows: [Row]
    /// The typed text that narrows the rows.
    public var field: TextField
    /// The selected row among `shown`.
    public var selected: Int

    public init(rows: [Row], field: TextField = TextField(), selected: Int = 0) {
      self.rows = rows
      self.field = field
      self.selected = selected
    }

    /// The rows the typed text leaves: names that start with it, then names that contain it.
    public var shown: [Row] {
      let typed = field.text.lowercased().trimmingWhitespace()
      guard !typed.isEmpty else { return rows }
      let names = rows.map { $0.title.lowercased() }
      let starting = rows.indices.filter { names[$0].hasPrefix(typed) }
      let containing = rows.indices.filter {
        !names[$0].hasPrefix(typed) && names[$0].containsText(typed)
      }
      return (starting + containing).map { rows[$0] }
    }

    /// The selected row, if any shows.
    public var selectedRow: Row? {
      let shown = self.shown
      return shown.indices.contains(selected) ? shown[selected] : nil
    }
  }

  /// Typing narrows the rows and selects the first; moves stay within the rows. Enter and Esc
  /// are the list's to handle.
  @MainActor
  public static let reducer = Reducer<State, TagPicker.Action> { state, action in
    switch action {
    case .textEdited(let edit):
      state.field.apply(edit)
      state.selected = 0
    case .selectionMoved(let move):
      state.selected = move.from(state.selected, last: max(state.shown.count - 1, 0))
    case .enterPressed, .escapePressed:
      break
    }
    return .none
  }
}

extension Todos.State {
  /// The `w` picker's rows: each name of the filter bar with its query and how many todos it
  /// shows now (the todos hidden by their dates left out unless `H` shows them).
  ///
  /// ```swift
  /// state.viewPickerRows().map(\.title)  // ["All", "Active", "Completed", "Today", …]
  /// ```
  func viewPickerRows() -> [ViewPicker.Row] {
    filterBarEntries.map { entry in
      let title: String
      let query: String
      var visibility = Visibility(showsHidden: showsHidden)
      switch entry {
      case .filter(let filter):
        title = filter.title
        query = filter.query
        visibility.filter = filter
      case .view(let name):
        title = name
        query = views.first { $0.name == name }?.query ?? ""
        visibility.view = query
      }
      let count = VisibleTodos(todos: list.rows, order: list.visibleOrder(for: visibility)).count
      return ViewPicker.Row(entry: entry, title: title, query: query, count: count)
    }
  }
}

extension Todos.Filter {
  /// The filter as a query (`Query`), for the `w` picker: what it shows, in the language.
  public var query: String {
    switch self {
    case .all: ""
    case .active: "is:active"
    case .completed: "is:done"
    }
  }
}
