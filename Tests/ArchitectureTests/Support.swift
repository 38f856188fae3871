import Architecture

/// Collects the messages of issues reported while `body` runs, instead of failing the test.
func collectIssues(_ body: () -> Void) -> [String] {
  let log = IssueLog()
  RuntimeIssues.withReporters([log]) { body() }
  return log.messages
}

/// Collects the issues (message, severity, line) reported while `body` runs.
func collectIssueEntries(_ body: () -> Void) -> [IssueLog.Entry] {
  let log = IssueLog()
  RuntimeIssues.withReporters([log]) { body() }
  return log.entries
}

/// A small feature used by the tests: a log of what happened, in order.
enum LogAction: Equatable, Sendable {
  case tap(String)
  case effectSent(String)
  case delayed(String)
}
