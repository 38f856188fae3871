import Foundation
import Testing
import TodoTxt

@testable import TodosFeature

/// What postponing does to one todo's text (`Postpone`): the pure part of `z`.
@Suite struct PostponeTests {
  let monday = TodoDate(string: "2026-11-23")!

  func postponed(_ text: String, _ word: String) -> String {
    Postpone.postponing(text, by: Postpone.When(parsing: word, today: monday)!, today: monday)
  }

  @Test func countsAreMovesAndNamesAreDays() {
    #expect(Postpone.When(parsing: "3d", today: monday) == .by(3, .days))
    #expect(Postpone.When(parsing: "2B", today: monday) == .by(2, .businessDays))
    #expect(Postpone.When(parsing: "1w", today: monday) == .by(1, .weeks))
    #expect(Postpone.When(parsing: " 1m ", today: monday) == .by(1, .months))
    #expect(Postpone.When(parsing: "fri", today: monday) == .on(TodoDate(string: "2026-11-27")!))
    #expect(
      Postpone.When(parsing: "tomorrow", today: monday) == .on(TodoDate(string: "2026-11-24")!))
    #expect(
      Postpone.When(parsing: "2026-12-01", today: monday) == .on(TodoDate(string: "2026-12-01")!))
    #expect(Postpone.When(parsing: "banana", today: monday) == nil)
    #expect(Postpone.When(parsing: "", today: monday) == nil)
  }

  @Test func aCountMovesTheDueDateFromItself() {
    #expect(postponed("Call Bob due:2026-11-20", "3d") == "Call Bob due:2026-11-23")
    #expect(postponed("due:2026-11-20 Call Bob +x", "1w") == "due:2026-11-27 Call Bob +x")
    #expect(postponed("Pay due:2026-01-31", "1m") == "Pay due:2026-02-28")
  }

  @Test func aDayNameOrADateSetsIt() {
    #expect(postponed("Call Bob due:2026-11-20", "fri") == "Call Bob due:2026-11-27")
    #expect(postponed("Call Bob due:2026-11-20", "2026-12-25") == "Call Bob due:2026-12-25")
  }

  @Test func noDueDateGetsOneCountedFromToday() {
    #expect(postponed("Call Bob", "3d") == "Call Bob due:2026-11-26")
    #expect(postponed("Call Bob due:someday", "3d") == "Call Bob due:2026-11-26")
    #expect(postponed("", "1d") == "due:2026-11-24")
  }

  @Test func theThresholdMovesByTheSameDaysKeepingTheGap() {
    #expect(
      postponed("a t:2026-11-18 due:2026-11-20", "3d") == "a t:2026-11-21 due:2026-11-23")
    #expect(
      postponed("a due:2026-11-20 t:2026-11-18", "fri") == "a due:2026-11-27 t:2026-11-25")
    // With no due date to keep a gap to, a later threshold comes back to the new due date.
    #expect(postponed("a t:2026-12-20", "3d") == "a t:2026-11-26 due:2026-11-26")
    #expect(postponed("a t:2026-11-01", "3d") == "a t:2026-11-01 due:2026-11-26")
  }

  @Test func theTodoKeepsItsBytesWhenNothingChanges() {
    let todo = Todo.State(
      id: UUID(counter: 0), description: "a due:2026-11-27", rawLine: Array("a due:2026-11-27".utf8)
    )
    let when = Postpone.When.on(TodoDate(string: "2026-11-27")!)
    #expect(Postpone.postponing(todo, by: when, today: monday) == todo)
    let later = Postpone.postponing(todo, by: .by(1, .days), today: monday)
    #expect(later.description == "a due:2026-11-28")
    #expect(later.rawLine == nil)
  }

  @Test func statusSaysHowFar() {
    let todo = Todo.State(id: UUID(counter: 0), description: "Call Bob")
    #expect(
      Postpone.status(.by(3, .days), count: 3, first: todo, today: monday)
        == "Postponed 3 todos by 3 days")
    #expect(
      Postpone.status(.by(1, .weeks), count: 1, first: todo, today: monday)
        == "Postponed “Call Bob” by 1 week")
    #expect(
      Postpone.status(.on(TodoDate(string: "2026-11-27")!), count: 2, first: todo, today: monday)
        == "Postponed 2 todos to Fri Nov 27")
    #expect(
      Postpone.status(.by(2, .businessDays), count: 0, first: nil, today: monday)
        == "No todo changed")
    #expect(
      Postpone.notADate("banana")
        == "“banana” is not a date · To fix, type 3d, 1w, 1m, fri, tomorrow or 2026-12-01")
  }
}
