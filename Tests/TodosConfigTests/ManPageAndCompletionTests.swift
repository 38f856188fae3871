import Foundation
import TerminalUITestSupport
import Testing

/// The man page and completion scripts, made from the built binary as `make man` and
/// `make completions` make them, mention every option the command line accepts.
@Suite struct ManPageAndCompletionTests {
  /// The package's root folder (this file is Tests/TodosConfigTests/…).
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

  /// Runs `program` with `arguments`; its standard output, standard error and status.
  func run(_ program: String, _ arguments: [String]) throws -> (
    output: String, error: String, status: Int32
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let outData = output.fileHandleForReading.readDataToEndOfFile()
    let errData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
      String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self),
      process.terminationStatus
    )
  }

  /// Every shown option's names (`--file`, `-h`) from the command definition.
  func options(of app: String) throws -> [[String]] {
    let dump = try run(app, ["--experimental-dump-help"])
    #expect(dump.status == 0)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(dump.output.utf8)) as? [String: Any])
    let command = try #require(json["command"] as? [String: Any])
    let arguments = try #require(command["arguments"] as? [[String: Any]])
    var options: [[String]] = []
    for argument in arguments where argument["shouldDisplay"] as? Bool ?? true {
      guard let names = argument["names"] as? [[String: String]] else { continue }
      options.append(
        names.map { ($0["kind"] == "short" ? "-" : "--") + ($0["name"] ?? "") })
    }
    return options
  }

  /// A Markdown heading as the script writes it: `code` in bold, other than ASCII escaped.
  func roffHeading(_ heading: Substring) -> String {
    var out = ""
    var bold = false
    for scalar in heading.unicodeScalars {
      if scalar == "`" {
        out += bold ? "\\fR" : "\\fB"
        bold.toggle()
      } else if scalar == "\\" {
        out += "\\e"
      } else if scalar.isASCII {
        out.unicodeScalars.append(scalar)
      } else {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
      }
    }
    return out
  }

  @Test func completionScriptsMentionEveryOption() throws {
    let app = try TerminalFixture.appBinary()
    let options = try options(of: app)
    #expect(options.contains(["--file"]))
    #expect(options.contains(["-h", "--help"]))
    for flag in ["--config", "--print-config", "--check-config"] {
      #expect(options.contains([flag]), "the command line lacks \(flag)")
    }
    for shell in ["bash", "zsh", "fish"] {
      let script = try run(app, ["--generate-completion-script", shell])
      #expect(script.status == 0, "\(shell): \(script.error)")
      for names in options {
        for name in names {
          let written =
            shell == "fish"
            ? (name.hasPrefix("--") ? "-l '\(name.dropFirst(2))'" : "-s '\(name.dropFirst())'")
            : name
          #expect(script.output.contains(written), "\(shell) script lacks \(name)")
        }
      }
    }
    // bash can check its script's syntax; the other shells are not installed everywhere.
    let bashScript = try run(app, ["--generate-completion-script", "bash"]).output
    let path = NSTemporaryDirectory() + "todos-tui-completion-\(UUID().uuidString).bash"
    try bashScript.write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let check = try run("/bin/bash", ["-n", path])
    #expect(check.status == 0, "bash -n: \(check.error)")
  }

  @Test func manPageMentionsEveryOptionAndTheKeys() throws {
    let app = try TerminalFixture.appBinary()
    let page = NSTemporaryDirectory() + "todos-tui-\(UUID().uuidString).1"
    defer { try? FileManager.default.removeItem(atPath: page) }
    let made = try run(
      "/usr/bin/env",
      [
        "python3", ManPageAndCompletionTests.root + "/scripts/generate-man-page.py", app,
        ManPageAndCompletionTests.root + "/docs/keys.md", page, "/opt/share/doc/todos-tui",
      ])
    #expect(made.status == 0, "generate-man-page.py: \(made.error)")
    let roff = try String(contentsOfFile: page, encoding: .utf8)
    #expect(roff.contains(".TH TODOS-TUI 1"))
    for names in try options(of: app) {
      for name in names {
        #expect(
          roff.contains("\\fB" + name.replacingOccurrences(of: "-", with: "\\-") + "\\fR"),
          "the man page lacks \(name)")
      }
    }
    for flag in ["--config", "--print-config", "--check-config"] {
      #expect(roff.contains("\\fB" + flag.replacingOccurrences(of: "-", with: "\\-") + "\\fR"))
    }
    #expect(roff.contains("TODOS_TUI_CONFIG"))
    // Every section of docs/keys.md is in KEYS, with its table rows.
    #expect(roff.contains("\n.SH KEYS\n"))
    let keys = try String(
      contentsOfFile: ManPageAndCompletionTests.root + "/docs/keys.md", encoding: .utf8)
    let headings = keys.split(separator: "\n").filter { $0.hasPrefix("## ") }
    #expect(!headings.isEmpty)
    for heading in headings {
      #expect(roff.contains(".SS " + roffHeading(heading.dropFirst(3))), "KEYS lacks \(heading)")
    }
    let rows = keys.split(separator: "\n").filter { $0.hasPrefix("| `") }
    #expect(roff.components(separatedBy: "\n.TP\n").count - 1 >= rows.count)
    // Written for users: the dates, the config file with every setting, files, environment,
    // exit status; no developer internals.
    for section in ["DATES", "CONFIGURATION", "FILES", "ENVIRONMENT", "EXIT STATUS"] {
      #expect(roff.contains("\n.SH \(section)\n"), "the man page lacks \(section)")
    }
    let empty = NSTemporaryDirectory() + "todos-tui-empty-\(UUID().uuidString).toml"
    try "".write(toFile: empty, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: empty) }
    let printed = try run(app, ["--config", empty, "--print-config"]).output
    let settings = printed.split(separator: "\n").compactMap { line -> String? in
      guard !line.hasPrefix("#"), !line.hasPrefix("["), let equals = line.firstRange(of: " = ")
      else { return nil }
      return String(line[..<equals.lowerBound])
    }
    #expect(settings.count > 60)
    for setting in settings + ["done_file"] {
      let written = "\\fB" + setting.replacingOccurrences(of: "-", with: "\\-") + "\\fR"
      #expect(roff.contains(written), "the man page lacks the setting \(setting)")
    }
    #expect(roff.contains("Keys screen: scroll down a line."))
    for variable in ["TODO_FILE", "DONE_FILE", "TODOS_TUI_CONFIG", "NO_COLOR", "VISUAL"] {
      #expect(roff.contains(".TP\n\\fB\(variable)"), "ENVIRONMENT lacks \(variable)")
    }
    for name in [
      "KeyBindings", "KeyTable", "remapped", ".swift", "Sources/", "Tests/", "SourceLines",
      "ConfigProblem", "TOMLKit", "TodoSortOrder", "tests control",
    ] {
      #expect(!roff.contains(name), "the man page names \(name), for developers")
    }
    #expect(roff.contains("/opt/share/doc/todos-tui/README.md"))
    // groff reads it without a warning (-ww: all warnings).
    if FileManager.default.isExecutableFile(atPath: "/usr/bin/groff") {
      let lint = try run("/usr/bin/groff", ["-man", "-Tutf8", "-ww", "-z", page])
      #expect(lint.status == 0 && lint.error.isEmpty, "groff: \(lint.error)")
    }
  }

  @Test func installPutsTheDocsUnderShareDocAndUninstallRemovesThem() throws {
    // A dry run (make -n): what install and uninstall would do, with nothing built.
    let make = try run(
      "/usr/bin/env",
      [
        "make", "-n", "-C", ManPageAndCompletionTests.root, "install", "uninstall",
        "PREFIX=/opt/t", "BIN_PATH=/nowhere",
      ])
    #expect(make.status == 0, "make -n: \(make.error)")
    let commands = make.output
    #expect(commands.contains("install -m 0644 README.md \"/opt/t/share/doc/todos-tui/README.md\""))
    for page in ["keys", "config", "dates", "file-format", "command-line", "queries"] {
      #expect(commands.contains("docs/\(page).md"), "make install leaves out docs/\(page).md")
    }
    #expect(commands.contains("\"/opt/t/share/doc/todos-tui/docs/\""))
    #expect(commands.contains("rm -rf \"/opt/t/share/doc/todos-tui\""))
    // The man page names where the docs are.
    #expect(commands.contains(".build/man/todos-tui.1 \"/opt/t/share/doc/todos-tui\""))
  }
}
