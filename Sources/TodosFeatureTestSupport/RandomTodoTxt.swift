import TodoTxt

/// SplitMix64: a small seeded generator, so failures reproduce.
///
/// ```swift
/// var rng = SeededGenerator(seed: 0x5EED_0001)
/// Int.random(in: 1...6, using: &rng)  // the same every run
/// ```
package struct SeededGenerator: RandomNumberGenerator {
  package var state: UInt64
  package init(seed: UInt64) { state = seed }
  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Random todo.txt dates, texts and todos for property tests, drawn from a `SeededGenerator`:
/// words that read as fields at the start of a line, lookalikes, blanks and wide text.
///
/// ```swift
/// var rng = SeededGenerator(seed: 1)
/// let todo = RandomTodoTxt().randomTodo(&rng)  // a line todo.txt can hold
/// ```
package struct RandomTodoTxt {
  package init() {}

  package static let firstWords = [
    "Call", "Buy", "+Project", "@home", "due:2024-01-01", "émigré", "日本語", "xylophone",
    "X", "(b)", "(A)x", "1", "a:b", "🎉", "Über", "soandso@example.com",
    // Words that read as a field at the start of a line: the printer must escape them.
    "x", "(A)", "2011-03-02", "#", "#x", "", " x", " (B)",
  ]
  package static let words =
    firstWords + ["2011-02-30", "pri:A", "pri:b", "+", "@", "http://a.b"]
  package static let separators = [" ", "  ", "\t", " \t "]

  package func randomDate(_ rng: inout SeededGenerator) -> TodoDate {
    TodoDate(
      year: Int.random(in: 1990...2040, using: &rng), month: Int.random(in: 1...12, using: &rng),
      day: Int.random(in: 1...28, using: &rng))!
  }

  package func randomText(_ rng: inout SeededGenerator) -> String {
    var text = Self.firstWords.randomElement(using: &rng)!
    for _ in 0..<Int.random(in: 0...6, using: &rng) {
      text += Self.separators.randomElement(using: &rng)! + Self.words.randomElement(using: &rng)!
    }
    if Bool.random(using: &rng) { text += Self.separators.randomElement(using: &rng)! }
    return text
  }

  /// A todo that a todo.txt line can hold: not an active todo with nothing but blanks, and
  /// (at this level, where `pri:A` is text) no priority on a completed todo.
  package func randomTodo(_ rng: inout SeededGenerator) -> TodoTxtLine {
    while true {
      let todo = randomTodoCandidate(&rng)
      let blank = todo.text.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 }
      if todo.isComplete || todo.priority != nil || todo.creationDate != nil || !blank {
        return todo
      }
    }
  }

  package func randomTodoCandidate(_ rng: inout SeededGenerator) -> TodoTxtLine {
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
}
