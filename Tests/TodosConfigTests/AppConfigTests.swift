import ArchitectureTestSupport
import Foundation
import TerminalUI
import TerminalUITestSupport
import Testing
import TodosAppConfig
import TodosConfig
import TodosFeature

/// config.toml applied to the app: the key table as the vocabulary, keys, theme, behaviour,
/// and the command line's --print-config and --check-config.
@MainActor
@Suite struct AppConfigTests {
  /// Runs the program; its standard output and error together, and its status.
  func execute(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: arguments[0])
    process.arguments = Array(arguments.dropFirst())
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  func parse(_ text: String) -> LoadedConfig {
    Config.parse(text, file: "/cfg/config.toml", vocabulary: .app)
  }

  @Test func theKeyTableIsTheVocabularyAndItsPrintedDefaultsReadBackWithoutProblems() {
    let vocabulary = ConfigVocabulary.app
    #expect(
      vocabulary.action(named: "quit")?.defaultKeys == [
        KeySequence(.character("q")), KeySequence(.ctrl("c")),
      ])
    #expect(vocabulary.action(named: "cursor_left")?.group == "editor prompt search")
    let defaults = Config.defaults(for: vocabulary)
    let printed = defaults.printed(vocabulary: vocabulary)
    let loaded = parse(printed)
    #expect(loaded.problems == [])
    #expect(loaded.config == defaults)
    #expect(printed.contains("# Edit the selected todo's line in $VISUAL / $EDITOR."))
  }

  @Test func everyActionHasItsOwnSentenceInThePrintedConfig() {
    let vocabulary = ConfigVocabulary.app
    var seen: [String: String] = [:]
    for action in vocabulary.actions {
      let summary = action.summary
      #expect(summary.hasSuffix(".") && summary.count > 12, "\(action.name): \"\(summary)\"")
      #expect(!summary.contains("_"), "\(action.name)'s sentence names an action, not a deed")
      #expect(!summary.hasPrefix("Help:") && !summary.hasPrefix("The action"))
      if let other = seen[summary] {
        Issue.record("\(action.name) and \(other) share \"\(summary)\"")
      }
      seen[summary] = action.name
    }
    let printed = Config.defaults(for: vocabulary).printed(vocabulary: vocabulary)
    #expect(!printed.contains("# The action "))
    #expect(printed.contains("# Quit the app while it asks for a priority (after p). Default:"))
    #expect(printed.contains("# Keys screen: scroll down a line. Default: [\"j\", \"down\"]"))
  }

  @Test func keysFromTheConfigReachTheKeymapAndTwoActionsOnOneKeyIsAProblem() {
    let loaded = parse("[keys]\nquit = [\"Q\", \"f10\"]\nfirst = \"g g\"\ndelete = \"x\"\n")
    let settings = AppSettings(loaded.config)
    let state = Todos.State(todos: [Todo.State(id: UUID(counter: 0), description: "A")])
    #expect(Keymap.action(for: .function(10), in: state, keys: settings.keys) == .quitKeyPressed)
    #expect(Keymap.action(for: .character("q"), in: state, keys: settings.keys) == nil)
    #expect(settings.keys.hints(for: .list).contains("Q quit"))
    // x is toggle's by default: delete's line is refused, and the problem says so.
    #expect(loaded.problems.map(\.kind) == [.keyConflict])
    #expect(loaded.problems.first?.line == 4)
    // Text-field keys clash with the editor's own: cursor_left = "enter" is refused.
    let clash = parse("[keys]\ncursor_left = \"enter\"\n")
    #expect(clash.problems.map(\.kind) == [.keyConflict])
    // The list and the editor may share a key.
    #expect(parse("[keys]\nsave = \"f2\"\nadd = \"f2\"\n").problems == [])
    #expect(AppSettings(Config.defaults(for: .app)).keys.sections.count == KeyTable.sections.count)
  }

  @Test func aRefusedBindingLeavesTheDefaultKeysActingAndInTheHelp() {
    let loaded = parse("[keys]\ndelete = \"x\"\n")
    #expect(loaded.problems.map(\.kind) == [.keyConflict])
    let keys = AppSettings(loaded.config).keys
    let state = Todos.State(
      todos: [Todo.State(id: UUID(counter: 0), description: "A")], selectedID: UUID(counter: 0))
    #expect(Keymap.action(for: .character("d"), in: state, keys: keys) == .deleteKeyPressed)
    #expect(Keymap.action(for: .delete, in: state, keys: keys) == .deleteKeyPressed)
    #expect(Keymap.action(for: .character("x"), in: state, keys: keys) != .deleteKeyPressed)
    let line = keys.sections[0].lines.first { $0.meaning == "delete / clear completed" }
    #expect(line?.keys == "d Del  C")
  }

  @Test func theHelpNamesOnlyKeysThatAct() {
    // With quit on Q, Ctrl-C no longer quits the list: the help line does not name it.
    let keys = AppSettings(parse("[keys]\nquit = \"Q\"\n").config).keys
    let state = Todos.State(todos: [Todo.State(id: UUID(counter: 0), description: "A")])
    #expect(Keymap.action(for: .ctrl("c"), in: state, keys: keys) == nil)
    let line = keys.sections.flatMap(\.lines).first { $0.meaning.hasPrefix("help (") }
    #expect(line?.keys == "? / Q")
  }

  @Test func checkConfigReportsAKeyAloneThatStartsABoundSequence() throws {
    let app = try TerminalFixture.appBinary()
    let folder = NSTemporaryDirectory() + "todos-tui-check-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let file = folder + "/config.toml"
    for text in [
      "[keys]\nfirst = \"g g\"\nhelp = \"g\"\n", "[keys]\nhelp = \"g\"\nfirst = \"g g\"\n",
    ] {
      try text.write(toFile: file, atomically: true, encoding: .utf8)
      let checked = try execute([app, "--config", file, "--check-config"])
      #expect(checked.status == 1)
      #expect(checked.output.contains("\(file):3: Two actions on one key:"), "\(checked.output)")
      #expect(checked.output.contains("start alike"))
    }
  }

  @Test func colorsAreFittedToTheTerminalAndNoColorKeepsOnlyTheAttributes() {
    let loaded = parse(
      "[colors]\npriority = \"bright-yellow\"\nselection = { fg = \"black\", bg = \"#5fafff\" }\n"
    )
    #expect(loaded.problems == [])
    let settings = AppSettings(loaded.config)
    #expect(settings.theme(colorCount: 16).priority == Style(foreground: .brightYellow))
    #expect(settings.theme(colorCount: 8).priority == Style(foreground: .yellow))
    // A 256-colour terminal shows #5fafff as palette colour 75, not the nearest of the 16.
    #expect(settings.theme(colorCount: 256).selection.background == .palette(75))
    #expect(settings.theme(colorCount: 16).selection.background == .brightBlue)
    #expect(settings.theme(colorCount: 0).priority == .plain)
    #expect(settings.theme(colorCount: 0).overdue == Style(bold: true))
    // With NO_COLOR a selection marked by its background alone is shown in reverse video.
    #expect(settings.theme(colorCount: 0).selection == Style(reverse: true))
    let underlined = parse("[colors]\nselection = { bg = 4, underline = true }\n").config
    #expect(AppSettings(underlined).theme(colorCount: 0).selection == Style(underline: true))
    // Untouched roles keep today's look.
    let defaults = AppSettings(Config.defaults(for: .app)).theme(colorCount: 256)
    #expect(defaults == TodosTheme.standard)
  }

  /// `selection_bar` picks how much of the selected row the selection covers; the marker by
  /// default, and a wrong value keeps it with a problem that says the two values.
  @Test func theSelectionBarReachesTheTheme() {
    #expect(AppSettings(Config.defaults(for: .app)).theme(colorCount: 256).selectionBar == .marker)
    let row = parse("[colors]\nselection_bar = \"row\"\n")
    #expect(row.problems == [])
    #expect(AppSettings(row.config).theme(colorCount: 256).selectionBar == .row)
    #expect(AppSettings(row.config).theme(colorCount: 0).selectionBar == .row)
    let wrong = parse("[colors]\nselection_bar = \"full\"\n")
    #expect(wrong.config.colors.selectionBar == .marker)
    #expect(wrong.problems.count == 1)
    #expect(wrong.problems.first?.heading.contains("\"marker\" or \"row\"") == true)
    #expect(wrong.problems.first?.fix.hasPrefix("To fix,") == true)
    // The printed config says it, and reads back.
    let printed = row.config.printed(vocabulary: .app)
    #expect(printed.contains("selection_bar = \"row\""))
    #expect(parse(printed).config.colors.selectionBar == .row)
  }

  @Test func behaviourReachesTheEnvironmentAndTheStartingState() {
    let loaded = parse(
      """
      [behavior]
      creation_date = false
      keep_priority_on_completion = false
      settle_delay_ms = 250
      default_filter = "active"
      default_sort = "priority"
      auto_archive = true
      new_todo_position = "bottom"
      """)
    #expect(loaded.problems == [])
    let settings = AppSettings(loaded.config)
    var environment = TodosEnvironment.test(scheduler: TestScheduler())
    #expect(!environment.archivesAfterSettle)
    #expect(!environment.addsAtBottom)
    settings.apply(to: &environment)
    #expect(environment.archivesAfterSettle)
    #expect(environment.addsAtBottom)
    #expect(environment.settleDelay == .milliseconds(250))
    #expect(!environment.addsCreationDate && environment.creationDay() == nil)
    #expect(!environment.keepsPriorityOnCompletion)
    var state = AppFeature.State(path: "/t/todo.txt")
    settings.apply(to: &state, problems: [])
    #expect(state.list.filter == .active)
    #expect(state.list.sortOrder == .priority)
    #expect(state.list.status == nil)
    #expect(AppSettings.sortOrder(named: "due") == .dueDate)
  }

  @Test func problemsGoToTheStatusLineAtStart() {
    let loaded = parse("[keys]\nquit = \"hyper-q\"\n[behavior]\nauto_archiv = true\n")
    var state = AppFeature.State(path: "/t/todo.txt")
    AppSettings(loaded.config).apply(to: &state, problems: loaded.problems)
    #expect(
      state.list.status
        == Todos.StatusMessage(
          "Config (1 more problem: --check-config): config.toml:2: \"hyper-q\" is not a key "
            + "name. quit keeps its default keys.", kind: .error))
  }

  @Test func checkConfigExitsNonZeroOnProblemsAndPrintConfigPrintsWhatIsInForce() throws {
    let app = try TerminalFixture.appBinary()
    let folder = NSTemporaryDirectory() + "todos-tui-check-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let bad = folder + "/bad.toml"
    try "[colors]\ndue = \"#ff87\"\n".write(toFile: bad, atomically: true, encoding: .utf8)
    let good = folder + "/good.toml"
    try "[keys]\nquit = \"Q\"\n".write(toFile: good, atomically: true, encoding: .utf8)

    let checked = try execute([app, "--config", bad, "--check-config"])
    #expect(checked.status == 1)
    #expect(checked.output.contains("\(bad):2: \"#ff87\" is not a #rrggbb colour."))
    #expect(checked.output.contains("To fix, write six hex digits after #"))
    let fine = try execute([app, "--config", good, "--check-config"])
    #expect(fine.status == 0)
    #expect(fine.output.contains("\(good): no problems."))
    let missing = try execute([app, "--config", folder + "/none.toml", "--check-config"])
    #expect(missing.status == 1)

    let printed = try execute([app, "--config", good, "--print-config"])
    #expect(printed.status == 0)
    #expect(printed.output.contains("\nquit = [\"Q\"]\n"))
    let back = Config.parse(printed.output, file: "printed", vocabulary: .app)
    #expect(back.problems == [])
    #expect(back.config.keys["quit"] == [KeySequence(.character("Q"))])
  }

  /// A NUL byte and a config with no key that quits were "no problems" before.
  @Test func checkConfigReportsANULByteAndAQuitWithNoKey() throws {
    let app = try TerminalFixture.appBinary()
    let folder = NSTemporaryDirectory() + "todos-tui-check-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let nul = folder + "/nul.toml"
    try "[keys]\nundo = \"z\"\u{0}\n".write(toFile: nul, atomically: true, encoding: .utf8)
    let checked = try execute([app, "--config", nul, "--check-config"])
    #expect(checked.status == 1)
    #expect(checked.output.contains("\(nul):2: This is not valid TOML (column 11): a NUL byte"))
    #expect(!checked.output.contains("no problems"))
    let noQuit = folder + "/no-quit.toml"
    try "[keys]\nquit = []\nquit_from_help = []\n"
      .write(toFile: noQuit, atomically: true, encoding: .utf8)
    let quit = try execute([app, "--config", noQuit, "--check-config"])
    #expect(quit.status == 1)
    #expect(
      quit.output.contains(
        "\(noQuit):2: No key would be left to quit: quit keeps its default keys, \"q\", "
          + "\"ctrl-c\"."))
    // In force: quit has its default keys back.
    let settings = AppSettings(parse("[keys]\nquit = []\n").config)
    let state = Todos.State(todos: [Todo.State(id: UUID(counter: 0), description: "A")])
    #expect(Keymap.action(for: .character("q"), in: state, keys: settings.keys) == .quitKeyPressed)
  }
}
