import Testing

@testable import TodosFeature

/// SplitMix64: a small seeded generator, so failures reproduce.
struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

@Suite struct TodoTxtPropertyTests {
  static let firstWords = [
    "Call", "Buy", "+Project", "@home", "due:2024-01-01", "émigré", "日本語", "xylophone",
    "X", "(b)", "(A)x", "1", "a:b", "🎉", "Über", "soandso@example.com",
    // Words that read as a field at the start of a line: the printer must escape them.
    "x", "(A)", "2011-03-02", "#", "#x", "", " x", " (B)",
  ]
  static let words =
    firstWords + ["2011-02-30", "pri:A", "pri:b", "+", "@", "http://a.b"]
  static let separators = [" ", "  ", "\t", " \t "]

  func randomDate(_ rng: inout SeededGenerator) -> TodoDate {
    TodoDate(
      year: Int.random(in: 1990...2040, using: &rng), month: Int.random(in: 1...12, using: &rng),
      day: Int.random(in: 1...28, using: &rng))!
  }

  func randomText(_ rng: inout SeededGenerator) -> String {
    var text = Self.firstWords.randomElement(using: &rng)!
    for _ in 0..<Int.random(in: 0...6, using: &rng) {
      text += Self.separators.randomElement(using: &rng)! + Self.words.randomElement(using: &rng)!
    }
    if Bool.random(using: &rng) { text += Self.separators.randomElement(using: &rng)! }
    return text
  }

  /// A todo that a todo.txt line can hold: not an active todo with nothing but blanks, and
  /// (at this level, where `pri:A` is text) no priority on a completed todo.
  func randomTodo(_ rng: inout SeededGenerator) -> TodoTxtLine {
    while true {
      let todo = randomTodoCandidate(&rng)
      let blank = todo.text.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 }
      if todo.isComplete || todo.priority != nil || todo.creationDate != nil || !blank {
        return todo
      }
    }
  }

  func randomTodoCandidate(_ rng: inout SeededGenerator) -> TodoTxtLine {
    let isComplete = Bool.random(using: &rng)
    let creation = Bool.random(using: &rng) ? randomDate(&rng) : nil
    return TodoTxtLine(
      text: randomText(&rng),
      isComplete: isComplete,
      priority: !isComplete && Bool.random(using: &rng)
        ? Character(Unicode.Scalar(UInt8.random(in: 65...90, using: &rng))) : nil,
      creationDate: creation,
      // A completed todo's one date reads as its completion date, so with a creation date it
      // also has a completion date.
      completionDate: isComplete && (creation != nil || Bool.random(using: &rng))
        ? randomDate(&rng) : nil)
  }

  @Test func parseOfPrintIsIdentityForTodos() {
    var rng = SeededGenerator(seed: 0x5EED_0001)
    for index in 0..<3000 {
      let todo = randomTodo(&rng)
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
      let todos = (0..<Int.random(in: 0...8, using: &rng)).map { _ in randomTodo(&rng) }
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
