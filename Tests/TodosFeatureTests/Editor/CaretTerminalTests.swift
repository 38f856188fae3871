import Foundation
import TerminalUI
import TerminalUITestSupport
import Testing

/// The caret in a real terminal (tmux): the terminal's own cursor, visible and at the caret,
/// over a cell that is not painted in reverse video (xterm would invert it back to nothing).
@Suite(
  .serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: `make test` installs it"))
final class CaretTerminalTests {
  let fixture: TerminalFixture
  var folder: URL { fixture.folder }
  var file: URL { fixture.file }

  init() throws {
    fixture = try TerminalFixture("caret")
    try "Buy milk\n".write(to: file, atomically: true, encoding: .utf8)
  }

  /// tmux's cursor column, row and visibility flag ("12 2 1").
  func cursor(_ session: TerminalSession) throws -> String {
    try session.tmux.run([
      "display-message", "-p", "-t", session.name, "#{cursor_x} #{cursor_y} #{cursor_flag}",
    ])
    .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Waits until tmux reports the cursor as `expected` ("x y visible", or "hidden").
  func waitForCursor(_ expected: String, in session: TerminalSession) throws {
    var last = ""
    try waitUntil {
      last = try cursor(session)
      return last == expected || (expected == "hidden" && last.hasSuffix(" 0"))
    } otherwise: {
      "the cursor never was \(expected) (x y visible); it is \(last)"
    }
  }

  /// Whether the cell at column `x` of row `y` is in reverse video, from `capture-pane -e`.
  func isReverse(x: Int, y: Int, in session: TerminalSession) throws -> Bool {
    let lines = try session.tmux.run(["capture-pane", "-p", "-e", "-t", session.name])
      .split(separator: "\n", omittingEmptySubsequences: false)
    guard y < lines.count else { return false }
    return SGRLine(String(lines[y])).reverse(atColumn: x)
  }

  @Test(arguments: ["", "NO_COLOR=1", "TERM=linux", "TERM=xterm-256color"])
  func theCaretIsTheTerminalsVisibleCursorOverAnUnpaintedCell(environment: String) throws {
    let session = try fixture.start(environment: environment, width: 60, height: 12)
    defer { session.close() }
    try session.waitFor("1 item left")
    // Editing "Buy milk" (text from column 6 on row 2), two characters back from the end.
    try session.keys("e", "Left", "Left")
    try waitForCursor("12 2 1", in: session)
    #expect(try !isReverse(x: 12, y: 2, in: session))
    #expect(try session.screen()[2].hasPrefix("> [ ] Buy milk"))
    // Searching: the caret after "/mi" on the filter bar (after the Today view's name).
    try session.keys("Escape", "/", "m", "i")
    try waitForCursor("35 1 1", in: session)
    #expect(try !isReverse(x: 35, y: 1, in: session))
    #expect(try !isReverse(x: 34, y: 1, in: session))
    // Back in the list, no caret: the cursor is hidden.
    try session.keys("Enter")
    try waitForCursor("hidden", in: session)
  }

  /// A terminal type whose cursor cannot be shown (xterm without cnorm and cvvis, compiled with
  /// `tic` into the test's folder): the caret is a painted reverse-video cell, the cursor hidden.
  @Test func withoutAWayToShowTheCursorTheCaretIsPaintedAndTheCursorHidden() throws {
    let source = folder.appendingPathComponent("nocursor.src")
    try "xterm-nocursor|xterm that cannot show its cursor,\n\tcnorm@, cvvis@, use=xterm-256color,\n"
      .write(to: source, atomically: true, encoding: .utf8)
    let terminfo = folder.appendingPathComponent("terminfo").path
    let compiled = try Tmux.execute(["tic", "-x", "-o", terminfo, source.path])
    try #require(compiled.status == 0, "tic failed: \(compiled.output)")
    let session = try fixture.start(
      environment: "TERMINFO='\(terminfo)' TERM=xterm-nocursor", width: 60, height: 12)
    defer { session.close() }
    try session.waitFor("1 item left")
    try session.keys("e", "Left", "Left")
    // Before the edit starts, the whole selected row is in reverse video: wait for the caret's
    // cell alone.
    try waitUntil {
      try isReverse(x: 12, y: 2, in: session) && !isReverse(x: 11, y: 2, in: session)
        && !isReverse(x: 13, y: 2, in: session)
    } otherwise: {
      "the caret's cell (12, 2) is never the only one in reverse video on its row"
    }
    #expect(try cursor(session).hasSuffix(" 0"))
  }
}

/// A line of `tmux capture-pane -e` output: text with SGR sequences, read for reverse video.
struct SGRLine {
  var text: String

  init(_ text: String) { self.text = text }

  /// Whether reverse video is on at a column (SGR 7 on, 27 or 0 off; colour arguments skipped).
  func reverse(atColumn target: Int) -> Bool {
    var reverse = false
    var column = 0
    var characters = Substring(text)
    while let character = characters.first {
      if character == "\u{1B}", characters.dropFirst().first == "[" {
        let body = characters.dropFirst(2).prefix { !$0.isLetter }
        let final = characters.dropFirst(2 + body.count).first
        characters = characters.dropFirst(2 + body.count + 1)
        guard final == "m" else { continue }
        var parameters = body.split(separator: ";", omittingEmptySubsequences: false)
          .map { Int($0) ?? 0 }[...]
        if parameters.isEmpty { reverse = false }
        while let parameter = parameters.popFirst() {
          switch parameter {
          case 0: reverse = false
          case 7: reverse = true
          case 27: reverse = false
          case 38, 48, 58:
            // 38;5;n or 38;2;r;g;b: not attributes.
            let kind = parameters.popFirst()
            parameters = parameters.dropFirst(kind == 2 ? 3 : 1)
          default: break
          }
        }
        continue
      }
      let width = DisplayWidth.of(character)
      if column <= target, target < column + max(width, 1) { return reverse }
      column += width
      characters = characters.dropFirst()
    }
    return reverse
  }
}
