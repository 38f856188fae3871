import TerminalUI
import TodoTxt

/// A named query the filter bar lists after All, Active and Completed: `f`/Tab reaches it,
/// its key (if any) picks it, and while it is in effect only the todos its query matches
/// show, as under a filter (a todo toggled out of it stays until the settle). Config's
/// `[views.NAME]` tables add views and replace or remove the built-in ones.
///
/// ```swift
/// SavedView(name: "Today", query: "due:<=today|pri:A is:active", key: .character("4"))
/// ```
public struct SavedView: Equatable, Sendable {
  /// What the filter bar and the title say (`Today`, `No date`).
  public var name: String
  /// Which todos show, in the query language (`Query`, docs/views.md).
  public var query: String
  /// The key that picks it in the list, if any.
  public var key: Key?
  /// The order its todos show in while `s` is at file order (`sort = "due,priority"`).
  public var sort: SortSpec?
  /// Its sections (`group = "project"`): a header above each project's todos, say.
  public var group: GroupBy?

  public init(
    name: String, query: String, key: Key? = nil, sort: SortSpec? = nil, group: GroupBy? = nil
  ) {
    self.group = group
    self.sort = sort
    self.name = name
    self.query = query
    self.key = key
  }

  /// The views the app has without a config: what is due, overdue or important today, the
  /// week ahead, what is late, and what has no date, on keys 4 to 7.
  ///
  /// ```swift
  /// SavedView.builtIn.map(\.name)  // ["Today", "Week", "Overdue", "No date"]
  /// ```
  public static let builtIn: [SavedView] = [
    SavedView(name: "Today", query: "due:<=today|pri:A is:active", key: .character("4")),
    SavedView(name: "Week", query: "due:<=7d is:active", key: .character("5")),
    SavedView(name: "Overdue", query: "is:overdue", key: .character("6")),
    SavedView(name: "No date", query: "due:none is:active", key: .character("7")),
  ]

  /// The name a config table's name shows as: `no_date` is `No date`, `today` is `Today`.
  ///
  /// ```swift
  /// SavedView.displayName(ofTable: "no_date")  // "No date"
  /// ```
  public static func displayName(ofTable table: String) -> String {
    let spaced = table.replacingText("_", with: " ")
    // Both sides `String`s: a `Substring` appended runs `append(contentsOf:)` unspecialised.
    return spaced.prefix(1).uppercased() + String(spaced.dropFirst())
  }
}

extension Todos {
  /// One name in the filter bar: a filter (All, Active, Completed) or a saved view.
  public enum FilterBarEntry: Equatable, Sendable {
    case filter(Filter)
    case view(String)
  }
}

extension Todos.State {
  /// The saved view in effect, if any.
  public var currentView: SavedView? {
    guard let view else { return nil }
    return views.first { $0.name == view }
  }

  /// The names of the filter bar, in order: All, Active, Completed, then the saved views.
  public var filterBarEntries: [Todos.FilterBarEntry] {
    Todos.Filter.allCases.map(Todos.FilterBarEntry.filter) + views.map { .view($0.name) }
  }

  /// The entry in effect.
  public var currentFilterBarEntry: Todos.FilterBarEntry {
    currentView.map { .view($0.name) } ?? .filter(filter)
  }

  /// Puts `entry` in effect: a filter alone, or a saved view over every todo.
  mutating func pick(_ entry: Todos.FilterBarEntry) {
    switch entry {
    case .filter(let picked):
      filter = picked
      view = nil
    case .view(let name):
      guard views.contains(where: { $0.name == name }) else { return }
      filter = .all
      view = name
    }
  }

  /// `f`, Tab: the next entry of the filter bar, wrapping around.
  mutating func cycleFilterBar() {
    let entries = filterBarEntries
    let current = entries.firstIndex(of: currentFilterBarEntry) ?? 0
    pick(entries[(current + 1) % entries.count])
  }
}
