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
