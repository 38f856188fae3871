import Foundation
import SnapshotTesting
import TerminalUI
import TerminalUITestSupport
import Testing
import TodoTxt

@testable import TodosFeature

/// Links underlined in the list, the link picker, and the creation date beside the editor's
/// field, as styled text under `__Snapshots__/LinkViewSnapshotTests/`.
@MainActor
@Suite struct LinkViewSnapshotTests {
  func state(selected: UInt64 = 2) -> Todos.State {
    Todos.State(
      todos: [
        todo(0, "Read (https://a.example/post). soon"),
        todo(1, "Mail mailto:bob@c.example +work"),
        todo(2, "Milk @home"),
      ],
      selectedID: id(selected), size: TerminalSize(width: 60, height: 8))
  }

  @Test func linksAreUnderlinedAndThePunctuationAroundThemIsNot() {
    let frame = TodosView.frame(for: state())
    let row = frame.buffer.text(ofRow: 2)
    #expect(row.hasPrefix("  [ ] Read (https://a.example/post). soon"))
    let first = TodosView.textX + "Read (".count
    let url = first..<(first + "https://a.example/post".count)
    for x in (first - 1)...(url.upperBound) {
      #expect(frame.buffer[x: x, y: 2].style.underline == url.contains(x), "column \(x)")
    }
    assertSnapshot(of: frame, as: .styledScreen)
  }

  @Test func onTheSelectedRowTheLinkIsUnderlinedInTheBarsColours() {
    var theme = TodosTheme.standard
    theme.selectionBar = .row
    let state = state(selected: 1)
    let frame = TodosView.frame(
      for: state, width: state.viewport.size.width, height: state.viewport.size.height,
      theme: theme)
    let x = TodosView.textX + "Mail ".count
    #expect(frame.buffer[x: x, y: 3].style == Style(reverse: true, underline: true))
    assertSnapshot(of: frame, as: .styledScreen)
    // With the marker, the row keeps its own look: the link underlined, nothing reversed.
    let marked = TodosView.frame(for: state)
    #expect(marked.buffer[x: x, y: 3].style == Style(underline: true))
  }

  @Test func theLinkPickerListsTheLinksTheSelectedOneReversed() {
    var state = state()
    state.organise.linkPicker = LinkPicker(
      links: ["https://a.example/post", "mailto:bob@c.example"], selected: 1)
    let frame = TodosView.frame(for: state)
    #expect(frame.buffer.text(ofRow: 2).hasPrefix(" Open which link? (2 links)"))
    #expect(frame.buffer.text(ofRow: 4).hasPrefix("> 2  mailto:bob@c.example"))
    #expect(frame.buffer.text(ofRow: 7).hasPrefix(" Enter open · Esc cancel · j next · k previous"))
    assertSnapshot(of: frame, as: .styledScreen)
  }

  @Test func theEditorShowsTheCreationDateDimBeforeTheField() {
    var dated = todo(0, "Call Mom")
    dated.creationDate = TodoDate(year: 2024, month: 4, day: 2)
    var state = Todos.State(
      todos: [dated], selectedID: id(0), size: TerminalSize(width: 60, height: 8))
    state.mode = .editing(Editor.State(editing: dated))
    let frame = TodosView.frame(for: state)
    #expect(frame.buffer.text(ofRow: 2).hasPrefix("> [ ] 2024-04-02 Call Mom"))
    #expect(frame.buffer[x: TodosView.textX, y: 2].style == Style(dim: true))
    #expect(frame.cursor == CursorPosition(x: TodosView.textX + 11 + 8, y: 2))
    assertSnapshot(of: frame, as: .styledScreen)
  }
}
