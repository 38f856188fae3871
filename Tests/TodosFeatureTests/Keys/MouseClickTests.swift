import Architecture
import ArchitectureTestSupport
import Foundation
import TerminalUITestSupport
import Testing

@testable import TodosFeature

#if canImport(Glibc)
  import Glibc
#endif

/// A click on a row's checkbox selects the row as well as toggling it.
@MainActor
@Suite struct MouseClickTests {
  @Test func clickingACheckboxSelectsTheRowThenTogglesIt() {
    let (store, scheduler) = makeStore(
      Todos.State(todos: [todo(0, "A"), todo(1, "B")], selectedID: id(0)))
    store.send(.checkboxClicked(id(1))) {
      $0.viewport.selectedID = id(1)
      $0.list.rows[id: id(1)]?.isComplete = true
      $0.list.rows[id: id(1)]?.completionDate = testDay
      $0.settling = [id(1)]
      $0.history.undoStack = [
        History.Entry(
          label: "complete “B”", changes: [.update([todo(1, "B")])], selectedID: id(1))
      ]
      $0.list.revision = 1
    }
    scheduler.advance(by: .seconds(1))
    store.receive(.sortCompletedTodos) { $0.settling = [] }
    store.finish()
  }

  @Test func clickingTheCheckboxOfATodoTheFilterHidesDoesNothing() {
    let (store, _) = makeStore(
      Todos.State(todos: [todo(0, "A"), todo(1, "B", done: true)], filter: .active))
    store.send(.checkboxClicked(id(1)))
    store.finish()
  }
}

/// Raw SGR mouse reports typed into the app in tmux, the way xterm sends a quick click: the
/// press and the release in one write, so they arrive in one read.
@Suite(
  .serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: `make test` installs it"))
final class MouseTerminalTests {
  let fixture: TerminalFixture
  var file: URL { fixture.file }

  init() throws {
    fixture = try TerminalFixture("mouse")
    try "Buy milk\nWater plants\nPay rent\n".write(to: file, atomically: true, encoding: .utf8)
  }

  /// Sends bytes to the app as they are (no key names), in one write.
  func sendRaw(_ text: String, to session: TerminalSession) throws {
    let hex = text.utf8.map { String(format: "%02x", $0) }
    try session.tmux.run(["send-keys", "-t", session.name, "-H"] + hex)
  }

  /// An SGR (mode 1006) press and release of button 1 at a 0-based cell, in one string.
  func click(x: Int, y: Int) -> String {
    "\u{1B}[<0;\(x + 1);\(y + 1)M\u{1B}[<0;\(x + 1);\(y + 1)m"
  }

  @Test func aPressAndReleaseInOneReadSelectsAndOnTheCheckboxAlsoToggles() throws {
    // xterm-256color: ncurses asks for SGR mouse reports, as in a real xterm.
    let session = try fixture.start(environment: "TERM=xterm-256color", width: 60, height: 12)
    defer { session.close() }
    try session.waitFor("3 items left")
    // Rows are on lines 2, 3, 4; the text starts at column 6, the checkbox is columns 2-4.
    try sendRaw(click(x: 20, y: 4), to: session)
    try session.waitFor("> [ ] Pay rent")
    try sendRaw(click(x: 3, y: 3), to: session)
    let screen = try session.waitFor("> [x] Water plants")
    #expect(!screen.contains { $0.contains("> [ ] Pay rent") })
    // A second quick click on the same checkbox toggles it back; the row stays selected.
    try sendRaw(click(x: 3, y: 3), to: session)
    try session.waitFor("> [ ] Water plants")
  }
}
