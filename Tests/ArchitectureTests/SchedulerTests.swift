import ArchitectureTestSupport
import Testing

@testable import Architecture

@MainActor
@Suite struct SchedulerTests {
  @Test func testSchedulerFiresInDeadlineThenSequenceOrder() {
    let scheduler = TestScheduler()
    var fired: [String] = []
    scheduler.schedule(after: .seconds(2)) { fired.append("b at 2s") }
    scheduler.schedule(after: .seconds(1)) { fired.append("a at 1s") }
    scheduler.schedule(after: .seconds(2)) { fired.append("c at 2s") }
    scheduler.advance(by: .milliseconds(999))
    #expect(fired == [])
    scheduler.advance(by: .milliseconds(1))
    #expect(fired == ["a at 1s"])
    #expect(scheduler.now == Instant.zero.advanced(by: .seconds(1)))
    scheduler.advance(by: .seconds(5))
    #expect(fired == ["a at 1s", "b at 2s", "c at 2s"])
    #expect(scheduler.now == Instant.zero.advanced(by: .seconds(6)))
  }

  @Test func workSeesItsOwnDeadlineAsNow() {
    let scheduler = TestScheduler()
    var seen: [Instant] = []
    scheduler.schedule(after: .seconds(1)) {
      seen.append(scheduler.now)
      scheduler.schedule(after: .seconds(1)) { seen.append(scheduler.now) }
    }
    scheduler.advance(by: .seconds(10))
    #expect(seen == [.zero.advanced(by: .seconds(1)), .zero.advanced(by: .seconds(2))])
  }

  @Test func cancelledWorkNeverRuns() {
    let scheduler = TestScheduler()
    var fired = false
    let work = scheduler.schedule(after: .seconds(1)) { fired = true }
    work.cancel()
    work.cancel()
    scheduler.run()
    #expect(!fired)
    #expect(scheduler.pendingCount == 0)
  }

  @Test func runRunsEverythingAndMovesTheClock() {
    let scheduler = TestScheduler()
    var count = 0
    scheduler.schedule(after: .seconds(100)) { count += 1 }
    scheduler.schedule(after: .seconds(3)) { count += 1 }
    scheduler.run()
    #expect(count == 2)
    #expect(scheduler.now == .zero.advanced(by: .seconds(100)))
  }

  @Test func liveSchedulerReportsItsNextDeadlineAndRunsOnlyDueWork() {
    let clock = FakeClock()
    let scheduler = LiveScheduler(clock: { clock.now })
    var fired: [String] = []
    #expect(scheduler.timeUntilNextDeadline() == nil)
    scheduler.schedule(after: .milliseconds(300)) { fired.append("300") }
    scheduler.schedule(after: .milliseconds(100)) { fired.append("100") }
    #expect(scheduler.timeUntilNextDeadline() == .milliseconds(100))
    clock.now = clock.now.advanced(by: .milliseconds(150))
    #expect(scheduler.runDue() == 1)
    #expect(fired == ["100"])
    #expect(scheduler.timeUntilNextDeadline() == .milliseconds(150))
    clock.now = clock.now.advanced(by: .seconds(1))
    #expect(scheduler.timeUntilNextDeadline() == .zero)
    scheduler.runDue()
    #expect(fired == ["100", "300"])
    #expect(scheduler.timeUntilNextDeadline() == nil)
  }

  @Test func liveSchedulerDefersWorkScheduledWhileRunningDueWork() {
    let clock = Instant.zero
    let scheduler = LiveScheduler(clock: { clock })
    var runs = 0
    func again() {
      runs += 1
      scheduler.schedule(after: .zero) { again() }
    }
    scheduler.schedule(after: .zero) { again() }
    scheduler.runDue()
    #expect(runs == 1)
    scheduler.runDue()
    #expect(runs == 2)
  }

  /// The live clock counts nanoseconds, never goes back, and keeps pace with `ContinuousClock`.
  @Test func liveClockCountsNanosecondsAsContinuousClockDoes() {
    let (first, start) = (LiveScheduler.monotonicNow(), ContinuousClock.now)
    var last = first
    // Read until 2 ms have passed on it (a bounded spin: this tests the real clock).
    while last.nanoseconds - first.nanoseconds < 2_000_000 {
      let next = LiveScheduler.monotonicNow()
      #expect(next >= last)
      last = next
    }
    let elapsed = (ContinuousClock.now - start).nanoseconds
    #expect(abs(elapsed - (last.nanoseconds - first.nanoseconds)) < 50_000_000)
    #expect(elapsed > 1_000_000)  // nanoseconds, not microseconds
  }

  @Test func immediateSchedulerRunsAtOnce() {
    let scheduler = ImmediateScheduler()
    var fired = false
    scheduler.schedule(after: .seconds(60)) { fired = true }
    #expect(fired)
  }

  @Test func durationNanoseconds() {
    #expect(Duration.seconds(1).nanoseconds == 1_000_000_000)
    #expect(Duration.milliseconds(-3).nanoseconds == -3_000_000)
    #expect(Duration.seconds(Int64.max).nanoseconds == Int64.max)
  }
}

@MainActor
@Suite struct DebugReducerTests {
  @Test func logsActionsAndStateDiffs() {
    var lines: [String] = []
    let reducer = Reducer<Counter, CounterAction> { state, action in
      if action == .incrementButtonTapped { state.count += 1 }
      return .none
    }
    .debug(to: { lines.append($0) })
    let store = Store(initialState: Counter(), reducer: reducer)
    store.send(.incrementButtonTapped)
    store.send(.noop)
    #expect(lines.count == 2)
    #expect(lines[0].hasPrefix("received action:\n- ArchitectureTests.CounterAction.increment"))
    #expect(lines[0].contains("−   - count: 0\n+   - count: 1\n    - isTimerOn: false\n"))
    #expect(lines[1].contains("(No state changes)"))
  }
}

@MainActor
final class FakeClock {
  var now = Instant.zero
}

@Suite struct LineDiffTests {
  @Test func showsChangedLinesWithContext() {
    #expect(
      lineDiff("a\nb\nc\nd\ne\nf\n", "a\nb\nc\nD\ne\nf\n") == "  b\n  c\n− d\n+ D\n  e\n  f\n")
    #expect(lineDiff("same\n", "same\n") == nil)
    #expect(lineDiff("a\n", "a\nb\n") == "  a\n+ b\n")
  }
}
