import Foundation
import Testing
import TodoTxt
import TodosFeatureTestSupport

@testable import TodosFeature

/// Whatever the app writes reads back as the same todo, toggled or not: the
/// round trip row → line → file bytes → line → row, on seeded random rows and file lines.
@MainActor
@Suite struct TodoRowPropertyTests {
  let lines = RandomTodoTxt()

  /// A row the app can hold: an active row has no completion date and is not blank with no
  /// priority or creation date; a completed row with a creation date has a completion date, and
  /// one without priority has no `pri:A` tag in its text (that tag would be its priority).
  func randomRow(_ rng: inout SeededGenerator) -> Todo.State {
    while true {
      let isComplete = Bool.random(using: &rng)
      let creation = Bool.random(using: &rng) ? lines.randomDate(&rng) : nil
      let row = Todo.State(
        id: UUID(counter: 0),
        description: lines.randomText(&rng),
        isComplete: isComplete,
        priority: Bool.random(using: &rng)
          ? Character(Unicode.Scalar(UInt8.random(in: 65...90, using: &rng))) : nil,
        creationDate: creation,
        completionDate: isComplete && (creation != nil || Bool.random(using: &rng))
          ? lines.randomDate(&rng) : nil)
      let words = row.description.split(whereSeparator: { $0 == " " || $0 == "\t" })
      let hasPriTag = words.contains { word in
        word.count == 5 && word.hasPrefix("pri:") && word.last!.isASCII && word.last!.isUppercase
      }
      let blank = row.description.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 }
      if isComplete
        ? (row.priority != nil || !hasPriTag)
        : (row.priority != nil || row.creationDate != nil || !blank)
      {
        return row
      }
    }
  }

  /// `row` written into `document` in place of its todos, and read back (same id).
  func readBack(_ row: Todo.State, in document: TodoTxtDocument) -> ([UInt8], Todo.State?) {
    let bytes = document.replacingTodos(with: [row.line]).serialized()
    let reread = AppFeature.todoStates(from: TodoTxtDocument.parse(bytes), uuid: { row.id })
    return (bytes, reread.first)
  }

  func meaning(_ row: Todo.State?) -> Todo.State? {
    guard var row else { return nil }
    row.rawLine = nil
    return row
  }

  @Test func rowsReadBackAsThemselvesToggledOrNot() {
    let seed: UInt64 = 0x5EED_0101
    var rng = SeededGenerator(seed: seed)
    for index in 0..<4000 {
      var row = randomRow(&rng)
      let start = row
      for _ in 0..<Int.random(in: 0...3, using: &rng) {
        row.setComplete(!row.isComplete, on: lines.randomDate(&rng))
      }
      let (bytes, reread) = readBack(row, in: TodoTxtDocument())
      #expect(
        meaning(reread) == meaning(row),
        """
        seed \(seed) case \(index): \(start) toggled to \(row) \
        wrote \(String(decoding: bytes, as: UTF8.self).debugDescription)
        """)
      // What is read back is written back the same.
      if let reread { #expect(readBack(reread, in: TodoTxtDocument()).0 == bytes) }
    }
  }

  static let pieces = [
    "x ", "(A) ", "(b) ", "2024-01-01 ", "2011-02-30 ", "2024-01-01", " ", "  ", "\t", "pri:B",
    "pri:", "foo", "#", "\u{1B}", "\u{07}", "\r", "\u{7F}", "é", "\u{85}", "a:b", "+p", "@c",
  ]

  /// The control characters of a line's text, as the file holds them.
  func controls(of bytes: [UInt8]) -> [Unicode.Scalar] {
    let line = bytes.withUnsafeBufferPointer {
      TodoTxtLine.parse(utf8: $0[...], keepRaw: false, sanitizing: false)
    }
    return (line?.text.unicodeScalars ?? "".unicodeScalars).filter {
      $0.value < 0x20 && $0.value != 0x09 || (0x7F...0x9F).contains($0.value)
    }
  }

  @Test func fileLinesKeepTheirMeaningAndBytesThroughToggles() {
    let seed: UInt64 = 0x5EED_0102
    var rng = SeededGenerator(seed: seed)
    for index in 0..<4000 {
      let pieces = (0..<Int.random(in: 1...6, using: &rng)).map { _ in
        Self.pieces.randomElement(using: &rng)!
      }
      let ending = Bool.random(using: &rng) ? "\r\n" : "\n"
      let file = Array((pieces.joined() + ending).utf8)
      let document = TodoTxtDocument.parse(file)
      guard let loaded = AppFeature.todoStates(from: document, uuid: { UUID(counter: 0) }).first
      else { continue }
      var row = loaded
      for _ in 0..<Int.random(in: 1...3, using: &rng) {
        row.setComplete(!row.isComplete, on: lines.randomDate(&rng))
      }
      let (bytes, reread) = readBack(row, in: document)
      let context = """
        seed \(seed) case \(index): \(String(decoding: file, as: UTF8.self).debugDescription) \
        wrote \(String(decoding: bytes, as: UTF8.self).debugDescription)
        """
      #expect(meaning(reread) == meaning(row), "\(context)")
      // Only an edit changes the text's bytes: its control characters are all still there
      // (but for a line break next to a `pri:B` tag, which reopening removes with the tag).
      guard !pieces.contains("pri:B") else { continue }
      let line = Array(bytes.prefix { $0 != 0x0A })
      #expect(controls(of: line) == controls(of: Array(file.dropLast())), "\(context)")
    }
  }
}
