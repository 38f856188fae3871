import Architecture
import CustomDump

/// The text of each thing a `TestStore` reports: a heading, the dumped values, then how to fix.
///
/// ```swift
/// TestStoreFailure.closureChangedNothing.report(at: location)
/// ```
struct TestStoreFailure {
  var message: String

  func report(at location: SourceLocation, severity: RuntimeIssues.Issue.Severity = .error) {
    RuntimeIssues.report(
      message, severity: severity, fileID: location.fileID, filePath: location.filePath,
      line: location.line, column: location.column
    )
  }

  static func unhandledBeforeSend(_ actions: [some Any], sending action: Any) -> Self {
    Self(
      message: """
        Must handle \(count(actions, "received")) before sending an action: …

        Unhandled actions: \(dump(actions))

        To fix, assert against them with "store.receive" before sending "\(describe(action))", \
        or skip them with "store.skipReceivedActions()".
        """)
  }

  static func unhandledAtTheEnd(_ actions: [some Any]) -> Self {
    Self(
      message: """
        The store received \(count(actions, "unexpected")) by the end of this test: …

        Unhandled actions: \(dump(actions))

        To fix, assert against these actions with "store.receive", or skip them with \
        "store.skipReceivedActions()".
        """)
  }

  static func receivedWhenNothingExpected(_ actions: [some Any]) -> Self {
    Self(
      message: """
        Expected to have received no actions, but received \(count(actions)): …

        Unhandled actions: \(dump(actions))

        To fix, assert against them with "store.receive" (or skip them with \
        "store.skipReceivedActions()"); if they came too early, advance the test scheduler less \
        far before asserting that nothing was received.
        """)
  }

  static func nothingReceived(expected: Any?) -> Self {
    let heading =
      if let expected {
        "Expected to receive the following action, but didn't: …\n\n\(dump(expected).indented(2))"
      } else {
        "Expected to receive an action, but received none."
      }
    return Self(
      message: """
        \(heading)

        To fix, make sure an effect sends it: if it is scheduled, advance the test scheduler \
        first ("scheduler.advance(by:)" or "scheduler.run()").
        """)
  }

  static func noMatchingAction(expected: Any?, received: [some Any]) -> Self {
    let heading =
      if let expected {
        """
        Expected to receive the following action, but none of the \(count(received)) received \
        matches: …

        \(dump(expected).indented(2))
        """
      } else {
        "Expected to receive a matching action, but none of the \(count(received)) received matches."
      }
    return Self(
      message: """
        \(heading)

        Received actions: \(dump(received))

        To fix, make sure an effect sends it: if it is scheduled, advance the test scheduler \
        first ("scheduler.advance(by:)" or "scheduler.run()").
        """)
  }

  static func unexpectedAction(_ received: Any, expected: Any?) -> Self {
    let difference =
      expected.flatMap { diff($0, received, format: .proportional) }
      .map { "\($0.indented(4))\n\n(Expected: −, Received: +)" }
      ?? "  Received:\n\(dump(received).indented(4))"
    return Self(message: "Received unexpected action: …\n\n\(difference)")
  }

  static func effectStillRunning(_ action: Any) -> Self {
    Self(
      message: """
        An effect returned for this action is still running. It must complete before the end of \
        the test. …

          Action:
        \(dump(action).indented(4))

        To fix, inspect any effects the reducer returns for this action and ensure that all of \
        them complete by the end of the test. There are a few reasons why an effect may not have \
        completed:

        • If using a scheduler in the reducer's dependencies, make sure it was advanced far \
        enough for the effect to complete ("scheduler.advance(by:)" or "scheduler.run()").

        • If the effect is long-living ("Effect.callback"), make sure it is finished \
        ("send.finish()") or cancelled ("Effect.cancel(id:)") by an action the test sends.
        """)
  }

  static func stateMismatch<State>(expected: State, actual: State, closure: Bool) -> Self {
    let difference =
      diff(expected, actual, format: .proportional)
      .map { "\($0.indented(4))\n\n(Expected: −, Actual: +)" }
        ?? """
        Expected:
        \(dump(expected).indented(2))
        Actual:
        \(dump(actual).indented(2))
        """
    let heading =
      closure
      ? "A state change does not match expectation: …"
      : "State was not expected to change, but a change occurred: …"
    return Self(message: "\(heading)\n\n\(difference)")
  }

  static let closureChangedNothing = Self(
    message: """
      Expected state to change, but no change occurred.

      The trailing closure made no observable modifications to state. If no change to state is \
      expected, omit the trailing closure.
      """)

  static func threw(_ error: any Error) -> Self { Self(message: "Threw error: \(error)") }

  // Non-exhaustive mode, with `showSkippedAssertions`: what was skipped, as warnings.

  static func skippedReceivedActions(_ actions: [some Any]) -> Self {
    Self(message: "Skipped receiving \(count(actions)): …\n\nSkipped actions: \(dump(actions))")
  }

  static func skippedRunningEffect(_ action: Any) -> Self {
    Self(
      message: """
        Skipped an effect still running at the end of the test (it was cancelled): …

          Action:
        \(dump(action).indented(4))
        """)
  }

  static func skippedStateChange<State>(_ fromPrevious: State, _ fromActual: State) -> Self {
    let difference = diff(fromPrevious, fromActual, format: .proportional) ?? ""
    return Self(
      message: """
        Skipped asserting these state changes: …

        \(difference.indented(4))

        (Asserted: −, Actual: +)
        """)
  }

  private static func count(_ actions: [some Any], _ adjective: String = "") -> String {
    let noun = actions.count == 1 ? "action" : "actions"
    return adjective.isEmpty ? "\(actions.count) \(noun)" : "\(actions.count) \(adjective) \(noun)"
  }

  private static func dump(_ value: Any) -> String {
    var output = ""
    customDump(value, to: &output)
    return output
  }

  private static func describe(_ action: Any) -> String {
    var output = ""
    customDump(action, to: &output, maxDepth: 1)
    return output
  }
}

extension String {
  fileprivate func indented(_ count: Int) -> String {
    let indent = String(repeating: " ", count: count)
    return split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.isEmpty ? "" : indent + $0 }
      .joined(separator: "\n")
  }
}
