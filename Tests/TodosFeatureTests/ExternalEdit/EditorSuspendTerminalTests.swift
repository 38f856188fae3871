import Foundation
import TerminalUITestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Ctrl-Z typed in the editor that `E` started: the shell gets its terminal back (the app stops
/// with the editor), and `fg` brings both back, the editor's text read as the todo.
@Suite(
  .serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: `make test` installs it"))
final class EditorSuspendTerminalTests {
  let fixture: TerminalFixture
  var file: URL { fixture.file }

  init() throws { fixture = try TerminalFixture("editor-stop") }

  /// Without the fix the app hangs in waitpid with the editor stopped: "Stopped" never shows.
  /// Ctrl-Z is sent once the editor runs (it says so with a file): sent as soon as the app's
  /// screen is gone, it could come before the editor started and reach only the app (which
  /// leaves Ctrl-Z to the editor meanwhile, so nothing stopped), or stop the editor's process
  /// between its spawn and its exec (the app waits in posix_spawn for that exec: a hang).
  /// After `fg` the shell's command line has already gone on ("exited 147"), so the end of
  /// the app is `fg`'s own status.
  @Test func ctrlZInTheEditorGivesTheShellItsTerminalAndFgResumesTheEdit() throws {
    try fixture.write("Alpha\n")
    let started = fixture.url("editor-started")
    let go = fixture.url("editor-go")
    let editor = fixture.url("editor.sh").path
    try """
    #!/bin/sh
    : > '\(started.path)'
    while [ ! -e '\(go.path)' ]; do sleep 0.01; done
    printf 'Alpha after fg\\n' > "$1"

    """.write(toFile: editor, atomically: true, encoding: .utf8)
    chmod(editor, 0o755)
    // Standard error to a file: it must stay empty.
    let errors = fixture.url("stderr.txt").path
    let session = try TerminalSession(
      command: "'\(try TerminalFixture.appBinary())' '\(file.path)' 2>'\(errors)'",
      environment: "VISUAL='\(editor)'", width: 80, height: 20)
    defer { session.close() }
    try session.waitFor("> [ ] Alpha")
    try session.keys("E")
    try waitUntil {
      FileManager.default.fileExists(atPath: started.path)
    } otherwise: {
      "the editor never started"
    }
    try session.keys("C-z")
    // The shell has its terminal back: its job list says the app stopped.
    try session.waitFor("Stopped")
    // The rest of the shell's command line runs on (the app's job is stopped, 128 + SIGSTOP).
    try session.waitFor("exited 147")
    // The editor may finish once it runs again.
    _ = FileManager.default.createFile(atPath: go.path, contents: nil)
    try session.type("fg; echo \"fg $?\"")
    try session.keys("Enter")
    try session.waitFor("> [ ] Alpha after fg")
    try session.keys("q")
    try session.waitFor("fg 0")
    #expect(fixture.contents() == "Alpha after fg\n")
    #expect(try String(contentsOfFile: errors, encoding: .utf8) == "")
  }
}
