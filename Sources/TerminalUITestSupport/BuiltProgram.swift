import Foundation

/// Finds a program this package builds, for tests that run it in a real terminal.
///
/// ```swift
/// let app = try BuiltProgram.path("todos-tui", environmentVariable: "TODOS_TUI_BIN")
/// ```
public enum BuiltProgram {
  /// `$environmentVariable` when set, else `name` next to the running test bundle; throws a
  /// message that says to build first when neither is an executable file.
  public static func path(_ name: String, environmentVariable: String) throws -> String {
    var candidates: [String] = []
    if let path = ProcessInfo.processInfo.environment[environmentVariable] {
      candidates.append(path)
    }
    candidates.append(
      URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent(name).path)
    guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) })
    else {
      throw TestFailure("\(name) is not built (looked in \(candidates)). Run `swift build`.")
    }
    return found
  }
}
