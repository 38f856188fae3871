import CNcurses

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The real terminal, through ncursesw. The only code in the project that imports CNcurses.
///
/// Starting it sets a UTF-8 locale (falling back to C.UTF-8), starts ncurses in cbreak mode with
/// Ctrl-C, Ctrl-\, Ctrl-S and Ctrl-Q delivered as keys (Ctrl-Z still suspends), turns on
/// colours unless `NO_COLOR` is set, and installs its own handlers for SIGINT, SIGTERM, SIGHUP,
/// SIGTSTP, SIGCONT and SIGWINCH (a flag and a self-pipe byte, so `poll` wakes up), plus a crash
/// guard that restores the terminal on SIGSEGV/SIGILL/SIGABRT/SIGQUIT/… and at `exit` (the same
/// signals sent by another process are taken as requests to stop, like SIGTERM).
///
/// ```swift
/// do {
///   let terminal = try NcursesTerminal()
///   exit(TerminalRunLoop(terminal: terminal).run(app))
/// } catch {
///   fputs(error.message, stderr)
///   exit(1)
/// }
/// ```
@MainActor
public final class NcursesTerminal: Terminal {
  public private(set) var size: TerminalSize
  private var paste = PasteCollector()
  /// What the last `readInput` returned, kept for its room: the run loop is done with it by the
  /// next call, so a key is appended without allocating an array.
  private var lastInputs: [TerminalInput] = []
  private let started = ContinuousClock.now
  /// Whether colours are used (false with NO_COLOR or a monochrome terminal).
  public let usesColor: Bool

  private let signalFD: Int32
  /// Whether the last wait saw bytes in the signal pipe (or was interrupted): read only then.
  private var signalPipeReadable = true
  /// How many colours the terminal shows (curses' COLORS): 0 with NO_COLOR or without colours,
  /// else 8, 16, 256… Config colours are brought down to it.
  public let colorCount: Int
  /// Signals that arrived while the terminal was handed over, for the next `readInput`.
  private var deferredSignals: UInt = 0
  /// The buffer on screen; nil when the next frame clears the screen and draws everything.
  private var shown: ScreenBuffer?
  /// The app's last frame, drawn again on coming back from a suspend.
  private var lastFrame: Frame?
  /// Writes the frames: ncurses draws nothing itself once started (see `draw`).
  private var writer: FrameWriter
  /// A frame's bytes, kept from one frame to the next (a frame allocates nothing).
  private var output: [UInt8] = []
  private var inputClosed = false
  /// poll said the terminal had input: if none can be read, check that it is still there.
  private var inputReadable = false
  /// What `wait` polls, kept from one wait to the next.
  private var descriptors: [pollfd] = []
  private var isActive = true
  /// Stopped by Ctrl-Z and not yet back: the terminal is the shell's.
  private var isSuspended = false
  /// Runs on Ctrl-Z before the process stops, while the app still has the terminal: the
  /// app's last chance to save, since a stopped process may be killed or its file changed.
  ///
  /// ```swift
  /// terminal.beforeSuspending = { store.send(.suspendRequested) }
  /// ```
  public var beforeSuspending: (@MainActor () -> Void)?

  /// Starts full-screen mode; throws with a user-facing message when it cannot.
  ///
  /// - Parameter mouse: report clicks and the wheel as `.mouse` keys.
  public init(mouse: Bool = false) throws(TerminalError) {
    NcursesTerminal.prepareLocale()
    try NcursesTerminal.checkEnvironment()
    cncurses_save_shell_modes(STDIN_FILENO)
    guard cncurses_start() == 0 else {
      throw .initializationFailed("newterm failed for TERM=\(NcursesTerminal.term ?? "")")
    }
    cncurses_set_input_modes(STDIN_FILENO)
    let noColor = (NcursesTerminal.environment("NO_COLOR") ?? "").isEmpty == false
    colorCount = noColor ? 0 : Int(cncurses_start_colors())
    usesColor = colorCount >= 8
    writer = FrameWriter(terminal: Self.capabilities(colorCount: usesColor ? colorCount : 0))
    if mouse { cncurses_enable_mouse() }
    cncurses_bracketed_paste(1)
    cncurses_crash_guard_install(
      mouse ? "\u{1B}[?2004l\u{1B}[?1000l\u{1B}[?1006l" : "\u{1B}[?2004l")
    // After newterm: ncurses installed handlers of its own that exit without saving.
    signalFD = cncurses_signals_install()
    size = TerminalSize(width: Int(cncurses_cols()), height: Int(cncurses_lines()))
  }

  // MARK: - Environment

  /// Throws when standard input or output is not a terminal, or TERM is unset, unknown or a
  /// terminal without cursor addressing (`dumb`).
  ///
  /// ```swift
  /// try NcursesTerminal.checkEnvironment()  // before anything is drawn
  /// ```
  public static func checkEnvironment() throws(TerminalError) {
    guard isatty(STDIN_FILENO) == 1 else { throw .notATerminal(stream: "standard input") }
    guard isatty(STDOUT_FILENO) == 1 else { throw .notATerminal(stream: "standard output") }
    guard let term, !term.isEmpty else { throw .termUnset }
    // One reading of the terminfo entry for both checks (each reading parses the file).
    switch cncurses_term_check(term) {
    case 0: throw .termUnknown(term)
    case 1: throw .termCannotAddressCursor(term)
    default: break
    }
  }

  /// Sets the locale from the environment, falling back to C.UTF-8 when its codeset is not
  /// UTF-8 (ncurses needs a UTF-8 locale to draw wide characters). Returns the codeset used.
  @discardableResult
  public static func prepareLocale() -> String {
    setlocale(LC_ALL, "")
    if codeset() != "UTF-8" { setlocale(LC_ALL, "C.UTF-8") }
    return codeset()
  }

  private static func codeset() -> String {
    guard let name = nl_langinfo(nl_item(CODESET)) else { return "" }
    return String(cString: name)
  }

  private static var term: String? { environment("TERM") }

  private static func environment(_ name: String) -> String? {
    guard let value = getenv(name) else { return nil }
    return String(cString: value)
  }

  // MARK: - Terminal

  public func wait(timeout: Duration?, watching fds: [Int32]) -> [Int32] {
    // The same array each time (a wake-up allocates nothing): the terminal, the signal pipe,
    // then the watched fds.
    descriptors.removeAll(keepingCapacity: true)
    descriptors.append(pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0))
    if signalFD >= 0 { descriptors.append(pollfd(fd: signalFD, events: Int16(POLLIN), revents: 0)) }
    let fixed = descriptors.count
    for fd in fds { descriptors.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0)) }
    // An open paste ends on its own if nothing more comes (see PasteCollector).
    // The clock is read only while a paste is open (every key otherwise reads it twice).
    let timeout =
      paste.isPasting ? Duration.earliest(timeout, paste.timeRemaining(at: elapsed)) : timeout
    let result = poll(&descriptors, nfds_t(descriptors.count), Self.milliseconds(timeout))
    // Its bytes only wake the poll (the handlers set flags): drained when it has some.
    signalPipeReadable = result < 0 || (signalFD >= 0 && descriptors[1].revents != 0)
    guard result > 0 else { return [] }  // timeout, or EINTR: a signal flag is set
    // A hung-up terminal (its window closed, its pane killed) reports POLLHUP or POLLERR,
    // often with POLLIN, and reads fail: that is the end of input, not input to wait for.
    let closed = Int16(POLLHUP | POLLERR | POLLNVAL)
    if descriptors[0].revents & closed != 0 { inputClosed = true }
    inputReadable = descriptors[0].revents & Int16(POLLIN) != 0
    var readable: [Int32] = []
    for descriptor in descriptors[fixed...] where descriptor.revents != 0 {
      readable.append(descriptor.fd)
    }
    return readable
  }

  public func readInput() -> [TerminalInput] {
    var inputs: [TerminalInput] = []
    swap(&inputs, &lastInputs)
    inputs.removeAll(keepingCapacity: true)
    if signalFD >= 0, signalPipeReadable { cncurses_signals_drain(signalFD) }
    signalPipeReadable = false
    var signals = cncurses_signals_take() | deferredSignals
    deferredSignals = 0
    // Signals sent while stopped (kill -TERM, a closed terminal's SIGHUP) count as well.
    if signals & (1 << UInt(SIGTSTP)) != 0 { signals |= suspend() }
    for signal in Self.terminationSignals where signals & (1 << UInt(signal)) != 0 {
      return [.terminationSignal(signal)]
    }
    if signals & (1 << UInt(SIGCONT)) != 0 { resumed() }
    if signals != 0, let resize = resizeIfNeeded() { inputs.append(resize) }  // SIGWINCH
    var value: UInt32 = 0
    // poll(2) said the terminal has a byte: the first read need not ask again. Not after a
    // signal: after Ctrl-Z the shell may have read that byte, and a read that waited would
    // hold off a SIGTERM until the next key.
    var polled = inputReadable && !inputClosed && signals == 0
    while true {
      let status = polled ? cncurses_get_wch_polled(&value) : cncurses_get_wch(&value)
      polled = false
      if status == ERR { break }
      if status == KEY_CODE_YES {
        let code = Int32(bitPattern: value)
        if code == KEY_RESIZE {
          if let resize = resizeIfNeeded() { inputs.append(resize) }
        } else if code == KEY_MOUSE {
          if let event = readMouse() { inputs.append(.event(.key(.mouse(event)))) }
        } else if code == CNCURSES_KEY_PASTE_START {
          paste.start(at: elapsed)
        } else if code == CNCURSES_KEY_PASTE_END {
          if let event = paste.finish() { inputs.append(.event(event)) }
        } else if let key = CursesKeyDecoder.decode(keyCode: code) {
          add(key, to: &inputs)
        }
      } else if let key = CursesKeyDecoder.decode(character: value) {
        add(key, to: &inputs)
      }
    }
    if paste.isPasting, let event = paste.expire(at: elapsed) { inputs.append(.event(event)) }
    if inputs.isEmpty, signals == 0, inputReadable, cncurses_tty_is_gone(STDIN_FILENO) == 1 {
      inputClosed = true
    }
    inputReadable = false
    if inputs.isEmpty, inputClosed { inputs.append(.endOfInput) }
    lastInputs = inputs
    return inputs
  }

  /// Writes what changed since the last frame, in one write. ncurses reads the keys and holds
  /// the terminal's modes; its own screen stays blank and untouched, so it writes nothing.
  /// Doing the diff once (`FrameWriter`), instead of copying cells into ncurses for its own
  /// diff and cursor planning, took a quarter of a typed letter's instructions off.
  public func draw(_ frame: Frame) {
    guard isActive else { return }
    lastFrame = frame
    // The caret is the terminal's cursor; painted only where that cursor cannot be shown.
    let frame = canShowCursor ? frame : frame.paintingCaret()
    output.removeAll(keepingCapacity: true)
    writer.write(frame, over: shown, into: &output)
    flush()
    // After the write: replacing the buffer shown frees the one before it, row by row, which
    // the key's answer need not wait for.
    shown = frame.buffer
  }

  /// The next frame clears the screen and writes every cell.
  public func repaintAll() {
    shown = nil
  }

  public func restore() {
    guard isActive else { return }
    isActive = false
    // Quitting while suspended: the shell owns the terminal and has it as it wants it.
    guard !isSuspended else { return cncurses_forget_screen() }
    leaveScreenPlain()
    cncurses_bracketed_paste(0)
    if cncurses_stop() == 1 { cncurses_clear_if_no_alternate_screen() }
  }

  /// Adds the key, or nothing while a paste collects it (or the paste, when the key ended it).
  private func add(_ key: Key, to inputs: inout [TerminalInput]) {
    guard paste.isPasting, let collected = paste.collect(key, at: elapsed) else {
      return inputs.append(.event(.key(key)))
    }
    for event in collected { inputs.append(.event(event)) }
  }

  /// Monotonic time since the terminal started (for the paste time-out).
  private var elapsed: Duration { ContinuousClock.now - started }

  // MARK: - Drawing

  /// Whether the terminal's cursor can be shown (terminfo cnorm/cvvis, or no civis).
  private lazy var canShowCursor = cncurses_cursor_can_show() == 1

  private func flush() {
    guard !output.isEmpty else { return }
    output.withUnsafeBufferPointer { cncurses_write($0.baseAddress, $0.count) }
  }

  /// Attributes off before ncurses or the shell writes (ncurses believes them off).
  private func leaveScreenPlain() {
    output.removeAll(keepingCapacity: true)
    writer.finish(into: &output)
    flush()
  }

  // MARK: - Signals, resize, suspend

  private func resizeIfNeeded() -> TerminalInput? {
    var rows: Int32 = 0
    var columns: Int32 = 0
    if cncurses_window_size(STDOUT_FILENO, &rows, &columns) == 0,
      rows != cncurses_lines() || columns != cncurses_cols()
    {
      resizeterm(rows, columns)
      cncurses_screen_resized()
    }
    let current = TerminalSize(width: Int(cncurses_cols()), height: Int(cncurses_lines()))
    guard current != size else { return nil }
    size = current
    shown = nil
    return .event(.resize(width: current.width, height: current.height))
  }

  /// Signals that end the app through its shutdown (save, restore, exit 128 + signal): the
  /// usual three, and fatal ones another process sent (`kill -QUIT`, `kill -SEGV`; a real
  /// fault is handled by the crash guard in C).
  private static let terminationSignals = [
    SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE,
  ]

  /// Ctrl-Z: let the app save (`beforeSuspending`), give the terminal back and stop. Returns, once continued, the signals that
  /// arrived meanwhile (SIGCONT at least): the caller quits on a termination signal among them
  /// (the terminal is then left as the shell has it) or takes the terminal back.
  private func suspend() -> UInt {
    beforeSuspending?()
    leaveScreenPlain()
    cncurses_bracketed_paste(0)
    endwin()
    cncurses_clear_if_no_alternate_screen()
    isSuspended = true
    cncurses_suspend_self()
    return cncurses_signals_take() | (1 << UInt(SIGCONT))
  }

  /// Hands the terminal to another full-screen program (the user's editor) for as long as
  /// `body` runs, like Ctrl-Z without stopping: leaves full-screen mode, runs `body`, takes
  /// the terminal back and repaints everything. Ctrl-C, Ctrl-\ and Ctrl-Z typed meanwhile
  /// were the other program's; SIGTERM, SIGHUP and resizes count once back.
  ///
  /// ```swift
  /// let status = terminal.handOver { runEditor(on: path) }
  /// ```
  public func handOver<T>(_ body: () -> T) -> T {
    leaveScreenPlain()
    cncurses_bracketed_paste(0)
    endwin()
    cncurses_forget_screen()
    isSuspended = true
    let result = body()
    let theirs = [SIGINT, SIGQUIT, SIGTSTP, SIGCONT].reduce(UInt(0)) { $0 | 1 << UInt($1) }
    deferredSignals |= cncurses_signals_take() & ~theirs
    deferredSignals |= 1 << UInt(SIGWINCH)  // the size may have changed meanwhile
    resumed()
    return result
  }

  private func resumed() {
    isSuspended = false
    cncurses_screen_back()
    reset_prog_mode()
    cncurses_take_screen_back()
    cncurses_bracketed_paste(1)
    writer.forgetTerminalState()
    shown = nil
    // The frame the app had on screen, at once: the run loop draws again only after a change.
    if let frame = lastFrame { draw(frame) }
  }

  private func readMouse() -> MouseEvent? {
    var x: Int32 = 0
    var y: Int32 = 0
    var state: UInt = 0
    guard cncurses_get_mouse(&x, &y, &state) == 0 else { return nil }
    return CursesKeyDecoder.decodeMouse(x: Int(x), y: Int(y), state: state)
  }

  /// curses.h's mouse mask bit for a button and kind (0 released, 1 pressed, 2 clicked,
  /// 3 double, 4 triple), for checking `CursesKeyDecoder.MouseMask` against the header.
  nonisolated public static func headerMouseMask(button: Int, kind: Int) -> UInt {
    UInt(cncurses_button_mask(Int32(button), Int32(kind)))
  }

  private static func milliseconds(_ timeout: Duration?) -> Int32 {
    guard let timeout else { return -1 }
    let nanoseconds = max(0, timeout.nanosecondsClamped)
    let milliseconds = (nanoseconds + 999_999) / 1_000_000  // round up: never wake early
    return Int32(min(milliseconds, Int64(Int32.max)))
  }

  /// The curses header's key codes, for checking `CursesKeyDecoder.Code` against them.
  nonisolated public static let headerKeyCodes: [String: Int32] = [
    "down": KEY_DOWN, "up": KEY_UP, "left": KEY_LEFT, "right": KEY_RIGHT, "home": KEY_HOME,
    "backspace": KEY_BACKSPACE, "f0": KEY_F0, "deleteCharacter": KEY_DC,
    "insertCharacter": KEY_IC, "scrollForward": KEY_SF, "scrollReverse": KEY_SR,
    "nextPage": KEY_NPAGE, "previousPage": KEY_PPAGE, "enter": KEY_ENTER, "backTab": KEY_BTAB,
    "end": KEY_END, "find": KEY_FIND, "select": KEY_SELECT, "shiftLeft": KEY_SLEFT,
    "shiftRight": KEY_SRIGHT, "mouse": KEY_MOUSE,
    "resize": KEY_RESIZE,
  ]

  /// wcwidth in the current locale, as ncurses sees it (for tests of the width table).
  nonisolated public static func cLibraryWidth(_ scalar: Unicode.Scalar) -> Int {
    Int(cncurses_wcwidth(scalar.value))
  }
}

extension Duration {
  /// Whole nanoseconds, saturating (TerminalUI does not depend on Architecture's helper).
  fileprivate var nanosecondsClamped: Int64 {
    let (seconds, attoseconds) = components
    let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    if overflow { return seconds < 0 ? .min : .max }
    return scaled &+ attoseconds / 1_000_000_000
  }
}
