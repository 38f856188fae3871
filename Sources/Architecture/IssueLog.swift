import Synchronization

/// An issue reporter that keeps the messages of reported issues instead of printing them.
///
/// A full-screen app must never print over its own screen: it keeps the issues (a forEach
/// action for a missing row, say) and prints them once the terminal is restored. Tests use it
/// to read the exact text of a reported issue, its severity and where it was reported.
///
/// ```swift
/// let issues = IssueLog()
/// RuntimeIssues.withReporters([issues]) { store.send(.row(.element(id: 99, action: .tapped))) }
/// issues.messages  // ["A \"forEach\" at … received an action for a missing element. …"]
/// ```
public final class IssueLog: RuntimeIssues.Reporter, Sendable {
  /// One reported issue.
  public struct Entry: Sendable {
    public var message: String
    public var severity: RuntimeIssues.Issue.Severity
    public var fileID: String
    public var line: UInt
  }

  private let storage = Mutex<[Entry]>([])

  public init() {}

  /// The issues reported so far, oldest first.
  public var entries: [Entry] { storage.withLock { $0 } }

  /// The messages of the issues reported so far, oldest first.
  public var messages: [String] { entries.map(\.message) }

  public func report(_ issue: RuntimeIssues.Issue) {
    let entry = Entry(
      message: issue.message, severity: issue.severity, fileID: "\(issue.fileID)", line: issue.line)
    storage.withLock { $0.append(entry) }
  }
}
