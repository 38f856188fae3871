import TerminalUI

// The dates on screen (docs/dates.md): the badge at the right of a row, the counts in the title,
// and the filter bar's word while hidden todos show.

/// What a row shows at its right about its dates.
///
/// ```swift
/// RowBadge(text: "overdue 3d", kind: .overdue, hidesDue: true, isHiddenRow: false)
/// ```
struct RowBadge: Equatable {
  /// `overdue 3d`, `today`, `Fri`, `Dec 1`, `starts Dec 1`, `hidden`, `starts Dec 20 · due
  /// Dec 31`, `done Nov 20` (the Completed view).
  var text: String
  /// How to style it (the text alone carries the meaning).
  var kind: DueBadge.Kind
  /// The badge shows the `due:` tag, so the description leaves the tag out.
  var hidesDue: Bool
  /// The todo is hidden by its dates and shows only because of `H` (or while it settles).
  var isHiddenRow: Bool
}

extension TodosView {
  /// The badge of `todo` on `state.today`, or nil when it has no date to show. A hidden todo
  /// shows when it starts (`starts Dec 1`) or `hidden` (`h:1`), then its due date if any
  /// (` · due Dec 31`); a completed one is never overdue (it shows its due date instead).
  static func badge(for todo: Todo.State, in state: Todos.State) -> RowBadge? {
    // The Completed view says when each todo was done (its `due:` then stays in the text).
    if state.filter == .completed, todo.isComplete, let done = todo.completionDate {
      let text = "done " + DueBadge.shortDate(done, today: state.today)
      return RowBadge(text: text, kind: .later, hidesDue: false, isHiddenRow: false)
    }
    guard let dates = state.list.dates.rows[todo.id] else { return nil }
    let today = state.today
    if dates.isHidden(today: today) {
      // Both dates, never the `due:` tag in the text: `starts Dec 20 · due Dec 31`.
      let starts = dates.start.flatMap { DueBadge.threshold($0, today: today) }
      var text = dates.isHiddenForGood ? "hidden" : starts ?? "hidden"
      if let due = dates.due { text += " · due \(DueBadge.shortDate(due, today: today))" }
      return RowBadge(text: text, kind: .later, hidesDue: dates.due != nil, isHiddenRow: true)
    }
    guard let due = dates.due else { return nil }
    var badge = DueBadge(due: due, today: today)
    if todo.isComplete {
      if badge.kind == .overdue { badge.text = DueBadge.shortDate(due, today: today) }
      badge.kind = .later
    }
    return RowBadge(text: badge.text, kind: badge.kind, hidesDue: true, isHiddenRow: false)
  }

  /// Draws `badge` ending at column `right` (exclusive) of row `y`; returns where the text
  /// before it must end. Left out when it would leave the description under 4 columns.
  static func drawBadge(
    _ badge: RowBadge, y: Int, right: Int, rowStyle: Style, isSelected: Bool = false,
    into buffer: inout ScreenBuffer, theme: TodosTheme = .standard
  ) -> Int {
    let width = DisplayWidth.of(badge.text)
    let x = right - width
    guard x - 1 - textX >= 4 else { return right }
    // config.toml's `due` and `overdue` colours; `today` stands out in the due colour, or in
    // its own when `due` has none.
    var badgeStyle: Style
    switch badge.kind {
    case .overdue: badgeStyle = theme.overdue
    case .today: badgeStyle = TodosTheme.layered(theme.due, over: dueTodayStyle)
    case .soon, .later: badgeStyle = theme.due
    }
    if isSelected || rowStyle.reverse {
      // On the selected row a colour would be a solid block (reverse video) or clash with the
      // bar's: attributes only.
      badgeStyle.foreground = nil
      badgeStyle.background = nil
    }
    let style = TodosTheme.layered(badgeStyle, over: rowStyle)
    buffer.write(badge.text, x: x, y: y, style: style)
    return x - 1
  }

  /// `5 items left`, then ` · 2 overdue` and ` · 3 hidden` when there are any. Hidden todos
  /// are not counted as left.
  ///
  /// ```swift
  /// TodosView.itemsLeft(state)  // "5 items left · 2 overdue · 3 hidden"
  /// ```
  static func itemsLeft(_ state: Todos.State) -> String {
    let parts = itemsLeftParts(state)
    return parts.left + parts.overdue + parts.hidden
  }

  /// `itemsLeft(state)` in at most `width` columns, cut by whole parts: ` · 3 hidden` goes
  /// first, then ` · 2 overdue`, so a narrow title never ends in a bare `· 3`.
  ///
  /// ```swift
  /// TodosView.itemsLeft(state, fitting: 28)  // "8 items left · 3 overdue"
  /// ```
  static func itemsLeft(_ state: Todos.State, fitting width: Int) -> String {
    let parts = itemsLeftParts(state)
    var shown = parts.left + parts.overdue + parts.hidden
    if !parts.hidden.isEmpty, DisplayWidth.of(shown) > width { shown = parts.left + parts.overdue }
    if !parts.overdue.isEmpty, DisplayWidth.of(shown) > width { shown = parts.left }
    return shown
  }

  /// The parts of `itemsLeft(state)`, empty when not said (no array: the title is drawn on
  /// every frame).
  private static func itemsLeftParts(
    _ state: Todos.State
  ) -> (left: String, overdue: String, hidden: String) {
    let dates = state.list.dates
    let active = state.activeCount - dates.hiddenActiveCount
    let left = "\(active) \(active == 1 ? "item" : "items") left"
    let overdue = dates.overdueCount > 0 ? " · \(dates.overdueCount) overdue" : ""
    let hidden = dates.hidden.isEmpty ? "" : " · \(dates.hidden.count) hidden"
    return (left, overdue, hidden)
  }

  /// The filter bar's word while `H` shows the hidden todos; returns its width.
  static func drawHiddenShown(
    _ state: Todos.State, x: Int, into buffer: inout ScreenBuffer, keys: KeyBindings = .standard
  ) -> Int {
    guard state.showsHidden else { return 0 }
    let key = keys.key("toggle_hidden", or: "H")
    return buffer.write(" +hidden (\(key)) ", x: x, y: 1, style: currentFilterStyle)
  }

  /// The empty list's hint when every todo that would show is hidden by its dates.
  static func allHiddenHint(_ state: Todos.State, keys: KeyBindings = .standard) -> String? {
    let hidden = state.list.dates.hidden.count
    guard !state.showsHidden, hidden > 0, state.filter == .all else { return nil }
    let noun = hidden == 1 ? "todo is" : "todos are"
    let key = keys.key("toggle_hidden", or: "H")
    return "\(hidden) \(noun) hidden (t: later, h:1) · press \(key) to show"
  }

  /// The empty list's hint under a chosen project or context: `No active todos with +house`,
  /// and, when todos hidden by their dates carry it, how many and that `H` shows them.
  ///
  /// ```swift
  /// noTodosWithTagHint("@c3", state)
  /// // "No todos with @c3 show: 2 are hidden by their dates · press H to show them"
  /// ```
  static func noTodosWithTagHint(
    _ tag: String, _ state: Todos.State, keys: KeyBindings = .standard
  ) -> String {
    let todos = state.filter == .all ? "todos" : "\(state.filter.title.lowercased()) todos"
    let hidden = state.showsHidden ? 0 : state.list.hiddenCount(matching: state.visibility)
    guard hidden == 0 else {
      let key = keys.key("toggle_hidden", or: "H")
      let verb = hidden == 1 ? "is" : "are"
      return "No \(todos) with \(tag) show: \(hidden) \(verb) hidden by their dates · press "
        + "\(key) to show them"
    }
    let project = keys.key("pick_project", or: "+")
    let context = keys.key("pick_context", or: "@")
    return "No \(todos) with \(tag) · press \(project) or \(context) to change"
  }
}
