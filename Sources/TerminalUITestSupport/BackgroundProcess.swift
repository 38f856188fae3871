import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A program a test runs beside the app (a Syncthing), in its own process group, its output
/// to a file; `stop()` ends the whole group and reaps it.
///
/// ```swift
/// let server = try BackgroundProcess(["syncthing", "serve"], output: log)
/// defer { server.stop() }
/// ```
public final class BackgroundProcess: Sendable {
  /// The program's pid, which is also its process group's.
  public let pid: pid_t
  /// The file its standard output and error go to.
  public let output: URL

  /// Starts `arguments` (the program found on `PATH`) with this process's environment and
  /// `environment` on top, standard input from /dev/null, no signal blocked, and no descriptor
  /// of this process but the standard ones.
  public init(_ arguments: [String], environment: [String: String] = [:], output: URL) throws {
    self.output = output
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(
      &actions, 1, output.path, O_WRONLY | O_CREAT | O_APPEND, 0o600)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    Tmux.closeOthers(&actions)
    var attributes = Tmux.spawnAttributes(newProcessGroup: true)
    defer { posix_spawnattr_destroy(&attributes) }
    let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }
      .map { "\($0.key)=\($0.value)" }
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = variables.map { strdup($0) } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var pid: pid_t = 0
    let spawned = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
    guard spawned == 0 else { throw TestFailure("cannot run \(arguments[0]): error \(spawned)") }
    self.pid = pid
  }

  /// Whether the program has not exited yet (reaping it when it has).
  public var isRunning: Bool {
    var status: Int32 = 0
    return waitpid(pid, &status, WNOHANG) == 0
  }

  /// Sends SIGTERM to the group, waits up to `timeout` for the program to exit, then SIGKILL;
  /// returns once it is reaped. What is left of the group is killed even when the program
  /// itself has exited.
  public func stop(timeout: Duration = .seconds(5)) {
    guard isRunning else {
      kill(-pid, SIGKILL)
      return
    }
    kill(-pid, SIGTERM)
    let deadline = ContinuousClock.now + timeout
    while isRunning, ContinuousClock.now < deadline { usleep(20_000) }
    kill(-pid, SIGKILL)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1, errno == EINTR {}
  }

  /// The output so far (its last `limit` characters).
  public func outputText(last limit: Int = 4000) -> String {
    let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
    return String(text.suffix(limit))
  }
}
