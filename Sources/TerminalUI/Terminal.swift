/// Where the hardware cursor goes in a frame (column and row, from 0).
///
/// ```swift
/// Frame(buffer: buffer, cursor: CursorPosition(x: 7, y: 0))  // after "> Milk "
/// ```
public struct CursorPosition: Hashable, Sendable {
  public var x: Int
  public var y: Int

  public init(x: Int, y: Int) {
    self.x = x
    self.y = y
  }
}

/// A frame the app wants on screen: the buffer, and where the hardware cursor goes (nil hides it).
///
/// ```swift
/// Frame(buffer: buffer, cursor: CursorPosition(x: 2 + DisplayWidth.of(draft), y: 0))
/// ```
public struct Frame: Hashable, Sendable {
  public var buffer: ScreenBuffer
  public var cursor: CursorPosition?

  public init(buffer: ScreenBuffer, cursor: CursorPosition? = nil) {
    self.buffer = buffer
    self.cursor = cursor
  }
}

/// The size of a terminal in columns and rows.
///
/// ```swift
/// let size = terminal.size  // TerminalSize(width: 80, height: 24)
/// ```
public struct TerminalSize: Hashable, Sendable {
  public var width: Int
  public var height: Int

  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }
}

/// What a terminal hands the run loop when it is drained.
///
/// ```swift
/// for input in terminal.readInput() {
///   if case .event(let event) = input { app.handle(event) }
/// }
/// ```
public enum TerminalInput: Hashable, Sendable {
  /// A key or a resize, for the app.
  case event(TerminalEvent)
  /// SIGINT, SIGTERM or SIGHUP arrived (or SIGQUIT, SIGABRT, SIGSEGV… sent by another
  /// process): the loop shuts down with status 128 + signal.
  case terminationSignal(Int32)
  /// The terminal went away (input closed, or an in-memory script ran out): treated as SIGHUP.
  case endOfInput
}

/// A full-screen terminal: the ncurses one, or an in-memory one for tests.
///
/// The run loop is its only client: it waits, drains input, and draws frames.
///
/// ```swift
/// let terminal = try NcursesTerminal()
/// let status = TerminalRunLoop(terminal: terminal).run(app)
/// ```
@MainActor
public protocol Terminal: AnyObject {
  /// The current size in columns and rows.
  var size: TerminalSize { get }
  /// Blocks until input (or a signal) is pending, one of `fds` is readable, or `timeout` has
  /// passed (nil: no timeout). Returns the readable `fds`.
  func wait(timeout: Duration?, watching fds: [Int32]) -> [Int32]
  /// Everything pending, without blocking (hundreds of keys after a paste).
  func readInput() -> [TerminalInput]
  /// Shows the frame: only cells that changed since the last frame, then the cursor.
  func draw(_ frame: Frame)
  /// Makes the next `draw` write every cell, whatever the terminal shows now: Ctrl-L, after
  /// another program wrote over the screen.
  func repaintAll()
  /// Gives the terminal back to the shell (leaves full-screen mode). Safe to call twice.
  func restore()
}

/// Why the terminal could not be used, with a message in the project's style.
///
/// ```swift
/// do { try NcursesTerminal.checkEnvironment() } catch { print(error.message); exit(1) }
/// ```
public enum TerminalError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Standard input or output is not a terminal (a pipe or a file).
  case notATerminal(stream: String)
  /// TERM is not set.
  case termUnset
  /// TERM names a terminal type with no terminfo entry.
  case termUnknown(String)
  /// TERM names a terminal that cannot move its cursor (`dumb`, a printing terminal): no
  /// full-screen program can draw on it.
  case termCannotAddressCursor(String)
  /// ncurses failed to start.
  case initializationFailed(String)

  /// The message: a heading, the value at fault, then "To fix, …".
  public var message: String {
    switch self {
    case .notATerminal(let stream):
      return """
        todos-tui needs a terminal, but \(stream) is not one.

          \(stream): not a tty (a pipe, a file or /dev/null)

        To fix, run todos-tui directly in a terminal window, without redirecting \(stream).
        """
    case .termUnset:
      return """
        todos-tui cannot tell what terminal this is: TERM is not set.

          TERM: (unset)

        To fix, set TERM to your terminal's type, for example: export TERM=xterm-256color
        """
    case .termUnknown(let term):
      return """
        todos-tui does not know the terminal type in TERM.

          TERM: "\(term)" (no terminfo entry)

        To fix, set TERM to a known type (export TERM=xterm-256color), or install the terminfo \
        entry (Debian: apt-get install ncurses-term).
        """
    case .termCannotAddressCursor(let term):
      return """
        todos-tui cannot draw on this terminal: TERM says it cannot move its cursor.

          TERM: "\(term)" (no cursor addressing: no cup in its terminfo entry)

        To fix, run todos-tui in a terminal emulator (xterm, tmux, the Linux console) with TERM \
        set to its type, for example: export TERM=xterm-256color
        """
    case .initializationFailed(let detail):
      return """
        todos-tui could not start full-screen mode.

          ncurses: \(detail)

        To fix, check that TERM matches your terminal, or try TERM=xterm-256color.
        """
    }
  }

  public var description: String { message }
}
