import Architecture
import IssueReporting

/// Collects the messages of issues reported while `body` runs, instead of failing the test.
func collectIssues(_ body: () -> Void) -> [String] {
  let log = IssueLog()
  withIssueReporters([log]) { body() }
  return log.messages
}

/// A small feature used by the tests: a log of what happened, in order.
enum LogAction: Equatable, Sendable {
  case tap(String)
  case effectSent(String)
  case delayed(String)
}
