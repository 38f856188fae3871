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
}
