/// Keys and pastes the app cannot take at the terminal's current size (it is too small), held
/// for a moment instead of being dropped: the resize that makes the terminal big again can
/// reach the app after keys typed once it was big (tmux applies a pane's new size a little
/// later than the keys sent to it). When that resize comes within `grace` of a key, the key
/// acts at the new size; a key held longer is handed to the app as it is (which ignores it, as
/// any key typed while the terminal is too small). Held input keeps its order: once something
/// is held, what comes after it waits behind it.
///
/// ```swift
/// var held = HeldInput()
/// held.hold(.key(.escape), at: .zero)
/// held.timeRemaining(at: .milliseconds(100))  // 400 ms
/// held.expired(at: .milliseconds(500))        // [.key(.escape)]
/// ```
public struct HeldInput: Sendable {
  /// How long a key typed while the terminal is too small waits for a resize.
  public static let grace: Duration = .milliseconds(500)

  private var events: [(event: TerminalEvent, time: Duration)] = []

  public init() {}

  /// Nothing is held.
  public var isEmpty: Bool { events.isEmpty }

  /// The oldest held key or paste.
  public var first: TerminalEvent? { events.first?.event }

  /// Holds `event`, which arrived at `now`, behind the ones already held.
  public mutating func hold(_ event: TerminalEvent, at now: Duration) {
    events.append((event, now))
  }

  /// Takes the oldest held event out.
  @discardableResult
  public mutating func removeFirst() -> TerminalEvent {
    events.removeFirst().event
  }

  /// How long until the oldest held event has waited `grace`; nil when nothing is held.
  public func timeRemaining(at now: Duration) -> Duration? {
    events.first.map { max(.zero, $0.time + Self.grace - now) }
  }

  /// Takes out, oldest first, the events that have waited `grace` or longer at `now`.
  public mutating func expired(at now: Duration) -> [TerminalEvent] {
    var result: [TerminalEvent] = []
    while let first = events.first, now - first.time >= Self.grace {
      result.append(first.event)
      events.removeFirst()
    }
    return result
  }
}
