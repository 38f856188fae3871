// The live `o`: the link handed to config.toml's open_command, else $BROWSER, else xdg-open
// (open on macOS), on the terminal, the way `E` hands it to the editor.

import TerminalUI
import TodoTxt
import TodosFeature

extension LinkOpener {
  /// `configured` (config.toml's `open_command`), else `$BROWSER`, else `xdg-open` (`open` on
  /// macOS), run by `/bin/sh` with the URL as `"$1"`; the terminal is handed over meanwhile,
  /// so a text browser (`w3m`, `lynx`) can use it.
  ///
  /// ```swift
  /// TodosEnvironment(…, linkOpener: .live(terminal: terminal, configured: nil, environment: env))
  /// ```
  @MainActor
  static func live(
    terminal: NcursesTerminal, configured: String?, environment: [String: String]
  ) -> LinkOpener {
    let (command, source) = command(configured: configured, environment: environment)
    let name =
      command.split(separator: " ").first.map { String($0.split(separator: "/").last ?? $0) }
      ?? command
    let script = script(for: command)
    return LinkOpener { url in
      let status = terminal.handOver { ExternalEditor.runScript(script, argument: url) }
      switch status {
      case .exited(0):
        return .opened
      case .exited(127):
        return .failed("\(name) not found · To fix, \(source.fix)")
      case .exited(126):
        return .failed("\(name) could not be run · To fix, \(source.fix)")
      case .exited(let code):
        return .failed("\(name) exited with status \(code)")
      case .signaled(let signal):
        return .failed("\(name) was ended by signal \(signal)")
      case .notStarted(let reason):
        return .failed("\(name) could not start (\(reason))")
      }
    }
  }

  /// Where the command came from, for the "To fix" of a command not found.
  enum Source: Equatable {
    case config, browser, system

    var fix: String {
      switch self {
      case .config: "correct open_command in config.toml"
      case .browser: "correct $BROWSER or set open_command"
      case .system: "set open_command or $BROWSER"
      }
    }
  }

  /// The command to run: `configured`, else the first entry of `$BROWSER` (a list apart by
  /// `:`, as its convention has it), else `xdg-open` (`open` on macOS); blank ones are skipped.
  ///
  /// ```swift
  /// LinkOpener.command(configured: nil, environment: ["BROWSER": "w3m:lynx"])  // w3m
  /// ```
  static func command(
    configured: String?, environment: [String: String]
  ) -> (command: String, source: Source) {
    func isBlank(_ text: Substring) -> Bool { text.allSatisfy(\.isWhitespace) }
    if let configured, !isBlank(configured[...]) { return (configured, .config) }
    if let browser = environment["BROWSER"],
      let first = browser.split(separator: ":").first(where: { !isBlank($0) })
    {
      return (String(first), .browser)
    }
    #if os(macOS)
      return ("open", .system)
    #else
      return ("xdg-open", .system)
    #endif
  }

  /// The shell script for `command`: the URL (`"$1"`, quoted) in the place of each `%s`, else
  /// after the command.
  ///
  /// ```swift
  /// LinkOpener.script(for: "firefox --new-tab %s")  // firefox --new-tab "$1"
  /// ```
  static func script(for command: String) -> String {
    command.containsText("%s")
      ? command.replacingText("%s", with: "\"$1\"") : command + " \"$1\""
  }
}
