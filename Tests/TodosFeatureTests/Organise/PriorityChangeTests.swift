import Foundation
import Testing
import TodoTxt

@testable import TodosFeature

private func line(_ text: String) -> TodoTxtLine { TodoTxtLine(parsing: text)! }

@Suite struct PriorityChangeTests {
  @Test func aLetterKeyOfEitherCaseGivesTheCapital() {
    #expect(PriorityChange.letter(forKey: "b") == "B")
    #expect(PriorityChange.letter(forKey: "B") == "B")
    #expect(PriorityChange.letter(forKey: "z") == "Z")
    #expect(PriorityChange.letter(forKey: " ") == nil)
    #expect(PriorityChange.letter(forKey: "é") == nil)
    #expect(PriorityChange.letter(forKey: "1") == nil)
  }

  @Test func anActiveLineGetsTheParenthesisedForm() {
    #expect(
      PriorityChange.setting("B", on: line("2026-11-01 Call Mom")).description
        == "(B) 2026-11-01 Call Mom")
    #expect(PriorityChange.setting("c", on: line("(A) Call Mom")).description == "(C) Call Mom")
    #expect(PriorityChange.setting(nil, on: line("(A) Call Mom")).description == "Call Mom")
  }

  @Test func anUnchangedLineKeepsItsBytes() {
    let original = line("(A)  Call\tMom ")
    #expect(PriorityChange.setting("A", on: original).raw == original.raw)
    let done = line("x 2026-11-23 Call  Mom pri:A")
    #expect(PriorityChange.setting("A", on: done).raw == done.raw)
  }

  @Test func aCompletedLineKeepsItAsAPriTag() {
    #expect(
      PriorityChange.setting("B", on: line("x 2026-11-23 Call Mom")).description
        == "x 2026-11-23 Call Mom pri:B")
    // Changed in place, wherever it stands.
    #expect(
      PriorityChange.setting("B", on: line("x 2026-11-23 Call pri:A Mom @phone")).description
        == "x 2026-11-23 Call pri:B Mom @phone")
    #expect(
      PriorityChange.setting(nil, on: line("x 2026-11-23 Call pri:A Mom")).description
        == "x 2026-11-23 Call Mom")
    #expect(
      PriorityChange.setting(nil, on: line("x 2026-11-23 Call Mom pri:A")).description
        == "x 2026-11-23 Call Mom")
  }

  @Test func reopeningGivesTheSetPriorityBack() {
    var done = PriorityChange.setting("D", on: line("x 2026-11-23 Call Mom @phone"))
    done.reopen()
    #expect(done.description == "(D) Call Mom @phone")
  }

  @Test func aRowGetsThePriorityAndLosesItsRawLine() {
    var call = todo(0, "Call Mom", raw: "Call Mom")
    call = PriorityChange.setting("b", on: call)
    #expect(call.priority == "B")
    #expect(call.rawLine == nil)
    #expect(AppFeature.todoTxtLine(from: call).description == "(B) Call Mom")
    let same = PriorityChange.setting("B", on: call)
    #expect(same == call)
  }

  @Test func aCompletedRowWithTheTagMidLineKeepsItThere() {
    // As the loader reads "x 2026-11-23 Call pri:A Mom": priority A, the tag out of the text,
    // and the original bytes kept since printing the row would move the tag to the end.
    let raw = "x 2026-11-23 Call pri:A Mom"
    var row = Todo.State(
      id: id(0), description: "Call Mom", isComplete: true, priority: "A",
      completionDate: TodoDate(string: "2026-11-23"), rawLine: Array(raw.utf8))
    row = PriorityChange.setting("C", on: row)
    #expect(row.priority == "C")
    #expect(AppFeature.todoTxtLine(from: row).description == "x 2026-11-23 Call pri:C Mom")
    row = PriorityChange.setting(nil, on: row)
    #expect(row.priority == nil)
    #expect(AppFeature.todoTxtLine(from: row).description == "x 2026-11-23 Call Mom")
  }

  @Test func aCompletedRowWithoutRawBytesIsWrittenCanonically() {
    var row = todo(0, "Call Mom", done: true)
    row = PriorityChange.setting("A", on: row)
    #expect(AppFeature.todoTxtLine(from: row).description == "x 1970-01-01 Call Mom pri:A")
  }

  @Test func theStatusLineSaysWhatChanged() {
    let call = todo(0, "Call Mom")
    #expect(PriorityChange.status(setting: "B", on: call) == "Priority B: “Call Mom”")
    #expect(PriorityChange.status(setting: nil, on: call) == "Priority cleared: “Call Mom”")
    let long = todo(1, String(repeating: "a", count: 40))
    #expect(
      PriorityChange.status(setting: "a", on: long)
        == "Priority A: “" + String(repeating: "a", count: 29) + "…”")
    #expect(PriorityChange.status(setting: "A", count: 3) == "Priority A: 3 todos")
    #expect(PriorityChange.status(setting: nil, count: 1) == "Priority cleared: 1 todo")
  }
}
