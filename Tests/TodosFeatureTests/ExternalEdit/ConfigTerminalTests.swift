import Foundation
import TerminalUITestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// config.toml and `E` in the built app, in a real terminal (tmux): a remapped key works and
/// the help overlay shows it; `E` hands the terminal to a scripted $EDITOR and reads back what
/// it saved, or changes nothing when it fails.
@Suite(
  .serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: `make test` installs it"))
final class ConfigTerminalTests {
  let fixture: TerminalFixture
  var folder: URL { fixture.folder }
  var file: URL { fixture.file }

  init() throws { fixture = try TerminalFixture("config") }

  func write(_ name: String, _ text: String, executable: Bool = false) throws -> String {
    let url = folder.appendingPathComponent(name)
    try text.write(to: url, atomically: true, encoding: .utf8)
    if executable { chmod(url.path, 0o755) }
    return url.path
  }

  func start(arguments: String = "", environment: String = "") throws -> TerminalSession {
    try fixture.start(arguments: arguments, environment: environment, height: 30)
  }

  func contents() -> String? { fixture.contents() }

  func waitForFile(_ expected: String) throws { try waitUntilFile(file, is: expected) }

  @Test func aRemappedKeyWorksAndTheHelpOverlayAndHintsShowIt() throws {
    try "Alpha\nBeta\nGamma\n".write(to: file, atomically: true, encoding: .utf8)
    let config = try write(
      "config.toml", "[keys]\ndelete = \"X\"\nfirst = \"g g\"\nquit = [\"Q\"]\n")
    let session = try start(arguments: "--config '\(config)'")
    defer { session.close() }
    try session.waitFor("X delete")
    // The old keys do nothing: d does not delete, q does not quit.
    try session.keys("j", "d", "q")
    let screen = try session.waitFor("> [ ] Beta")
    #expect(screen.contains { $0.contains("Alpha") })
    // The new ones do: X deletes Beta, g g goes to the first todo.
    try session.keys("X")
    try session.waitFor("Deleted “Beta”")
    try session.keys("G", "g", "g")
    try session.waitFor("> [ ] Alpha")
    try session.keys("?")
    // The last line of the List section, so the lines above it are drawn too.
    let help = try session.waitFor("? / Q")
    #expect(help.contains { $0.contains("g g / G End") && $0.contains("first / last") })
    #expect(help.contains { $0.contains("X / C") && $0.contains("delete / clear completed") })
    try session.keys("Escape", "Q")
    try session.waitFor("exited 0")
    try waitForFile("Alpha\nGamma\n")
  }

  @Test func aConfigFromTheEnvironmentWithAProblemStartsWithDefaultsAndSaysSo() throws {
    try "Alpha\n".write(to: file, atomically: true, encoding: .utf8)
    let config = try write("bad.toml", "[keys]\nquit = \"hyper-q\"\n")
    let session = try start(environment: "TODOS_TUI_CONFIG='\(config)'")
    defer { session.close() }
    try session.waitFor("bad.toml:2: \"hyper-q\" is not a key name.")
    try session.keys("q")  // quit kept its default keys
    let screen = try session.waitFor("exited 0")
    // On standard error after quitting: file, line, what, "To fix, …".
    #expect(screen.joined().contains("todos-tui: config: \(config):2:"))
    #expect(screen.contains { $0.hasPrefix("To fix, use one of:") })
  }

  @Test func eEditsTheLineInTheEditorAndSeveralLinesBecomeSeveralTodos() throws {
    try "Alpha\nBeta\n".write(to: file, atomically: true, encoding: .utf8)
    let log = folder.appendingPathComponent("editor.log").path
    let editor = try write(
      "editor.sh",
      """
      #!/bin/sh
      # What a person would do: look at the line, then save two lines instead.
      { cat "$1"; stat -c %a "$1"; printf '%s\\n' "$1"; } > '\(log)'
      printf '(B) Beta edited +work\\nDelta\\n' > "$1"
      """, executable: true)
    let session = try start(environment: "VISUAL='\(editor)'")
    defer { session.close() }
    try session.keys("j", "E")
    try session.waitFor("> [ ] (B) Beta edited +work")
    try session.waitFor("  [ ] Delta")
    let seen = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
    #expect(seen.first == "Beta")
    #expect(seen.dropFirst().first == "600")  // private
    #expect(!FileManager.default.fileExists(atPath: String(seen.last ?? "")))  // removed
    try waitForFile("Alpha\n(B) Beta edited +work\nDelta\n")
    // One undo step puts Beta back.
    try session.keys("u")
    try waitForFile("Alpha\nBeta\n")
    try session.keys("q")
    try session.waitFor("exited 0")
  }

  @Test func anEditorThatFailsChangesNothing() throws {
    try "Alpha\nBeta\n".write(to: file, atomically: true, encoding: .utf8)
    let editor = try write(
      "fail.sh", "#!/bin/sh\nprintf 'Ruined\\n' > \"$1\"\nexit 1\n", executable: true)
    let session = try start(environment: "EDITOR='\(editor)' VISUAL=")
    defer { session.close() }
    try session.keys("E")
    try session.waitFor("Error: Editor: fail.sh exited with status 1 · nothing changed")
    let screen = try session.screen()
    #expect(screen.contains { $0.contains("> [ ] Alpha") })
    #expect(!screen.contains { $0.contains("Ruined") })
    try session.keys("q")
    try session.waitFor("exited 0")
    #expect(contents() == "Alpha\nBeta\n")
  }

  @Test func ctrlCInTheEditorIsTheEditorsAndTheAppCarriesOn() throws {
    try "Alpha\n".write(to: file, atomically: true, encoding: .utf8)
    // An editor that says it runs and then waits for nothing but its end.
    let started = folder.appendingPathComponent("editor-started")
    let editor = try write(
      "slow.sh",
      """
      #!/bin/sh
      : > '\(started.path)'
      while :; do sleep 0.01; done
      printf 'Ruined\\n' > "$1"

      """, executable: true)
    let session = try start(environment: "VISUAL='\(editor)'")
    defer { session.close() }
    try session.keys("E")
    // The terminal is the editor's once it runs (Ctrl-C before that would reach only the app,
    // which leaves it to the editor).
    try waitUntil {
      FileManager.default.fileExists(atPath: started.path)
    } otherwise: {
      "the editor never started"
    }
    try session.keys("C-c")
    // Its end is the editor's failure (sh reports the signal); the app is still there.
    try session.waitFor("Error: Editor: slow.sh ")
    try session.waitFor("> [ ] Alpha")
    try session.keys("q")
    try session.waitFor("exited 0")
    #expect(contents() == "Alpha\n")
  }
}
