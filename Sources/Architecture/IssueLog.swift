import IssueReporting
import Synchronization

/// An issue reporter that keeps the messages of reported issues instead of printing them.
///
/// A full-screen app must never print over its own screen: it keeps the issues (a forEach
/// action for a missing row, say) and prints them once the terminal is restored. Tests use it
/// to read the exact text of a reported issue, its severity and where it was reported.
///
/// ```swift
/// let issues = IssueLog()
/// withIssueReporters([issues]) { store.send(.row(.element(id: 99, action: .tapped))) }
/// issues.messages  // ["A \"forEach\" at … received an action for a missing element. …"]
/// ```
public final class IssueLog: IssueReporter, Sendable {
  /// One reported issue.
  public struct Entry: Sendable {
    public var message: String
    public var severity: IssueSeverity
    public var fileID: String
    public var line: UInt
  }

  private let storage = Mutex<[Entry]>([])

  public init() {}

  /// The issues reported so far, oldest first.
  public var entries: [Entry] { storage.withLock { $0 } }

  /// The messages of the issues reported so far, oldest first.
  public var messages: [String] { entries.map(\.message) }

  public func reportIssue(
    _ message: @autoclosure () -> String?,
    severity: IssueSeverity,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) {
    let text = message() ?? "(no message) at \(fileID):\(line)"
    let entry = Entry(message: text, severity: severity, fileID: "\(fileID)", line: line)
    storage.withLock { $0.append(entry) }
  }
}
