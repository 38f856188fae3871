import TerminalUI
import TodoTxt

/// The effective configuration: key bindings, colours and behaviour, after config.toml has been
/// read over the defaults.
///
/// ```swift
/// let loaded = ConfigLocation.resolve(option: nil, environment: env, currentDirectory: cwd)
///   .load(vocabulary: vocabulary)
/// loaded.config.behavior.settleDelayMilliseconds  // 1000 unless config.toml says otherwise
/// loaded.problems  // what was wrong, each with file, line and "To fix, …"
/// ```
public struct Config: Equatable, Sendable {
  /// Every action of the vocabulary with the keys bound to it (empty: unbound).
  public var keys: [String: [KeySequence]]
  public var colors: ColorSettings
  public var behavior: BehaviorSettings
  /// The saved views, in the filter bar's order: the built-in ones as `[views]` left them,
  /// then the ones it adds.
  public var views: [ViewSetting]

  public init(
    keys: [String: [KeySequence]], colors: ColorSettings, behavior: BehaviorSettings,
    views: [ViewSetting] = []
  ) {
    self.keys = keys
    self.colors = colors
    self.behavior = behavior
    self.views = views
  }

  /// The configuration when there is no config file: the vocabulary's default keys, default
  /// colours and behaviour.
  ///
  /// ```swift
  /// Config.defaults(for: vocabulary).keys["quit"]  // [q, ctrl-c] if that is quit's default
  /// ```
  public static func defaults(for vocabulary: ConfigVocabulary) -> Config {
    // Sized once: every start makes this table of every action.
    var keys = [String: [KeySequence]](minimumCapacity: vocabulary.actions.count)
    for action in vocabulary.actions { keys[action.name] = action.defaultKeys }
    return Config(
      keys: keys, colors: ColorSettings(),
      behavior: BehaviorSettings(
        defaultFilter: vocabulary.filters.first ?? "all",
        defaultSort: vocabulary.sorts.first ?? "file"),
      views: vocabulary.views)
  }
}

/// What the config may name: the actions of the key-binding table (with their default keys),
/// the filters and the sort orders. The app passes its binding table's entries.
///
/// ```swift
/// let vocabulary = ConfigVocabulary(actionNames: ["quit", "undo"])
/// ```
public struct ConfigVocabulary: Sendable {
  /// One action that keys can be bound to.
  public struct Action: Sendable {
    /// The name used in `[keys]`, such as `"quit"`.
    public var name: String
    /// Its default keys.
    public var defaultKeys: [KeySequence]
    /// What it does, for the printed config's comments.
    public var summary: String
    /// Actions of different groups (modes, say "list" and "edit") may share a key. A group may
    /// be several, apart by spaces (`"editor search"`): actions clash when one is shared.
    public var group: String
    /// An action the config may never leave without a key (quit: without it nothing would
    /// end the app). A file that leaves it none gets a problem and its default keys back.
    public var keepsAKey: Bool

    public init(
      name: String, defaultKeys: [KeySequence] = [], summary: String = "", group: String = "",
      keepsAKey: Bool = false
    ) {
      self.name = name
      self.defaultKeys = defaultKeys
      self.summary = summary
      self.group = group
      self.keepsAKey = keepsAKey
    }
  }

  public var actions: [Action]
  /// Names `default_filter` may take; the first is the default.
  public var filters: [String]
  /// Names `default_sort` may take; the first is the default. The app's sort orders are
  /// `TodoSortOrder` `.fileOrder`, `.priority`, `.dueDate`: "file", "priority", "due" here.
  public var sorts: [String]
  /// The built-in views (`[views]` replaces or removes them).
  public var views: [ViewSetting]

  public init(
    actions: [Action], filters: [String] = ["all", "active", "completed"],
    sorts: [String] = ["file", "priority", "due"], views: [ViewSetting] = []
  ) {
    self.actions = actions
    self.filters = filters
    self.sorts = sorts
    self.views = views
  }

  /// Actions known only by name, with no default keys.
  public init(
    actionNames: [String], filters: [String] = ["all", "active", "completed"],
    sorts: [String] = ["file", "priority", "due"]
  ) {
    self.init(
      actions: actionNames.map { Action(name: $0) }, filters: filters, sorts: sorts)
  }

  /// The action called `name`, if there is one.
  public func action(named name: String) -> Action? {
    actions.first(where: { $0.name == name })
  }
}

/// The `[colors]` table: how each part of the screen looks.
///
/// ```swift
/// config.colors.overdue.style(for: .colors16)  // bold red unless changed
/// ```
public struct ColorSettings: Hashable, Sendable {
  /// The parts of the screen that can be coloured, in the order the printed config lists them.
  public enum Role: String, CaseIterable, Sendable {
    case selection
    case priorityA = "priority_a", priorityB = "priority_b", priorityC = "priority_c"
    case priority, project, context, due, overdue, completed, status

    /// What the part is, for the printed config's comments.
    public var summary: String {
      switch self {
      case .selection: "The selected row."
      case .priorityA: "The priority (A)."
      case .priorityB: "The priority (B)."
      case .priorityC: "The priority (C)."
      case .priority: "The priorities (D) to (Z)."
      case .project: "+project words."
      case .context: "@context words."
      case .due: "The due-date badge (today, tomorrow, Fri, Dec 1)."
      case .overdue: "The due-date badge of an overdue todo (overdue 3d)."
      case .completed: "Completed todos."
      case .status: "The status line at the bottom."
      }
    }

    /// The look when config.toml does not change it: the app's look before colours could be
    /// configured.
    public var defaultStyle: StyleSetting {
      switch self {
      case .selection: StyleSetting(reverse: true)
      // As todo.sh colours them; bold too, so NO_COLOR still marks a priority.
      case .priorityA: StyleSetting(foreground: .named(.yellow), bold: true)
      case .priorityB: StyleSetting(foreground: .named(.green), bold: true)
      case .priorityC: StyleSetting(foreground: .named(.brightBlue), bold: true)
      case .priority: StyleSetting(bold: true)
      case .project: StyleSetting(foreground: .named(.cyan))
      case .context: StyleSetting(foreground: .named(.magenta))
      case .overdue: StyleSetting(foreground: .named(.red), bold: true)
      case .completed: StyleSetting(dim: true)
      case .due, .status: .plain
      }
    }
  }

  /// `selection_bar`: how much of the selected row `selection` covers.
  public enum SelectionBar: String, CaseIterable, Sendable {
    /// The marker and the box only (`> [ ]`).
    case marker
    /// The whole row.
    case row
  }

  private var styles: [Role: StyleSetting] = [:]
  /// How much of the selected row `selection` covers; the marker and box unless changed.
  public var selectionBar = SelectionBar.marker

  public init() {}

  public subscript(role: Role) -> StyleSetting {
    get { styles[role] ?? role.defaultStyle }
    set { styles[role] = newValue == role.defaultStyle ? nil : newValue }
  }

  public var selection: StyleSetting { self[.selection] }
  public var priority: StyleSetting { self[.priority] }
  public var priorityA: StyleSetting { self[.priorityA] }
  public var priorityB: StyleSetting { self[.priorityB] }
  public var priorityC: StyleSetting { self[.priorityC] }
  public var project: StyleSetting { self[.project] }
  public var context: StyleSetting { self[.context] }
  public var due: StyleSetting { self[.due] }
  public var overdue: StyleSetting { self[.overdue] }
  public var completed: StyleSetting { self[.completed] }
  public var status: StyleSetting { self[.status] }
}

/// The `[behavior]` table.
///
/// ```swift
/// BehaviorSettings().keepPriorityOnCompletion  // true: completing (A) keeps it as pri:A
/// ```
public struct BehaviorSettings: Hashable, Sendable {
  /// `creation_date`: new todos get today's date as their creation date.
  public var creationDate = true
  /// `keep_priority_on_completion`: completing a todo keeps its priority as `pri:A` (true) or
  /// drops it as todo.sh does (false).
  public var keepPriorityOnCompletion = true
  /// `settle_delay_ms`: how long after the last toggle completed todos sink, in milliseconds.
  public var settleDelayMilliseconds = 1000
  /// `default_filter`: the filter the app starts with.
  public var defaultFilter = "all"
  /// `default_sort`: the sort order the app starts with.
  public var defaultSort = "file"
  /// `sort_orders`: the orders `s` cycles through, each as keys (`"due,priority"`).
  public var sortOrders: [SortSpec] = SortSpec.defaultCycle
  /// `done_file`: where archived todos go; nil means done.txt beside the todo file. A leading
  /// `~/` is the home folder; a relative path is taken from the todo file's folder.
  public var doneFile: String? = nil
  /// `auto_archive`: move completed todos to the done file after the settle.
  public var autoArchive = false
  /// `new_todo_position`: where an added todo goes in the file and the list, `"top"` (before
  /// the first todo line) or `"bottom"` (after the last line, as `todo.sh add` does).
  public var newTodoPosition = "top"
  /// `open_command`: the command `o` opens a link with (the URL is its last argument, or
  /// takes the place of `%s`); nil means `$BROWSER`, else `xdg-open` (`open` on macOS).
  public var openCommand: String? = nil
  /// `files`: the lists the app opens when no file is given (the first shows first); `~/` is
  /// the home folder. Empty: one list, found as todo.sh finds it.
  public var files: [String] = []
  /// `lists = "todo_dir"`: every `*.txt` in `$TODO_DIR` is a list, except done.txt and
  /// report.txt (todo.txt first). nil: `files`, else the one todo file.
  public var lists: String? = nil

  /// The values `lists` takes.
  public static let listsValues = ["todo_dir"]

  /// The values `new_todo_position` takes.
  public static let newTodoPositions = ["top", "bottom"]

  /// The largest `settle_delay_ms` accepted (a minute).
  public static let maxSettleDelayMilliseconds = 60_000

  public init(
    creationDate: Bool = true, keepPriorityOnCompletion: Bool = true,
    settleDelayMilliseconds: Int = 1000, defaultFilter: String = "all",
    defaultSort: String = "file", doneFile: String? = nil, autoArchive: Bool = false,
    newTodoPosition: String = "top", openCommand: String? = nil
  ) {
    self.creationDate = creationDate
    self.keepPriorityOnCompletion = keepPriorityOnCompletion
    self.settleDelayMilliseconds = settleDelayMilliseconds
    self.defaultFilter = defaultFilter
    self.defaultSort = defaultSort
    self.doneFile = doneFile
    self.autoArchive = autoArchive
    self.newTodoPosition = newTodoPosition
    self.openCommand = openCommand
  }

  /// The settle delay as a `Duration`, for the scheduler.
  public var settleDelay: Duration { .milliseconds(settleDelayMilliseconds) }
}
