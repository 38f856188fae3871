import ArchitectureTestSupport
import TerminalUI
import Testing

@testable import TodosFeature

/// The help overlay scrolls on a terminal too short for it, so every key can be read at 80×24.
@MainActor
@Suite struct HelpScrollTests {
  @Test func jkPageAndEndsScrollTheHelpWithinItsLines() {
    let (store, _) = makeStore(Todos.State(todos: [todo(0, "A")], selectedID: id(0)))
    store.send(.helpKeyPressed) { $0.mode = .help }
    let height = store.state.viewport.listHeight
    let last = KeyTable.helpLineCount - height
    #expect(last > 0)  // at 80×24 the help is taller than the list area
    /// Sends a scroll and expects the help's first line to be `expected` (no change: none).
    func scroll(_ scroll: Todos.HelpScroll, to expected: Int) {
      if store.state.helpTop == expected {
        store.send(.helpScrolled(scroll))
      } else {
        store.send(.helpScrolled(scroll)) { $0.helpTop = expected }
      }
    }
    scroll(.up, to: 0)  // already at the top: nothing
    scroll(.down, to: 1)
    scroll(.pageDown, to: min(1 + height - 1, last))
    scroll(.bottom, to: last)
    scroll(.down, to: last)  // already at the bottom: nothing
    scroll(.pageUp, to: max(last - (height - 1), 0))
    scroll(.top, to: 0)
    scroll(.bottom, to: last)
    store.send(.helpDismissed) { $0.mode = .normal }
    // Opened again, it starts at the top.
    store.send(.helpKeyPressed) {
      $0.mode = .help
      $0.helpTop = 0
    }
    store.finish()
  }

  @Test func theLastPageShowsTheLastKeysAndTheFirstSaysMoreBelow() {
    var state = Todos.State(todos: [todo(0, "A")], selectedID: id(0), mode: .help)
    let top = TodosView.frame(for: state).buffer.description.components(separatedBy: "\n")
    #expect(top.contains { $0.contains("more lines: j or PgDn") })
    state.scrollHelp(.bottom)
    let bottom = TodosView.frame(for: state).buffer.description.components(separatedBy: "\n")
    #expect(!bottom.contains { $0.contains("more lines") })
    // The last section's last line is on screen.
    let lastLine = KeyTable.sections.last!.lines.last!
    #expect(bottom.contains { $0.contains(lastLine.meaning) })
    #expect(!top.contains { $0.contains(lastLine.meaning) })
    #expect(Keymap.action(for: .character("j"), in: state) == .helpScrolled(.down))
    #expect(Keymap.action(for: .pageDown, in: state) == .helpScrolled(.pageDown))
    #expect(Keymap.action(for: .character("G"), in: state) == .helpScrolled(.bottom))
  }
}
