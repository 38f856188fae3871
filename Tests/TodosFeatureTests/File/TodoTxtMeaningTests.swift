import Foundation
import Testing
import TodoTxt

@testable import TodosFeature

// What a line means survives the app: the spec's completed form, text that looks like a field,
// toggles of odd todos, and control characters.

private func parse(_ string: String) -> TodoTxtLine? { TodoTxtLine.parse(Array(string.utf8)) }

private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

/// The row for `line` as the app loads it from a file.
@MainActor
private func row(_ line: String) -> Todo.State {
  let bytes = Array((line + "\n").utf8)
  return AppFeature.todoStates(from: TodoTxtDocument.parse(bytes), uuid: { UUID(counter: 0) })[0]
}

/// The bytes the app writes for `row` (one line, its line ending included).
private func written(_ row: Todo.State) -> String {
  text(TodoTxtDocument(lines: [.todo(row.line)]).serialized())
}

/// `row` as read back from what the app writes for it, with the same id.
@MainActor
private func readBack(_ row: Todo.State) -> Todo.State? {
  let document = TodoTxtDocument.parse(Array(written(row).utf8))
  return AppFeature.todoStates(from: document, uuid: { row.id }).first
}

/// The fields of a row that make up its meaning (everything but the bytes kept to write it).
private func meaning(_ row: Todo.State?) -> Todo.State? {
  guard var row else { return nil }
  row.rawLine = nil
  return row
}

private let spec =
  "x (A) 2016-05-20 2016-04-30 measure space for +chapelShelving @chapel due:2016-05-30"
private let specText = "measure space for +chapelShelving @chapel due:2016-05-30"

@MainActor
@Suite struct TodoTxtMeaningTests {
  // MARK: Item 4: the spec's completed form

  @Test func theSpecsCompletedFormHasAPriorityAndBothDates() {
    #expect(
      parse(spec)
        == TodoTxtLine(
          text: specText, isComplete: true, priority: "A", creationDate: day("2016-04-30"),
          completionDate: day("2016-05-20")))
    // Without the dates too, and the priority is then no longer part of the text.
    #expect(
      parse("x (B) Call Mom") == TodoTxtLine(text: "Call Mom", isComplete: true, priority: "B"))
  }

  @Test func reopeningTheSpecsCompletedFormKeepsItsCreationDate() {
    var todo = row(spec)
    #expect(
      meaning(todo)
        == Todo.State(
          id: UUID(counter: 0), description: specText, isComplete: true, priority: "A",
          creationDate: day("2016-04-30"), completionDate: day("2016-05-20")))
    #expect(written(todo) == spec + "\n")  // untouched: its own bytes
    todo.setComplete(false, on: TodosEnvironment.testDay)
    #expect(written(todo) == "(A) 2016-04-30 \(specText)\n")
    #expect(meaning(readBack(todo)) == meaning(todo))
  }

  // MARK: Item 5: text that looks like a field

  nonisolated static let escapes: [(TodoTxtLine, String)] = [
    (TodoTxtLine(text: "x marks the spot"), " x marks the spot"),
    (TodoTxtLine(text: "(B) text"), " (B) text"),
    (TodoTxtLine(text: "2024-01-01 text"), " 2024-01-01 text"),
    (TodoTxtLine(text: "#5 on the list"), " #5 on the list"),
    (TodoTxtLine(text: " x y"), "  x y"),
    (TodoTxtLine(text: "  x"), "  x"),
    (TodoTxtLine(text: "xylophone"), "xylophone"),
    (TodoTxtLine(text: "2024-01-01"), "2024-01-01"),
    (TodoTxtLine(text: "2024-01-01 x", priority: "A"), "(A)  2024-01-01 x"),
    (TodoTxtLine(text: "x y", priority: "A"), "(A) x y"),
    (
      TodoTxtLine(text: "2024-01-01 x", creationDate: day("2023-12-31")),
      "2023-12-31 2024-01-01 x"
    ),
    (TodoTxtLine(text: "(A) b", isComplete: true), "x  (A) b"),
    (TodoTxtLine(text: "2024-01-01 b", isComplete: true), "x  2024-01-01 b"),
    (
      TodoTxtLine(text: "2024-01-01 b", isComplete: true, completionDate: day("2024-05-01")),
      "x 2024-05-01  2024-01-01 b"
    ),
    (
      TodoTxtLine(text: "(A) b", isComplete: true, completionDate: day("2024-05-01")),
      "x 2024-05-01 (A) b"
    ),
    (
      TodoTxtLine(
        text: "2024-01-01 b", isComplete: true, creationDate: day("2024-04-01"),
        completionDate: day("2024-05-01")),
      "x 2024-05-01 2024-04-01 2024-01-01 b"
    ),
  ]

  @Test(arguments: escapes)
  func textThatWouldReadAsAFieldGetsOneSpaceBeforeIt(_ todo: TodoTxtLine, _ printed: String) {
    #expect(text(todo.serialized()) == printed)
    #expect(parse(printed) == todo)
    // The printed form is canonical: loading it keeps no copy of its bytes.
    #expect(TodoTxtDocument.parse(Array(printed.utf8)).todos.first?.raw == nil)
  }

  @Test func reopeningKeepsAPriorityLookalikeInTheText() {
    var todo = row("x 2024-01-01 (B) text")
    todo.setComplete(false, on: TodosEnvironment.testDay)
    #expect(written(todo) == " (B) text\n")
    #expect(readBack(todo)?.priority == nil)
    #expect(meaning(readBack(todo)) == meaning(todo))
  }

  @Test func completingKeepsADateLookalikeInTheText() {
    var todo = row("(A) 2024-01-01")
    #expect(todo.description == "2024-01-01")
    todo.setComplete(true, on: TodosEnvironment.testDay)
    #expect(written(todo) == "x 2024-05-01  2024-01-01 pri:A\n")
    #expect(
      meaning(readBack(todo))
        == Todo.State(
          id: UUID(counter: 0), description: "2024-01-01", isComplete: true, priority: "A",
          completionDate: TodosEnvironment.testDay))
    todo.setComplete(false, on: TodosEnvironment.testDay)
    #expect(written(todo) == "(A) 2024-01-01\n")
  }

  @Test func completingTakesAPriTagAsThePriorityAsReadingBackWould() {
    var todo = row("Call Mom pri:B")
    todo.setComplete(true, on: TodosEnvironment.testDay)
    #expect(todo.priority == "B")
    #expect(todo.description == "Call Mom")
    #expect(written(todo) == "x 2024-05-01 Call Mom pri:B\n")
    #expect(meaning(readBack(todo)) == meaning(todo))
  }

  // MARK: Item 3: a todo with no text

  @Test func reopeningATodoWithNoTextKeepsItsLine() {
    var todo = row("x ")
    #expect(todo.description == "" && todo.isComplete)
    todo.setComplete(false, on: TodosEnvironment.testDay)
    // No todo.txt line holds an active todo with nothing in it: it gets a creation date.
    #expect(todo.creationDate == TodosEnvironment.testDay)
    #expect(written(todo) == "2024-05-01 \n")
    #expect(meaning(readBack(todo)) == meaning(todo))
  }

  @Test func aTodoWithNoTextButAPriorityNeedsNoDate() {
    var todo = row("x 2024-01-01 pri:C")
    todo.setComplete(false, on: TodosEnvironment.testDay)
    #expect(todo.creationDate == nil)
    #expect(written(todo) == "(C) \n")
    #expect(meaning(readBack(todo)) == meaning(todo))
  }

  // MARK: Item 6: control characters

  @Test func aToggleKeepsControlCharactersInTheFile() {
    var todo = row("x 2024-01-01 ring \u{1B}[31m bell\u{07}")
    #expect(todo.description == "ring \u{FFFD}[31m bell\u{FFFD}")
    todo.setComplete(false, on: TodosEnvironment.testDay)
    #expect(written(todo) == "ring \u{1B}[31m bell\u{07}\n")
    #expect(meaning(readBack(todo)) == meaning(todo))
    todo.setComplete(true, on: TodosEnvironment.testDay)
    #expect(written(todo) == "x 2024-05-01 ring \u{1B}[31m bell\u{07}\n")
  }

  @Test func aToggleKeepsControlCharactersAndTheCROfACRLFLine() {
    var todo = row("(D) 2024-01-02 a\u{1B}b\r")
    todo.setComplete(true, on: TodosEnvironment.testDay)
    #expect(written(todo) == "x 2024-05-01 2024-01-02 a\u{1B}b pri:D\r\n")
    #expect(meaning(readBack(todo)) == meaning(todo))
  }

  @Test func anEditOfTheTextReplacesControlCharacters() {
    var todo = row("ring \u{1B}bell")
    todo.description += "!"
    todo.rawLine = nil  // what every edit does
    #expect(written(todo) == "ring \u{FFFD}bell!\n")
  }

  @Test func anUntoggledLineWithControlCharactersIsWrittenAsItWas() {
    #expect(written(row("ring \u{1B}bell")) == "ring \u{1B}bell\n")
  }
}
