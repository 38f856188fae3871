import Architecture
import Foundation

/// What the todos feature needs from the outside world, injected so tests control it.
///
/// ```swift
/// let environment = TodosEnvironment(uuid: { UUID() }, date: { Date() }, scheduler: scheduler)
/// let store = Store(initialState: Todos.State(), reducer: Todos.reducer(environment))
/// ```
@MainActor
public struct TodosEnvironment {
  /// A fresh id for each new todo.
  public var uuid: @MainActor () -> UUID
  /// The current date, for creation and completion dates.
  public var date: @MainActor () -> Date
  /// The clock the delayed sort and the status message expiry run on.
  public var scheduler: any Scheduler

  /// An environment from its three dependencies.
  public init(
    uuid: @escaping @MainActor () -> UUID,
    date: @escaping @MainActor () -> Date,
    scheduler: any Scheduler
  ) {
    self.uuid = uuid
    self.date = date
    self.scheduler = scheduler
  }
}

extension TodosEnvironment {
  /// The date every test environment returns: 2024-05-01 00:00:00 UTC.
  public nonisolated static let testDate = Date(timeIntervalSince1970: 1_714_521_600)

  /// Ids 00000000-0000-0000-0000-000000000000, …01, …, a fixed date and the given scheduler.
  ///
  /// ```swift
  /// let scheduler = TestScheduler()
  /// let environment = TodosEnvironment.test(scheduler: scheduler)
  /// ```
  public static func test(scheduler: any Scheduler) -> Self {
    Self(uuid: UUID.incrementing(), date: { testDate }, scheduler: scheduler)
  }
}

extension UUID {
  /// A generator of the ids 00000000-0000-0000-0000-000000000000, …01, …02, in order.
  ///
  /// ```swift
  /// let next = UUID.incrementing()
  /// next()  // 00000000-0000-0000-0000-000000000000
  /// next()  // 00000000-0000-0000-0000-000000000001
  /// ```
  @MainActor
  public static func incrementing() -> @MainActor () -> UUID {
    var next: UInt64 = 0
    return {
      defer { next += 1 }
      return UUID(counter: next)
    }
  }

  /// The id whose last 64 bits hold `counter` (big-endian) and whose other bits are zero.
  ///
  /// ```swift
  /// UUID(counter: 1)  // 00000000-0000-0000-0000-000000000001
  /// ```
  public init(counter: UInt64) {
    var bytes = [UInt8](repeating: 0, count: 16)
    for index in 0..<8 { bytes[15 - index] = UInt8(truncatingIfNeeded: counter >> (8 * index)) }
    self.init(
      uuid: (
        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
        bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
      ))
  }
}
