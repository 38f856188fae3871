import Architecture
import ArchitectureTestSupport
import Testing

struct Counter: Equatable {
  var count = 0
  var isTimerOn = false
}

enum CounterAction: Equatable {
  case incrementButtonTapped
  case noop
  case startTimerButtonTapped
  case timerTicked
  case delayedIncrementButtonTapped
  case twoEffectsButtonTapped
  case first
  case second
  case chainButtonTapped
  case bothButtonTapped
}

@MainActor
func counterReducer(scheduler: any Scheduler) -> Reducer<Counter, CounterAction> {
  Reducer { state, action in
    switch action {
    case .incrementButtonTapped:
      state.count += 1
      return .none
    case .noop:
      return .none
    case .startTimerButtonTapped:
      state.isTimerOn = true
      return Effect.send(.timerTicked).deferred(for: .seconds(1), scheduler: scheduler)
    case .timerTicked:
      state.count += 1
      return .none
    case .delayedIncrementButtonTapped:
      return .send(.incrementButtonTapped)
    case .twoEffectsButtonTapped:
      return .merge(.send(.first), .send(.second))
    case .first, .second:
      return .none
    case .chainButtonTapped:
      return .send(.startTimerButtonTapped)
    case .bothButtonTapped:
      state.count += 1
      state.isTimerOn = true
      return .none
    }
  }
}

/// Each TestStore failure, pinned by its text.
@MainActor
@Suite struct TestStoreTests {
  @Test func passesWhenEverythingIsAsserted() {
    let scheduler = TestScheduler()
    let messages = collectIssues {
      let store = TestStore(initialState: Counter(), reducer: counterReducer(scheduler: scheduler))
      store.send(.startTimerButtonTapped) { $0.isTimerOn = true }
      scheduler.advance(by: .seconds(1))
      store.receive(.timerTicked) { $0.count = 1 }
      store.finish()
    }
    #expect(messages == [])
  }

  @Test func stateMismatchShowsADiff() {
    let messages = collectIssues {
      let store = TestStore(
        initialState: Counter(), reducer: counterReducer(scheduler: TestScheduler()))
      store.send(.incrementButtonTapped) { $0.count = 2 }
    }
    // Unchanged lines are marked with a figure space (U+2007) so columns line up.
    let same = "\u{2007}"
    #expect(
      messages == [
        """
        A state change does not match expectation: …

            \(same) Counter(
            −   count: 2,
            +   count: 1,
            \(same)   isTimerOn: false
            \(same) )

        (Expected: −, Actual: +)
        """
      ])
  }

  @Test func unexpectedStateChangeWithoutAClosure() {
    let messages = collectIssues {
      let store = TestStore(
        initialState: Counter(), reducer: counterReducer(scheduler: TestScheduler()))
      store.send(.incrementButtonTapped)
    }
    #expect(messages.count == 1)
    #expect(
      messages.first?.hasPrefix(
        "State was not expected to change, but a change occurred: …") == true)
    #expect(messages.first?.contains("−   count: 0,\n    +   count: 1,") == true)
    #expect(messages.first?.hasSuffix("(Expected: −, Actual: +)") == true)
  }

  @Test func closureThatChangesNothing() {
    let messages = collectIssues {
      let store = TestStore(
        initialState: Counter(), reducer: counterReducer(scheduler: TestScheduler()))
      store.send(.noop) { _ in }
    }
    #expect(
      messages == [
        """
        Expected state to change, but no change occurred.

        The trailing closure made no observable modifications to state. If no change to state is \
        expected, omit the trailing closure.
        """
      ])
  }

  @Test func unreceivedActionAtTheEnd() {
    let messages = collectIssues {
      let store = TestStore(
        initialState: Counter(), reducer: counterReducer(scheduler: TestScheduler()))
      store.send(.delayedIncrementButtonTapped)
      store.finish()
    }
    #expect(messages.count == 1)
    #expect(
      messages.first?.hasPrefix(
        "The store received 1 unexpected action by the end of this test: …") == true)
    #expect(messages.first?.contains(".incrementButtonTapped") == true)
    #expect(messages.first?.contains("To fix, assert against these actions") == true)
  }

  @Test func sendingBeforeHandlingReceivedActions() {
    let messages = collectIssues {
      let store = TestStore(
        initialState: Counter(), reducer: counterReducer(scheduler: TestScheduler()))
      store.send(.twoEffectsButtonTapped)
      store.send(.noop)
    }
    #expect(messages.count == 1)
    #expect(
      messages.first?.hasPrefix("Must handle 2 received actions before sending an action: …")
        == true)
  }

  @Test func effectStillRunningAtTheEnd() {
    let messages = collectIssues {
      let store = TestStore(
        initialState: Counter(), reducer: counterReducer(scheduler: TestScheduler()))
      store.send(.startTimerButtonTapped) { $0.isTimerOn = true }
      store.finish()
    }
    #expect(messages.count == 1)
    let message = messages.first ?? ""
    #expect(
      message.hasPrefix(
        """
        An effect returned for this action is still running. It must complete before the end of \
        the test. …

          Action:
            CounterAction.startTimerButtonTapped

        To fix, inspect any effects the reducer returns for this action
        """))
  }

  @Test func deinitChecksWhenFinishIsForgotten() {
    let messages = collectIssues {
      do {
        let store = TestStore(
          initialState: Counter(), reducer: counterReducer(scheduler: TestScheduler()))
        store.send(.startTimerButtonTapped) { $0.isTimerOn = true }
      }
    }
    #expect(messages.count == 1)
    #expect(
      messages.first?.hasPrefix("An effect returned for this action is still running") == true)
  }

  @Test func receiveWhenNothingWasSent() {
    let messages = collectIssues {
      let store = TestStore(
        initialState: Counter(), reducer: counterReducer(scheduler: TestScheduler()))
      store.send(.startTimerButtonTapped) { $0.isTimerOn = true }
      store.receive(.timerTicked) { $0.count = 1 }
      store.skipInFlightEffects()
    }
    #expect(
      messages == [
        """
        Expected to receive the following action, but didn't: …

          CounterAction.timerTicked

        To fix, make sure an effect sends it: if it is scheduled, advance the test scheduler \
        first ("scheduler.advance(by:)" or "scheduler.run()").
        """
      ])
  }

  @Test func receivingTheWrongAction() {
    let messages = collectIssues {
      let store = TestStore(
        initialState: Counter(), reducer: counterReducer(scheduler: TestScheduler()))
      store.send(.twoEffectsButtonTapped)
      store.receive(.second)
      store.receive(.first)
    }
    #expect(messages.count == 2)
    #expect(
      messages.first
        == """
        Received unexpected action: …

            − CounterAction.second
            + CounterAction.first

        (Expected: −, Received: +)
        """)
  }

  @Test func aWrongReceivedActionIsReportedOnce() {
    let messages = collectIssues {
      let store = TestStore(
        initialState: Counter(), reducer: counterReducer(scheduler: TestScheduler()))
      store.send(.delayedIncrementButtonTapped)
      // The closure describes what `.timerTicked` would do; the received action is another one,
      // so its state is not compared with the closure's (that would report the mistake twice).
      store.receive(.timerTicked) { $0.count = 5 }
      store.finish()
    }
    #expect(
      messages == [
        """
        Received unexpected action: …

            − CounterAction.timerTicked
            + CounterAction.incrementButtonTapped

        (Expected: −, Received: +)
        """
      ])
  }

  @Test func anEffectStillRunningIsReportedAtTheSendThatStartedIt() {
    let scheduler = TestScheduler()
    var chainLine: UInt = 0
    let issues = collectIssueEntries {
      let store = TestStore(initialState: Counter(), reducer: counterReducer(scheduler: scheduler))
      store.send(.startTimerButtonTapped) { $0.isTimerOn = true }
      scheduler.advance(by: .seconds(1))
      store.receive(.timerTicked) { $0.count = 1 }
      store.send(.incrementButtonTapped) { $0.count = 2 }
      // The timer started by the received action is this send's too.
      chainLine = #line + 1
      store.send(.chainButtonTapped)
      store.receive(.startTimerButtonTapped)
      store.finish()
    }
    #expect(issues.count == 1)
    #expect(issues.first?.line == chainLine)
    #expect(issues.first?.fileID == "ArchitectureTests/TestStoreTests.swift")
    #expect(issues.first?.message.contains("CounterAction.startTimerButtonTapped") == true)
  }

  @Test func eachRunningEffectIsReportedAtItsOwnSend() {
    let lines = collectIssueEntries {
      let store = TestStore(
        initialState: Counter(), reducer: counterReducer(scheduler: TestScheduler()))
      store.send(.startTimerButtonTapped) { $0.isTimerOn = true }  // line A
      store.send(.chainButtonTapped)  // line B
      store.receive(.startTimerButtonTapped)
    }
    .map(\.line)
    #expect(lines.count == 2)
    #expect(lines.count == 2 && lines[1] == lines[0] + 1)
  }

  @Test func skipReceivedActionsLetsATestMoveOn() {
    let messages = collectIssues {
      let store = TestStore(
        initialState: Counter(), reducer: counterReducer(scheduler: TestScheduler()))
      store.send(.delayedIncrementButtonTapped)
      store.skipReceivedActions()
      #expect(store.state.count == 1)
      store.finish()
    }
    #expect(messages == [])
  }
}

/// Without a custom reporter, TestStore failures fail the running Swift Testing test.
@MainActor
@Suite struct TestStoreFailsTests {
  @Test func aMismatchIsRecordedAsATestIssue() {
    withKnownIssue {
      let store = TestStore(
        initialState: Counter(), reducer: counterReducer(scheduler: TestScheduler()))
      store.send(.incrementButtonTapped) { $0.count = 2 }
    } matching: { issue in
      String(describing: issue).contains("A state change does not match expectation")
    }
  }
}
