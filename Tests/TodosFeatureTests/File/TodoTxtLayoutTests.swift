import Foundation
import IdentifiedCollections
import Testing
import TodoTxt

@testable import TodosFeature

private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

/// The layout between saves: which line is which row, so a save rewrites only changed lines.
@Suite struct TodoTxtLayoutTests {
  @Test func theLayoutKeepsHiddenLinesAndEachRowsPlace() {
    let document = TodoTxtDocument.parse(Array("# list\r\nMilk\r\n\r\nEggs\r\n".utf8))
    let (milk, eggs) = (UUID(counter: 0), UUID(counter: 1))
    let layout = document.layout(ids: [milk, eggs])
    #expect(
      layout.lines == [
        .opaque(Array("# list\r".utf8)), .slot(milk), .opaque(Array("\r".utf8)), .slot(eggs),
      ])
    #expect(layout.todos.isEmpty)
    let rows: IdentifiedArrayOf<Todo.State> = [
      Todo.State(id: milk, description: "Bread"), Todo.State(id: eggs, description: "Eggs"),
    ]
    let filled = layout.filled(with: rows)
    #expect(text(filled.document.serialized()) == "# list\r\nBread\r\n\r\nEggs\r\n")
    #expect(filled.layout == layout)
  }

  /// A file saved by Notepad starts with a byte order mark: it stays the file's first bytes
  /// when a todo is added above the first line, and the first line's priority reads as one.
  @Test func aByteOrderMarkStaysFirstWhenATodoGoesAboveTheFirstLine() {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("(A) First\nSecond\n".utf8)
    let document = TodoTxtDocument.parse(bytes)
    #expect(document.startsWithByteOrderMark)
    #expect(document.todos.first?.priority == "A")
    #expect(document.serialized() == bytes)
    let (first, second, new) = (UUID(counter: 0), UUID(counter: 1), UUID(counter: 2))
    var layout = document.layout(ids: [first, second])
    layout.lines.insert(.slot(new), at: 0)
    let rows: IdentifiedArrayOf<Todo.State> = [
      Todo.State(id: new, description: "New"),
      Todo.State(id: first, description: "First", priority: "A"),
      Todo.State(id: second, description: "Second"),
    ]
    let saved = layout.filled(with: rows).document.serialized()
    #expect(saved == [0xEF, 0xBB, 0xBF] + Array("New\n(A) First\nSecond\n".utf8))
    #expect(TodoTxtDocument.parse([0xEF, 0xBB, 0xBF]).serialized() == [0xEF, 0xBB, 0xBF])
  }
}
