import Foundation
import TerminalUI
import TerminalUITestSupport
import Testing

/// Emoji sequences in a real terminal (tmux): every part reaches the screen, and text after them
/// is redrawn in the right columns.
@Suite(
  .serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: `make test` installs it"))
final class EmojiTerminalTests {
  let fixture: TerminalFixture
  var file: URL { fixture.file }

  init() throws {
    fixture = try TerminalFixture("emoji")
    let lines = ["Thumbs 👍🏽 ok", "Family 👨‍👩‍👧 ok", "Flag 🇯🇵 ok", "Tab\there ok", "Cafe\u{301} ok"]
    try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
  }

  @Test(arguments: ["", "TERM=xterm-256color"])
  func emojiSequencesReachTheScreenWholeAndStayAligned(environment: String) throws {
    let session = try fixture.start(environment: environment, width: 60, height: 12)
    defer { session.close() }
    let screen = try session.waitFor("5 items left")
    // The family is drawn without its joiners: the three people side by side, as xterm does.
    #expect(
      Array(screen[2...6]) == [
        "> [ ] Thumbs 👍🏽 ok", "  [ ] Family 👨👩👧 ok", "  [ ] Flag 🇯🇵 ok",
        "  [ ] Tab�here ok", "  [ ] Cafe\u{301} ok",
      ])
    // Editing after the family redraws only the changed cells: they must land right after
    // "ok", so the app and the terminal agree on the columns the emoji take.
    try session.keys("j", "e")
    try session.type("!")
    try session.waitFor("> [ ] Family 👨👩👧 ok!")
    try session.keys("Left", "Left", "Left", "Left")
    try session.type("?")
    let edited = try session.waitFor("> [ ] Family 👨👩👧? ok!")
    #expect(edited[2] == "  [ ] Thumbs 👍🏽 ok")
    #expect(edited[4] == "  [ ] Flag 🇯🇵 ok")
  }
}
