import Architecture
import IssueReporting

/// Collects the messages of issues reported while `body` runs, instead of failing the test.
func collectIssues(_ body: () -> Void) -> [String] {
  let collector = IssueCollector()
  withIssueReporters([collector]) { body() }
  return collector.messages
}

final class IssueCollector: IssueReporter, @unchecked Sendable {
  private(set) var messages: [String] = []

  func reportIssue(
    _ message: @autoclosure () -> String?,
    severity: IssueSeverity,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) {
    messages.append(message() ?? "")
  }
}

/// A small feature used by the tests: a log of what happened, in order.
enum LogAction: Equatable, Sendable {
  case tap(String)
  case effectSent(String)
  case delayed(String)
}
