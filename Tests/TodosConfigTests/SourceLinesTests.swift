import Testing

@testable import TodosConfig

@Suite struct SourceLinesTests {
  let lines = SourceLines(
    """
    keys.quit = "Q"
    colors = { due = "red" }
    # quit = "x" in a comment
    [behavior]
      auto_archive = true
    'settle_delay_ms'=5
    [[other]]
    quit = 1
    [ "keys" ]
    "edit.start" = [
      "home",
      "ctrl-a",
    ]
    quit = "q"
    """)

  @Test func findsHeadersAndKeysBareQuotedAndIndented() {
    #expect(lines.line(ofSection: "behavior") == 4)
    #expect(lines.line(ofSection: "keys") == 9)
    #expect(lines.line(ofKey: "auto_archive", inSection: "behavior") == 5)
    #expect(lines.line(ofKey: "settle_delay_ms", inSection: "behavior") == 6)
    #expect(lines.line(ofKey: "edit.start", inSection: "keys") == 10)
    // Not the one under [[other]], nor the comment.
    #expect(lines.line(ofKey: "quit", inSection: "keys") == 14)
  }

  @Test func fallsBackToTheHeaderOrTheTopLevelKey() {
    #expect(lines.line(ofKey: "missing", inSection: "behavior") == 4)
    #expect(lines.line(ofKey: "due", inSection: "colors") == 2)
    #expect(lines.line(ofTopLevelKey: "keys") == 1)
    #expect(lines.line(ofKey: "anything", inSection: "nowhere") == nil)
  }

  @Test func findsAValueInAListThatSpansLines() {
    #expect(lines.line(ofValue: "ctrl-a", from: 10) == 12)
    #expect(lines.line(ofValue: "q", from: 10) == 10)  // stops at the next key: the key's line
  }
}
