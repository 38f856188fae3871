import Foundation
import TerminalUI
import Testing
import TodosAppConfig
import TodosConfig
import TodosFeature

/// (A), (B) and (C) each have a colour of their own (todo.sh's), `priority` is the rest;
/// every priority stays bold, so NO_COLOR loses nothing.
@MainActor
@Suite struct PriorityColourTests {
  func theme(_ text: String, colors: Int = 16) -> TodosTheme {
    let loaded = Config.parse(text, file: "/cfg/config.toml", vocabulary: .app)
    #expect(loaded.problems.isEmpty)
    return AppSettings(loaded.config).theme(colorCount: colors)
  }

  @Test func aBAndCHaveTheirOwnColoursByDefault() {
    let standard = theme("")
    #expect(standard.priorityStyle(for: "A") == Style(bold: true, foreground: .yellow))
    #expect(standard.priorityStyle(for: "B") == Style(bold: true, foreground: .green))
    #expect(standard.priorityStyle(for: "C") == Style(bold: true, foreground: .brightBlue))
    #expect(standard.priorityStyle(for: "D") == Style(bold: true))
    #expect(TodosTheme.standard.priorityStyle(for: "A") == standard.priorityStyle(for: "A"))
  }

  @Test func eachIsSetInTheConfigAndPriorityIsTheRest() {
    let set = theme(
      """
      [colors]
      priority_a = "red"
      priority_b = { fg = "magenta", underline = true }
      priority = "cyan"
      """)
    #expect(set.priorityStyle(for: "A") == Style(foreground: .red))
    #expect(set.priorityStyle(for: "B") == Style(underline: true, foreground: .magenta))
    #expect(set.priorityStyle(for: "C") == Style(bold: true, foreground: .brightBlue))
    #expect(set.priorityStyle(for: "Z") == Style(foreground: .cyan))
  }

  @Test func withoutColoursEveryPriorityStaysBold() {
    let plain = theme("", colors: 0)
    for letter: Character in ["A", "B", "C", "D"] {
      #expect(plain.priorityStyle(for: letter) == Style(bold: true))
    }
  }

  @Test func thePrintedConfigListsThemAndReadsBack() {
    let printed = Config.defaults(for: .app).printed(vocabulary: .app)
    #expect(printed.contains("priority_a = { fg = \"yellow\", bold = true }"))
    #expect(printed.contains("priority_c = "))
    #expect(Config.parse(printed, file: "/p", vocabulary: .app).problems.isEmpty)
  }
}
