import Architecture
import IssueReporting

/// Sends the store's runtime issues to the test framework (through IssueReporting), so that a
/// reducer bug fails the test that hits it. The app's `Architecture` does not link
/// IssueReporting (it brings Foundation and ICU): a `TestStore` makes this the process's
/// reporter the first time one is created.
///
/// ```swift
/// TestIssueReporter.install()  // done by TestStore.init
/// ```
public struct TestIssueReporter: RuntimeIssues.Reporter {
  public init() {}

  public func report(_ issue: RuntimeIssues.Issue) {
    reportIssue(
      issue.message, severity: issue.severity == .warning ? .warning : .error,
      fileID: issue.fileID, filePath: issue.filePath,
      line: issue.line, column: issue.column)
  }

  private static let installed: Void = { RuntimeIssues.reporters = [TestIssueReporter()] }()

  /// Makes this the process's reporter (once; later calls do nothing).
  public static func install() { installed }
}
