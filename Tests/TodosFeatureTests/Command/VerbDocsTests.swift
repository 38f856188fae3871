import Foundation
import Testing

@testable import TodosFeature

/// Every verb, with its arguments, is in the man page's COMMANDS, in docs/command-line.md, in
/// `todos-tui --help`, and in each shell's completion script (zsh and fish with the arguments
/// too).
@Suite struct VerbDocsTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

  @Test func theManPageAndTheDocNameEveryVerbWithItsArguments() throws {
    let app = try AppTerminalTests.appBinary()
    let page = NSTemporaryDirectory() + "todos-tui-verbs-\(UUID().uuidString).1"
    defer { try? FileManager.default.removeItem(atPath: page) }
    let made = try MergeFileCommandTests.run(
      "/usr/bin/env",
      ["python3", Self.root + "/scripts/generate-man-page.py", app, "docs/keys.md", page],
      in: Self.root)
    #expect(made.status == 0, "\(made.error)")
    let roff = try String(contentsOfFile: page, encoding: .utf8)
    let commands =
      try #require(roff.components(separatedBy: "\n.SH COMMANDS\n").last)
      .components(separatedBy: "\n.SH ").first ?? ""
    let doc = try String(contentsOfFile: Self.root + "/docs/command-line.md", encoding: .utf8)
    for verb in TodoCommand.Verb.allCases {
      #expect(
        commands.contains(".TP\n\\fBtodos-tui \(verb.usage)\\fR\n"),
        "the man page's COMMANDS lacks \(verb.usage)")
      #expect(doc.contains("| `todos-tui \(verb.usage)` |"), "command-line.md lacks \(verb.usage)")
    }
  }

  @Test func theHelpNamesEveryVerbWithItsArguments() throws {
    let help = try MergeFileCommandTests.run(
      try AppTerminalTests.appBinary(), ["--help"], in: Self.root)
    #expect(help.status == 0)
    // The help is wrapped at the terminal's width: read it as one line.
    let text = help.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    for verb in TodoCommand.Verb.allCases {
      #expect(text.contains(verb.usage), "todos-tui --help lacks \(verb.usage)")
    }
  }

  @Test func theCompletionScriptsOfferEveryVerb() throws {
    let app = try AppTerminalTests.appBinary()
    for shell in ["bash", "zsh", "fish"] {
      let script = try MergeFileCommandTests.run(
        app, ["--generate-completion-script", shell], in: Self.root)
      #expect(script.status == 0)
      for verb in TodoCommand.Verb.allCases {
        let offered =
          switch shell {
          case "bash": script.output.contains("\\n\(verb.rawValue)") || verb == .add
          case "zsh": script.output.contains("'\(verb.rawValue):\(verb.usage) · ")
          default: script.output.contains("-fa '\(verb.rawValue)' -d '\(verb.usage) · ")
          }
        #expect(offered, "the \(shell) script does not offer \(verb.rawValue)")
      }
    }
  }
}
