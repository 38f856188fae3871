/// What the run loop needs from an app. The executable adapts its store and scheduler to it.
///
/// ```swift
/// final class App: RunLoopApp {
///   func handle(_ event: TerminalEvent) { store.send(.terminal(event)) }
///   func timeUntilNextDeadline() -> Duration? { scheduler.timeUntilNextDeadline() }
///   func runDue() { scheduler.runDue() }
///   var version: UInt64 { store.version }
///   func frame(width: Int, height: Int) -> Frame { TodosView.frame(store.state, width, height) }
///   var exitStatus: Int32? { store.state.list.isQuitting ? 0 : nil }
///   func shutdown(signal: Int32?) { store.send(.quitting) }
/// }
/// ```
@MainActor
public protocol RunLoopApp: AnyObject {
  /// A key or a resize happened.
  func handle(_ event: TerminalEvent)
  /// Time until scheduled work is due (zero when overdue), nil when nothing is scheduled.
  func timeUntilNextDeadline() -> Duration?
  /// Runs the scheduled work that is due.
  func runDue()
  /// Grows when the state changed; the loop renders only when it did.
  var version: UInt64 { get }
  /// The frame to show at this size.
  func frame(width: Int, height: Int) -> Frame
  /// Non-nil once the app wants to quit, with the process exit status.
  var exitStatus: Int32? { get }
  /// Last chance to save, before the terminal is restored. `signal` is set when a signal
  /// (SIGINT, SIGTERM, SIGHUP; SIGQUIT, SIGABRT, SIGSEGV, SIGBUS… sent with kill) or a lost
  /// terminal (1, as SIGHUP) ended the app.
  func shutdown(signal: Int32?)
  /// Whether the app would ignore this key or paste now only because the terminal is too
  /// small for it: the loop then holds it for a moment (`HeldInput`) in case a resize that
  /// makes the terminal big again is on its way. By default, never.
  func waitsForSize(_ event: TerminalEvent) -> Bool
  /// Grows each time the app asks for every cell to be written again (Ctrl-L); the loop then
  /// repaints the whole screen. The default never grows.
  var repaintRequests: UInt64 { get }
}

extension RunLoopApp {
  public func waitsForSize(_ event: TerminalEvent) -> Bool { false }
  public var repaintRequests: UInt64 { 0 }
}

/// The app's one and only loop, Bubble Tea style: wait, drain input, run due work, render.
///
/// Single-threaded: it blocks in the terminal's `wait` (poll(2) on the terminal, the signal
/// self-pipe and any watched fds) with a timeout that is the time to the app's next deadline,
/// or no timeout at all when nothing is scheduled, so an idle app uses no CPU.
///
/// ```swift
/// let loop = TerminalRunLoop(terminal: try NcursesTerminal())
/// exit(loop.run(app))
/// ```
@MainActor
public final class TerminalRunLoop {
  public let terminal: any Terminal
  private var watchers: [Int32: @MainActor () -> Void] = [:]
  /// The watched fds in order, kept as `watch` adds them (the loop hands them to every wait).
  private var watchedFDs: [Int32] = []
  /// How many frames were drawn (for tests).
  public private(set) var renderCount = 0
  /// Keys typed while the terminal was too small, waiting a moment for it to grow.
  private var held = HeldInput()
  /// Monotonic time, for how long input is held.
  private let now: @MainActor () -> Duration

  /// A loop on `terminal`; `now` is a monotonic clock (tests pass the in-memory terminal's).
  ///
  /// ```swift
  /// TerminalRunLoop(terminal: terminal, now: { terminal.now })
  /// ```
  public init(terminal: any Terminal, now: (@MainActor () -> Duration)? = nil) {
    self.terminal = terminal
    let start = ContinuousClock.now
    self.now = now ?? { ContinuousClock.now - start }
  }

  /// Calls `onReadable` on the loop's thread whenever `fd` is readable (e.g. file watching).
  ///
  /// ```swift
  /// loop.watch(fd: inotifyFD) { store.send(.fileChangedOnDisk) }
  /// ```
  public func watch(fd: Int32, onReadable: @escaping @MainActor () -> Void) {
    watchers[fd] = onReadable
    watchedFDs = watchers.keys.sorted()
  }

  /// Runs until the app quits, a termination signal arrives or the terminal goes away; restores
  /// the terminal and returns the exit status (the app's, or 128 + the signal number).
  public func run(_ app: some RunLoopApp) -> Int32 {
    var size = terminal.size
    var renderedVersion = app.version
    var repaintedRequests = app.repaintRequests
    draw(app, size: size)

    while true {
      if let status = app.exitStatus { return finish(app, status: status, signal: nil) }

      // 1. Sleep until input, a watched fd, the next deadline or the end of a held key's wait.
      // The clock is read only while keys are held (see `HeldInput`).
      let heldWait = held.isEmpty ? nil : held.timeRemaining(at: now())
      let timeout = Duration.earliest(app.timeUntilNextDeadline(), heldWait)
      let readable = terminal.wait(timeout: timeout, watching: watchedFDs)

      // 2. Hand every pending event to the app (a paste is hundreds of keys in one wake-up).
      var mustRepaint = false
      for input in terminal.readInput() {
        switch input {
        case .event(let event):
          if case .resize(let width, let height) = event {
            size = TerminalSize(width: width, height: height)
            mustRepaint = true
            app.handle(event)
            releaseHeld(to: app)
          } else if !held.isEmpty || app.waitsForSize(event) {
            held.hold(event, at: now())
          } else {
            app.handle(event)
          }
        case .terminationSignal(let signal):
          return finish(app, status: 128 + signal, signal: signal)
        case .endOfInput:
          return finish(app, status: 128 + 1, signal: 1)  // like SIGHUP
        }
        if app.exitStatus != nil { break }  // keys typed after "quit" are dropped
      }

      // Held keys that waited long enough for a resize are the app's, at whatever size.
      if !held.isEmpty {
        for event in held.expired(at: now()) where app.exitStatus == nil { app.handle(event) }
      }

      // 3. Watched fds, then scheduled work that is due.
      for fd in readable { watchers[fd]?() }
      app.runDue()

      // 4. Render once, if anything changed; every cell when the app asked for it.
      if app.repaintRequests != repaintedRequests {
        repaintedRequests = app.repaintRequests
        terminal.repaintAll()
        mustRepaint = true
      }
      if mustRepaint || app.version != renderedVersion {
        renderedVersion = app.version
        draw(app, size: size)
      }
    }
  }

  /// After a resize: the held keys the app takes at the new size, oldest first, until one it
  /// still cannot take (the terminal is still too small for it), which waits on.
  private func releaseHeld(to app: some RunLoopApp) {
    while let first = held.first, app.exitStatus == nil, !app.waitsForSize(first) {
      held.removeFirst()
      app.handle(first)
    }
  }

  private func draw(_ app: some RunLoopApp, size: TerminalSize) {
    terminal.draw(app.frame(width: size.width, height: size.height))
    renderCount += 1
  }

  private func finish(_ app: some RunLoopApp, status: Int32, signal: Int32?) -> Int32 {
    app.shutdown(signal: signal)
    terminal.restore()
    return status
  }
}

extension Duration {
  /// The sooner of two optional times; nil when both are.
  ///
  /// ```swift
  /// Duration.earliest(.seconds(2), nil)  // 2 seconds
  /// ```
  static func earliest(_ first: Duration?, _ second: Duration?) -> Duration? {
    guard let first else { return second }
    guard let second else { return first }
    return min(first, second)
  }
}
