import TodoTxt

/// A day of the week, Monday first (ISO 8601 numbering: Monday is 1, Sunday is 7).
///
/// ```swift
/// TodoDate(string: "2026-11-23")!.weekday  // .monday
/// Weekday.friday.shortName                  // "Fri"
/// ```
public enum Weekday: Int, CaseIterable, Sendable {
  case monday = 1, tuesday, wednesday, thursday, friday, saturday, sunday

  /// Three-letter English name, as shown in badges: `Mon` … `Sun`.
  ///
  /// ```swift
  /// Weekday.sunday.shortName  // "Sun"
  /// ```
  public var shortName: String {
    ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][rawValue - 1]
  }

  /// Full lower-case English name: `monday` … `sunday`.
  ///
  /// ```swift
  /// Weekday.wednesday.fullName  // "wednesday"
  /// ```
  public var fullName: String {
    ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"][rawValue - 1]
  }

  /// Saturday and Sunday.
  ///
  /// ```swift
  /// Weekday.saturday.isWeekend  // true
  /// ```
  public var isWeekend: Bool { self == .saturday || self == .sunday }
}

// Calendar arithmetic on days with integers only (proleptic Gregorian calendar, the one todo.txt
// dates use): no Foundation Calendar, no time zone, no clock.
extension TodoDate {
  /// Days since 1970-01-01 (negative before it).
  ///
  /// ```swift
  /// TodoDate(string: "1970-01-02")!.dayNumber  // 1
  /// ```
  public var dayNumber: Int {
    // Count from a March-based year so the leap day is the last day of the year.
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let shiftedMonth = (month + 9) % 12  // March is 0
    let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The day of the week.
  ///
  /// ```swift
  /// TodoDate(string: "2026-11-27")!.weekday  // .friday
  /// ```
  public var weekday: Weekday {
    // 1970-01-01 was a Thursday (ISO 4).
    let index = ((dayNumber + 3) % 7 + 7) % 7  // 0 = Monday
    return Weekday(rawValue: index + 1)!
  }

  /// Whole days from `self` to `other`: positive when `other` is later.
  ///
  /// ```swift
  /// TodoDate(string: "2026-11-23")!.days(to: TodoDate(string: "2026-12-01")!)  // 8
  /// ```
  public func days(to other: TodoDate) -> Int { other.dayNumber - dayNumber }

  /// The day `count` days later (earlier when negative), or nil past year 9999 or before year 0.
  ///
  /// ```swift
  /// TodoDate(string: "2024-02-28")!.adding(days: 1)  // 2024-02-29
  /// ```
  public func adding(days count: Int) -> TodoDate? {
    let (sum, overflow) = dayNumber.addingReportingOverflow(count)
    return overflow ? nil : TodoDate(dayNumber: sum)
  }

  /// The same day of the month `count` months later, or the month's last day when it is shorter.
  ///
  /// ```swift
  /// TodoDate(string: "2026-01-31")!.adding(months: 1)  // 2026-02-28
  /// ```
  public func adding(months count: Int) -> TodoDate? {
    guard abs(count) <= 12 * 10_000 else { return nil }
    let monthIndex = year * 12 + (month - 1) + count
    guard monthIndex >= 0 else { return nil }
    let newYear = monthIndex / 12
    let newMonth = monthIndex % 12 + 1
    guard (0...9999).contains(newYear) else { return nil }
    let newDay = min(day, Self.daysIn(month: newMonth, year: newYear))
    return TodoDate(year: newYear, month: newMonth, day: newDay)
  }

  /// The same day `count` years later; February 29 becomes February 28 in a common year.
  ///
  /// ```swift
  /// TodoDate(string: "2024-02-29")!.adding(years: 1)  // 2025-02-28
  /// ```
  public func adding(years count: Int) -> TodoDate? {
    guard abs(count) <= 10_000 else { return nil }
    return adding(months: count * 12)
  }

  /// The day `count` business days (Monday to Friday) later; holidays are not known.
  ///
  /// A weekend day counts from the Friday before it, so Saturday + 1 business day is Monday, as is
  /// Friday + 1. `count` must not be negative.
  ///
  /// ```swift
  /// TodoDate(string: "2026-11-27")!.adding(businessDays: 1)  // Monday 2026-11-30
  /// ```
  public func adding(businessDays count: Int) -> TodoDate? {
    guard count >= 0 else { return nil }
    guard count > 0 else { return self }
    // Start from the last business day on or before self, so whole weeks are 7 days.
    var start = self
    switch weekday {
    case .saturday: start = start.adding(days: -1) ?? self
    case .sunday: start = start.adding(days: -2) ?? self
    default: break
    }
    guard var result = start.adding(days: (count / 5) * 7) else { return nil }
    for _ in 0..<(count % 5) {
      repeat {
        guard let next = result.adding(days: 1) else { return nil }
        result = next
      } while result.weekday.isWeekend
    }
    return result
  }
}
