import Architecture

/// A scheduler whose clock moves only when a test says so.
///
/// ```swift
/// let scheduler = TestScheduler()
/// scheduler.schedule(after: .seconds(1)) { fired = true }
/// scheduler.advance(by: .milliseconds(999))  // not yet
/// scheduler.advance(by: .milliseconds(1))    // fired
/// ```
@MainActor
public final class TestScheduler: QueuedScheduler {
  public private(set) var now: Instant
  public let queue = ScheduledQueue()

  /// A scheduler whose clock starts at `now`.
  public init(now: Instant = .zero) { self.now = now }

  /// Moves the clock forward by `duration`, running everything due on the way in
  /// (deadline, sequence) order, with `now` set to each work's deadline while it runs.
  public func advance(by duration: Duration = .zero) {
    advance(to: now.advanced(by: duration))
  }

  /// Moves the clock to `instant` (never backwards), running everything due on the way.
  public func advance(to instant: Instant) {
    while let (deadline, work) = queue.popDue(notAfter: instant) {
      if deadline > now { now = deadline }
      work()
    }
    if instant > now { now = instant }
  }

  /// Runs every piece of work, however far in the future, moving the clock as it goes.
  public func run() {
    while let deadline = queue.nextDeadline() {
      advance(to: max(deadline, now))
    }
  }
}
