import Foundation

/// When the day changes on the user's wall clock, for the effect that wakes the app at midnight
/// (thresholds arrive, overdue badges grow) without polling.
///
/// ```swift
/// var calendar = Calendar(identifier: .gregorian)
/// calendar.timeZone = .current
/// let wait = DayChange.durationUntilNextDay(from: Date(), calendar: calendar)
/// // schedule "day changed" after `wait`
/// ```
public enum DayChange {
  /// The time from `instant` to the start of the next day in `calendar`'s time zone, never zero.
  ///
  /// The next day starts at local midnight, or at the first instant that exists when a
  /// daylight-saving change skips midnight. On a 23- or 25-hour day the wait is that much shorter
  /// or longer. The result is rounded up to the millisecond so that, when the scheduler fires,
  /// the wall clock is already in the new day.
  ///
  /// ```swift
  /// var utc = Calendar(identifier: .gregorian)
  /// utc.timeZone = TimeZone(identifier: "UTC")!
  /// DayChange.durationUntilNextDay(
  ///   from: Date(timeIntervalSince1970: 23 * 3600), calendar: utc)  // 1 hour
  /// ```
  public static func durationUntilNextDay(from instant: Date, calendar: Calendar) -> Duration {
    let startOfToday = calendar.startOfDay(for: instant)
    // Noon tomorrow always exists, and its day's start is the next day change.
    let noonTomorrow =
      calendar.date(byAdding: .hour, value: 36, to: startOfToday)
      ?? instant.addingTimeInterval(36 * 3600)
    let startOfTomorrow = calendar.startOfDay(for: noonTomorrow)
    let seconds = max(startOfTomorrow.timeIntervalSince(instant), 0.001)
    return .milliseconds(Int64((seconds * 1000).rounded(.up)))
  }
}
