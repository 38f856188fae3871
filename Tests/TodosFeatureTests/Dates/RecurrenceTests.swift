import Testing
import TodoTxt

@testable import TodosFeature

@Suite struct RecurrenceTests {
  /// Monday.
  let today = day("2026-11-23")

  private func next(_ text: String, created: TodoDate? = nil, today: TodoDate? = nil)
    -> NextOccurrence
  {
    Recurrence.nextOccurrence(of: text, creationDate: created, today: today ?? self.today)
  }

  @Test func parsesRules() {
    #expect(Recurrence("1d") == Recurrence(count: 1, unit: .days))
    #expect(Recurrence("3b") == Recurrence(count: 3, unit: .businessDays))
    #expect(Recurrence("2w") == Recurrence(count: 2, unit: .weeks))
    #expect(Recurrence("+1m") == Recurrence(count: 1, unit: .months, isStrict: true))
    #expect(Recurrence("12y") == Recurrence(count: 12, unit: .years))
    #expect(Recurrence("9999d")?.count == 9999)
  }

  @Test(arguments: [
    "", "+", "d", "1", "0d", "+0w", "-1d", "1x", "1.5w", "++1d", "1dd", "10000d", "w1",
    "１d",
  ])
  func malformed(_ value: String) {
    #expect(Recurrence(value) == nil)
    let outcome = next("Water plants rec:\(value)")
    #expect(outcome == (value.isEmpty ? .notRecurring : .malformed(value)))
  }

  @Test func unitsAreReadInEitherCaseAsTypedDatesReadThem() {
    #expect(Recurrence("1W") == Recurrence(count: 1, unit: .weeks))
    #expect(Recurrence("+2M") == Recurrence(count: 2, unit: .months, isStrict: true))
    #expect(Recurrence("3B") == Recurrence(count: 3, unit: .businessDays))
    #expect(Recurrence("1D") == Recurrence(count: 1, unit: .days))
    #expect(Recurrence("1Y") == Recurrence(count: 1, unit: .years))
    // The units a typed date takes are the units of rec:, and the other way round.
    let friday = day("2026-11-27")
    for letter in ["d", "b", "w", "m", "y", "D", "B", "W", "M", "Y"] {
      let rule = Recurrence("2\(letter)")
      #expect(rule != nil, "rec:2\(letter)")
      #expect(RelativeDate.resolve("2\(letter)", today: friday) == rule?.advance(friday))
    }
    #expect(
      next("Water rec:1W due:2026-11-20")
        == .next(description: "Water rec:1W due:2026-11-30", creationDate: nil))
  }

  @Test func aThresholdAfterTheDueDateRecursOnTheNewDueDate() {
    #expect(
      next("Report due:2026-11-30 t:2026-12-02 rec:+1w")
        == .next(description: "Report due:2026-12-07 t:2026-12-07 rec:+1w", creationDate: nil))
    #expect(
      next("Report t:2026-12-02 due:2026-11-30 rec:1w")
        == .next(description: "Report t:2026-11-30 due:2026-11-30 rec:1w", creationDate: nil))
  }

  @Test func advancesByEachUnit() {
    let friday = day("2026-11-27")
    #expect(Recurrence("1d")!.advance(friday) == day("2026-11-28"))
    #expect(Recurrence("1b")!.advance(friday) == day("2026-11-30"))
    #expect(Recurrence("1b")!.advance(day("2026-11-28")) == day("2026-11-30"))
    #expect(Recurrence("1w")!.advance(friday) == day("2026-12-04"))
    #expect(Recurrence("1m")!.advance(day("2026-01-31")) == day("2026-02-28"))
    #expect(Recurrence("1y")!.advance(day("2024-02-29")) == day("2025-02-28"))
    #expect(Recurrence("1y")!.advance(day("9999-01-01")) == nil)
  }

  @Test func notRecurringOrMalformed() {
    #expect(next("Water plants due:2026-11-20") == .notRecurring)
    #expect(next("Water plants rec:often") == .malformed("often"))
    #expect(next("Water plants rec:0d") == .malformed("0d"))
    #expect(next("Water plants rec:+1y due:9999-06-01") == .pastYear9999("+1y"))
    #expect(next("Water plants due:9999-12-31 rec:+1y") == .pastYear9999("+1y"))
    #expect(next("Backup t:9999-12-30 rec:+2d") == .pastYear9999("+2d"))
  }

  @Test func normalMovesDueFromToday() {
    #expect(
      next("Water plants due:2026-11-20 rec:1w")
        == .next(description: "Water plants due:2026-11-30 rec:1w", creationDate: nil))
    // Completed early: still from today, not from the due date.
    #expect(
      next("Water plants due:2026-12-10 rec:1w")
        == .next(description: "Water plants due:2026-11-30 rec:1w", creationDate: nil))
  }

  @Test func strictMovesDueFromTheOldDueDate() {
    #expect(
      next("Pay rent due:2026-11-01 rec:+1m")
        == .next(description: "Pay rent due:2026-12-01 rec:+1m", creationDate: nil))
    #expect(
      next("Pay rent due:2026-01-31 rec:+1m")
        == .next(description: "Pay rent due:2026-02-28 rec:+1m", creationDate: nil))
    #expect(
      next("Birthday due:2024-02-29 rec:+1y")
        == .next(description: "Birthday due:2025-02-28 rec:+1y", creationDate: nil))
  }

  @Test func businessDaysOverAWeekend() {
    let friday = day("2026-11-27")
    let saturday = day("2026-11-28")
    #expect(
      next("Standup due:2026-11-27 rec:1b", today: friday)
        == .next(description: "Standup due:2026-11-30 rec:1b", creationDate: nil))
    #expect(
      next("Standup due:2026-11-27 rec:1b", today: saturday)
        == .next(description: "Standup due:2026-11-30 rec:1b", creationDate: nil))
    #expect(
      next("Standup due:2026-11-27 rec:+2b", today: saturday)
        == .next(description: "Standup due:2026-12-01 rec:+2b", creationDate: nil))
  }

  @Test func thresholdKeepsItsGapBeforeDue() {
    // Gap of 3 days.
    #expect(
      next("Report t:2026-11-17 due:2026-11-20 rec:1w")
        == .next(description: "Report t:2026-11-27 due:2026-11-30 rec:1w", creationDate: nil))
    #expect(
      next("Report t:2026-10-29 due:2026-11-01 rec:+1m")
        == .next(description: "Report t:2026-11-28 due:2026-12-01 rec:+1m", creationDate: nil))
  }

  @Test func thresholdWithoutDueMovesOnItsOwn() {
    #expect(
      next("Backup t:2026-11-01 rec:1w")
        == .next(description: "Backup t:2026-11-30 rec:1w", creationDate: nil))
    #expect(
      next("Backup t:2026-11-01 rec:+1w")
        == .next(description: "Backup t:2026-11-08 rec:+1w", creationDate: nil))
    // A due: that is not a date counts as absent, and stays as written.
    #expect(
      next("Backup due:someday t:2026-11-01 rec:+1w")
        == .next(description: "Backup due:someday t:2026-11-08 rec:+1w", creationDate: nil))
  }

  @Test func noDatesGetsADueDate() {
    #expect(
      next("Water plants rec:3d")
        == .next(description: "Water plants rec:3d due:2026-11-26", creationDate: nil))
    #expect(
      next("Water plants rec:+3d")
        == .next(description: "Water plants rec:+3d due:2026-11-26", creationDate: nil))
    #expect(
      next("Water plants due:soon rec:3d")
        == .next(description: "Water plants due:2026-11-26 rec:3d", creationDate: nil))
  }

  @Test func newCreationDateIsTodayWhenTheOldHadOne() {
    #expect(
      next("Water plants due:2026-11-20 rec:1w", created: day("2026-11-13"))
        == .next(description: "Water plants due:2026-11-30 rec:1w", creationDate: today))
  }

  @Test func unicodeAndOtherTagsStayPut() {
    #expect(
      next("(A) Café ☕️ +Home due:2026-11-20 @kitchen rec:1d id:7 日本:語")
        == .next(
          description: "(A) Café ☕️ +Home due:2026-11-24 @kitchen rec:1d id:7 日本:語",
          creationDate: nil))
  }
}
