import Foundation
import Testing

@testable import TodosFeature

/// The instant `iso` (e.g. `2026-11-23T10:00:00Z`).
private func instant(_ iso: String) -> Date {
  ISO8601DateFormatter().date(from: iso)!
}

/// Today and the UTC offset for a `TZ` value, as `date` gives them (checked with
/// `TZ=… date -d 2026-11-26T05:00Z '+%F %z'`).
@Suite(.serialized) struct LocalClockTests {
  func time(_ tz: String, _ iso: String) -> LocalClock.Time {
    LocalClock.time(at: instant(iso), tz: tz)
  }

  @Test func aPOSIXRuleWithMinutesIsHonoured() {
    // 05:00 UTC is 20:30 the evening before, 8 h 30 min west of UTC.
    #expect(
      time("TST+8:30", "2026-11-26T05:00:00Z")
        == LocalClock.Time(day: day("2026-11-25"), utcOffset: -(8 * 3600 + 30 * 60)))
    #expect(time("TST+8:30", "2026-11-26T08:30:00Z").day == day("2026-11-26"))
  }

  @Test func aPOSIXRuleWithoutMinutesIsHonoured() {
    // TZ=UTC+5 is five hours west of UTC: 03:00 UTC is 22:00 the evening before.
    #expect(
      time("UTC+5", "2026-11-26T03:00:00Z")
        == LocalClock.Time(day: day("2026-11-25"), utcOffset: -5 * 3600))
    #expect(time("UTC+5", "2026-11-26T05:00:00Z").day == day("2026-11-26"))
  }

  @Test func aPOSIXRuleWithDaylightSavingFollowsTheSeasons() {
    #expect(
      time("EST5EDT", "2026-11-26T05:00:00Z")
        == LocalClock.Time(day: day("2026-11-26"), utcOffset: -5 * 3600))
    #expect(
      time("EST5EDT", "2026-07-15T12:00:00Z")
        == LocalClock.Time(day: day("2026-07-15"), utcOffset: -4 * 3600))
    // 03:30 UTC in July is 23:30 the day before in EDT (it would be the 15th in UTC).
    #expect(time("EST5EDT", "2026-07-15T03:30:00Z").day == day("2026-07-14"))
    // A rule spelt out, with no zone file behind it: Central Europe.
    #expect(time("CET-1CEST,M3.5.0,M10.5.0/3", "2026-07-15T12:00:00Z").utcOffset == 7200)
  }

  @Test func utcAndZoneNamesWithOrWithoutAColon() {
    #expect(
      time("UTC0", "2026-11-26T05:00:00Z")
        == LocalClock.Time(day: day("2026-11-26"), utcOffset: 0))
    #expect(
      time(":Europe/Paris", "2026-11-25T23:30:00Z")
        == LocalClock.Time(day: day("2026-11-26"), utcOffset: 3600))
    #expect(time("Europe/Paris", "2026-07-15T12:00:00Z").utcOffset == 7200)
  }

  @Test func theProcessTZIsLeftAsItWas() {
    let before = ProcessInfo.processInfo.environment["TZ"]
    _ = time("TST+8:30", "2026-11-26T05:00:00Z")
    #expect(ProcessInfo.processInfo.environment["TZ"] == before)
  }
}

/// When the next day starts on the wall clock, for the midnight wake-up.
@Suite(.serialized) struct DayChangeTests {
  @Test func untilMidnightInUTC() {
    #expect(
      DayChange.durationUntilNextDay(from: instant("2026-11-23T23:00:00Z"), tz: "UTC0")
        == .seconds(3600))
    #expect(
      DayChange.durationUntilNextDay(from: instant("2026-11-23T00:00:00Z"), tz: "UTC0")
        == .seconds(24 * 3600))
    #expect(
      DayChange.durationUntilNextDay(from: instant("2026-11-23T12:34:56Z"), tz: "UTC0")
        == .seconds(11 * 3600 + 25 * 60 + 4))
  }

  @Test func roundsUpSoTheNewDayHasBegun() {
    let almost = instant("2026-11-23T23:59:59Z").addingTimeInterval(0.9995)
    #expect(DayChange.durationUntilNextDay(from: almost, tz: "UTC0") == .milliseconds(1))
  }

  @Test func inAnotherTimeZone() {
    // 22:30 UTC is 23:30 in Berlin (UTC+1 in November).
    #expect(
      DayChange.durationUntilNextDay(from: instant("2026-11-23T22:30:00Z"), tz: "Europe/Berlin")
        == .seconds(1800))
  }

  @Test func inAPOSIXTimeZone() {
    // 05:00 UTC is 20:30 local with TZ=TST+8:30: midnight is 3 h 30 min away.
    #expect(
      DayChange.durationUntilNextDay(from: instant("2026-11-26T05:00:00Z"), tz: "TST+8:30")
        == .seconds(3 * 3600 + 1800))
    // EST5EDT: 2026-03-08 (clocks go forward at 02:00) has 23 hours.
    #expect(
      DayChange.durationUntilNextDay(from: instant("2026-03-08T05:00:00Z"), tz: "EST5EDT")
        == .seconds(23 * 3600))
  }

  @Test func daylightSavingDaysAreShorterOrLonger() {
    // 2026-03-29 in Berlin has 23 hours; 00:30 local is 23:30 UTC the day before.
    #expect(
      DayChange.durationUntilNextDay(from: instant("2026-03-28T23:30:00Z"), tz: "Europe/Berlin")
        == .seconds(22 * 3600 + 1800))
    // 2026-10-25 has 25 hours.
    #expect(
      DayChange.durationUntilNextDay(from: instant("2026-10-24T22:30:00Z"), tz: "Europe/Berlin")
        == .seconds(24 * 3600 + 1800))
  }

  @Test func aSkippedMidnightEndsAtTheFirstHourThatExists() {
    // São Paulo moved its clocks from 00:00 to 01:00 on 2018-11-04: that day began at 01:00
    // local time (03:00 UTC). 23:00 local on the 3rd is 02:00 UTC on the 4th.
    #expect(
      DayChange.durationUntilNextDay(
        from: instant("2018-11-04T02:00:00Z"), tz: "America/Sao_Paulo")
        == .seconds(3600))
  }
}
