import Foundation
import Testing

@testable import TodosFeature

@Suite struct DueBadgeTests {
  /// Monday.
  let today = day("2026-11-23")

  @Test(arguments: [
    ("2026-11-22", "overdue 1d", DueBadge.Kind.overdue),
    ("2026-11-20", "overdue 3d", .overdue),
    ("2026-08-16", "overdue 99d", .overdue),
    ("2026-08-15", "overdue 14w", .overdue),
    ("2024-12-25", "overdue 99w", .overdue),
    ("2024-12-24", "overdue 99w", .overdue),
    ("2024-12-23", "overdue 1y", .overdue),
    ("2016-11-23", "overdue 10y", .overdue),
    ("2026-11-23", "today", .today),
    ("2026-11-24", "tomorrow", .soon),
    ("2026-11-25", "Wed", .soon),
    ("2026-11-27", "Fri", .soon),
    ("2026-11-29", "Sun", .soon),
    ("2026-11-30", "Nov 30", .later),
    ("2026-12-01", "Dec 1", .later),
    ("2027-01-05", "Jan 5 2027", .later),
  ])
  func dueBadge(_ due: String, _ text: String, _ kind: DueBadge.Kind) {
    #expect(DueBadge(due: day(due), today: today) == DueBadge(text: text, kind: kind))
  }

  @Test func acrossTheYearEnd() {
    let newYearsEve = day("2026-12-31")
    #expect(DueBadge(due: day("2027-01-01"), today: newYearsEve).text == "tomorrow")
    #expect(DueBadge(due: day("2027-01-02"), today: newYearsEve).text == "Sat")
    #expect(DueBadge(due: day("2027-01-09"), today: newYearsEve).text == "Jan 9 2027")
    #expect(DueBadge(due: day("2026-12-30"), today: day("2027-01-01")).text == "overdue 2d")
  }

  @Test func thresholdBadge() {
    #expect(DueBadge.threshold(day("2026-12-01"), today: today) == "starts Dec 1")
    #expect(DueBadge.threshold(day("2026-11-24"), today: today) == "starts tomorrow")
    #expect(DueBadge.threshold(day("2026-11-26"), today: today) == "starts Thu")
    #expect(DueBadge.threshold(day("2027-02-03"), today: today) == "starts Feb 3 2027")
    #expect(DueBadge.threshold(day("2026-11-23"), today: today) == nil)
    #expect(DueBadge.threshold(day("2026-11-01"), today: today) == nil)
  }
}

@Suite struct DayChangeTests {
  private func calendar(_ identifier: String) -> Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: identifier)!
    return calendar
  }

  /// The instant `iso` (e.g. `2026-11-23T10:00:00Z`).
  private func instant(_ iso: String) -> Date {
    ISO8601DateFormatter().date(from: iso)!
  }

  @Test func untilMidnightInUTC() {
    let utc = calendar("UTC")
    #expect(
      DayChange.durationUntilNextDay(from: instant("2026-11-23T23:00:00Z"), calendar: utc)
        == .seconds(3600))
    #expect(
      DayChange.durationUntilNextDay(from: instant("2026-11-23T00:00:00Z"), calendar: utc)
        == .seconds(24 * 3600))
    #expect(
      DayChange.durationUntilNextDay(from: instant("2026-11-23T12:34:56Z"), calendar: utc)
        == .seconds(11 * 3600 + 25 * 60 + 4))
  }

  @Test func roundsUpSoTheNewDayHasBegun() {
    let utc = calendar("UTC")
    let almost = instant("2026-11-23T23:59:59Z").addingTimeInterval(0.9995)
    #expect(DayChange.durationUntilNextDay(from: almost, calendar: utc) == .milliseconds(1))
  }

  @Test func inAnotherTimeZone() {
    // 22:30 UTC is 23:30 in Berlin (UTC+1 in November).
    #expect(
      DayChange.durationUntilNextDay(
        from: instant("2026-11-23T22:30:00Z"), calendar: calendar("Europe/Berlin"))
        == .seconds(1800))
  }

  @Test func daylightSavingDaysAreShorterOrLonger() {
    let berlin = calendar("Europe/Berlin")
    // 2026-03-29 in Berlin has 23 hours; 00:30 local is 23:30 UTC the day before.
    #expect(
      DayChange.durationUntilNextDay(from: instant("2026-03-28T23:30:00Z"), calendar: berlin)
        == .seconds(22 * 3600 + 1800))
    // 2026-10-25 has 25 hours.
    #expect(
      DayChange.durationUntilNextDay(from: instant("2026-10-24T22:30:00Z"), calendar: berlin)
        == .seconds(24 * 3600 + 1800))
  }

  @Test func aSkippedMidnightEndsAtTheFirstHourThatExists() {
    // São Paulo moved its clocks from 00:00 to 01:00 on 2018-11-04: that day began at 01:00
    // local time (03:00 UTC). 23:00 local on the 3rd is 02:00 UTC on the 4th.
    let saoPaulo = calendar("America/Sao_Paulo")
    #expect(
      DayChange.durationUntilNextDay(from: instant("2018-11-04T02:00:00Z"), calendar: saoPaulo)
        == .seconds(3600))
  }
}
