import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A temporary folder for one real-terminal test, and the built app to run on its `todo.txt`.
/// `init` makes the folder; it goes with the fixture (a suite instance, so one test, holds it).
///
/// ```swift
/// @Suite final class QuitTerminalTests {
///   let fixture: TerminalFixture
///   init() throws { fixture = try TerminalFixture("quit") }
///
///   @Test func qQuits() throws {
///     try fixture.write("Milk\n")
///     let session = try fixture.start()
///     defer { session.close() }
///     try session.keys("q")
///     try session.waitFor("exited 0")
///   }
/// }
/// ```
public final class TerminalFixture: Sendable {
  /// The folder, `todos-tui-NAME-UUID` in the temporary folder.
  public let folder: URL

  /// `todo.txt` in the folder: the file `start` opens.
  public var file: URL { folder.appendingPathComponent("todo.txt") }

  /// Makes the folder; `name` tells a leftover folder's suite.
  public init(_ name: String) throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("todos-tui-\(name)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  /// Removes the folder, made writable first (a test may have taken its write permission).
  deinit {
    chmod(folder.path, 0o700)
    try? FileManager.default.removeItem(at: folder)
  }

  /// The built app: `$TODOS_TUI_BIN` (set by `make test`), or next to the test bundle.
  public static func appBinary() throws -> String {
    try BuiltProgram.path("todos-tui", environmentVariable: "TODOS_TUI_BIN")
  }

  /// `name` in the folder.
  public func url(_ name: String) -> URL { folder.appendingPathComponent(name) }

  /// The text of `name` in the folder now; nil when it cannot be read.
  public func contents(_ name: String = "todo.txt") -> String? {
    try? String(contentsOf: url(name), encoding: .utf8)
  }

  /// Writes `text` to `name` in the folder, its bytes as they are.
  public func write(_ text: String, to name: String = "todo.txt") throws {
    try Data(text.utf8).write(to: url(name))
  }

  /// Starts the app on `file` in a `TerminalSession` (`arguments` go before the file) and
  /// waits until `ready` holds for the screen (by default: the title's "… left" is drawn);
  /// closes the session when that never comes.
  public func start(
    arguments: String = "", environment: String = "", width: Int = 80, height: Int = 24,
    until ready: ([String]) -> Bool = { $0.first?.hasSuffix(" left") == true }
  ) throws -> TerminalSession {
    let session = try TerminalSession(
      command: "'\(try Self.appBinary())' \(arguments) '\(file.path)'",
      environment: environment, width: width, height: height)
    do {
      try session.waitForScreen(ready)
    } catch {
      session.close()
      throw error
    }
    return session
  }
}

/// Polls `condition` every 20 ms until it holds; after `timeout` throws `failure()`, which
/// says what was seen instead. For tests that wait on what they can observe, never a fixed time.
///
/// ```swift
/// try waitUntil { FileManager.default.fileExists(atPath: path) } otherwise: { "no \(path)" }
/// ```
public func waitUntil(
  timeout: Duration = .seconds(10), _ condition: () throws -> Bool,
  otherwise failure: () -> String
) throws {
  let deadline = ContinuousClock.now + timeout
  repeat {
    if try condition() { return }
    usleep(20_000)
  } while ContinuousClock.now < deadline
  if try condition() { return }
  throw TestFailure(failure())
}
