import Architecture
import CustomDump
import IssueReporting

/// A store for tests that asserts, exhaustively, everything a reducer does.
///
/// Every state change must be described in `send`/`receive` closures, every action an effect
/// feeds back must be received, and no effect may still be running when the test ends. Failures
/// show a −/+ diff and are reported through IssueReporting, so they fail XCTest and Swift
/// Testing tests alike.
///
/// ```swift
/// let store = TestStore(initialState: Counter.State(), reducer: Counter.reducer)
/// store.send(.incrementButtonTapped) { $0.count = 1 }
/// scheduler.advance(by: .seconds(1))
/// store.receive(.timerTicked) { $0.count = 2 }
/// store.finish()
/// ```
@MainActor
public final class TestStore<State: Equatable, Action> {
  /// The state as the test last asserted it.
  public private(set) var state: State

  private enum TestAction {
    case send(Action)
    case receive(Action)
  }

  private final class Recorder {
    var sentState: State?
    var received: [(action: Action, state: State)] = []
  }

  private let recorder = Recorder()
  private let store: Store<State, TestAction>
  private var isFinished = false
  private let fileID: StaticString
  private let filePath: StaticString
  private let line: UInt
  private let column: UInt

  /// A test store running `reducer` from `initialState`.
  public init(
    initialState: State,
    reducer: Reducer<State, Action>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.state = initialState
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
    let recorder = self.recorder
    self.store = Store(
      initialState: initialState,
      reducer: Reducer<State, TestAction> { state, testAction in
        switch testAction {
        case .send(let action):
          let effect = reducer.reduce(into: &state, action: action)
          recorder.sentState = state
          return effect.map(TestAction.receive)
        case .receive(let action):
          let effect = reducer.reduce(into: &state, action: action)
          recorder.received.append((action, state))
          return effect.map(TestAction.receive)
        }
      }
    )
  }

  deinit {
    // Runs synchronously where the last reference is dropped (the test, on the main actor), so
    // the test's task-local context is still there to attribute the failure to the right test.
    MainActor.assumeIsolated {
      if !isFinished { completed(fileID: fileID, filePath: filePath, line: line, column: column) }
    }
  }

  /// Sends an action and asserts how it changes state: `updateStateToExpectedResult` gets the
  /// previous state and must turn it into exactly the new state. Omit it when nothing changes.
  ///
  /// ```swift
  /// store.send(.addButtonTapped) {
  ///   $0.todos.insert(Todo.State(id: UUID(0)), at: 0)
  /// }
  /// ```
  public func send(
    _ action: Action,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    if !recorder.received.isEmpty {
      let count = recorder.received.count
      reportIssue(
        """
        Must handle \(count) received \(count == 1 ? "action" : "actions") before sending an \
        action: …

        Unhandled actions: \(dump(recorder.received.map(\.action)))

        To fix, assert against them with "store.receive" before sending "\(describe(action))", \
        or skip them with "store.skipReceivedActions()".
        """,
        fileID: fileID, filePath: filePath, line: line, column: column
      )
      recorder.received.removeAll()
      state = store.state
    }
    recorder.sentState = nil
    let previous = state
    store.send(.send(action))
    let actual = recorder.sentState ?? store.state
    expectedStateShouldMatch(
      previous: previous, actual: actual, update: updateStateToExpectedResult,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
    state = actual
  }

  /// Asserts that the next action an effect fed back is `expectedAction`, and how it changed state.
  ///
  /// ```swift
  /// scheduler.advance(by: .seconds(1))
  /// store.receive(.sortCompletedTodos) { $0.todos = [active, completed] }
  /// ```
  public func receive(
    _ expectedAction: Action,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where Action: Equatable {
    receive(
      expected: { expectedAction },
      matching: { $0 == expectedAction },
      assert: updateStateToExpectedResult,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// Asserts that the next action an effect fed back matches `isMatching`, and how it changed state.
  ///
  /// ```swift
  /// store.receive({ if case .saveFinished = $0 { true } else { false } })
  /// ```
  public func receive(
    _ isMatching: (Action) -> Bool,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    receive(
      expected: nil,
      matching: isMatching,
      assert: updateStateToExpectedResult,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  private func receive(
    expected: (() -> Action)?,
    matching isMatching: (Action) -> Bool,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)?,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) {
    guard !recorder.received.isEmpty else {
      if let expected {
        reportIssue(
          """
          Expected to receive the following action, but didn't: …

          \(dump(expected()).indented(by: 2))

          To fix, make sure an effect sends it: if it is scheduled, advance the test scheduler \
          first ("scheduler.advance(by:)" or "scheduler.run()").
          """,
          fileID: fileID, filePath: filePath, line: line, column: column
        )
      } else {
        reportIssue(
          """
          Expected to receive an action, but received none.

          To fix, make sure an effect sends it: if it is scheduled, advance the test scheduler \
          first ("scheduler.advance(by:)" or "scheduler.run()").
          """,
          fileID: fileID, filePath: filePath, line: line, column: column
        )
      }
      return
    }
    let (receivedAction, receivedState) = recorder.received.removeFirst()
    if !isMatching(receivedAction) {
      let difference =
        expected.flatMap { diff($0(), receivedAction, format: .proportional) }
        .map { "\($0.indented(by: 4))\n\n(Expected: −, Received: +)" }
        ?? "  Received:\n\(dump(receivedAction).indented(by: 4))"
      reportIssue(
        """
        Received unexpected action: …

        \(difference)
        """,
        fileID: fileID, filePath: filePath, line: line, column: column
      )
    }
    expectedStateShouldMatch(
      previous: state, actual: receivedState, update: updateStateToExpectedResult,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
    state = receivedState
  }

  /// Drops every action received and not yet asserted.
  ///
  /// ```swift
  /// store.skipReceivedActions()
  /// ```
  public func skipReceivedActions() {
    recorder.received.removeAll()
    state = store.state
  }

  /// Cancels every effect still running, so the test can end without waiting for them.
  ///
  /// ```swift
  /// store.skipInFlightEffects()
  /// store.finish()
  /// ```
  public func skipInFlightEffects() {
    store.cancelAllEffects()
  }

  /// Asserts that every received action was handled and that no effect is still running.
  /// Called automatically when the test store is deallocated, if not called before.
  ///
  /// ```swift
  /// store.finish()
  /// ```
  public func finish(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    completed(fileID: fileID, filePath: filePath, line: line, column: column)
  }

  private func completed(
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    isFinished = true
    if !recorder.received.isEmpty {
      let count = recorder.received.count
      reportIssue(
        """
        The store received \(count) unexpected \(count == 1 ? "action" : "actions") by the end \
        of this test: …

        Unhandled actions: \(dump(recorder.received.map(\.action)))

        To fix, assert against these actions with "store.receive", or skip them with \
        "store.skipReceivedActions()".
        """,
        fileID: fileID, filePath: filePath, line: line, column: column
      )
    }
    for testAction in store.actionsWithEffectsInFlight {
      let action: Action
      switch testAction {
      case .send(let sent): action = sent
      case .receive(let received): action = received
      }
      reportIssue(
        """
        An effect returned for this action is still running. It must complete before the end of \
        the test. …

          Action:
        \(dump(action).indented(by: 4))

        To fix, inspect any effects the reducer returns for this action and ensure that all of \
        them complete by the end of the test. There are a few reasons why an effect may not have \
        completed:

        • If using a scheduler in the reducer's dependencies, make sure it was advanced far \
        enough for the effect to complete ("scheduler.advance(by:)" or "scheduler.run()").

        • If the effect is long-living ("Effect.callback"), make sure it is finished \
        ("send.finish()") or cancelled ("Effect.cancel(id:)") by an action the test sends.
        """,
        fileID: fileID, filePath: filePath, line: line, column: column
      )
    }
  }

  private func expectedStateShouldMatch(
    previous: State,
    actual: State,
    update: ((inout State) throws -> Void)?,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) {
    var expected = previous
    if let update {
      do {
        try update(&expected)
      } catch {
        reportIssue(
          "Threw error: \(error)",
          fileID: fileID, filePath: filePath, line: line, column: column
        )
        return
      }
    }
    if expected != actual {
      let difference =
        diff(expected, actual, format: .proportional)
        .map { "\($0.indented(by: 4))\n\n(Expected: −, Actual: +)" }
          ?? """
          Expected:
          \(dump(expected).indented(by: 2))
          Actual:
          \(dump(actual).indented(by: 2))
          """
      let heading =
        update == nil
        ? "State was not expected to change, but a change occurred: …"
        : "A state change does not match expectation: …"
      reportIssue(
        "\(heading)\n\n\(difference)",
        fileID: fileID, filePath: filePath, line: line, column: column
      )
    } else if update != nil, expected == previous {
      reportIssue(
        """
        Expected state to change, but no change occurred.

        The trailing closure made no observable modifications to state. If no change to state is \
        expected, omit the trailing closure.
        """,
        fileID: fileID, filePath: filePath, line: line, column: column
      )
    }
  }

  private func dump(_ value: Any) -> String {
    var output = ""
    customDump(value, to: &output)
    return output
  }

  private func describe(_ action: Action) -> String {
    var output = ""
    customDump(action, to: &output, maxDepth: 1)
    return output
  }
}

extension String {
  fileprivate func indented(by count: Int) -> String {
    let indent = String(repeating: " ", count: count)
    return split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.isEmpty ? "" : indent + $0 }
      .joined(separator: "\n")
  }
}
