import Testing
import TodoTxt

@testable import TodosFeature

func day(_ string: String) -> TodoDate { TodoDate(string: string)! }

@Suite struct DayArithmeticTests {
  @Test func dayNumbersRoundTripAcrossCenturiesAndLeapDays() {
    #expect(day("1970-01-01").dayNumber == 0)
    #expect(day("1970-01-02").dayNumber == 1)
    #expect(day("1969-12-31").dayNumber == -1)
    #expect(day("2000-03-01").dayNumber - day("2000-02-28").dayNumber == 2)
    #expect(day("1900-03-01").dayNumber - day("1900-02-28").dayNumber == 1)
    for string in ["0000-01-01", "0001-03-01", "1600-02-29", "2024-02-29", "9999-12-31"] {
      #expect(TodoDate(dayNumber: day(string).dayNumber) == day(string))
    }
    var date = day("1999-12-25")
    for _ in 0..<800 {
      let next = date.adding(days: 1)!
      #expect(next.dayNumber == date.dayNumber + 1)
      #expect(next > date)
      date = next
    }
    #expect(date == day("2002-03-04"))
  }

  @Test func outOfRangeIsNil() {
    #expect(day("9999-12-31").adding(days: 1) == nil)
    #expect(day("0000-01-01").adding(days: -1) == nil)
    #expect(day("9999-06-01").adding(months: 7) == nil)
    #expect(day("2026-01-01").adding(days: .max) == nil)
  }

  @Test func weekdays() {
    #expect(day("2026-11-23").weekday == .monday)
    #expect(day("2026-11-27").weekday == .friday)
    #expect(day("2026-11-29").weekday == .sunday)
    #expect(day("1970-01-01").weekday == .thursday)
    #expect(day("1969-12-28").weekday == .sunday)
    #expect(day("2000-02-29").weekday == .tuesday)
  }

  @Test func monthsClampToTheLastDay() {
    #expect(day("2026-01-31").adding(months: 1) == day("2026-02-28"))
    #expect(day("2024-01-31").adding(months: 1) == day("2024-02-29"))
    #expect(day("2026-03-31").adding(months: 1) == day("2026-04-30"))
    #expect(day("2026-02-28").adding(months: 1) == day("2026-03-28"))
    #expect(day("2026-11-30").adding(months: 2) == day("2027-01-30"))
    #expect(day("2026-12-15").adding(months: 1) == day("2027-01-15"))
    #expect(day("2026-03-31").adding(months: -1) == day("2026-02-28"))
    #expect(day("2026-08-31").adding(months: 18) == day("2028-02-29"))
  }

  @Test func yearsFromALeapDay() {
    #expect(day("2024-02-29").adding(years: 1) == day("2025-02-28"))
    #expect(day("2024-02-29").adding(years: 4) == day("2028-02-29"))
    #expect(day("2096-02-29").adding(years: 4) == day("2100-02-28"))
  }

  @Test func businessDaysSkipWeekends() {
    // 2026-11-27 is a Friday.
    #expect(day("2026-11-27").adding(businessDays: 1) == day("2026-11-30"))
    #expect(day("2026-11-28").adding(businessDays: 1) == day("2026-11-30"))  // Saturday
    #expect(day("2026-11-29").adding(businessDays: 1) == day("2026-11-30"))  // Sunday
    #expect(day("2026-11-23").adding(businessDays: 4) == day("2026-11-27"))
    #expect(day("2026-11-23").adding(businessDays: 5) == day("2026-11-30"))
    #expect(day("2026-11-26").adding(businessDays: 2) == day("2026-11-30"))
    #expect(day("2026-11-28").adding(businessDays: 5) == day("2026-12-04"))
    #expect(day("2026-11-27").adding(businessDays: 11) == day("2026-12-14"))
    #expect(day("2026-11-27").adding(businessDays: 0) == day("2026-11-27"))
    // Against a plain day-by-day walk.
    for start in 0..<14 {
      let from = day("2026-11-23").adding(days: start)!
      for count in 1...12 {
        var walked = from
        for _ in 0..<count {
          repeat { walked = walked.adding(days: 1)! } while walked.weekday.isWeekend
        }
        #expect(from.adding(businessDays: count) == walked, "\(from) + \(count)b")
      }
    }
  }
}
