import TerminalUI

/// How the parts of the screen look: config.toml's `[colors]`, already fitted to the
/// terminal's colours. `standard` is the app's own look; the view is a pure function of the
/// state and this value.
///
/// ```swift
/// var theme = TodosTheme.standard
/// theme.priority = Style(bold: true, foreground: .yellow)
/// TodosView.frame(for: state, width: 80, height: 24, theme: theme)
/// ```
public struct TodosTheme: Hashable, Sendable {
  /// How much of the selected row the selection's style covers.
  ///
  /// ```swift
  /// theme.selectionBar = .row  // the whole row, as a bar
  /// ```
  public enum SelectionBar: String, CaseIterable, Hashable, Sendable {
    /// The gutter only (`> [ ]`): moving the selection rewrites a few cells, not two rows.
    case marker
    /// The whole row.
    case row
  }

  /// The selected row's marker and box (the whole row when `selectionBar` is `.row`).
  public var selection: Style
  /// How much of the selected row `selection` covers.
  public var selectionBar = SelectionBar.marker
  /// Completed todos.
  public var completed: Style
  /// A todo's priority from `(D)` to `(Z)`.
  public var priority: Style
  /// The priorities `(A)`, `(B)` and `(C)`, each its own colour (`priorityStyle(for:)`).
  public var priorityA = TodosTheme.priorityAStyle
  public var priorityB = TodosTheme.priorityBStyle
  public var priorityC = TodosTheme.priorityCStyle
  /// `+project` words.
  public var project: Style
  /// `@context` words.
  public var context: Style
  /// The due-date badge.
  public var due: Style
  /// The due-date badge of an overdue todo.
  public var overdue: Style
  /// The status line's text.
  public var status: Style

  public init(
    selection: Style, completed: Style, priority: Style, project: Style, context: Style,
    due: Style, overdue: Style, status: Style
  ) {
    self.selection = selection
    self.completed = completed
    self.priority = priority
    self.project = project
    self.context = context
    self.due = due
    self.overdue = overdue
    self.status = status
  }

  /// The app's own look (the styles declared in `TodosView`).
  public static let standard = TodosTheme(
    selection: TodosView.selectedStyle, completed: TodosView.completedStyle,
    priority: Style(bold: true), project: Style(foreground: .cyan),
    context: Style(foreground: .magenta), due: .plain, overdue: TodosView.errorStyle,
    status: .plain)

  /// A selected completed todo: the completed look under the selection's.
  public var selectedCompleted: Style { TodosTheme.layered(selection, over: completed) }

  /// `top` drawn over `base`: its colours replace the base's, its attributes add to them.
  ///
  /// ```swift
  /// TodosTheme.layered(Style(bold: true), over: Style(reverse: true))  // bold reverse
  /// ```
  public static func layered(_ top: Style, over base: Style) -> Style {
    Style(
      bold: base.bold || top.bold, dim: base.dim || top.dim,
      reverse: base.reverse || top.reverse, underline: base.underline || top.underline,
      foreground: top.foreground ?? base.foreground,
      background: top.background ?? base.background)
  }

  /// The same look without colours (NO_COLOR, a monochrome terminal): the attributes stay.
  public var withoutColors: TodosTheme {
    func plain(_ style: Style) -> Style {
      var style = style
      style.foreground = nil
      style.background = nil
      return style
    }
    // A selection marked only by its background would vanish: reverse video marks it instead.
    var selected = plain(selection)
    if selection.background != nil, !selected.reverse, !selected.underline {
      selected.reverse = true
    }
    var theme = TodosTheme(
      selection: selected, completed: plain(completed), priority: plain(priority),
      project: plain(project), context: plain(context), due: plain(due),
      overdue: plain(overdue), status: plain(status))
    theme.selectionBar = selectionBar
    theme.priorityA = plain(priorityA)
    theme.priorityB = plain(priorityB)
    theme.priorityC = plain(priorityC)
    return theme
  }
}
