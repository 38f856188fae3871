import Testing

@testable import TodosConfig

@Suite struct ConfigPrinterTests {
  @Test func defaultsReadBack() {
    let defaults = Config.defaults(for: vocabulary)
    let printed = defaults.printed(vocabulary: vocabulary)
    let loaded = parse(printed)
    #expect(loaded.problems == [])
    #expect(loaded.config == defaults)
  }

  @Test func everyValueReadsBack() throws {
    var config = Config.defaults(for: vocabulary)
    config.keys["next"] = keys("n", "ctrl-n", "f1", "shift-down")
    config.keys["first"] = keys("g g", "home")
    config.keys["undo"] = []
    config.keys["quit"] = [KeySequence(.character("\"")), KeySequence(.ctrl("\\"))]
    config.colors[.selection] = StyleSetting(
      foreground: .named(.black), background: .rgb(red: 95, green: 175, blue: 255), bold: true,
      dim: true, reverse: true, underline: true)
    config.colors[.priority] = StyleSetting(foreground: .palette(208))
    config.colors[.project] = StyleSetting(foreground: .named(.brightGreen))
    config.colors[.overdue] = .plain
    config.colors[.status] = StyleSetting(background: .palette(236))
    config.behavior = BehaviorSettings(
      creationDate: false, keepPriorityOnCompletion: false, settleDelayMilliseconds: 0,
      defaultFilter: "completed", defaultSort: "priority", doneFile: "a \"quoted\" path\\x",
      autoArchive: true, openCommand: "open -a \"Safari\" %s")
    let printed = config.printed(vocabulary: vocabulary)
    let loaded = parse(printed)
    #expect(loaded.problems == [])
    #expect(loaded.config == config)
  }

  @Test func saysWhatEachSettingDoesAndItsDefault() {
    let printed = Config.defaults(for: vocabulary).printed(vocabulary: vocabulary)
    let lines = printed.split(separator: "\n").map(String.init)
    #expect(lines.contains("# Quit. Default: [\"q\", \"ctrl-c\"]"))
    #expect(lines.contains("quit = [\"q\", \"ctrl-c\"]"))
    #expect(lines.contains("\"edit.start\" = [\"home\", \"ctrl-a\"]"))
    #expect(lines.contains("# The selected row. Default: { reverse = true }"))
    #expect(lines.contains("overdue = { fg = \"red\", bold = true }"))
    #expect(lines.contains("# done_file = \"~/todo/done.txt\""))
    #expect(lines.contains("# open_command = \"w3m\""))
    // Every setting line follows a comment that gives its default.
    for (index, line) in lines.enumerated()
    where !line.hasPrefix("#") && !line.hasPrefix("[") && line.contains(" = ") {
      #expect(lines[index - 1].hasPrefix("# ") && lines[index - 1].contains("Default: "))
    }
    #expect(lines.allSatisfy { $0.count <= 100 })
  }
}
