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
  let folder: URL
  var file: URL { folder.appendingPathComponent("todo.txt") }

  init() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("todos-tui-order-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: folder) }

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

  /// "j Space, wait 1.5 s, j Space": the first completed todo sinks, the selection stays on
  /// its row (now holding the todo below it), so the second Space completes the todo that was
  /// two rows below the first, and the file keeps every line where it was.
  @Test func spacePauseJSpaceCompletesTheTodoTwoRowsBelow() throws {
    try "a\nb\nc\nd\ne\n".write(to: file, atomically: true, encoding: .utf8)
    let session = try TerminalSession(
      command: "'\(try AppTerminalTests.appBinary())' '\(file.path)'", width: 80, height: 24)
    defer { session.close() }
    try session.waitForScreen { rows($0).count == 5 }
    try session.keys("j", "Space")
    let toggled = ContinuousClock.now
    try session.waitFor("(settling)")
    // 1.5 s, and the settle has moved "b" down.
    try session.waitForScreen {
      rows($0) == ["  [ ] a", "> [ ] c", "  [ ] d", "  [ ] e", "  [x] b"]
    }
    usleep(UInt32(max(0, 1_500_000 - (ContinuousClock.now - toggled).microseconds)))
    try session.keys("j", "Space")
    try session.waitForScreen {
      rows($0) == ["  [ ] a", "  [ ] c", "> [x] d", "  [ ] e", "  [x] b"]
    }
    try waitUntilFile(file, is: "a\nx \(today) b\nc\nx \(today) d\ne\n")
    try session.keys("q")
    try session.waitFor("exited 0")
  }
}
