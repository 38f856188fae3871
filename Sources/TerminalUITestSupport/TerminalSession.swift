import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A private tmux server (its own socket), for tests that drive a program in a real terminal.
///
/// ```swift
/// let tmux = Tmux()
/// try tmux.run(["new-session", "-d", "-s", "app", "-x", "80", "-y", "24", "top"])
/// ```
public struct Tmux: Sendable {
  public let socket = "todos-tui-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"

  public init() {}

  /// Whether tmux is installed (`make test` installs it).
  public static let isAvailable: Bool = (try? Tmux.execute(["tmux", "-V"]))?.status == 0

  /// Runs a tmux command on this server; throws with its output when it fails.
  @discardableResult
  public func run(_ arguments: [String]) throws -> String {
    let result = try Tmux.execute(["tmux", "-u", "-L", socket] + arguments)
    guard result.status == 0 else {
      throw TestFailure("tmux \(arguments.joined(separator: " ")) failed: \(result.output)")
    }
    return result.output
  }

  /// Runs a command (posix_spawnp + waitpid), stdin from /dev/null, output through a file: the
  /// tmux server a command may start inherits the descriptors and would hold a pipe open.
  public static func execute(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let outputPath = FileManager.default.temporaryDirectory
      .appendingPathComponent("todos-tui-test-output-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: outputPath) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    Self.closeOthers(&actions)
    let argv = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var attributes = Tmux.spawnAttributes(newProcessGroup: false)
    defer { posix_spawnattr_destroy(&attributes) }
    var pid: pid_t = 0
    let spawned = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, environ)
    guard spawned == 0 else { throw TestFailure("cannot run \(arguments[0]): error \(spawned)") }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1, errno == EINTR {}
    let data = FileManager.default.contents(atPath: outputPath) ?? Data()
    let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    return (exitStatus, String(decoding: data, as: UTF8.self))
  }

  /// Attributes for `posix_spawn` that start a child with no signal blocked and every signal
  /// at its default (in a process group of its own with `newProcessGroup`). The test thread
  /// blocks signals (Dispatch does); a tmux server that inherited that mask would never see
  /// SIGCHLD and never exit. The caller destroys them (`posix_spawnattr_destroy`).
  static func spawnAttributes(newProcessGroup: Bool) -> posix_spawnattr_t {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    var allSignals = sigset_t()
    sigfillset(&allSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
    if newProcessGroup {
      posix_spawnattr_setpgroup(&attributes, 0)
      flags |= POSIX_SPAWN_SETPGROUP
    }
    posix_spawnattr_setflags(&attributes, Int16(flags))
    return attributes
  }

  /// Adds a close of every descriptor above standard error. Tests run in parallel: a tmux
  /// server started here lives on with whatever the test process had open at that moment (a
  /// todo.txt another test was writing), and a file open for writing there is a writer to
  /// the app's checks (a refused read lease). glibc's `closefrom` action when it has one, else
  /// each descriptor open now.
  static func closeOthers(_ actions: inout posix_spawn_file_actions_t) {
    typealias CloseFrom =
      @convention(c) (
        UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32
      ) -> Int32
    if let symbol = dlsym(
      UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
    {
      _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
      return
    }
    let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    for fd in open.compactMap({ Int32($0) }) where fd > 2 {
      posix_spawn_file_actions_addclose(&actions, fd)
    }
  }
}

/// A test failure with a message, thrown by the terminal helpers.
public struct TestFailure: Error, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}

/// A program started from an interactive shell in a tmux pane, after a line "shell before";
/// when it exits the shell prints "exited STATUS", so a test can see the terminal restored.
///
/// The shell's XDG_STATE_HOME, XDG_DATA_HOME and XDG_CONFIG_HOME (and bash's HISTFILE) point
/// into a temporary folder of the session's own (`xdgFolder`), which `close()` removes once the
/// program has exited: a recovery file the app writes when it cannot save (a test folder
/// removed under it) never lands in the real `~/.local/state`.
///
/// ```swift
/// let session = try TerminalSession(command: "'\(binary)' /tmp/todo.txt")
/// defer { session.close() }
/// _ = try session.waitForScreen { $0.contains { $0.contains("items left") } }
/// try session.keys("q")
/// ```
public struct TerminalSession: Sendable {
  public let tmux = Tmux()
  public let name = "app"
  /// The temporary folder the XDG variables point into (state/, data/, config/).
  public let xdgFolder: URL

  /// `$XDG_STATE_HOME` in the session: the app's recovery files go to its `todos-tui/`.
  public var stateHome: URL { xdgFolder.appendingPathComponent("state") }

  /// Starts an interactive bash (job control, for Ctrl-Z and fg) at `width`×`height` and types
  /// `command`. NO_COLOR, set around `swift test`, is removed unless `environment` sets it;
  /// `environment` may also set the XDG variables to something else.
  public init(
    command: String, environment: String = "", width: Int = 80, height: Int = 24
  ) throws {
    xdgFolder = FileManager.default.temporaryDirectory
      .appendingPathComponent("todos-tui-test-xdg-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: xdgFolder, withIntermediateDirectories: true)
    let xdg = [
      ("XDG_STATE_HOME", "state"), ("XDG_DATA_HOME", "data"), ("XDG_CONFIG_HOME", "config"),
      ("HISTFILE", "bash_history"),
    ]
    .map { "\($0.0)='\(xdgFolder.appendingPathComponent($0.1).path)'" }
    .joined(separator: " ")
    do {
      try tmux.run([
        "new-session", "-d", "-s", name, "-x", "\(width)", "-y", "\(height)",
        "env PS1='$ ' \(xdg) bash --norc --noprofile -i",
      ])
    } catch {
      try? FileManager.default.removeItem(at: xdgFolder)
      throw error
    }
    let line =
      "clear; echo 'shell before'; env -u NO_COLOR \(environment) \(command); echo \"exited $?\""
    try tmux.run(["send-keys", "-t", name, "-l", line])
    try tmux.run(["send-keys", "-t", name, "Enter"])
  }

  /// Sends keys in tmux's `send-keys` syntax (`Enter`, `Escape`, `C-c`, `Down`, `j`…).
  public func keys(_ keys: String...) throws {
    try tmux.run(["send-keys", "-t", name] + keys)
  }

  /// Types text literally.
  public func type(_ text: String) throws {
    try tmux.run(["send-keys", "-t", name, "-l", text])
  }

  /// Pastes text the way a terminal does when the program asked for bracketed paste (tmux
  /// `paste-buffer -p`): between the ESC[200~ and ESC[201~ markers.
  public func paste(_ text: String) throws {
    try tmux.run(["set-buffer", "-b", "test-paste", "--", text])
    try tmux.run(["paste-buffer", "-p", "-d", "-b", "test-paste", "-t", name])
  }

  /// Resizes the pane (the program gets SIGWINCH).
  public func resize(width: Int, height: Int) throws {
    try tmux.run(["resize-window", "-t", name, "-x", "\(width)", "-y", "\(height)"])
  }

  /// The screen now, one string per row, trailing spaces trimmed, trailing blank rows dropped.
  public func screen() throws -> [String] {
    let text = try tmux.run(["capture-pane", "-p", "-t", name])
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
      String($0.reversed().drop { $0 == " " }.reversed())
    }
    while lines.count > 1, lines.last == "" { lines.removeLast() }
    return lines
  }

  /// Polls the screen until `condition` holds on a settled screen (`timeout` at most); returns
  /// the screen.
  ///
  /// A capture can land in the middle of the app's redraw (the title already new, the rows not
  /// yet), most often on a busy machine. So a matching screen counts only when a second capture a
  /// moment later shows the same: a test never asserts on half a frame.
  @discardableResult
  public func waitForScreen(
    timeout: Duration = .seconds(10), _ condition: ([String]) -> Bool
  ) throws -> [String] {
    var lines: [String] = []
    try waitUntil(timeout: timeout) {
      lines = try screen()
      guard condition(lines) else { return false }
      usleep(25_000)
      let again = try screen()
      defer { lines = again }
      return again == lines
    } otherwise: {
      "the screen never matched; it shows:\n" + lines.joined(separator: "\n")
    }
    return lines
  }

  /// Polls until some row contains `text`; returns the screen.
  @discardableResult
  public func waitFor(_ text: String, timeout: Duration = .seconds(10)) throws -> [String] {
    try waitForScreen(timeout: timeout) { $0.contains { $0.contains(text) } }
  }

  /// The pid of the program the shell started (its child), waiting for it to exist.
  public func programPID() throws -> pid_t {
    let shell = try tmux.run(["display-message", "-p", "-t", name, "#{pane_pid}"])
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let deadline = ContinuousClock.now + .seconds(10)
    while ContinuousClock.now < deadline {
      let children =
        (try? String(
          contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)) ?? ""
      if let pid = children.split(separator: " ").compactMap({ pid_t($0) }).last { return pid }
      usleep(20_000)
    }
    throw TestFailure("the shell (pid \(shell)) never started the program")
  }

  /// Stops the tmux server and everything in it, waits (5 s at most) until the programs in the
  /// pane have exited (a hung-up app still saves; a test's folder must outlive that), and
  /// removes the socket and `xdgFolder`.
  public func close() {
    let programs = processesInPane()
    _ = try? tmux.run(["kill-server"])
    let deadline = ContinuousClock.now + .seconds(5)
    while programs.contains(where: Self.isRunning), ContinuousClock.now < deadline {
      usleep(10_000)
    }
    let folder = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
    unlink("\(folder)/tmux-\(getuid())/\(tmux.socket)")
    try? FileManager.default.removeItem(at: xdgFolder)
  }

  /// The pane's shell and all its descendants; none when the server is gone.
  func processesInPane() -> [pid_t] {
    guard
      let shell = try? tmux.run(["display-message", "-p", "-t", name, "#{pane_pid}"]),
      let root = pid_t(shell.trimmingCharacters(in: .whitespacesAndNewlines))
    else { return [] }
    var found: [pid_t] = []
    var queue = [root]
    while let pid = queue.popLast(), found.count < 1000 {
      found.append(pid)
      let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
      for task in tasks {
        let children =
          (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8))
          ?? ""
        queue += children.split(separator: " ").compactMap { pid_t($0) }
      }
    }
    return found
  }

  /// Whether a process exists and is not a zombie (one nobody reaps still has a /proc entry).
  static func isRunning(_ pid: pid_t) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let end = stat.lastIndex(of: ")")
    else { return false }
    return stat[stat.index(after: end)...].trimmingCharacters(in: .whitespaces).first != "Z"
  }
}
