import Foundation
import TerminalUITestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The list on screen is a view of the file, in a real terminal (tmux): after the settle the
/// cursor stays where the user works, and the file keeps its line order.
@Suite(
  .serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: `make test` installs it"))
final class FileOrderTerminalTests {
  let fixture: TerminalFixture
  var file: URL { fixture.file }

  init() throws { fixture = try TerminalFixture("order") }

  /// The rows of the list: lines with a checkbox, the selected one marked with `>`.
  func rows(_ screen: [String]) -> [String] {
    screen.filter { $0.contains("[ ]") || $0.contains("[x]") }
      .map { $0.replacingOccurrences(of: " (settling)", with: "") }
      .map { String($0.reversed().drop { $0 == " " }.reversed()) }
  }

  /// Today as the app writes it (local time).
  var today: String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyy-MM-dd"
    return formatter.string(from: Date())
  }

  /// "j Space, wait for the settle, j Space": the first completed todo sinks, the selection
  /// stays on its row (now holding the todo below it), so the second Space completes the todo
  /// that was two rows below the first, and the file keeps every line where it was.
  @Test func spacePauseJSpaceCompletesTheTodoTwoRowsBelow() throws {
    try "a\nb\nc\nd\ne\n".write(to: file, atomically: true, encoding: .utf8)
    let session = try fixture.start()
    defer { session.close() }
    try session.waitForScreen { rows($0).count == 5 }
    try session.keys("j", "Space")
    try session.waitFor("(settling)")
    // The settle has moved "b" down, and its "(settling)" mark is gone.
    try session.waitForScreen {
      rows($0) == ["  [ ] a", "> [ ] c", "  [ ] d", "  [ ] e", "  [x] b"]
        && !$0.contains { $0.contains("(settling)") }
    }
    try session.keys("j", "Space")
    try session.waitForScreen {
      rows($0) == ["  [ ] a", "  [ ] c", "> [x] d", "  [ ] e", "  [x] b"]
    }
    try waitUntilFile(file, is: "a\nx \(today) b\nc\nx \(today) d\ne\n")
    try session.keys("q")
    try session.waitFor("exited 0")
  }
}
