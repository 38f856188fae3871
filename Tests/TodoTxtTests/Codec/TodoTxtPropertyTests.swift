import Testing
import TodosFeatureTestSupport

@testable import TodoTxt

@Suite struct TodoTxtPropertyTests {
  let lines = RandomTodoTxt()

  @Test func parseOfPrintIsIdentityForTodos() {
    var rng = SeededGenerator(seed: 0x5EED_0001)
    for index in 0..<3000 {
      let todo = lines.randomTodo(&rng)
      let printed = todo.serialized()
      let reparsed = TodoTxtLine.parse(printed)
      #expect(
        reparsed == todo,
        "seed 0x5EED_0001 case \(index): \(todo) -> \(String(decoding: printed, as: UTF8.self))")
      #expect(reparsed?.serialized() == printed)
    }
  }

  @Test func anyBytesRoundTripUntouched() {
    var rng = SeededGenerator(seed: 0x5EED_0002)
    let alphabet: [UInt8] =
      Array("x (A)#2011-03-02:+@\t\r\nab".utf8) + [
        0x00, 0x1B, 0x7F, 0xC3, 0xA9, 0xFF, 0xE2, 0x80, 0xA8, 0xC2, 0x85,
      ]
    for _ in 0..<3000 {
      let bytes = (0..<Int.random(in: 0...40, using: &rng)).map { _ in
        alphabet.randomElement(using: &rng)!
      }
      let document = TodoTxtDocument.parse(bytes)
      #expect(document.serialized() == bytes, "\(bytes)")
      for todo in document.todos {
        #expect(!todo.text.contains("\r") && !todo.text.contains("\n"))
      }
    }
  }

  @Test func documentsOfRandomTodosRoundTripAfterEdits() {
    var rng = SeededGenerator(seed: 0x5EED_0003)
    for _ in 0..<500 {
      let todos = (0..<Int.random(in: 0...8, using: &rng)).map { _ in lines.randomTodo(&rng) }
      let ending: TodoTxtDocument.LineEnding = Bool.random(using: &rng) ? .lf : .crlf
      let bytes = TodoTxtDocument(lines: todos.map { .todo($0) }, lineEnding: ending).serialized()
      let document = TodoTxtDocument.parse(bytes)
      #expect(document.todos == todos)
      #expect(document.serialized() == bytes)
      // Editing one todo changes exactly its line.
      guard !todos.isEmpty else { continue }
      var edited = document.todos
      let index = Int.random(in: 0..<edited.count, using: &rng)
      edited[index].text = "changed"
      let output = document.replacingTodos(with: edited).serialized()
      let before = bytes.split(separator: ASCII.lf, omittingEmptySubsequences: false)
      let after = output.split(separator: ASCII.lf, omittingEmptySubsequences: false)
      #expect(before.count == after.count)
      for (i, (old, new)) in zip(before, after).enumerated() where i != index {
        #expect(old == new)
      }
    }
  }
}
