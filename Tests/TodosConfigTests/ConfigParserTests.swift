import TerminalUI
import Testing

@testable import TodosConfig

@Suite struct ConfigParserTests {
  @Test func emptyFileIsTheDefaults() {
    let loaded = parse("")
    #expect(loaded.problems == [])
    #expect(loaded.config == Config.defaults(for: vocabulary))
    #expect(loaded.config.keys["quit"] == keys("q", "ctrl-c"))
    #expect(loaded.config.behavior == BehaviorSettings(defaultFilter: "all", defaultSort: "file"))
    #expect(loaded.config.colors.selection == StyleSetting(reverse: true))
  }

  @Test func readsEveryKeyForm() {
    let loaded = parse(
      """
      [keys]
      next = "n"
      previous = ["p", "shift-up", "f2"]
      first = "g g"
      undo = []
      delete = "none"
      "edit.start" = ["ctrl-a", "ctrl-a"]
      """)
    #expect(loaded.problems == [])
    var expected = Config.defaults(for: vocabulary).keys
    expected["next"] = keys("n")
    expected["previous"] = keys("p", "shift-up", "f2")
    expected["first"] = keys("g g")
    expected["undo"] = []
    expected["delete"] = []
    expected["edit.start"] = keys("ctrl-a")
    #expect(loaded.config.keys == expected)
  }

  @Test func readsEveryColourForm() {
    let loaded = parse(
      """
      [colors]
      selection = { fg = "black", bg = "#5fafff", bold = true, underline = true }
      priority = "yellow"
      project = 208
      context = "bright-cyan"
      due = "#ff8700"
      overdue = { fg = 196, reverse = true, dim = true }
      completed = "default"
      status = { bg = "blue" }
      """)
    #expect(loaded.problems == [])
    let colors = loaded.config.colors
    #expect(
      colors.selection
        == StyleSetting(
          foreground: .named(.black), background: .rgb(red: 0x5f, green: 0xaf, blue: 0xff),
          bold: true, underline: true))
    #expect(colors.priority == StyleSetting(foreground: .named(.yellow)))
    #expect(colors.project == StyleSetting(foreground: .palette(208)))
    #expect(colors.context == StyleSetting(foreground: .named(.brightCyan)))
    #expect(colors.due == StyleSetting(foreground: .rgb(red: 255, green: 135, blue: 0)))
    #expect(colors.overdue == StyleSetting(foreground: .palette(196), dim: true, reverse: true))
    #expect(colors.completed == .plain)
    #expect(colors.status == StyleSetting(background: .named(.blue)))
  }

  @Test func readsEveryBehaviourSetting() {
    let loaded = parse(
      """
      [behavior]
      creation_date = false
      keep_priority_on_completion = false
      settle_delay_ms = 250
      default_filter = "active"
      default_sort = "due"
      done_file = "~/todo/done.txt"
      auto_archive = true
      new_todo_position = "bottom"
      open_command = "firefox --new-tab %s"
      """)
    #expect(loaded.problems == [])
    #expect(
      loaded.config.behavior
        == BehaviorSettings(
          creationDate: false, keepPriorityOnCompletion: false, settleDelayMilliseconds: 250,
          defaultFilter: "active", defaultSort: "due", doneFile: "~/todo/done.txt",
          autoArchive: true, newTodoPosition: "bottom", openCommand: "firefox --new-tab %s"))
    #expect(loaded.config.behavior.settleDelay == .milliseconds(250))
  }

  @Test func readsTheLists() {
    let loaded = parse(
      """
      [behavior]
      files = ["~/todo/todo.txt", "work.txt"]
      lists = "todo_dir"
      """)
    #expect(loaded.problems == [])
    #expect(loaded.config.behavior.files == ["~/todo/todo.txt", "work.txt"])
    #expect(loaded.config.behavior.lists == "todo_dir")
    let printed = loaded.config.printed(vocabulary: vocabulary)
    #expect(printed.contains("files = [\"~/todo/todo.txt\", \"work.txt\"]\n"))
    #expect(printed.contains("lists = \"todo_dir\"\n"))
    let defaults = Config.defaults(for: vocabulary).printed(vocabulary: vocabulary)
    #expect(defaults.contains("# files = [\"~/todo/todo.txt\", \"~/todo/work.txt\"]\n"))
    #expect(defaults.contains("# lists = \"todo_dir\"\n"))
  }

  @Test func dottedAndInlineTablesWork() {
    let loaded = parse(
      """
      keys.quit = "Q"
      behavior = { auto_archive = true }
      """)
    #expect(loaded.problems == [])
    #expect(loaded.config.keys["quit"] == keys("Q"))
    #expect(loaded.config.behavior.autoArchive)
  }

  @Test func syntaxErrorGivesItsLineAndTheDefaults() throws {
    let loaded = parse(
      """
      [behavior]
      auto_archive = true
      creation_date = = false
      """)
    #expect(loaded.config == Config.defaults(for: vocabulary))
    let problem = try #require(loaded.problems.first)
    #expect(loaded.problems.count == 1)
    #expect(problem.kind == .syntax)
    #expect(problem.line == 3)
    #expect(problem.file == "/cfg/config.toml")
    #expect(problem.value == "creation_date = = false")
    #expect(problem.fix.hasPrefix("To fix, "))
    #expect(problem.description.hasPrefix("/cfg/config.toml:3: This is not valid TOML"))
    #expect(problem.summary.hasPrefix("config.toml:3: This is not valid TOML"))
  }

  @Test func unknownKeyNameKeepsTheActionsDefaults() throws {
    let loaded = parse(
      """
      [keys]
      quit = [
        "Q",
        "hyper-q",
      ]
      undo = "U"
      """)
    let problem = try #require(loaded.problems.first)
    #expect(loaded.problems.count == 1)
    #expect(problem.kind == .unknownKeyName)
    #expect(problem.line == 4)
    #expect(problem.value == "\"hyper-q\"")
    #expect(problem.heading.contains("quit"))
    #expect(problem.fix.hasPrefix("To fix, "))
    #expect(loaded.config.keys["quit"] == keys("q", "ctrl-c"))
    #expect(loaded.config.keys["undo"] == keys("U"))
  }

  @Test func unknownActionSuggestsTheNearOne() throws {
    let loaded = parse("[keys]\n\nqiut = \"Q\"\n")
    let problem = try #require(loaded.problems.first)
    #expect(problem.kind == .unknownAction)
    #expect(problem.line == 3)
    #expect(problem.value == "qiut = \"Q\"")
    #expect(problem.fix.hasPrefix("To fix, rename it to quit"))
    #expect(loaded.config == Config.defaults(for: vocabulary))
  }

  @Test func aNULByteIsASyntaxErrorAtItsLineNotTheSilentEndOfTheFile() throws {
    let loaded = parse("[keys]\nundo = \"z\"\n# note\u{0}more\nquit = \"Q\"\n")
    let problem = try #require(loaded.problems.first)
    #expect(loaded.problems.count == 1)
    #expect(problem.kind == .syntax)
    #expect(problem.line == 3)
    #expect(
      problem.heading
        == "This is not valid TOML (column 7): a NUL byte (shown as ␀), which a TOML file "
        + "cannot hold.")
    #expect(problem.value == "# note␀more")
    #expect(problem.fix.hasPrefix("To fix, delete that byte"))
    #expect(problem.place == "/cfg/config.toml:3")
    // As for any syntax error, nothing in the file is used (not even what came before it).
    #expect(loaded.config == Config.defaults(for: vocabulary))
  }

  @Test func quitLeftWithNoKeyKeepsItsDefaultKeysAndSaysSo() throws {
    for text in ["[keys]\nquit = []\n", "[keys]\nquit = \"none\"\n"] {
      let loaded = parse(text)
      let problem = try #require(loaded.problems.first)
      #expect(loaded.problems.count == 1)
      #expect(problem.kind == .noKeyLeft)
      #expect(problem.line == 2)
      #expect(
        problem.heading
          == "No key would be left to quit: quit keeps its default keys, \"q\", \"ctrl-c\".")
      #expect(problem.value == (text.contains("none") ? "quit = \"none\"" : "quit = []"))
      #expect(problem.fix.hasPrefix("To fix, give quit a key of its own"))
      #expect(loaded.config.keys == Config.defaults(for: vocabulary).keys)
    }
  }

  @Test func quitWhoseKeysAllGoToOtherActionsGetsItsDefaultsBackFromThem() throws {
    // j is next's default (quit's line is refused), and the file gave q and Ctrl-C to undo:
    // of quit's defaults, none is left.
    let loaded = parse("[keys]\nundo = [\"q\", \"ctrl-c\", \"z\"]\nquit = \"j\"\n")
    #expect(loaded.problems.map(\.kind) == [.keyConflict, .noKeyLeft])
    let problem = try #require(loaded.problems.last)
    #expect(problem.line == 3)
    #expect(
      problem.heading
        == "No key would be left to quit: quit keeps its default keys, \"q\", \"ctrl-c\" "
        + "(taken back from undo).")
    #expect(problem.value == "quit = \"j\"")
    #expect(loaded.config.keys["quit"] == keys("q", "ctrl-c"))
    #expect(loaded.config.keys["undo"] == keys("z"))
    #expect(loaded.config.keys["next"] == keys("j", "down"))
  }

  @Test func twoActionsOnOneKeyLeavesBothWithTheirDefaults() throws {
    // x is toggle's default: delete's line is refused, and delete keeps d and Delete.
    let loaded = parse("[keys]\ndelete = [\"x\", \"D\"]\n")
    let problem = try #require(loaded.problems.first)
    #expect(loaded.problems.count == 1)
    #expect(problem.kind == .keyConflict)
    #expect(problem.line == 2)
    #expect(
      problem.heading
        == "Two actions on one key: \"x\" is already bound to toggle (its default); "
        + "delete keeps its default keys (d, delete).")
    #expect(loaded.config.keys["delete"] == keys("d", "delete"))
    #expect(loaded.config.keys["toggle"] == keys("space", "x"))
  }

  @Test func twoActionsOnOneKeyInTheFileLeavesItWithTheEarlierLine() throws {
    let loaded = parse("[keys]\nundo = \"z\"\nquit = [\"Q\",\n  \"z\"]\n")
    let problem = try #require(loaded.problems.first)
    #expect(problem.kind == .keyConflict)
    #expect(problem.line == 4)
    #expect(loaded.config.keys["undo"] == keys("z"))
    #expect(loaded.config.keys["quit"] == keys("q", "ctrl-c"))
  }

  @Test func aRefusedLineKeepsOnlyTheDefaultsNoEarlierLineTook() throws {
    // undo takes q; quit's line is refused (x is toggle's), and its default q is undo's now.
    let loaded = parse("[keys]\nundo = \"q\"\nquit = \"x\"\n")
    #expect(loaded.problems.map(\.line) == [3])
    #expect(
      loaded.problems.first?.heading.hasSuffix("quit keeps its default keys (ctrl-c).") == true)
    #expect(loaded.config.keys["undo"] == keys("q"))
    #expect(loaded.config.keys["quit"] == keys("ctrl-c"))
  }

  @Test func aKeyThatStartsAnotherSequenceIsAConflict() throws {
    // g alone is first's default: "g x" could never be typed.
    let loaded = parse("[keys]\nundo = \"g x\"\n")
    let problem = try #require(loaded.problems.first)
    #expect(problem.kind == .keyConflict)
    #expect(problem.heading.contains("start alike"))
    #expect(loaded.config.keys["undo"] == keys("u"))
  }

  @Test(arguments: [
    // A key bound alone, then a sequence starting with it, and the other way round.
    ("[keys]\nundo = \"z\"\nquit = \"z z\"\n", "quit", ["q", "ctrl-c"]),
    ("[keys]\nquit = \"z z\"\nundo = \"z\"\n", "undo", ["u"]),
    ("[keys]\nfirst = \"g g\"\nundo = \"g\"\n", "undo", ["u"]),
    // first's default g is undo's now: first keeps home.
    ("[keys]\nundo = \"g\"\nfirst = \"g g\"\n", "first", ["home"]),
  ])
  func aKeyAloneAndASequenceStartingWithItConflict(
    text: String, refused: String, kept: [String]
  ) throws {
    let loaded = parse(text)
    let problem = try #require(loaded.problems.first)
    #expect(loaded.problems.count == 1)
    #expect(problem.kind == .keyConflict)
    #expect(problem.line == 3)
    #expect(problem.heading.contains("start alike"))
    #expect(loaded.config.keys[refused] == kept.map { try! KeySequence(parsing: $0) })
  }

  @Test func oneActionOnAKeyAndASequenceStartingWithItConflicts() throws {
    let loaded = parse("[keys]\nundo = [\"z\", \"z z\"]\n")
    let problem = try #require(loaded.problems.first)
    #expect(problem.kind == .keyConflict)
    #expect(
      problem.heading
        == "One action on two keys that start alike: \"z\" and \"z z\" (both undo), so the "
        + "app could not tell which is meant; undo keeps its default keys (u).")
    #expect(loaded.config.keys["undo"] == keys("u"))
  }

  @Test func movingAKeyAwayFirstIsNoConflict() {
    let loaded = parse("[keys]\ndelete = \"x\"\ntoggle = \"space\"\nfirst = \"g g\"\n")
    #expect(loaded.problems == [])
    #expect(loaded.config.keys["delete"] == keys("x"))
    #expect(loaded.config.keys["first"] == keys("g g"))
  }

  @Test func groupsMayShareKeys() {
    // home is first's default in the list and edit.start's in the edit group.
    let loaded = parse("[keys]\n\"edit.start\" = [\"home\", \"g\"]\n")
    #expect(loaded.problems == [])
    #expect(loaded.config.keys["edit.start"] == keys("home", "g"))
  }

  @Test(arguments: [
    ("selection = \"purple\"", "\"purple\" is not a colour"),
    ("priority = 300", "300 is not a palette colour"),
    ("due = \"#ff87\"", "is not a #rrggbb colour"),
    ("overdue = { fg = \"red\", bg = \"#zzzzzz\" }", "is not a #rrggbb colour"),
  ])
  func badColourKeepsTheDefault(line: String, heading: String) throws {
    let loaded = parse("[colors]\n\(line)\n")
    let problem = try #require(loaded.problems.first)
    #expect(problem.kind == .badColor)
    #expect(problem.line == 2)
    #expect(problem.heading.contains(heading))
    #expect(problem.fix.hasPrefix("To fix, "))
    #expect(loaded.config.colors == ColorSettings())
  }

  @Test(arguments: [
    ("[behavior]\ncreation_date = \"yes\"", "must be true or false, not text"),
    ("[behavior]\nauto_archive = 1", "must be true or false, not a whole number"),
    ("[behavior]\nsettle_delay_ms = \"1s\"", "whole number of milliseconds, not text"),
    ("[behavior]\ndefault_filter = 2", "must be text"),
    ("[behavior]\ndone_file = false", "must be a file path, not true/false"),
    ("[behavior]\nnew_todo_position = 1", "must be text (\"top\" or \"bottom\")"),
    ("[behavior]\nopen_command = [\"w3m\"]", "open_command must be a command, not a list"),
    ("[behavior]\nfiles = \"todo.txt\"", "files must be a list of file paths"),
    ("[behavior]\nfiles = [\"todo.txt\", 3]", "files must be a list of file paths"),
    ("[behavior]\nlists = true", "must be text (\"todo_dir\")"),
    ("[keys]\nquit = 3", "must be text or a list of text"),
    ("[keys]\nquit = [\"q\", 3]", "Keys are written as text"),
    ("[colors]\ndue = true", "must be a colour or a table"),
    ("[colors]\ndue = { bold = \"yes\" }", "due.bold must be true or false"),
    ("[colors]\ndue = { fg = true }", "must be text or a number"),
    ("keys = 3", "keys must be a table"),
  ])
  func badTypeKeepsTheDefault(text: String, heading: String) throws {
    let loaded = parse(text + "\n")
    let problem = try #require(loaded.problems.first)
    #expect(problem.kind == .badType)
    #expect(problem.line == (text.hasPrefix("[") ? 2 : 1))
    #expect(problem.heading.contains(heading))
    #expect(problem.fix.hasPrefix("To fix, "))
    #expect(loaded.config.keys == Config.defaults(for: vocabulary).keys)
    #expect(loaded.config.colors == ColorSettings())
    #expect(loaded.config.behavior == Config.defaults(for: vocabulary).behavior)
  }

  @Test(arguments: [
    ("settle_delay_ms = -5", "from 0 to 60000"),
    ("settle_delay_ms = 60001", "from 0 to 60000"),
    ("default_filter = \"done\"", "takes one of \"all\", \"active\", \"completed\""),
    ("default_sort = \"alpha\"", "takes one of \"file\", \"priority\", \"due\""),
    ("done_file = \"\"", "not empty"),
    ("new_todo_position = \"middle\"", "takes \"top\" or \"bottom\""),
    ("open_command = \" \"", "open_command must be a command, not empty"),
    ("lists = \"all\"", "takes \"todo_dir\""),
  ])
  func badValueKeepsTheDefault(line: String, heading: String) throws {
    let loaded = parse("[behavior]\n# comment\n\(line)\n")
    let problem = try #require(loaded.problems.first)
    #expect(problem.kind == .badValue)
    #expect(problem.line == 3)
    #expect(problem.heading.contains(heading))
    #expect(loaded.config.behavior == Config.defaults(for: vocabulary).behavior)
  }

  @Test func unknownTablesAndSettings() {
    let loaded = parse(
      """
      [colours]
      due = "red"

      [behavior]
      auto_archiv = true

      [colors]
      selecton = "red"
      due = { fg = "red", italic = true }
      """)
    let byLine = Dictionary(grouping: loaded.problems, by: { $0.line ?? 0 })
    #expect(byLine[1]?.first?.kind == .unknownSection)
    #expect(byLine[1]?.first?.fix.contains("rename it to [colors]") == true)
    #expect(byLine[5]?.first?.kind == .unknownSetting)
    #expect(byLine[5]?.first?.fix.contains("rename it to auto_archive") == true)
    #expect(byLine[8]?.first?.kind == .unknownSetting)
    #expect(byLine[8]?.first?.fix.contains("rename it to selection") == true)
    #expect(byLine[9]?.first?.kind == .unknownSetting)
    #expect(loaded.problems.count == 4)
    #expect(loaded.config == Config.defaults(for: vocabulary))
  }

  @Test func settingOutsideTheTables() throws {
    let loaded = parse("auto_archive = true\n[behavior]\n")
    let problem = try #require(loaded.problems.first)
    #expect(problem.kind == .unknownSetting)
    #expect(problem.line == 1)
    #expect(problem.fix.contains("move it under [keys], [colors], [behavior] or [views]"))
  }

  @Test func everyProblemKindIsCovered() {
    // The kinds the suites above produce, plus unreadableFile in ConfigLocationTests.
    let produced: Set<ConfigProblem.Kind> = [
      .syntax, .unknownSection, .unknownSetting, .unknownAction, .unknownKeyName, .keyConflict,
      .badColor, .badType, .badValue, .unreadableFile, .noKeyLeft,
    ]
    #expect(produced == Set(ConfigProblem.Kind.allCases))
  }
}
