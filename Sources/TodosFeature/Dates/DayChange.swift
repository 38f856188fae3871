import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// When the day changes on the user's wall clock, for the effect that wakes the app at midnight
/// (thresholds arrive, overdue badges grow) without polling.
///
/// ```swift
/// let wait = DayChange.durationUntilNextDay(from: Date())
/// // schedule "day changed" after `wait`
/// ```
public enum DayChange {
  /// The time from `instant` to the start of the next day on the wall clock, never zero; `tz`
  /// is the value of `TZ` to read that clock with (nil: the process's own; see `LocalClock`).
  ///
  /// The next day starts at local midnight, or at the first instant that exists when a
  /// daylight-saving change skips midnight: the first second whose local day is after
  /// `instant`'s, as `date` would show it. On a 23- or 25-hour day the wait is that much
  /// shorter or longer. The result is rounded up to the millisecond so that, when the
  /// scheduler fires, the wall clock is already in the new day.
  ///
  /// ```swift
  /// DayChange.durationUntilNextDay(
  ///   from: Date(timeIntervalSince1970: 23 * 3600), tz: "UTC0")  // 1 hour
  /// ```
  public static func durationUntilNextDay(from instant: Date, tz: String? = nil) -> Duration {
    let start = instant.timeIntervalSince1970
    let first = time_t(start.rounded(.down))
    let next: time_t? = LocalClock.withTZ(tz) {
      let today = LocalClock.localTime(at: first).day
      // No day is longer than 25 hours; 48 leaves room for any zone's odd day.
      var low = first
      var high = first + 48 * 3600
      guard LocalClock.localTime(at: high).day > today else { return nil }
      while high - low > 1 {
        let middle = low + (high - low) / 2
        if LocalClock.localTime(at: middle).day > today { high = middle } else { low = middle }
      }
      return high
    }
    let seconds = max((next.map { Double($0) } ?? start + 86_400) - start, 0.001)
    return .milliseconds(Int64((seconds * 1000).rounded(.up)))
  }
}
