import Foundation
import TerminalUITestSupport
import Testing

/// Tab in the editor of the built app, in a real terminal (tmux): it completes a `+project`
/// from those in the file, Tab again gives the next, Shift-Tab goes back, and Enter saves it.
@Suite(
  .serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: `make test` installs it"))
final class TagCompletionTerminalTests {
  let fixture: TerminalFixture

  init() throws { fixture = try TerminalFixture("complete") }

  @Test func tabCompletesAProjectFromTheFileAndEnterSavesIt() throws {
    let original = "Call +work\n" + "Plan +workshop\n" + "Pay +home\n"
    try fixture.write(original)
    let session = try fixture.start(arguments: "--no-mouse")
    defer { session.close() }
    try session.keys("a")
    try session.type("Email +wo")
    try session.keys("Tab")
    try session.waitFor("> [ ] Email +work")
    try session.keys("Tab")
    try session.waitFor("> [ ] Email +workshop")
    try session.keys("BTab")
    try session.waitForScreen { $0.contains("> [ ] Email +work") }
    try session.keys("Enter")
    // The new todo on top, with its creation date; the other lines as they were.
    try waitUntilFile(fixture.file) { text in
      guard let text, text.hasSuffix(original) else { return false }
      return text.dropLast(original.count).hasSuffix(" Email +work\n")
    }
  }
}
