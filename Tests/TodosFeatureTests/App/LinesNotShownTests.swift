import Foundation
import IdentifiedCollections
import TerminalUI
import TerminalUITestSupport
import Testing
import TodoTxt

@testable import TodosFeature

/// The title says how many of the file's lines the list does not show.
@MainActor
@Suite struct LinesNotShownTests {
  /// An app state whose file is `text` as bytes, with its todos in the list.
  func state(_ bytes: [UInt8], width: Int = 60) -> AppFeature.State {
    let document = TodoTxtDocument.parse(bytes)
    var state = AppFeature.State(path: "/tmp/todo.txt")
    state.file.document = document.layout(
      ids: document.todos.indices.map { UUID(counter: UInt64($0)) })
    state.list.rows = IdentifiedArrayOf(
      uniqueElements: document.todos.enumerated().map { offset, line in
        Todo.State(
          id: UUID(counter: UInt64(offset)), description: line.text, isComplete: line.isComplete)
      })
    state.list.viewport.size = TerminalSize(width: width, height: 12)
    return state
  }

  @Test func commentsAndUndecodableLinesCountBlankLinesDoNot() {
    let file =
      Array("# groceries\nMilk\n\n  \t\r\n".utf8) + [0xFF, 0xFE, 0x0A] + Array("x Eggs\n".utf8)
    let app = state(file)
    #expect(app.linesNotShown == 2)
    let title = AppView.frame(for: app, width: 60, height: 12).buffer.text(ofRow: 0)
    #expect(title.hasPrefix(" todo.txt · 2 lines not shown"))
    #expect(title.hasSuffix("1 item left"))
  }

  @Test func oneLineIsSingularAndNoneSaysNothing() {
    let one = state(Array("Milk\n#note\n".utf8))
    #expect(
      AppView.frame(for: one, width: 60, height: 12).buffer.text(ofRow: 0)
        .hasPrefix(" todo.txt · 1 line not shown"))
    let none = state(Array("Milk\n\n".utf8))
    #expect(none.linesNotShown == 0)
    #expect(!AppView.frame(for: none, width: 60, height: 12).buffer.text(ofRow: 0).contains("·"))
  }

  @Test func aNarrowTitleCutsTheNoteNeverTheCount() {
    let app = state(Array("Milk\n#a\n#b\n".utf8), width: 30)
    let title = AppView.frame(for: app, width: 30, height: 12).buffer.text(ofRow: 0)
    #expect(title.hasSuffix("1 item left"))
    #expect(title.hasPrefix(" todo.txt · 2 li…"))
  }
}

/// The same, in the built app reading a real file.
@Suite(
  .serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: `make test` installs it"))
final class LinesNotShownTerminalTests {
  let fixture: TerminalFixture
  var folder: URL { fixture.folder }
  var file: URL { fixture.file }

  init() throws { fixture = try TerminalFixture("hidden") }

  @Test func theTitleSaysHowManyLinesAreNotShown() throws {
    try Data(Array("# Home\nWater the plants\n\n".utf8) + [0xC3, 0x28, 0x0A])
      .write(to: file)
    let session = try fixture.start()
    defer { session.close() }
    let screen = try session.waitFor("1 item left")
    // The temporary folder's path is shortened before the note is cut.
    #expect(screen.first?.hasPrefix(" …/todo.txt · 2 lines not shown") == true)
  }
}
