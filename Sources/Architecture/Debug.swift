import CustomDump

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Reducer {
  /// Logs each action and the state change it caused (a −/+ diff) through `log`.
  ///
  /// Meant for a file: a full-screen app must never print to its own screen.
  ///
  /// ```swift
  /// let reducer = Todos.reducer(environment).debug(to: DebugLog(path: "/tmp/todos.log").write)
  /// ```
  public func debug(
    _ prefix: String = "", to log: @escaping @MainActor (String) -> Void
  ) -> Self {
    Self { state, action in
      let before = state
      let effect = self.reduce(into: &state, action: action)
      var actionText = ""
      customDump(action, to: &actionText, maxDepth: 3)
      let change =
        diff(before, state).map { "\n" + $0 }
        ?? "\n  (No state changes)"
      log("\(prefix.isEmpty ? "" : prefix + ": ")received action:\n\(actionText)\(change)\n")
      return effect
    }
  }
}

/// An append-only text file for `Reducer.debug(to:)`.
///
/// ```swift
/// let log = DebugLog(path: "/tmp/todos-debug.log")
/// log?.write("hello\n")
/// ```
@MainActor
public final class DebugLog {
  private let file: UnsafeMutablePointer<FILE>

  /// Opens (creating or appending to) the file at `path`; nil if it cannot be opened.
  public init?(path: String) {
    guard let file = fopen(path, "a") else { return nil }
    self.file = file
  }

  isolated deinit { fclose(file) }

  /// Appends `text` and flushes it, so the log survives a crash.
  public func write(_ text: String) {
    fputs(text, file)
    fflush(file)
  }
}
