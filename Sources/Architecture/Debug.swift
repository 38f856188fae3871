#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Reducer {
  /// Logs each action and the state change it caused (a −/+ diff of the dumped state) through
  /// `log`.
  ///
  /// Meant for a file: a full-screen app must never print to its own screen. It dumps the whole
  /// state twice per action, so it is for debugging, not for everyday use.
  ///
  /// ```swift
  /// let reducer = Todos.reducer(environment).debug(to: DebugLog(path: "/tmp/todos.log")!.write)
  /// ```
  public func debug(
    _ prefix: String = "", to log: @escaping @MainActor (String) -> Void
  ) -> Self {
    Self { state, action in
      var before = ""
      dump(state, to: &before)
      let effect = self.reduce(into: &state, action: action)
      var after = ""
      dump(state, to: &after)
      var actionText = ""
      dump(action, to: &actionText, maxDepth: 4)
      let change = lineDiff(before, after) ?? "  (No state changes)\n"
      log("\(prefix.isEmpty ? "" : prefix + ": ")received action:\n\(actionText)\(change)")
      return effect
    }
  }
}

/// The lines that differ between two texts, as `−`/`+` lines with a few lines of context
/// around them; nil when the texts are equal.
///
/// ```swift
/// lineDiff("a\nb\nc\n", "a\nB\nc\n")  // "  a\n− b\n+ B\n  c\n"
/// ```
func lineDiff(_ old: String, _ new: String, context: Int = 2) -> String? {
  guard old != new else { return nil }
  let oldLines = old.split(separator: "\n", omittingEmptySubsequences: false)
  let newLines = new.split(separator: "\n", omittingEmptySubsequences: false)
  var prefix = 0
  while prefix < min(oldLines.count, newLines.count), oldLines[prefix] == newLines[prefix] {
    prefix += 1
  }
  var suffix = 0
  while suffix < min(oldLines.count, newLines.count) - prefix,
    oldLines[oldLines.count - 1 - suffix] == newLines[newLines.count - 1 - suffix]
  {
    suffix += 1
  }
  var out = ""
  for line in oldLines[max(prefix - context, 0)..<prefix] { out += "  \(line)\n" }
  for line in oldLines[prefix..<(oldLines.count - suffix)] { out += "− \(line)\n" }
  for line in newLines[prefix..<(newLines.count - suffix)] { out += "+ \(line)\n" }
  let tail = newLines.count - suffix
  for line in newLines[tail..<min(tail + context, newLines.count)] where !line.isEmpty {
    out += "  \(line)\n"
  }
  return out
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
