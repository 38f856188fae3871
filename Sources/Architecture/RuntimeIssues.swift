import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the bugs the store detects at run time go (an action for a row that is not there, a
/// child action after its child was dismissed): to the reporters of the current task if a
/// caller set some (`withReporters`), else to the process's (`reporters`, standard error by
/// default). Made for the store, without Foundation; test support forwards it to the test
/// framework.
///
/// ```swift
/// let log = IssueLog()
/// RuntimeIssues.withReporters([log]) { store.send(.row(.element(id: 99, action: .tapped))) }
/// log.messages  // ["A \"forEach\" at … received an action for a missing element. …"]
/// ```
public enum RuntimeIssues {
  /// Receives each reported issue.
  public protocol Reporter: Sendable {
    func report(_ issue: Issue)
  }

  /// One reported issue: its text, how serious it is and where it was reported.
  public struct Issue: Sendable {
    public enum Severity: Sendable, Equatable {
      case warning, error
    }

    public var message: String
    public var severity: Severity
    public var fileID: StaticString
    public var filePath: StaticString
    public var line: UInt
    public var column: UInt

    public init(
      message: String, severity: Severity, fileID: StaticString, filePath: StaticString, line: UInt,
      column: UInt
    ) {
      self.message = message
      self.severity = severity
      self.fileID = fileID
      self.filePath = filePath
      self.line = line
      self.column = column
    }
  }

  /// Prints each issue on standard error: `Runtime issue (fileID:line): message`.
  public struct StandardError: Reporter {
    public init() {}

    public func report(_ issue: Issue) {
      let kind = issue.severity == .warning ? "Runtime warning" : "Runtime issue"
      var text = "\(kind) (\(issue.fileID):\(issue.line)): \(issue.message)\n"
      text.withUTF8 { bytes in
        var offset = 0
        while offset < bytes.count {
          let written = write(2, bytes.baseAddress! + offset, bytes.count - offset)
          if written <= 0 { break }
          offset += written
        }
      }
    }
  }

  private static let processReporters = Mutex<[any Reporter]>([StandardError()])
  @TaskLocal private static var taskReporters: [any Reporter]?

  /// The process's reporters, used where no `withReporters` is in effect.
  ///
  /// ```swift
  /// RuntimeIssues.reporters = [issues]  // kept, printed once the terminal is restored
  /// ```
  public static var reporters: [any Reporter] {
    get { processReporters.withLock { $0 } }
    set { processReporters.withLock { $0 = newValue } }
  }

  /// Runs `operation` with its issues (and its child tasks') going to `reporters` only.
  ///
  /// ```swift
  /// RuntimeIssues.withReporters([log]) { store.send(.tapped) }
  /// ```
  public static func withReporters<R>(
    _ reporters: [any Reporter], operation: () throws -> R
  ) rethrows -> R {
    try $taskReporters.withValue(reporters, operation: operation)
  }

  /// Reports an issue to the current reporters.
  ///
  /// ```swift
  /// RuntimeIssues.report("An action for a list the app does not have: \(id)")
  /// ```
  public static func report(
    _ message: String, severity: Issue.Severity = .error, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    let issue = Issue(
      message: message, severity: severity, fileID: fileID, filePath: filePath,
      line: line, column: column)
    for reporter in taskReporters ?? reporters { reporter.report(issue) }
  }
}
