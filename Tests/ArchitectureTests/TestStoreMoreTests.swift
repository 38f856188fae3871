import Architecture
import ArchitectureTestSupport
import Testing

/// `assertNothingReceived` and the non-exhaustive mode, pinned by their texts.
@MainActor
@Suite struct TestStoreMoreTests {
  @Test func assertNothingReceivedPassesWhileNothingArrived() {
    let scheduler = TestScheduler()
    let messages = collectIssues {
      let store = TestStore(initialState: Counter(), reducer: counterReducer(scheduler: scheduler))
      store.send(.startTimerButtonTapped) { $0.isTimerOn = true }
      scheduler.advance(by: .milliseconds(999))
      // Checks the received actions only: it sends nothing, so the state stays as asserted.
      store.assertNothingReceived()
      scheduler.advance(by: .milliseconds(1))
      store.receive(.timerTicked) { $0.count = 1 }
      store.finish()
    }
    #expect(messages == [])
  }

  @Test func assertNothingReceivedReportsWhatArrived() {
    let messages = collectIssues {
      let store = TestStore(
        initialState: Counter(), reducer: counterReducer(scheduler: TestScheduler()))
      store.send(.twoEffectsButtonTapped)
      store.assertNothingReceived()
      // Reported once: the actions are dropped, so neither the next send nor the end of the
      // test reports them again.
      store.send(.noop)
      store.finish()
    }
    #expect(
      messages == [
        """
        Expected to have received no actions, but received 2 actions: …

        Unhandled actions: [
          [0]: .first,
          [1]: .second
        ]

        To fix, assert against them with "store.receive" (or skip them with \
        "store.skipReceivedActions()"); if they came too early, advance the test scheduler less \
        far before asserting that nothing was received.
        """
      ])
  }

  @Test func nonExhaustiveSendComparesOnlyWhatTheClosureSets() {
    let messages = collectIssues {
      let store = TestStore(
        initialState: Counter(), reducer: counterReducer(scheduler: TestScheduler()))
      store.exhaustivity = .off
      store.send(.bothButtonTapped) { $0.count = 1 }  // isTimerOn changed too: not asserted
      store.send(.incrementButtonTapped)  // no closure: nothing asserted
      store.send(.incrementButtonTapped) { $0.isTimerOn = true }  // already true: still fine
      #expect(store.state == Counter(count: 3, isTimerOn: true))
    }
    #expect(messages == [])
  }

  @Test func nonExhaustiveSendStillReportsAWrongValue() {
    let messages = collectIssues {
      let store = TestStore(
        initialState: Counter(), reducer: counterReducer(scheduler: TestScheduler()))
      store.exhaustivity = .off
      store.send(.bothButtonTapped) { $0.count = 2 }
    }
    let same = "\u{2007}"
    #expect(
      messages == [
        """
        A state change does not match expectation: …

            \(same) Counter(
            −   count: 2,
            +   count: 1,
            \(same)   isTimerOn: true
            \(same) )

        (Expected: −, Actual: +)
        """
      ])
  }

  @Test func nonExhaustiveReceiveSkipsToTheMatchingAction() {
    let scheduler = TestScheduler()
    let messages = collectIssues {
      let store = TestStore(initialState: Counter(), reducer: counterReducer(scheduler: scheduler))
      store.exhaustivity = .off
      store.send(.twoEffectsButtonTapped)
      store.receive(.second)
      // Unreceived actions before a send, and at the end, and running effects are allowed.
      store.send(.delayedIncrementButtonTapped)
      store.send(.startTimerButtonTapped)
      store.finish()
    }
    #expect(messages == [])
    // What was still running was cancelled.
    #expect(scheduler.pendingCount == 0)
  }

  @Test func nonExhaustiveReceiveReportsAnActionThatNeverCame() {
    let messages = collectIssues {
      let store = TestStore(
        initialState: Counter(), reducer: counterReducer(scheduler: TestScheduler()))
      store.exhaustivity = .off
      store.send(.twoEffectsButtonTapped)
      store.receive(.timerTicked)
    }
    #expect(
      messages == [
        """
        Expected to receive the following action, but none of the 2 actions received matches: …

          CounterAction.timerTicked

        Received actions: [
          [0]: .first,
          [1]: .second
        ]

        To fix, make sure an effect sends it: if it is scheduled, advance the test scheduler \
        first ("scheduler.advance(by:)" or "scheduler.run()").
        """
      ])
  }

  @Test func showSkippedAssertionsReportsWarnings() {
    let scheduler = TestScheduler()
    var startLine: UInt = 0
    let issues = collectIssueEntries {
      let store = TestStore(initialState: Counter(), reducer: counterReducer(scheduler: scheduler))
      store.exhaustivity = .off(showSkippedAssertions: true)
      store.send(.bothButtonTapped) { $0.count = 1 }
      store.send(.twoEffectsButtonTapped)
      store.receive(.second)
      startLine = #line + 1
      store.send(.startTimerButtonTapped)
      store.finish()
    }
    let same = "\u{2007}"
    #expect(issues.allSatisfy { $0.severity == .warning })
    #expect(
      issues.map(\.message) == [
        """
        Skipped asserting these state changes: …

            \(same) Counter(
            \(same)   count: 1,
            −   isTimerOn: false
            +   isTimerOn: true
            \(same) )

        (Asserted: −, Actual: +)
        """,
        """
        Skipped receiving 1 action: …

        Skipped actions: [
          [0]: .first
        ]
        """,
        """
        Skipped an effect still running at the end of the test (it was cancelled): …

          Action:
            CounterAction.startTimerButtonTapped
        """,
      ])
    #expect(issues.last?.line == startLine)
  }
}
