#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A point in a scheduler's time: nanoseconds since the scheduler's own epoch.
///
/// ```swift
/// let later = scheduler.now.advanced(by: .seconds(1))
/// ```
public struct Instant: Comparable, Hashable, Sendable, CustomStringConvertible {
  /// Nanoseconds since the scheduler's epoch.
  public var nanoseconds: Int64

  public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

  /// The scheduler epoch.
  public static let zero = Instant(nanoseconds: 0)

  /// The instant `duration` later (earlier if negative).
  public func advanced(by duration: Duration) -> Instant {
    Instant(nanoseconds: nanoseconds &+ duration.nanoseconds)
  }

  /// The duration from `self` to `other`.
  public func duration(to other: Instant) -> Duration {
    .nanoseconds(other.nanoseconds &- nanoseconds)
  }

  public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

  public var description: String { "\(Duration.nanoseconds(nanoseconds))" }
}

extension Duration {
  /// The whole duration in nanoseconds, saturating at `Int64` bounds.
  public var nanoseconds: Int64 {
    let (seconds, attoseconds) = components
    let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    if overflow { return seconds < 0 ? .min : .max }
    return scaled &+ attoseconds / 1_000_000_000
  }
}

/// A handle that cancels one piece of scheduled work.
///
/// ```swift
/// let token = scheduler.schedule(after: .seconds(1)) { print("tick") }
/// token.cancel()
/// ```
@MainActor
public struct ScheduledWork {
  private let onCancel: (@MainActor () -> Void)?
  // Work in a `ScheduledQueue` is cancelled by its sequence number: no closure to allocate.
  private weak var queue: ScheduledQueue?
  private let sequence: UInt64

  public init(cancel: @escaping @MainActor () -> Void) {
    self.onCancel = cancel
    self.sequence = 0
  }

  init(queue: ScheduledQueue, sequence: UInt64) {
    self.onCancel = nil
    self.queue = queue
    self.sequence = sequence
  }

  /// Cancels the work if it has not run yet. Cancelling twice does nothing.
  public func cancel() {
    if let onCancel { onCancel() } else { queue?.cancel(sequence) }
  }
}

/// Something that runs work at a point in time. All time in the app flows through one.
///
/// The live scheduler is driven by the app's run loop; `TestScheduler` advances virtual time;
/// `ImmediateScheduler` runs work at once.
///
/// ```swift
/// scheduler.schedule(after: .seconds(1)) { store.send(.sortCompletedTodos) }
/// ```
@MainActor
public protocol Scheduler: AnyObject {
  /// The current time on this scheduler's clock.
  var now: Instant { get }
  /// Runs `work` once `now` reaches `deadline`; work due at the same instant runs in the order
  /// it was scheduled.
  @discardableResult
  func schedule(at deadline: Instant, _ work: @escaping @MainActor () -> Void) -> ScheduledWork
}

/// A scheduler that keeps its work in a `ScheduledQueue`: the live one and the test one.
///
/// ```swift
/// final class MyScheduler: QueuedScheduler { let queue = ScheduledQueue(); var now = Instant.zero }
/// ```
@MainActor
public protocol QueuedScheduler: Scheduler {
  /// The work waiting, in (deadline, sequence) order.
  var queue: ScheduledQueue { get }
}

extension QueuedScheduler {
  /// How many pieces of work are waiting.
  public var pendingCount: Int { queue.count }

  @discardableResult
  public func schedule(at deadline: Instant, _ work: @escaping @MainActor () -> Void)
    -> ScheduledWork
  {
    queue.schedule(at: deadline, work)
  }
}

extension Scheduler {
  /// Runs `work` after `delay` (at once on the next turn when `delay` is zero or negative).
  @discardableResult
  public func schedule(
    after delay: Duration, _ work: @escaping @MainActor () -> Void
  ) -> ScheduledWork {
    schedule(at: now.advanced(by: delay), work)
  }
}

/// A priority queue of work ordered by (deadline, sequence), shared by the live and test schedulers.
///
/// ```swift
/// let queue = ScheduledQueue()
/// let id = queue.insert(at: .zero) { print("due") }
/// while let (_, work) = queue.popDue(notAfter: .zero) { work() }
/// ```
@MainActor
public final class ScheduledQueue {
  private struct Key: Comparable {
    var deadline: Instant
    var sequence: UInt64
    static func < (lhs: Key, rhs: Key) -> Bool {
      (lhs.deadline, lhs.sequence) < (rhs.deadline, rhs.sequence)
    }
  }

  private var heap: [Key] = []
  private var work: [UInt64: @MainActor () -> Void] = [:]
  private var nextSequence: UInt64 = 0

  public init() {}

  /// How many pieces of work are scheduled and not cancelled.
  public var count: Int { work.count }

  /// The sequence number the next inserted work will get.
  public var upcomingSequence: UInt64 { nextSequence }

  /// Adds work; returns its id for `cancel(_:)`.
  @discardableResult
  public func insert(at deadline: Instant, _ item: @escaping @MainActor () -> Void)
    -> UInt64
  {
    let sequence = nextSequence
    nextSequence += 1
    work[sequence] = item
    heap.append(Key(deadline: deadline, sequence: sequence))
    siftUp(heap.count - 1)
    return sequence
  }

  /// Adds work; returns what cancels it (a no-op once the queue is gone).
  public func schedule(at deadline: Instant, _ work: @escaping @MainActor () -> Void)
    -> ScheduledWork
  {
    ScheduledWork(queue: self, sequence: insert(at: deadline, work))
  }

  /// Removes work that has not run yet.
  public func cancel(_ id: UInt64) {
    work[id] = nil
    if work.isEmpty { heap.removeAll(keepingCapacity: true) }
  }

  /// The earliest deadline of live work, if any.
  public func nextDeadline() -> Instant? {
    pruneCancelled()
    return heap.first?.deadline
  }

  /// Removes and returns the earliest work due at or before `instant`, if its sequence is below
  /// `sequenceLimit` (work scheduled while running due work waits for the next turn).
  public func popDue(
    notAfter instant: Instant, sequenceBelow sequenceLimit: UInt64 = .max
  ) -> (deadline: Instant, work: @MainActor () -> Void)? {
    pruneCancelled()
    guard let top = heap.first, top.deadline <= instant, top.sequence < sequenceLimit else {
      return nil
    }
    removeTop()
    guard let item = work.removeValue(forKey: top.sequence) else { return nil }
    return (top.deadline, item)
  }

  private func pruneCancelled() {
    while let top = heap.first, work[top.sequence] == nil { removeTop() }
  }

  private func removeTop() {
    heap.swapAt(0, heap.count - 1)
    heap.removeLast()
    siftDown(0)
  }

  private func siftUp(_ index: Int) {
    var child = index
    while child > 0 {
      let parent = (child - 1) / 2
      guard heap[child] < heap[parent] else { return }
      heap.swapAt(child, parent)
      child = parent
    }
  }

  private func siftDown(_ index: Int) {
    var parent = index
    while true {
      let left = 2 * parent + 1
      let right = left + 1
      var smallest = parent
      if left < heap.count, heap[left] < heap[smallest] { smallest = left }
      if right < heap.count, heap[right] < heap[smallest] { smallest = right }
      if smallest == parent { return }
      heap.swapAt(parent, smallest)
      parent = smallest
    }
  }
}

/// The scheduler the app's run loop drives: it says when it next needs to wake up and runs what
/// is due when asked. It never starts threads or timers of its own.
///
/// ```swift
/// let scheduler = LiveScheduler()
/// // in the run loop:
/// let timeout = scheduler.timeUntilNextDeadline()  // nil: sleep until input
/// scheduler.runDue()
/// ```
@MainActor
public final class LiveScheduler: QueuedScheduler {
  public let queue = ScheduledQueue()
  private let clock: @MainActor () -> Instant

  /// A scheduler on the monotonic clock, or on `clock` (tests of the run loop use a fake one).
  public init(clock: @escaping @MainActor () -> Instant = LiveScheduler.monotonicNow) {
    self.clock = clock
  }

  /// The monotonic clock, as an `Instant` since an unspecified epoch: the clock
  /// `ContinuousClock` reads (it counts the time a machine sleeps), read from the system
  /// straight into nanoseconds. Through `Duration`, a reading cost 128-bit arithmetic in the
  /// standard library's code, twice a key.
  public static func monotonicNow() -> Instant {
    var time = timespec()
    clock_gettime(continuousClock, &time)
    return Instant(nanoseconds: Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec))
  }

  #if os(Linux)
    private static let continuousClock = CLOCK_BOOTTIME
  #else
    private static let continuousClock = CLOCK_MONOTONIC_RAW
  #endif

  public var now: Instant { clock() }

  /// The earliest deadline, or nil when nothing is scheduled.
  public func nextDeadline() -> Instant? { queue.nextDeadline() }

  /// Time from now to the earliest deadline (zero when overdue), or nil when nothing is scheduled.
  public func timeUntilNextDeadline() -> Duration? {
    guard let deadline = queue.nextDeadline() else { return nil }
    let remaining = now.duration(to: deadline)
    return remaining < .zero ? .zero : remaining
  }

  /// Runs all work that is due now, in (deadline, sequence) order. Work scheduled while this
  /// runs waits for the next call, so a zero-delay loop cannot starve input.
  /// - Returns: how many pieces of work ran.
  @discardableResult
  public func runDue() -> Int {
    let current = now
    let limit = queue.upcomingSequence
    var ran = 0
    while let (_, work) = queue.popDue(notAfter: current, sequenceBelow: limit) {
      work()
      ran += 1
    }
    return ran
  }
}

/// A scheduler that runs work at once, synchronously, whatever its deadline. For previews and
/// tests that do not care about time.
///
/// ```swift
/// Effect.send(.tick).deferred(for: .seconds(5), scheduler: ImmediateScheduler())  // sends now
/// ```
@MainActor
public final class ImmediateScheduler: Scheduler {
  public private(set) var now: Instant

  public init(now: Instant = .zero) { self.now = now }

  @discardableResult
  public func schedule(at deadline: Instant, _ work: @escaping @MainActor () -> Void)
    -> ScheduledWork
  {
    work()
    return ScheduledWork {}
  }
}
