import Testing

@testable import TodosFeature

@Suite struct RelativeDateTests {
  /// Monday.
  let today = day("2026-11-23")

  @Test(arguments: [
    ("2026-12-25", "2026-12-25"),
    ("2024-02-29", "2024-02-29"),
    ("today", "2026-11-23"),
    ("Today", "2026-11-23"),
    ("tomorrow", "2026-11-24"),
    ("TOMORROW", "2026-11-24"),
    ("tue", "2026-11-24"),
    ("wednesday", "2026-11-25"),
    ("fri", "2026-11-27"),
    ("Friday", "2026-11-27"),
    ("sat", "2026-11-28"),
    ("SUN", "2026-11-29"),
    ("mon", "2026-11-30"),
    ("monday", "2026-11-30"),
    ("0d", "2026-11-23"),
    ("1d", "2026-11-24"),
    ("10d", "2026-12-03"),
    ("3D", "2026-11-26"),
    ("2w", "2026-12-07"),
    ("1m", "2026-12-23"),
    ("2m", "2027-01-23"),
    ("1y", "2027-11-23"),
    // Business days, as rec: counts them (Monday to Friday), in either case.
    ("3b", "2026-11-26"),
    ("5B", "2026-11-30"),
    ("1W", "2026-11-30"),
    ("1M", "2026-12-23"),
    ("1Y", "2027-11-23"),
  ])
  func resolves(_ typed: String, _ expected: String) {
    #expect(RelativeDate.resolve(typed, today: today) == day(expected))
  }

  @Test(arguments: [
    "someday", "2026-02-30", "2026-13-01", "2026-1-5", "d", "1", "1x", "-1d", "+1d", "1.5w",
    "mo", "fr", "fridays", "next", "", "99999d", "１d",
  ])
  func notADate(_ typed: String) {
    #expect(RelativeDate.resolve(typed, today: today) == nil)
  }

  @Test func aWeekdayIsNeverToday() {
    for offset in 0..<7 {
      let someDay = today.adding(days: offset)!
      for weekday in Weekday.allCases {
        let resolved = RelativeDate.resolve(weekday.fullName, today: someDay)!
        #expect(resolved.weekday == weekday)
        #expect((1...7).contains(someDay.days(to: resolved)))
      }
    }
    #expect(RelativeDate.resolve("mon", today: today) == day("2026-11-30"))
  }

  @Test func monthEndsAndLeapYears() {
    #expect(RelativeDate.resolve("1m", today: day("2026-01-31")) == day("2026-02-28"))
    #expect(RelativeDate.resolve("1m", today: day("2028-01-31")) == day("2028-02-29"))
    #expect(RelativeDate.resolve("1y", today: day("2028-02-29")) == day("2029-02-28"))
    #expect(RelativeDate.resolve("1d", today: day("2026-12-31")) == day("2027-01-01"))
    #expect(RelativeDate.resolve("tomorrow", today: day("2028-02-28")) == day("2028-02-29"))
    #expect(RelativeDate.resolve("1d", today: day("9999-12-31")) == nil)
  }

  @Test func convertsEveryDueAndThresholdInPlace() {
    let result = RelativeDate.convertDateTags(
      in: "Call Bob due:fri +Family t:tomorrow rec:1w note:fri", today: today)
    #expect(result.text == "Call Bob due:2026-11-27 +Family t:2026-11-24 rec:1w note:fri")
    #expect(result.notDates == [])
    #expect(result.statusMessage == nil)
  }

  @Test func aThresholdAfterTheDueDateMovesToItAndIsSaid() {
    let result = RelativeDate.convertDateTags(
      in: "Report due:2026-11-30 t:2026-12-02 +Work", today: today)
    #expect(result.text == "Report due:2026-11-30 t:2026-11-30 +Work")
    #expect(
      result.movedThreshold
        == DateTagConversion.MovedThreshold(from: day("2026-12-02"), to: day("2026-11-30")))
    #expect(
      result.statusMessage == "t:2026-12-02 was after the due date: moved to t:2026-11-30")
    // Typed relative values count once resolved; a t: before or on the due date stays.
    let typed = RelativeDate.convertDateTags(in: "a t:2w due:fri", today: today)
    #expect(typed.text == "a t:2026-11-27 due:2026-11-27")
    let fine = RelativeDate.convertDateTags(in: "a t:fri due:fri", today: today)
    #expect(fine.text == "a t:2026-11-27 due:2026-11-27" && fine.statusMessage == nil)
  }

  @Test func keepsWhatIsNotADateAndSaysSo() {
    let result = RelativeDate.convertDateTags(
      in: "Café due:someday t:2026-02-30 ☕️ due:1w", today: today)
    #expect(result.text == "Café due:someday t:2026-02-30 ☕️ due:2026-11-30")
    #expect(result.notDates == ["someday", "2026-02-30"])
    #expect(result.statusMessage == "“someday” and “2026-02-30” are not dates")
    #expect(
      RelativeDate.convertDateTags(in: "a due:later", today: today).statusMessage
        == "“later” is not a date")
    #expect(
      DateTagConversion(text: "", notDates: ["a", "b", "c"]).statusMessage
        == "“a”, “b” and “c” are not dates")
  }

  @Test func leavesTextWithoutDateTagsAlone() {
    for text in ["Buy milk", "", "see http://x.org/due:fri", "due:2026-11-27 done"] {
      let result = RelativeDate.convertDateTags(in: text, today: today)
      #expect(result.text == text)
      #expect(result.notDates.isEmpty)
    }
  }
}
