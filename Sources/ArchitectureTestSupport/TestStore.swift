import Architecture
import CustomDump

/// A store for tests that asserts, exhaustively, everything a reducer does.
///
/// Every state change must be described in `send`/`receive` closures, every action an effect
/// feeds back must be received, and no effect may still be running when the test ends (it is
/// reported at the `send` that started it). Failures show a −/+ diff and are reported through
/// `RuntimeIssues` to `TestIssueReporter`, so they fail XCTest and Swift Testing tests alike. Integration tests that
/// assert only what they are about set `exhaustivity = .off`.
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
  /// Whether every change, received action and running effect must be asserted (`.on`, the
  /// default) or only what the test asserts (`.off`).
  public var exhaustivity: Exhaustivity = .on

  private enum TestAction {
    /// An action the test sent, from where it sent it.
    case send(Action, SourceLocation)
    /// An action an effect fed back, with the location of the `send` it comes from.
    case receive(Action, SourceLocation)
  }

  private final class Recorder {
    var sentState: State?
    var received: [(action: Action, state: State)] = []
  }

  private let recorder = Recorder()
  private let store: Store<State, TestAction>
  private var isFinished = false
  private let location: SourceLocation

  /// A test store running `reducer` from `initialState`.
  public init(
    initialState: State,
    reducer: Reducer<State, Action>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    TestIssueReporter.install()
    self.state = initialState
    self.location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let recorder = self.recorder
    self.store = Store(
      initialState: initialState,
      reducer: Reducer<State, TestAction> { state, testAction in
        switch testAction {
        case .send(let action, let origin):
          let effect = reducer.reduce(into: &state, action: action)
          recorder.sentState = state
          return effect.map { TestAction.receive($0, origin) }
        case .receive(let action, let origin):
          let effect = reducer.reduce(into: &state, action: action)
          recorder.received.append((action, state))
          return effect.map { TestAction.receive($0, origin) }
        }
      }
    )
  }

  deinit {
    // Runs synchronously where the last reference is dropped (the test, on the main actor), so
    // the test's task-local context is still there to attribute the failure to the right test.
    MainActor.assumeIsolated {
      if !isFinished { completed(at: location) }
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
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    if !recorder.received.isEmpty {
      let actions = recorder.received.map(\.action)
      if exhaustivity == .on {
        TestStoreFailure.unhandledBeforeSend(actions, sending: action).report(at: location)
      } else {
        skipped(TestStoreFailure.skippedReceivedActions(actions), at: location)
      }
      skipReceivedActions()
    }
    recorder.sentState = nil
    let previous = state
    store.send(.send(action, location))
    let actual = recorder.sentState ?? store.state
    expectedStateShouldMatch(
      previous: previous, actual: actual, update: updateStateToExpectedResult, at: location)
    state = actual
  }

  /// Asserts that the next action an effect fed back is `expectedAction`, and how it changed
  /// state. Non-exhaustive, it skips received actions until one is `expectedAction`.
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
      at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Asserts that the next action an effect fed back matches `isMatching`, and how it changed
  /// state. Non-exhaustive, it skips received actions until one matches.
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
      at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  private func receive(
    expected: (() -> Action)?,
    matching isMatching: (Action) -> Bool,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)?,
    at location: SourceLocation
  ) {
    if exhaustivity != .on, !recorder.received.isEmpty {
      guard let index = recorder.received.firstIndex(where: { isMatching($0.action) }) else {
        TestStoreFailure.noMatchingAction(
          expected: expected?(), received: recorder.received.map(\.action)
        )
        .report(at: location)
        return
      }
      if index > 0 {
        let skippedActions = recorder.received[..<index].map(\.action)
        skipped(TestStoreFailure.skippedReceivedActions(skippedActions), at: location)
        state = recorder.received[index - 1].state
        recorder.received.removeFirst(index)
      }
    }
    guard !recorder.received.isEmpty else {
      TestStoreFailure.nothingReceived(expected: expected?()).report(at: location)
      return
    }
    let (receivedAction, receivedState) = recorder.received.removeFirst()
    guard isMatching(receivedAction) else {
      // One failure for one wrong action: the state closure described the expected action, so
      // comparing it with what the received one did would only report the same mistake again.
      TestStoreFailure.unexpectedAction(receivedAction, expected: expected?()).report(at: location)
      state = receivedState
      return
    }
    expectedStateShouldMatch(
      previous: state, actual: receivedState, update: updateStateToExpectedResult, at: location)
    state = receivedState
  }

  /// Asserts that no effect fed an action back that the test has not received yet.
  ///
  /// ```swift
  /// scheduler.advance(by: .milliseconds(999))
  /// store.assertNothingReceived()  // the sort is 1 s after the toggle: not yet
  /// ```
  public func assertNothingReceived(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    guard !recorder.received.isEmpty else { return }
    TestStoreFailure.receivedWhenNothingExpected(recorder.received.map(\.action))
      .report(at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    skipReceivedActions()
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

  /// Asserts that every received action was handled and that no effect is still running (each
  /// one is reported at the `send` it comes from), then cancels what still runs. Called
  /// automatically when the test store is deallocated, if not called before.
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
    completed(
      at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  private func completed(at location: SourceLocation) {
    isFinished = true
    if !recorder.received.isEmpty {
      let actions = recorder.received.map(\.action)
      if exhaustivity == .on {
        TestStoreFailure.unhandledAtTheEnd(actions).report(at: location)
      } else {
        skipped(TestStoreFailure.skippedReceivedActions(actions), at: location)
      }
      skipReceivedActions()
    }
    for testAction in store.actionsWithEffectsInFlight {
      let (action, origin) =
        switch testAction {
        case .send(let action, let origin): (action, origin)
        case .receive(let action, let origin): (action, origin)
        }
      if exhaustivity == .on {
        TestStoreFailure.effectStillRunning(action).report(at: origin)
      } else {
        skipped(TestStoreFailure.skippedRunningEffect(action), at: origin)
      }
    }
    store.cancelAllEffects()
  }

  private func expectedStateShouldMatch(
    previous: State,
    actual: State,
    update: ((inout State) throws -> Void)?,
    at location: SourceLocation
  ) {
    guard var expected = applying(update, to: previous, at: location) else { return }
    if exhaustivity != .on {
      // Only what the closure sets is compared: apply it to the actual state.
      guard let expectedFromActual = applying(update, to: actual, at: location) else { return }
      if expected != expectedFromActual {
        skipped(TestStoreFailure.skippedStateChange(expected, expectedFromActual), at: location)
      }
      expected = expectedFromActual
    }
    if expected != actual {
      TestStoreFailure.stateMismatch(expected: expected, actual: actual, closure: update != nil)
        .report(at: location)
    } else if exhaustivity == .on, update != nil, expected == previous {
      TestStoreFailure.closureChangedNothing.report(at: location)
    }
  }

  private func applying(
    _ update: ((inout State) throws -> Void)?, to state: State, at location: SourceLocation
  ) -> State? {
    var state = state
    do {
      try update?(&state)
      return state
    } catch {
      TestStoreFailure.threw(error).report(at: location)
      return nil
    }
  }

  private func skipped(_ failure: TestStoreFailure, at location: SourceLocation) {
    guard case .off(showSkippedAssertions: true) = exhaustivity else { return }
    failure.report(at: location, severity: .warning)
  }
}

/// Where a test called the test store.
struct SourceLocation {
  var fileID: StaticString
  var filePath: StaticString
  var line: UInt
  var column: UInt
}
