import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A terminal for tests: scripted input on a virtual timeline, recorded frames, no real time.
///
/// `wait` never sleeps: it jumps the virtual clock to the next scripted input or to the
/// timeout, whichever comes first, and tells `onAdvance` so the app's fake clock follows.
/// When nothing is scripted any more and there is no timeout, it reports `.endOfInput` (a real
/// app would sleep forever), so a test can never hang.
///
/// ```swift
/// let terminal = InMemoryTerminal(width: 20, height: 3)
/// terminal.type("hi")
/// terminal.send(.key(.character("q")), at: .seconds(2))
/// let status = TerminalRunLoop(terminal: terminal).run(app)
/// #expect(terminal.lastFrame?.buffer.description == "hi")
/// ```
@MainActor
public final class InMemoryTerminal: Terminal {
  public private(set) var size: TerminalSize
  /// Every frame drawn, oldest first.
  public private(set) var frames: [Frame] = []
  /// The virtual time since the terminal was made.
  public private(set) var now: Duration = .zero
  /// The timeouts the loop waited with, in order (nil: waited for input only).
  public private(set) var waitTimeouts: [Duration?] = []
  /// How many inputs each `readInput` returned, in order.
  public private(set) var batchSizes: [Int] = []
  /// The indices in `frames` of the frames drawn in full after `repaintAll`.
  public private(set) var fullRepaints: [Int] = []
  /// Whether `restore` was called.
  public private(set) var isRestored = false
  /// Called with the new virtual time whenever it moves forward.
  public var onAdvance: (@MainActor (Duration) -> Void)?

  private var script: [(time: Duration, input: TerminalInput)] = []
  private var reachedEnd = false
  private var needsFullRepaint = false

  public init(width: Int, height: Int) {
    self.size = TerminalSize(width: width, height: height)
  }

  /// The last frame drawn.
  public var lastFrame: Frame? { frames.last }

  /// Scripts events to arrive together at virtual time `time` (default: now).
  public func send(_ events: TerminalEvent..., at time: Duration? = nil) {
    for event in events { enqueue(.event(event), at: time ?? now) }
  }

  /// Scripts a string as one key per character (as a paste arrives), at `time`.
  public func type(_ text: String, at time: Duration? = nil) {
    for character in text { enqueue(.event(.key(.character(character))), at: time ?? now) }
  }

  /// Scripts a termination signal (SIGINT, SIGTERM, SIGHUP) at `time`.
  public func sendSignal(_ signal: Int32, at time: Duration? = nil) {
    enqueue(.terminationSignal(signal), at: time ?? now)
  }

  private func enqueue(_ input: TerminalInput, at time: Duration) {
    // Stable insert: same-time inputs keep the order they were scripted in.
    let index = script.firstIndex { $0.time > time } ?? script.count
    script.insert((time, input), at: index)
  }

  public func wait(timeout: Duration?, watching fds: [Int32]) -> [Int32] {
    waitTimeouts.append(timeout)
    if let first = script.first, first.time <= now { return [] }
    let readable = readableNow(fds)
    if !readable.isEmpty { return readable }
    let deadline = timeout.map { now + max(.zero, $0) }
    if let next = script.first?.time, deadline.map({ next <= $0 }) ?? true {
      advance(to: next)
    } else if let deadline {
      advance(to: deadline)
    } else {
      reachedEnd = true
    }
    return []
  }

  public func readInput() -> [TerminalInput] {
    var inputs: [TerminalInput] = []
    while let first = script.first, first.time <= now {
      script.removeFirst()
      if case .event(.resize(let width, let height)) = first.input {
        size = TerminalSize(width: width, height: height)
      }
      inputs.append(first.input)
    }
    if inputs.isEmpty, reachedEnd { inputs.append(.endOfInput) }
    batchSizes.append(inputs.count)
    return inputs
  }

  public func draw(_ frame: Frame) {
    if needsFullRepaint {
      fullRepaints.append(frames.count)
      needsFullRepaint = false
    }
    frames.append(frame)
  }

  public func repaintAll() {
    needsFullRepaint = true
  }

  public func restore() {
    isRestored = true
  }

  private func advance(to time: Duration) {
    guard time > now else { return }
    now = time
    onAdvance?(time)
  }

  private func readableNow(_ fds: [Int32]) -> [Int32] {
    guard !fds.isEmpty else { return [] }
    var descriptors = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    guard poll(&descriptors, nfds_t(descriptors.count), 0) > 0 else { return [] }
    return descriptors.filter { $0.revents & Int16(POLLIN) != 0 }.map(\.fd)
  }
}
