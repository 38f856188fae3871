import Foundation
import TerminalUITestSupport
import Testing

/// `+` and `s` in the built app in a real terminal (tmux), on a temporary todo file.
@Suite(
  .serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: `make test` installs it"))
final class PickerTerminalTests {
  let fixture: TerminalFixture
  var file: URL { fixture.file }

  init() throws { fixture = try TerminalFixture("organise") }

  func start(_ contents: String) throws -> TerminalSession {
    try fixture.write(contents)
    return try fixture.start()
  }

  func contents() -> String? { fixture.contents() }

  /// The rows of the list, without the selection marker.
  /// The rows' checkbox and text, without the due-date badge at the right (it depends on the
  /// real today).
  func rows(_ screen: [String]) -> [String] {
    screen.filter { $0.contains("[ ]") || $0.contains("[x]") }
      .map { String($0.dropFirst(2)) }
      .map { $0.components(separatedBy: "   ")[0] }
      .map { String($0.reversed().drop { $0 == " " }.reversed()) }
  }

  @Test func plusPicksAProjectTypingNarrowsAndANewTodoCarriesIt() throws {
    let session = try start("Report +work\nPlan +homework\nMilk +home\nx Old +work\n")
    defer { session.close() }
    try session.keys("+")
    let picker = try session.waitFor("Project:")
    // Alphabetical, with the active todos of each.
    let listed = picker.filter { $0.contains("  +") }.map {
      $0.split(separator: " ").joined(separator: " ")
    }
    #expect(listed == ["+home 1", "+homework 1", "+work 1"])
    try session.type("wo")
    try session.keys("Enter")
    let chosen = try session.waitForScreen {
      self.rows($0) == ["[ ] Report +work", "[x] Old +work"]
    }
    #expect(chosen[1].contains("+work"))  // the filter bar
    try session.keys("a")
    try session.waitFor("+work")
    try session.type("Slides")
    try session.keys("Enter")
    try session.waitForScreen { self.rows($0).first?.hasSuffix("+work Slides") == true }
    // j/k until something is typed; the first row shows every todo again.
    try session.keys("+", "k", "k", "k", "Enter")
    try session.waitForScreen { self.rows($0).count == 5 }
    try session.keys("q")
    try session.waitFor("exited 0")
    #expect(contents()?.contains("+work Slides\n") == true)
  }

  @Test func sCyclesTheSortOrderMoveIsRefusedAndTheFileKeepsItsOrder() throws {
    let original = "Nap\n(B) Call\n(A) Pay due:2026-12-01\nShop due:2026-11-30\n"
    let session = try start(original)
    defer { session.close() }
    try session.keys("s")
    let byPriority = try session.waitFor("todo.txt · by priority")
    #expect(
      rows(byPriority) == [
        "[ ] (A) Pay", "[ ] (B) Call", "[ ] Nap",
        "[ ] Shop",
      ])
    try session.keys("J")
    try session.waitFor("Todos move only in file order")
    try session.keys("s")
    let byDue = try session.waitFor("todo.txt · by due date")
    #expect(
      rows(byDue) == [
        "[ ] Shop", "[ ] (A) Pay", "[ ] Nap",
        "[ ] (B) Call",
      ])
    try session.keys("s")
    let fileOrder = try session.waitForScreen { !$0[0].contains("by ") }
    #expect(
      rows(fileOrder) == [
        "[ ] Nap", "[ ] (B) Call", "[ ] (A) Pay",
        "[ ] Shop",
      ])
    try session.keys("q")
    try session.waitFor("exited 0")
    #expect(contents() == original)
  }
}
