// The live `E`: the todo's line in a private temporary file, the terminal handed to the
// user's editor, the file read back.

import TerminalUI
import TodoTxt
import TodosFeature

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension ExternalEditor {
  /// `$VISUAL`, else `$EDITOR`, else `vi`, run by `/bin/sh` (so `EDITOR="code -w"` works) on a
  /// 0600 temporary file that is removed afterwards; the terminal is handed over meanwhile.
  ///
  /// ```swift
  /// TodosEnvironment(…, editor: .live(terminal: terminal, environment: env))
  /// ```
  @MainActor
  static func live(terminal: NcursesTerminal, environment: [String: String]) -> ExternalEditor {
    let command = editorCommand(environment: environment)
    // The status line names the program, not its folder: `vim`, `code`.
    let name =
      command.split(separator: " ").first.map { String($0.split(separator: "/").last ?? $0) }
      ?? command
    return ExternalEditor { text in
      let folder = environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
      var template = Array("\(folder)/todos-tui-edit-XXXXXX.txt".utf8CString)
      let fd = mkstemps(&template, 4)  // mode 0600: the todo is nobody else's business
      guard fd >= 0 else {
        return .failed("no temporary file in \(folder) (\(String(cString: strerror(errno))))")
      }
      let path = String(
        decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      defer { unlink(path) }
      let bytes = Array(text.utf8)
      let written = (try? FileSystem.write(bytes, to: fd)) != nil
      close(fd)
      guard written else { return .failed("could not write \(path)") }
      let status = terminal.handOver { run(command, on: path) }
      switch status {
      case .exited(0):
        guard let bytes = FileSystem.contents(of: path) else {
          return .failed("\(path) was gone after the editor closed")
        }
        return .saved(ExternalEditor.text(ofFile: bytes))
      case .exited(let code):
        return .failed("\(name) exited with status \(code)")
      case .signaled(let signal):
        return .failed("\(name) was ended by signal \(signal)")
      case .notStarted(let reason):
        return .failed("\(name) could not start (\(reason))")
      }
    }
  }

  /// The editor to run: `$VISUAL`, else `$EDITOR`, else `vi` (empty ones are skipped).
  static func editorCommand(environment: [String: String]) -> String {
    for name in ["VISUAL", "EDITOR"] {
      if let value = environment[name], !value.trimmingWhitespace().isEmpty {
        return value
      }
    }
    return "vi"
  }

  enum ExitStatus {
    case exited(Int32)
    case signaled(Int32)
    case notStarted(String)
  }

  /// Runs `command "$1"` with `/bin/sh` on the terminal and waits for it; stops with it when
  /// Ctrl-Z stops it, so the shell's `fg` brings both back.
  static func run(_ command: String, on path: String) -> ExitStatus {
    runScript(command + " \"$1\"", argument: path)
  }

  /// Runs `script` with `/bin/sh`, `argument` as its `$1`, on the terminal, and waits for it
  /// as `run(_:on:)` does.
  static func runScript(_ script: String, argument: String) -> ExitStatus {
    let arguments = ["sh", "-c", script, "sh", argument]
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, "/bin/sh", nil, nil, &argv, environ)
    guard spawned == 0 else { return .notStarted(String(cString: strerror(spawned))) }
    var status: Int32 = 0
    while true {
      guard waitpid(pid, &status, WUNTRACED) >= 0 else {
        guard errno == EINTR else { return .notStarted(String(cString: strerror(errno))) }
        continue
      }
      guard status & 0xFF == 0x7F else { break }
      // Ctrl-Z in the editor stopped it: stop with it, so that the shell takes its terminal
      // back (waiting on would leave the terminal to nobody). `fg` continues the whole job;
      // the editor is continued once more in case it was stopped on its own.
      kill(getpid(), SIGSTOP)
      kill(pid, SIGCONT)
    }
    let signal = status & 0x7F
    if signal == 0 { return .exited((status >> 8) & 0xFF) }
    return .signaled(signal)
  }
}
