import Architecture
import Testing

/// The store's runtime issues go to the reporters of the task, else to the process's.
@Suite struct RuntimeIssuesTests {
  @Test func theTasksReportersTakeTheIssuesWhileTheyAreSet() {
    let outer = IssueLog()
    let inner = IssueLog()
    RuntimeIssues.withReporters([outer]) {
      RuntimeIssues.report("first")
      RuntimeIssues.withReporters([inner]) {
        RuntimeIssues.report("second", severity: .warning)
      }
      RuntimeIssues.report("third")
    }
    #expect(outer.messages == ["first", "third"])
    #expect(inner.messages == ["second"])
    #expect(inner.entries.map(\.severity) == [.warning])
  }

  @Test func anEntryKeepsWhereItWasReported() {
    let log = IssueLog()
    let line: UInt = #line + 1
    RuntimeIssues.withReporters([log]) { RuntimeIssues.report("here") }
    #expect(log.entries.map(\.fileID) == ["ArchitectureTests/RuntimeIssuesTests.swift"])
    #expect(log.entries.map(\.line) == [line])
    #expect(log.entries.map(\.severity) == [.error])
  }

  @Test func noReportersNoIssue() {
    let log = IssueLog()
    RuntimeIssues.withReporters([]) { RuntimeIssues.report("nowhere") }
    #expect(log.messages == [])
  }
}
