import FoundationEssentials
import Synchronization
import TodoTxt

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The user's wall clock as `date` reads it: the C library's local time (`tzset`,
/// `localtime_r`), which honours every form of `TZ`: a zone name (`Europe/Paris`,
/// `:Europe/Paris`) and a POSIX rule (`TST+8:30`, `EST5EDT`, `UTC0`), else /etc/localtime.
/// Foundation's `TimeZone` takes only zone names and falls back to UTC for the rest.
///
/// ```swift
/// LocalClock.today()  // the day on the user's clock now
/// LocalClock.time(at: instant, tz: "TST+8:30")  // 2026-11-25, -30600 s at 2026-11-26T05:00Z
/// DayChange.durationUntilNextDay(from: Date())  // when that day ends
/// ```
public enum LocalClock {
  /// The day on the wall clock at an instant, and how far that clock is from UTC.
  public struct Time: Equatable, Sendable {
    public var day: TodoDate
    /// Seconds east of UTC (`tm_gmtoff`): -30600 for `TST+8:30`, 3600 for Paris in winter.
    public var utcOffset: Int

    public init(day: TodoDate, utcOffset: Int) {
      self.day = day
      self.utcOffset = utcOffset
    }
  }

  /// Today on the process's clock (its `TZ`, else /etc/localtime).
  ///
  /// ```swift
  /// TodosEnvironment(uuid: …, today: { LocalClock.today() }, scheduler: scheduler)
  /// ```
  public static func today() -> TodoDate {
    let seconds = time_t(Date().timeIntervalSince1970.rounded(.down))
    // Kept for the minute: a day starts on a minute on every clock in use, and `tzset` reads
    // /etc/localtime's status each time (a system call, twice a toggle). A change of the
    // system's zone is seen within the minute.
    let minute = Int64(seconds).quotientRoundingDown(by: 60)
    if let kept = todayKept.withLock({ $0 }), kept.minute == minute { return kept.day }
    let day = withTZ(nil) { localTime(at: seconds) }.day
    todayKept.withLock { $0 = (minute, day) }
    return day
  }

  /// The day `today()` found last, and in which minute since 1970.
  private static let todayKept = Mutex<(minute: Int64, day: TodoDate)?>(nil)

  /// The wall clock at `instant` with `tz` as the value of `TZ` (nil: the process's own).
  /// A `tz` is set in the environment for the call only, under a lock (for tests).
  ///
  /// ```swift
  /// LocalClock.time(at: instant, tz: "EST5EDT").utcOffset  // -18000 in winter, -14400 in summer
  /// ```
  public static func time(at instant: Date, tz: String?) -> Time {
    withTZ(tz) { localTime(at: time_t(instant.timeIntervalSince1970.rounded(.down))) }
  }

  /// `localtime_r` at `seconds`, with `TZ` as it is now (`tzset` already called).
  static func localTime(at seconds: time_t) -> Time {
    var clock = seconds
    var parts = tm()
    guard localtime_r(&clock, &parts) != nil,
      let day = TodoDate(
        year: min(max(Int(parts.tm_year) + 1900, 0), 9999), month: Int(parts.tm_mon) + 1,
        day: Int(parts.tm_mday))
    else {
      return Time(
        day: TodoDate(Date(timeIntervalSince1970: Double(seconds))), utcOffset: 0)
    }
    return Time(day: day, utcOffset: Int(parts.tm_gmtoff))
  }

  private static let lock = Mutex(())

  /// Runs `body` after `tzset()` with `TZ` set to `tz` (nil: left as it is), then puts `TZ`
  /// back.
  static func withTZ<T: Sendable>(_ tz: String?, _ body: () -> T) -> T {
    lock.withLock { _ in withTZLocked(tz, body) }
  }

  private static func withTZLocked<T>(_ tz: String?, _ body: () -> T) -> T {
    guard let tz else {
      tzset()
      return body()
    }
    let saved = getenv("TZ").map { String(cString: $0) }
    setenv("TZ", tz, 1)
    tzset()
    defer {
      if let saved { setenv("TZ", saved, 1) } else { unsetenv("TZ") }
      tzset()
    }
    return body()
  }
}

extension Int64 {
  /// Division rounding toward negative infinity (`-1` divided by 60 is `-1`, not `0`).
  fileprivate func quotientRoundingDown(by divisor: Int64) -> Int64 {
    let (quotient, remainder) = quotientAndRemainder(dividingBy: divisor)
    return remainder < 0 ? quotient - 1 : quotient
  }
}
