import Architecture
import FoundationEssentials
import TodoTxt

/// What the todos feature needs from the outside world, injected so tests control it.
///
/// ```swift
/// let environment = TodosEnvironment(
///   uuid: { UUID() }, today: { TodoDate(Date()) }, scheduler: scheduler)
/// let store = Store(initialState: Todos.State(), reducer: Todos.reducer(environment))
/// ```
@MainActor
public struct TodosEnvironment {
  /// A fresh id for each new todo.
  public var uuid: @MainActor () -> UUID
  /// Today's date on the user's clock, for creation and completion dates.
  public var today: @MainActor () -> TodoDate
  /// The clock the delayed sort and the status message expiry run on.
  public var scheduler: any Scheduler
  /// How long until the next day starts on the user's clock, for the effect that wakes the
  /// list at midnight (`Todos.scheduleDayChange`); nil: the list never looks (most tests).
  public var untilNextDay: (@MainActor () -> Duration)?

  /// The user's editor, for `E` (the live one hands the terminal over to `$VISUAL`/`$EDITOR`).
  public var editor: ExternalEditor
  /// What opens a link, for `o` (the live one runs `open_command`, `$BROWSER` or `xdg-open`).
  public var linkOpener: LinkOpener
  /// How long after the last toggle completed todos sink (config.toml's `settle_delay_ms`).
  public var settleDelay: Duration
  /// Whether new todos get today's date as their creation date (`creation_date`).
  public var addsCreationDate: Bool
  /// Whether completing a todo keeps its priority as `pri:A` (`keep_priority_on_completion`);
  /// false drops it, as todo.sh does.
  public var keepsPriorityOnCompletion: Bool
  /// Whether completed todos go to done.txt once they have settled (`auto_archive`).
  public var archivesAfterSettle: Bool
  /// Whether an added todo goes after the last line of the file and at the end of the list
  /// (`new_todo_position = "bottom"`), rather than before the first todo.
  public var addsAtBottom: Bool

  /// An environment from its dependencies; the settings default to config.toml's defaults.
  public init(
    uuid: @escaping @MainActor () -> UUID,
    today: @escaping @MainActor () -> TodoDate,
    scheduler: any Scheduler,
    untilNextDay: (@MainActor () -> Duration)? = nil,
    editor: ExternalEditor = .unavailable,
    linkOpener: LinkOpener = .unavailable,
    settleDelay: Duration = Todos.settleDelay,
    addsCreationDate: Bool = true,
    keepsPriorityOnCompletion: Bool = true,
    archivesAfterSettle: Bool = false,
    addsAtBottom: Bool = false
  ) {
    self.uuid = uuid
    self.today = today
    self.scheduler = scheduler
    self.untilNextDay = untilNextDay
    self.editor = editor
    self.linkOpener = linkOpener
    self.settleDelay = settleDelay
    self.addsCreationDate = addsCreationDate
    self.keepsPriorityOnCompletion = keepsPriorityOnCompletion
    self.archivesAfterSettle = archivesAfterSettle
    self.addsAtBottom = addsAtBottom
  }

  /// The creation date for a new todo: today, or nil when `creation_date = false`.
  public func creationDay() -> TodoDate? { addsCreationDate ? today() : nil }
}

extension TodosEnvironment {
  /// The day every test environment returns: 2024-05-01.
  public nonisolated static let testDay = TodoDate(year: 2024, month: 5, day: 1)!

  /// Ids 00000000-0000-0000-0000-000000000000, …01, …, a fixed day and the given scheduler.
  ///
  /// ```swift
  /// let scheduler = TestScheduler()
  /// let environment = TodosEnvironment.test(scheduler: scheduler)
  /// ```
  public static func test(scheduler: any Scheduler) -> Self {
    Self(uuid: UUID.incrementing(), today: { testDay }, scheduler: scheduler)
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

  /// A live generator: a random id, then the ids that follow it. Ids only need to be unique in
  /// this process, and counting is much cheaper than asking the system for randomness for each
  /// of 100,000 todos at launch.
  ///
  /// ```swift
  /// let environment = TodosEnvironment(uuid: UUID.fastRandom(), today: …, scheduler: …)
  /// ```
  @MainActor
  public static func fastRandom() -> @MainActor () -> UUID {
    let base = UUID().uuid
    var high: UInt64 = 0
    var low: UInt64 = 0
    withUnsafeBytes(of: base) { bytes in
      for index in 0..<8 {
        high = high << 8 | UInt64(bytes[index])
        low = low << 8 | UInt64(bytes[8 + index])
      }
    }
    return {
      low &+= 1
      var bytes = (high.bigEndian, low.bigEndian)
      return withUnsafeBytes(of: &bytes) { UUID(uuid: $0.load(as: uuid_t.self)) }
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
