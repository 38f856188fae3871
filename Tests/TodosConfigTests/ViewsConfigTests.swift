import Foundation
import TerminalUI
import Testing
import TodoTxt
import TodosAppConfig
import TodosConfig
import TodosFeature

/// `[views]` in config.toml: adding, replacing and removing saved views, and printing them.
@Suite struct ViewsConfigTests {
  func parse(_ text: String) -> LoadedConfig {
    Config.parse(text, file: "/cfg/config.toml", vocabulary: .app)
  }

  @Test func theBuiltInViewsAreTheDefaults() {
    let loaded = parse("")
    #expect(loaded.problems == [])
    #expect(
      AppSettings(loaded.config).views == [
        SavedView(name: "Today", query: "due:<=today|pri:A is:active", key: .character("4")),
        SavedView(name: "Week", query: "due:<=7d is:active", key: .character("5")),
        SavedView(name: "Overdue", query: "is:overdue", key: .character("6")),
        SavedView(name: "No date", query: "due:none is:active", key: .character("7")),
      ])
  }

  @Test func tablesReplaceAddAndRemoveViews() {
    let loaded = parse(
      """
      [views]
      week = false
      no_date = false

      [views.today]
      query = "due:<=today -is:done"

      [views.work_calls]
      query = "+work @phone"
      key = "8"

      [views.errands]
      query = "@store"
      """)
    #expect(loaded.problems == [])
    #expect(
      AppSettings(loaded.config).views == [
        SavedView(name: "Today", query: "due:<=today -is:done"),
        SavedView(name: "Overdue", query: "is:overdue", key: .character("6")),
        SavedView(name: "Work calls", query: "+work @phone", key: .character("8")),
        SavedView(name: "Errands", query: "@store"),
      ])
  }

  @Test func aWrongViewIsAProblemAndAnUnknownSettingIsLeftOut() {
    let loaded = parse(
      """
      [views.today]
      query = "pri:A"
      qeury = "pri:B"

      [views.soon]
      key = "8"

      [views.later]
      query = "due:>7d"
      key = "g g"
      """)
    #expect(loaded.problems.map(\.line) == [1, 5, 8])
    #expect(
      loaded.problems[0].fix
        == "To fix, rename it to query (its settings: query, key, sort, group). The view is kept without it."
    )
    #expect(loaded.problems[1].heading == "The view soon has no query.")
    #expect(loaded.problems[2].heading == "views.later.key must be one key, such as \"4\".")
    var expected = Config.defaults(for: .app).views
    expected[0] = ViewSetting(table: "today", query: "pri:A")
    #expect(loaded.config.views == expected)
  }

  @Test func sortAndGroupAreRead() throws {
    let loaded = parse(
      "[views.work]\nquery = \"+work\"\nsort = \"due desc,priority\"\ngroup = \"Project\"\n")
    #expect(loaded.problems == [])
    let sort = try SortSpec(parsing: "due desc,priority")
    #expect(
      loaded.config.views.last
        == ViewSetting(table: "work", query: "+work", sort: sort, group: .project))
    #expect(
      AppSettings(loaded.config).views.last
        == SavedView(name: "Work", query: "+work", sort: sort, group: .project))
  }

  @Test func everyGroupIsRead() {
    for group in GroupBy.allCases {
      let loaded = parse("[views.work]\nquery = \"+work\"\ngroup = \"\(group.rawValue)\"\n")
      #expect(loaded.problems == [])
      #expect(loaded.config.views.last?.group == group)
    }
  }

  @Test func aBadGroupSaysWhichAndHowToFixAndTheViewIsKept() {
    let loaded = parse("[views.work]\nquery = \"+work\"\ngroup = \"tag\"\n")
    #expect(loaded.problems.map(\.heading) == ["views.work.group: There is no group \"tag\"."])
    #expect(loaded.problems.first?.line == 1)
    #expect(loaded.problems.first?.value == "group = \"tag\"")
    #expect(
      loaded.problems.first?.fix
        == "To fix, write group = one of \"project\", \"context\", \"priority\", \"due\", "
        + "or remove the line. The view is kept without sections until then.")
    #expect(loaded.config.views.last == ViewSetting(table: "work", query: "+work"))
  }

  @Test func aGroupThatIsNotTextIsAProblem() {
    let loaded = parse("[views.work]\nquery = \"+work\"\ngroup = 3\n")
    #expect(
      loaded.problems.map(\.heading) == [
        "views.work.group must be text, such as \"project\", not a whole number."
      ])
    #expect(loaded.problems.first?.fix.hasPrefix("To fix, write group = \"project\"") == true)
    #expect(loaded.config.views.last == ViewSetting(table: "work", query: "+work"))
  }

  @Test func theGroupIsPrinted() throws {
    let loaded = parse("[views.work]\nquery = \"+work\"\ngroup = \"due\"\n")
    let printed = loaded.config.printed(vocabulary: .app)
    #expect(printed.contains("[views.work]\nquery = \"+work\"\ngroup = \"due\""))
    #expect(
      Config.parse(printed, file: "/cfg/config.toml", vocabulary: .app).config == loaded.config)
  }

  @Test func aViewsKeyThatAKeysBindingAlsoUsesIsReportedAndTheActionWins() {
    // [views] before [keys]: the clash is found once both are read.
    let loaded = parse(
      "[views.calls]\nquery = \"@phone\"\nkey = \"8\"\n\n[keys]\nadd = [\"a\", \"8\"]\n")
    #expect(
      loaded.problems.map(\.heading) == [
        "The key of the view Calls, \"8\", is also the key of add: add wins, and the key does "
          + "not show the view."
      ])
    #expect(loaded.problems.first?.line == 3)
    #expect(loaded.problems.first?.kind == .keyConflict)
    #expect(loaded.problems.first?.value == "[views.calls] key = \"8\"\nadd = \"8\"")
    #expect(
      loaded.problems.first?.fix
        == "To fix, give the view a key no action of the list uses (a digit from 8, say), or "
        + "give add other keys in [keys] (add = [\"…\"], or [] to unbind it).")
  }

  @Test func aViewsKeyThatIsAnActionsDefaultOrStartsItsSequenceIsReported() {
    let loaded = parse(
      "[keys]\nfirst = \"g g\"\n\n[views.calls]\nquery = \"@phone\"\nkey = \"a\"\n\n"
        + "[views.soon]\nquery = \"due:<=3d\"\nkey = \"g\"\n")
    #expect(
      loaded.problems.map(\.heading) == [
        "The key of the view Calls, \"a\", is also the key of add (its default): add wins, "
          + "and the key does not show the view.",
        "The key of the view Soon, \"g\", starts \"g g\", the key of first: first wins, and "
          + "the key does not show the view.",
      ])
    #expect(loaded.problems.map(\.line) == [6, 10])
  }

  @Test func aKeyNoListActionUsesIsNotAClash() {
    #expect(parse("[views.calls]\nquery = \"@phone\"\nkey = \"8\"\n").problems == [])
  }

  @Test func aBadSortKeySaysWhichAndHowToFixAndTheViewIsKept() {
    let loaded = parse("[views.work]\nquery = \"+work\"\nsort = \"due,prio\"\n")
    #expect(loaded.problems.map(\.heading) == ["views.work.sort: There is no sort key \"prio\"."])
    #expect(loaded.problems.first?.value == "\"due,prio\"")
    #expect(
      loaded.problems.first?.fix
        == "To fix, use priority, due, t, created, completed, text, file (each may be "
        + "followed by asc or desc), such as \"due,priority desc\".")
    #expect(loaded.config.views.last == ViewSetting(table: "work", query: "+work"))
  }

  @Test func sortOrdersAreReadAndABadOneKeepsTheDefaultCycle() throws {
    let loaded = parse("[behavior]\nsort_orders = [\"file\", \"due,priority\", \"text desc\"]\n")
    #expect(loaded.problems == [])
    #expect(
      loaded.config.behavior.sortOrders == [
        try SortSpec(parsing: "file"), try SortSpec(parsing: "due,priority"),
        try SortSpec(parsing: "text desc"),
      ])
    var state = AppFeature.State(path: "/t/todo.txt")
    AppSettings(loaded.config).apply(to: &state, problems: [])
    #expect(state.list.sortOrders == loaded.config.behavior.sortOrders)
    let bad = parse("[behavior]\nsort_orders = [\"file\", \"due by\"]\n")
    #expect(
      bad.problems.map(\.heading) == [
        "sort_orders: The sort key \"due by\" can only be followed by asc or desc."
      ])
    #expect(bad.config.behavior.sortOrders == SortSpec.defaultCycle)
    let empty = parse("[behavior]\nsort_orders = []\n")
    #expect(empty.problems.map(\.heading) == ["sort_orders needs at least one order."])
    #expect(empty.config.behavior.sortOrders == SortSpec.defaultCycle)
  }

  @Test func printConfigWritesSortAndSortOrdersAndReadsBackTheSame() throws {
    let loaded = parse(
      """
      [behavior]
      sort_orders = ["file", "due,priority"]

      [views.work]
      query = "+work"
      sort = "due desc,text"
      """)
    let printed = loaded.config.printed(vocabulary: .app)
    #expect(printed.contains("sort_orders = [\"file\", \"due,priority\"]\n"))
    #expect(printed.contains("# Default: [\"file\", \"priority\", \"due\"]\n"))
    #expect(printed.contains("query = \"+work\"\nsort = \"due desc,text\"\n"))
    let again = parse(printed)
    #expect(again.problems == [])
    #expect(again.config == loaded.config)
  }

  @Test func printConfigListsTheViewsAndReadsBackTheSame() {
    let loaded = parse(
      """
      [views]
      week = false

      [views.errands]
      query = "@store"
      """)
    let printed = loaded.config.printed(vocabulary: .app)
    #expect(
      printed.contains(
        """
        [views]
        week = false

        [views.today]
        # Default: query = "due:<=today|pri:A is:active"
        query = "due:<=today|pri:A is:active"
        key = "4"
        """))
    #expect(printed.contains("[views.errands]\nquery = \"@store\"\n"))
    let again = Config.parse(printed, file: "/cfg/config.toml", vocabulary: .app)
    #expect(again.problems == [])
    #expect(again.config == loaded.config)
  }
}
