import Foundation
import Testing
import TodosAppConfig

@testable import TodosConfig

/// Real config.toml files through `TOMLReader`: the docs' examples, the printed config read
/// back, and a syntax error as the app reports it.
@Suite struct TOMLConfigExamplesTests {
  static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The ```toml blocks of a doc, with the line each starts at.
  static func examples(in doc: String) throws -> [(line: Int, text: String)] {
    let text = try String(
      contentsOf: repository.appendingPathComponent(doc), encoding: .utf8)
    var examples: [(line: Int, text: String)] = []
    var current: (line: Int, lines: [Substring])?
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      if let open = current {
        if line.hasPrefix("```") {
          examples.append((open.line, open.lines.joined(separator: "\n") + "\n"))
          current = nil
        } else {
          current?.lines.append(line)
        }
      } else if line.hasPrefix("```toml") {
        current = (number + 2, [])
      }
    }
    return examples
  }

  @Test(arguments: ["docs/config.md", "docs/views.md", "README.md"])
  func everyExampleInTheDocsReadsWithoutAProblem(_ doc: String) throws {
    let examples = try Self.examples(in: doc)
    #expect(!examples.isEmpty)
    for example in examples {
      let loaded = Config.parse(example.text, file: "\(doc):\(example.line)", vocabulary: .app)
      #expect(loaded.problems == [], "\(doc), the example at line \(example.line)")
      #expect(loaded.config != Config.defaults(for: .app))
    }
  }

  @Test func theConfigPagesExampleReadsAsItsTables() throws {
    let example = try #require(try Self.examples(in: "docs/config.md").first)
    let root = try TOMLReader.parse(example.text)
    #expect(
      root
        == TOMLTable([
          "keys": .table(
            TOMLTable([
              "quit": .array([.string("q"), .string("ctrl-q")]), "first": .string("g g"),
              "delete": .array([]),
            ])),
          "colors": .table(
            TOMLTable([
              "selection": .table(
                TOMLTable(["fg": .string("black"), "bg": .string("#5fafff")])),
              "priority_a": .table(TOMLTable(["fg": .string("red"), "bold": .boolean(true)])),
              "overdue": .table(TOMLTable(["fg": .integer(196), "bold": .boolean(true)])),
            ])),
          "behavior": .table(
            TOMLTable([
              "keep_priority_on_completion": .boolean(false), "settle_delay_ms": .integer(600),
              "done_file": .string("~/todo/done.txt"),
            ])),
          "views": .table(
            TOMLTable([
              "calls": .table(
                TOMLTable(["query": .string("@phone -is:done"), "key": .string("8")]))
            ])),
        ]))
  }

  @Test func thePrintedConfigOfEveryDocsExampleReadsBackToTheSameConfig() throws {
    for doc in ["docs/config.md", "docs/views.md", "README.md"] {
      for example in try Self.examples(in: doc) {
        let config = Config.parse(example.text, file: doc, vocabulary: .app).config
        let printed = config.printed(vocabulary: .app)
        let back = Config.parse(printed, file: "printed", vocabulary: .app)
        #expect(back.problems == [], "\(doc):\(example.line)")
        #expect(back.config == config, "\(doc):\(example.line)")
      }
    }
  }

  @Test func theSyntaxErrorOfTheConfigPageIsTheOneTheAppPrints() throws {
    let loaded = Config.parse(
      "[keys]\nundo = \"U\"\nquit = Q\n", file: "/home/me/.config/todos-tui/config.toml",
      vocabulary: .app)
    let printed = try #require(loaded.problems.first).description
    let doc = try String(
      contentsOf: Self.repository.appendingPathComponent("docs/config.md"), encoding: .utf8)
    #expect(doc.contains("```\n\(printed)\n```"))
    #expect(loaded.config == Config.defaults(for: .app))
  }

  @Test func aNULByteIsTheProblemReportedEvenAfterAnotherSyntaxError() throws {
    let loaded = parse("[keys]\nquit = Q\nundo = \"u\"\u{0}\n")
    #expect(loaded.problems.count == 1)
    #expect(loaded.problems.first?.line == 3)
    #expect(loaded.problems.first?.value == "undo = \"u\"␀")
    #expect(loaded.config == Config.defaults(for: vocabulary))
  }

  @Test func aSyntaxErrorNamesItsColumnAndWhatIsWrongAndKeepsEveryDefault() throws {
    let loaded = parse("[keys]\r\nquit = \"Q\"\r\nundo = [\"u\", \"U\"\r\n")
    let problem = try #require(loaded.problems.first)
    #expect(loaded.problems.count == 1)
    #expect(problem.kind == .syntax)
    #expect(problem.line == 4)
    #expect(
      problem.heading
        == "This is not valid TOML (column 1): the list opened at line 3, column 8 has no "
        + "closing \"]\".")
    #expect(problem.value == "")
    #expect(loaded.config == Config.defaults(for: vocabulary))

    let twice = parse("[keys]\r\nquit = \"Q\"\r\n\r\n[keys]\r\nundo = \"U\"\r\n")
    #expect(twice.problems.map(\.line) == [4])
    #expect(
      twice.problems.first?.heading
        == "This is not valid TOML (column 2): the table [keys] is defined twice (a table has "
        + "one header; put its keys under the first).")
    #expect(twice.problems.first?.value == "[keys]")
    #expect(twice.config == Config.defaults(for: vocabulary))
  }
}
