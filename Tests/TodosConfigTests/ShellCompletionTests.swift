import Foundation
import TerminalUITestSupport
import Testing

/// Each shell's completion script, as `make completions` writes it, run by the shell itself:
/// every path argument completes file names, the first word completes verbs, and
/// `todos-tui help` prints the help. A shell
/// that is not installed is skipped, and says so.
@Suite struct ShellCompletionTests {
  /// The lines to complete, in a folder holding todo.txt and notes/, and what each gives.
  static let lines: [(line: String, completion: String)] = [
    ("todos-tui to", "todo.txt"),
    ("todos-tui --file to", "todo.txt"),
    ("todos-tui --config no", "notes"),
    ("todos-tui --done-file to", "todo.txt"),
    ("todos-tui --debug-log to", "todo.txt"),
    // The verbs, as the first word.
    ("todos-tui arc", "archive"),
    ("todos-tui dep", "depri"),
  ]

  /// Where `shell` is on PATH, nil when it is not installed.
  static func path(of shell: String) -> String? {
    let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
      .split(separator: ":")
    return folders.map { "\($0)/\(shell)" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// A folder with the app on PATH (bin/), its completion scripts (completions/), and a
  /// working folder (work/) holding todo.txt and notes/; removed when the test ends.
  final class Setup {
    let fixture: TerminalFixture
    var root: String { fixture.folder.path }
    init() throws {
      fixture = try TerminalFixture("completion")
      let app = try TerminalFixture.appBinary()
      let files = FileManager.default
      for folder in ["bin", "completions", "work/notes"] {
        try files.createDirectory(
          atPath: "\(root)/\(folder)", withIntermediateDirectories: true)
      }
      try files.createSymbolicLink(atPath: "\(root)/bin/todos-tui", withDestinationPath: app)
      try "".write(toFile: "\(root)/work/todo.txt", atomically: true, encoding: .utf8)
      for (shell, name) in [
        ("bash", "todos-tui.bash"), ("zsh", "_todos-tui"), ("fish", "todos-tui.fish"),
      ] {
        let script = try Tmux.execute([app, "--generate-completion-script", shell])
        #expect(script.status == 0)
        try script.output.write(
          toFile: "\(root)/completions/\(name)", atomically: true, encoding: .utf8)
      }
    }

    /// PATH with the app first.
    var path: String {
      "\(root)/bin:" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    }
  }

  @Test(.enabled(if: path(of: "bash") != nil, "bash is not installed: skipped"))
  func bashCompletesPaths() throws {
    let setup = try Setup()
    // The completion function as bash calls it for a line typed up to its end.
    let script = """
      source '\(setup.root)/completions/todos-tui.bash'; cd '\(setup.root)/work'
      for line in \(Self.lines.map { "'\($0.line)'" }.joined(separator: " ")); do
        COMP_LINE=$line; COMP_POINT=${#line}; read -ra COMP_WORDS <<< "$line"
        COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=()
        _todos-tui todos-tui "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
        echo "$line => ${COMPREPLY[*]}"
      done
      """
    let result = try Tmux.execute([
      "env", "PATH=\(setup.path)", "bash", "--norc", "--noprofile", "-c", script,
    ])
    #expect(result.status == 0, "\(result.output)")
    for (line, completion) in Self.lines {
      #expect(result.output.contains("\(line) => \(completion)\n"), "\(result.output)")
    }
  }

  @Test(.enabled(if: path(of: "fish") != nil, "fish is not installed: skipped"))
  func fishCompletesPaths() throws {
    let setup = try Setup()
    var script = "source '\(setup.root)/completions/todos-tui.fish'; cd '\(setup.root)/work'"
    for (line, _) in Self.lines {
      script += "; echo '\(line) =>' (complete -C'\(line)')"
    }
    let result = try Tmux.execute([
      "env", "PATH=\(setup.path)", "fish", "--no-config", "-c", script,
    ])
    #expect(result.status == 0, "\(result.output)")
    for (line, completion) in Self.lines {
      // fish writes a folder with its slash.
      let shown = completion == "notes" ? "notes/" : completion
      // A verb comes with its description, after a tab.
      #expect(
        result.output.contains("\(line) => \(shown)\n")
          || result.output.contains("\(line) => \(shown)\t"), "\(result.output)")
    }
  }

  @Test(.enabled(if: path(of: "zsh") != nil && Tmux.isAvailable, "zsh or tmux missing: skipped"))
  func zshCompletesPaths() throws {
    let setup = try Setup()
    let tmux = Tmux()
    defer { _ = try? tmux.run(["kill-server"]) }
    // An interactive zsh with no startup files, compinit run by hand with the script's folder.
    try tmux.run([
      "new-session", "-d", "-s", "zsh", "-x", "120", "-y", "10",
      "cd '\(setup.root)/work' && env PATH='\(setup.path)' zsh -f -i",
    ])
    try tmux.run([
      "send-keys", "-t", "zsh", "-l",
      "PS1='$ '; fpath=('\(setup.root)/completions' $fpath); autoload -Uz compinit; "
        + "compinit -u -D; clear",
    ])
    try tmux.run(["send-keys", "-t", "zsh", "Enter"])
    for (line, completion) in Self.lines {
      try waitForScreen(tmux) { $0 == "$" }
      try tmux.run(["send-keys", "-t", "zsh", "-l", line])
      try tmux.run(["send-keys", "-t", "zsh", "Tab"])
      // The word typed last becomes the file's name (a folder's with its slash).
      let words = line.split(separator: " ").dropLast().joined(separator: " ")
      let expected = "$ \(words) \(completion)" + (completion == "notes" ? "/" : "")
      try waitForScreen(tmux) { $0 == expected }
      try tmux.run(["send-keys", "-t", "zsh", "C-u"])
    }
  }

  /// Waits (up to 10 s) until the first line of the screen, without trailing spaces, passes.
  func waitForScreen(_ tmux: Tmux, _ condition: (String) -> Bool) throws {
    var first = ""
    try waitUntil {
      let screen = try tmux.run(["capture-pane", "-p", "-t", "zsh"])
      first = String(screen.split(separator: "\n", omittingEmptySubsequences: false)[0])
      while first.hasSuffix(" ") { first.removeLast() }
      return condition(first)
    } otherwise: {
      "zsh never showed what was expected; it shows: \(first)"
    }
  }

  @Test func helpPrintsTheHelp() throws {
    let app = try TerminalFixture.appBinary()
    let result = try Tmux.execute([app, "help"])
    #expect(result.status == 0)
    #expect(result.output.hasPrefix("OVERVIEW: A full-screen"), "\(result.output)")
    #expect(result.output.contains("--done-file"))
  }
}
