import TerminalUI
import TodoTxt
import TodosConfig
import TodosFeature

// config.toml applied to the app: the vocabulary it may name (the key table's actions, the
// filters, the sort orders), and the keys, colours and behaviour it gives the app.

extension ConfigVocabulary {
  /// What config.toml may name in the app: every named action of `KeyTable` (its default keys,
  /// its help line, the focuses it works in as its group), the filters and the sort orders.
  ///
  /// ```swift
  /// let loaded = location.load(vocabulary: .app)
  /// ```
  public static let app: ConfigVocabulary = {
    ConfigVocabulary(
      actions: KeyBindings.standard.actions.map { action in
        ConfigVocabulary.Action(
          name: action.name, defaultKeys: action.sequences.map { KeySequence(keys: $0) },
          summary: action.summary, group: spaced(action.focuses),
          keepsAKey: action.name == "quit")
      },
      filters: appFilters, sorts: appSorts, views: appViews)
  }()

  /// The filters, the sort orders and the built-in views config.toml may name.
  static let appFilters = Todos.Filter.allCases.map(\.rawValue)
  static let appSorts = ["file", "priority", "due"]
  static var appViews: [ViewSetting] {
    SavedView.builtIn.map { view in
      ViewSetting(
        table: view.name.lowercased().replacingText(" ", with: "_"),
        query: view.query, key: view.key.map { KeySequence($0) })
    }
  }
}

extension Config {
  /// The app's configuration when there is no config file, with no key table: every action
  /// keeps its default keys, which is how `AppSettings` reads an action missing from `keys`.
  /// A start with no config file needs no vocabulary then (making it, from every action of
  /// the key table, cost a start 0.8 M instructions). `Config.defaults(for: .app)` has the
  /// same settings with every action's keys written out, for `--print-config`.
  ///
  /// ```swift
  /// AppSettings(.appDefaultsWithDefaultKeys).keys == .standard  // true
  /// ```
  public static var appDefaultsWithDefaultKeys: Config {
    Config(
      keys: [:], colors: ColorSettings(),
      behavior: BehaviorSettings(
        defaultFilter: ConfigVocabulary.appFilters.first ?? "all",
        defaultSort: ConfigVocabulary.appSorts.first ?? "file"),
      views: ConfigVocabulary.appViews)
  }
}

/// `words` apart by spaces; by hand, as `joined(separator:)` runs unspecialised here (a
/// run-time conformance scan at every start).
///
/// ```swift
/// spaced(["editor", "search"])  // "editor search"
/// ```
func spaced(_ words: [String]) -> String {
  var text = ""
  for (index, word) in words.enumerated() {
    if index > 0 { text += " " }
    text += word
  }
  return text
}

/// A loaded config as the app uses it.
///
/// ```swift
/// let settings = AppSettings(loaded.config)
/// settings.keys.hints(for: .list)
/// settings.theme(colorCount: terminal.colorCount)
/// ```
public struct AppSettings: Sendable {
  public var config: Config
  /// The key table with config.toml's keys.
  public var keys: KeyBindings

  public init(_ config: Config) {
    self.config = config
    // No action in `keys`: each keeps its default keys, so the vocabulary is not needed.
    guard !config.keys.isEmpty else {
      self.keys = .standard
      return
    }
    let vocabulary = ConfigVocabulary.app
    var changed: [String: [[Key]]] = [:]
    for action in vocabulary.actions {
      let keys = config.keys[action.name] ?? action.defaultKeys
      if keys != action.defaultKeys { changed[action.name] = keys.map(\.keys) }
    }
    self.keys = changed.isEmpty ? .standard : KeyBindings.standard.remapped(changed)
  }

  /// The colours fitted to a terminal of `colorCount` colours (0: NO_COLOR or none, so only
  /// the attributes stay).
  ///
  /// ```swift
  /// settings.theme(colorCount: 8).overdue  // bold red
  /// ```
  public func theme(colorCount: Int) -> TodosTheme {
    let depth = ColorValue.Depth(colorCount: colorCount)
    let colors = config.colors
    var theme = TodosTheme(
      selection: colors.selection.style(for: depth),
      completed: colors.completed.style(for: depth),
      priority: colors.priority.style(for: depth), project: colors.project.style(for: depth),
      context: colors.context.style(for: depth), due: colors.due.style(for: depth),
      overdue: colors.overdue.style(for: depth), status: colors.status.style(for: depth))
    theme.selectionBar = TodosTheme.SelectionBar(rawValue: colors.selectionBar.rawValue) ?? .marker
    theme.priorityA = colors.priorityA.style(for: depth)
    theme.priorityB = colors.priorityB.style(for: depth)
    theme.priorityC = colors.priorityC.style(for: depth)
    return colorCount < 8 ? theme.withoutColors : theme
  }

  /// The environment with the behaviour settings: the settle delay, creation dates, what
  /// completing does to a priority.
  @MainActor
  public func apply(to environment: inout TodosEnvironment) {
    let behavior = config.behavior
    environment.settleDelay = behavior.settleDelay
    environment.addsCreationDate = behavior.creationDate
    environment.keepsPriorityOnCompletion = behavior.keepPriorityOnCompletion
    environment.archivesAfterSettle = behavior.autoArchive
    environment.addsAtBottom = behavior.newTodoPosition == "bottom"
  }

  /// The state the app starts in: the default filter (and sort), and the config's problems
  /// in the status line.
  public func apply(to state: inout AppFeature.State, problems: [ConfigProblem]) {
    if let filter = Todos.Filter(rawValue: config.behavior.defaultFilter) {
      state.list.filter = filter
    }
    state.list.sortOrder = AppSettings.sortOrder(named: config.behavior.defaultSort)
    state.list.views = views
    state.list.sortOrders = config.behavior.sortOrders
    if let first = problems.first {
      // How many more goes first: a long first problem is cut at the end, never the count.
      let count = problems.count - 1
      let more =
        count > 0 ? " (\(count) more \(count == 1 ? "problem" : "problems"): --check-config)" : ""
      state.list.status = Todos.StatusMessage("Config\(more): \(first.summary)", kind: .error)
    }
  }

  /// The saved views of `[views]`, as the list shows them.
  ///
  /// ```swift
  /// AppSettings(Config.defaults(for: .app)).views.map(\.name)  // ["Today", "Week", …]
  /// ```
  public var views: [SavedView] {
    config.views.map { setting in
      SavedView(
        name: SavedView.displayName(ofTable: setting.table), query: setting.query,
        key: setting.key?.keys.first, sort: setting.sort, group: setting.group)
    }
  }

  /// The sort order a `default_sort` name means.

  ///
  /// ```swift
  /// AppSettings.sortOrder(named: "due")  // .dueDate
  /// ```
  public static func sortOrder(named name: String) -> TodoSortOrder {
    switch name {
    case "priority": .priority
    case "due": .dueDate
    default: .fileOrder
    }
  }
}
