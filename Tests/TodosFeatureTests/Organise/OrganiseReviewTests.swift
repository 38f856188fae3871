import Foundation
import IdentifiedCollections
import TerminalUI
import Testing
import TodoTxt

@testable import TodosFeature

/// What a user reviewing the organising keys in a real terminal found: the list's hint line names the new
/// keys where it has room, and the archive's status lines fit an 80-column line.
@MainActor
@Suite struct OrganiseReviewTests {
  /// The list's hint line names every organising key, after the keys it named before (so an
  /// 80-column line, which has room for those only, reads as it did).
  @Test func listHintsNameTheOrganisingKeysAfterTheOthers() {
    let hints = KeyTable.hints(for: .list)
    let organising = [
      "p priority", "s sort", "+ project", "@ context", "v range", "A archive", "z postpone",
      "m modify", "o link",
    ]
    #expect(Array(hints.suffix(organising.count)) == organising)
    #expect(hints.first == "? help")
    #expect(hints.dropLast(organising.count).last == "q quit")
  }

  /// A wide terminal shows them on the hint line; the last row at 200 columns.
  @Test func aWideHintLineShowsTheOrganisingKeys() {
    let state = Todos.State(
      todos: [todo(0, "Call Mom")], selectedID: id(0),
      size: TerminalSize(width: 200, height: 10))
    let buffer = TodosView.render(state)
    let last = buffer.text(ofRow: buffer.height - 1)
    #expect(last.contains("q quit · p priority · s sort · + project · @ context · v range"))
    #expect(last.contains("A archive"))
  }

  /// The undo of an archive whose done.txt changed since says done.txt was left alone, within
  /// an 80-column status line (78 cells), however many todos came back.
  @Test func undoStatusWithAChangedDoneFileFitsEightyColumns() {
    for count in [1, 3, 100] {
      let lines = String(repeating: "x 2026-11-23 a\n", count: count)
      let receipt = AppendReceipt(
        path: "/home/me/todo/done.txt", bytes: Array(lines.utf8), addedNewline: false,
        createdFile: false)
      let restore = AppFeature.DoneFileRestore(
        receipt: receipt, save: .success(stamp(1, size: 1)), doneFile: .success(.changedSince),
        layout: TodoTxtDocument(), revision: 1)
      let text = AppFeature.doneFileStatus(restore).text
      #expect(text.hasSuffix("done.txt had changed, so it was left alone"))
      #expect(DisplayWidth.of(text) <= 78, "\(text)")
    }
  }
}
