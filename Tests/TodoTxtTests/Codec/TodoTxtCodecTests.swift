import Foundation
import Testing

@testable import TodoTxt

private func line(_ string: String) -> TodoTxtLine? {
  TodoTxtLine.parse(Array(string.utf8))
}

private func date(_ string: String) -> TodoDate { TodoDate(string: string)! }

private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

@Suite struct TodoDateTests {
  @Test func parsesAndPrints() {
    let day = TodoDate(string: "2011-03-02")
    #expect(day == TodoDate(year: 2011, month: 3, day: 2))
    #expect(day?.description == "2011-03-02")
    #expect(TodoDate(year: 7, month: 1, day: 9)?.description == "0007-01-09")
  }

  @Test(arguments: [
    "2011-3-02", "2011-03-2", "11-03-02", "2011-13-01", "2011-00-10", "2011-02-29",
    "2100-02-29", "2011-04-31", "2011/03/02", "2011-03-02 ", "２０１１-03-02", "",
  ])
  func rejectsInvalid(_ string: String) {
    #expect(TodoDate(string: string) == nil)
  }

  @Test func leapDays() {
    #expect(TodoDate(string: "2024-02-29") != nil)
    #expect(TodoDate(string: "2000-02-29") != nil)
  }

  @Test func ordersByDay() {
    #expect(date("2011-03-02") < date("2011-03-10"))
    #expect(date("2010-12-31") < date("2011-01-01"))
  }

  @Test func fromDateInTimeZone() {
    // 1970-01-01T23:30Z is already Jan 2 at UTC+1.
    let instant = Date(timeIntervalSince1970: 23 * 3600 + 1800)
    #expect(TodoDate(instant) == date("1970-01-01"))
    #expect(TodoDate(instant, utcOffset: 3600) == date("1970-01-02"))
    // The day Foundation's Gregorian calendar gives at each offset.
    var calendar = Calendar(identifier: .gregorian)
    for seconds: Double in [-86_401, -1, 0, 951_782_400, 1_764_115_200 + 86_399, 253_402_214_400] {
      for offset in [-30_600, -18_000, 0, 3600, 50_400] {
        calendar.timeZone = TimeZone(secondsFromGMT: offset)!
        let parts = calendar.dateComponents(
          [.year, .month, .day], from: Date(timeIntervalSince1970: seconds))
        let expected = TodoDate(year: parts.year!, month: parts.month!, day: parts.day!)
        #expect(
          TodoDate(Date(timeIntervalSince1970: seconds), utcOffset: offset) == expected,
          "\(seconds) at \(offset)")
      }
    }
  }

  @Test func fromDateOutsideYearsZeroTo9999IsClamped() {
    #expect(TodoDate(Date(timeIntervalSince1970: 1e13)) == date("9999-12-31"))
    #expect(TodoDate(Date(timeIntervalSince1970: -1e12)) == date("0000-01-01"))
  }
}

@Suite struct TodoTxtLineTests {
  @Test func reopeningWithTheTagFirstDropsTheSpaceAfterIt() {
    var line = TodoTxtLine(parsing: "x 2024-05-01 pri:B Call Mom")!
    line.reopen()
    #expect(line.priority == "B")
    #expect(line.text == "Call Mom")
  }

  @Test func activeWithPriorityAndCreationDate() {
    let parsed = line("(A) 2011-03-01 Call Mom +Family @phone")
    #expect(
      parsed
        == TodoTxtLine(
          text: "Call Mom +Family @phone", priority: "A", creationDate: date("2011-03-01")))
    #expect(parsed?.projects == ["Family"])
    #expect(parsed?.contexts == ["phone"])
  }

  @Test func completedWithBothDates() {
    #expect(
      line("x 2011-03-03 2011-03-01 Call Mom")
        == TodoTxtLine(
          text: "Call Mom", isComplete: true, creationDate: date("2011-03-01"),
          completionDate: date("2011-03-03")))
  }

  @Test func completedWithOneDateTakesItAsCompletionDate() {
    #expect(
      line("x 2011-03-03 Call Mom")
        == TodoTxtLine(text: "Call Mom", isComplete: true, completionDate: date("2011-03-03")))
  }

  @Test func completedWithoutDate() {
    #expect(line("x Call Mom") == TodoTxtLine(text: "Call Mom", isComplete: true))
  }

  @Test func xylophoneLessonIsNotComplete() {
    #expect(line("xylophone lesson") == TodoTxtLine(text: "xylophone lesson"))
  }

  @Test func uppercaseXIsAnOrdinaryActiveTodo() {
    #expect(
      line("X 2012-01-01 Make resolutions") == TodoTxtLine(text: "X 2012-01-01 Make resolutions"))
  }

  @Test func lowercasePriorityIsText() {
    #expect(line("(b) Get back to the boss") == TodoTxtLine(text: "(b) Get back to the boss"))
  }

  @Test(arguments: ["Really gotta call Mom (A) @phone", "(A)->Submit TPS", "\t(A) indented"])
  func priorityOnlyAtStartFollowedBySpace(_ input: String) {
    #expect(line(input) == TodoTxtLine(text: input))
  }

  @Test func dateAtEndIsNotCreationDate() {
    #expect(
      line("(A) Call Mom 2011-03-02") == TodoTxtLine(text: "Call Mom 2011-03-02", priority: "A"))
  }

  @Test func creationDateWithoutPriority() {
    #expect(
      line("2011-03-02 Document +TodoTxt")
        == TodoTxtLine(text: "Document +TodoTxt", creationDate: date("2011-03-02")))
  }

  @Test func invalidDateStaysInText() {
    #expect(line("2011-02-30 Pay") == TodoTxtLine(text: "2011-02-30 Pay"))
    #expect(line("x 2011-02-30 Pay") == TodoTxtLine(text: "2011-02-30 Pay", isComplete: true))
  }

  @Test func emailIsNotAContext() {
    let parsed = line("Email soandso@example.com about +Garage @home")
    #expect(parsed?.contexts == ["home"])
    #expect(parsed?.projects == ["Garage"])
  }

  @Test func tags() {
    let parsed = line("Pay rent due:2024-06-01 see http://example.com a:b:c :x y:")
    #expect(parsed?.tags == [TodoTxtTag(key: "due", value: "2024-06-01")])
  }

  @Test func lonePlusAndAtAreWords() {
    #expect(line("1 + 1 @ home")?.projects == [])
    #expect(line("1 + 1 @ home")?.contexts == [])
  }

  @Test func spansCoverTheTextExactly() {
    let input = "  Call\t+Mom  @phone due:2024 x@y.z "
    let spans = TodoTxtText.spans(in: input)
    #expect(spans.map(\.text).joined() == input)
    #expect(
      spans.map(\.kind) == [
        .whitespace, .word, .whitespace, .project, .whitespace, .context, .whitespace, .tag,
        .whitespace, .word, .whitespace,
      ])
  }

  @Test(arguments: ["", " ", "\t  ", "\r", "# comment", "#", "#(A) not a todo"])
  func notTodos(_ input: String) {
    #expect(line(input) == nil)
  }

  @Test func invalidUTF8IsNotATodo() {
    #expect(TodoTxtLine.parse([0x42, 0x75, 0x79, 0xFF, 0x20]) == nil)
    #expect(TodoTxtLine.parse([0xC3]) == nil)
  }

  @Test func crNeverLeaksIntoText() {
    #expect(line("Buy milk\r")?.text == "Buy milk")
    #expect(line("a\rb")?.text == "a b")
    #expect(line("Buy milk\r")?.serialized() == Array("Buy milk\r".utf8))
  }

  @Test func controlCharactersAreShownReplacedButKeptInTheFile() {
    let parsed = line("ring \u{07}bell \u{1B}[31mred")
    #expect(parsed?.text == "ring \u{FFFD}bell \u{FFFD}[31mred")
    #expect(parsed?.serialized() == Array("ring \u{07}bell \u{1B}[31mred".utf8))
  }

  @Test func textFromTheAppNeverBreaksTheLine() {
    let todo = TodoTxtLine(text: "two\nlines\r\u{2028}and\u{0}nul\ttab")
    #expect(text(todo.serialized()) == "two lines  and\u{FFFD}nul\ttab")
  }

  @Test func untouchedLinePrintsItsBytes() {
    let input = "(A) 2011-03-01  double  space\t\t"
    #expect(text(line(input)!.serialized()) == input)
    #expect(line(input)?.text == " double  space\t\t")
  }

  @Test func editingDropsRawAndPrintsCanonically() {
    var todo = line("(A) 2011-03-01 Call Mom\r")!
    todo.text = "Call Dad"
    #expect(todo.raw == nil)
    #expect(text(todo.serialized()) == "(A) 2011-03-01 Call Dad")
  }

  @Test func completingMovesPriorityToTag() {
    var todo = line("(A) 2011-03-01 Call Mom")!
    todo.complete(on: date("2011-03-02"))
    #expect(text(todo.serialized()) == "x 2011-03-02 2011-03-01 Call Mom pri:A")
    todo.reopen()
    #expect(text(todo.serialized()) == "(A) 2011-03-01 Call Mom")
  }

  @Test func completingWithoutPriority() {
    var todo = TodoTxtLine(text: "Buy milk")
    todo.complete(on: date("2024-05-01"))
    #expect(text(todo.serialized()) == "x 2024-05-01 Buy milk")
    todo.reopen()
    #expect(text(todo.serialized()) == "Buy milk")
  }

  @Test func reopenTakesLastValidPriTag() {
    var todo = line("x 2024-05-01 Sort pri:ZZ out pri:B end pri:c")!
    todo.reopen()
    #expect(todo.priority == "B")
    #expect(todo.text == "Sort pri:ZZ out end pri:c")
  }

  @Test func lowercasePriorityFromTheAppPrintsUppercase() {
    #expect(text(TodoTxtLine(text: "a", priority: "c").serialized()) == "(C) a")
    #expect(text(TodoTxtLine(text: "a", priority: "1").serialized()) == "a")
  }

  @Test func equalityIgnoresRaw() {
    #expect(line("Buy milk\r") == TodoTxtLine(text: "Buy milk"))
  }

  @Test func parsingUserInput() {
    let todo = TodoTxtLine(parsing: "(B) Schedule pickup +GarageSale")
    #expect(todo?.priority == "B")
    #expect(todo?.text == "Schedule pickup +GarageSale")
  }
}

@Suite struct TodoTxtDocumentTests {
  @Test func onlyLinesThatWouldPrintDifferentlyKeepACopyOfTheirBytes() {
    let document = TodoTxtDocument.parse(
      Array("(A) Call  Mom\r\nBell\u{7}here\r\nLF only here\nx 2024-05-01 Done\r\n".utf8))
    // Printing the bell line would show a placeholder; the LF line would get a CR.
    #expect(
      document.todos.map { $0.raw.map(text) } == [nil, "Bell\u{7}here\r", "LF only here", nil])
    #expect(
      text(document.serialized())
        == "(A) Call  Mom\r\nBell\u{7}here\r\nLF only here\nx 2024-05-01 Done\r\n")
  }

  private func roundTrip(_ string: String) -> String {
    text(TodoTxtDocument.parse(Array(string.utf8)).serialized())
  }

  @Test(arguments: [
    "", "\n", "\n\n\n", "a", "a\n", "a\nb", "a\r\nb\r\n", "a\r\nb", "a\nb\r\nc\n",
    "# comment\n(A) x\n\n  \nX 2012-01-01 up\n(b) low\n", "dup\ndup\ndup\n",
    "double  space\ntrailing tab\t\n", "x 2011-03-03 2011-03-01 done\n", "\r\n", "a\r\r\n",
    "bare\rcr\n",
  ])
  func roundTripsByteForByte(_ input: String) {
    #expect(roundTrip(input) == input)
  }

  @Test func invalidUTF8RoundTrips() {
    let input: [UInt8] = Array("ok\n".utf8) + [0xFF, 0xFE, 0x20, 0x41, 0x0A] + Array("end".utf8)
    let document = TodoTxtDocument.parse(input)
    #expect(document.serialized() == input)
    #expect(document.todos.map(\.text) == ["ok", "end"])
    #expect(document.lines[1] == .opaque([0xFF, 0xFE, 0x20, 0x41]))
  }

  @Test func detectsLineEnding() {
    #expect(TodoTxtDocument.parse(Array("a\r\nb\n".utf8)).lineEnding == .crlf)
    #expect(TodoTxtDocument.parse(Array("a\nb\r\n".utf8)).lineEnding == .lf)
    #expect(TodoTxtDocument.parse(Array("a".utf8)).lineEnding == .lf)
    #expect(TodoTxtDocument.parse(Array("a".utf8)).hasFinalNewline == false)
    #expect(TodoTxtDocument.parse([]).hasFinalNewline)
  }

  @Test func editingOneTodoChangesOnlyItsLine() {
    let input = "# list\n(A)  Call Mom\t\nBuy milk\r\n\nx 2011-03-03 done\nlast"
    let document = TodoTxtDocument.parse(Array(input.utf8))
    var todos = document.todos
    todos[1].complete(on: date("2024-05-01"))
    let output = text(document.replacingTodos(with: todos).serialized())
    #expect(output == "# list\n(A)  Call Mom\t\nx 2024-05-01 Buy milk\n\nx 2011-03-03 done\nlast")
  }

  @Test func newLinesInCRLFFileGetCRLF() {
    let document = TodoTxtDocument.parse(Array("a\r\nb\r\n".utf8))
    let todos = document.todos + [TodoTxtLine(text: "c")]
    #expect(text(document.replacingTodos(with: todos).serialized()) == "a\r\nb\r\nc\r\n")
  }

  @Test func noFinalNewlineKeepsLastLineIntact() {
    let document = TodoTxtDocument.parse(Array("a\nb".utf8))
    #expect(document.todos.last?.text == "b")
    let todos = document.todos + [TodoTxtLine(text: "c")]
    #expect(text(document.replacingTodos(with: todos).serialized()) == "a\nb\nc")
  }

  @Test func replacingTodosKeepsOpaqueLinesInPlace() {
    let document = TodoTxtDocument.parse(Array("# head\na\n\nb\n# tail\n".utf8))
    let a = document.todos[0]
    let b = document.todos[1]
    let c = TodoTxtLine(text: "c")
    #expect(
      text(document.replacingTodos(with: [c, b, a]).serialized())
        == "# head\nc\n\nb\na\n# tail\n")
    #expect(text(document.replacingTodos(with: [b]).serialized()) == "# head\nb\n\n# tail\n")
    #expect(
      text(TodoTxtDocument.parse(Array("# only\n".utf8)).replacingTodos(with: [c]).serialized())
        == "# only\nc\n")
  }

  @Test func aTodoThatPrintsBlankStillGetsItsLine() {
    // Dropping it shifted every todo below up by one line and lost the todo.
    let document = TodoTxtDocument(lines: [
      .todo(TodoTxtLine(text: "a")), .todo(TodoTxtLine(text: " ")), .todo(TodoTxtLine(text: "b")),
    ])
    #expect(text(document.serialized()) == "a\n \nb\n")
  }

  /// A large file round-trips. (Its speed is measured in `make bench`, not here.)
  @Test func largeFileRoundTrips() {
    var input: [UInt8] = []
    for i in 0..<100_000 {
      input.append(contentsOf: "(B) 2024-01-01 Todo number \(i) +proj @ctx due:2024-02-02\n".utf8)
    }
    let document = TodoTxtDocument.parse(input)
    #expect(document.lines.count == 100_000)
    #expect(document.todos.last?.text == "Todo number 99999 +proj @ctx due:2024-02-02")
    #expect(document.serialized() == input)
  }
}
