import Architecture
import ArchitectureTestSupport
import IdentifiedCollections
import Testing

@MainActor
@Suite struct StoreTests {
  @Test func reentrantSendIsQueuedNotRecursed() {
    var log: [String] = []
    let store = Store<[String], String>(
      initialState: [],
      reducer: Reducer { state, action in
        state.append(action)
        switch action {
        case "first":
          let countWhenReduced = state.count
          return .run { send in
            send("second")
            log.append("after sending second: \(countWhenReduced)")
            send("third")
          }
        default:
          return .none
        }
      }
    )
    store.send("first")
    // "second" was queued, not reduced inside the effect: the effect saw the state it captured
    // and actions are reduced in the order they were sent.
    #expect(store.state == ["first", "second", "third"])
    #expect(log == ["after sending second: 1"])
  }

  @Test func actionsSentDuringEffectsOfEarlierActionsRunAfterThem() {
    let store = Store<[String], String>(
      initialState: [],
      reducer: Reducer { state, action in
        state.append(action)
        switch action {
        case "a": return .merge(.send("a1"), .send("a2"))
        case "a1": return .send("a1.1")
        default: return .none
        }
      }
    )
    store.send("a")
    #expect(store.state == ["a", "a1", "a2", "a1.1"])
  }

  @Test func versionGrowsOnlyWhenStateChangesWithIsDuplicate() {
    let store = Store<Int, Int>(
      initialState: 0,
      reducer: Reducer { state, action in
        state = action
        return .none
      },
      isDuplicate: ==
    )
    store.send(0)
    #expect(store.version == 0)
    store.send(1)
    #expect(store.version == 1)
    store.send(1)
    #expect(store.version == 1)
  }

  @Test func concatenateRunsInSequenceAfterDelays() {
    let scheduler = TestScheduler()
    let store = Store<[String], String>(
      initialState: [],
      reducer: Reducer { state, action in
        state.append(action)
        guard action == "start" else { return .none }
        return .concatenate(
          Effect.send("one").deferred(for: .seconds(2), scheduler: scheduler),
          Effect.send("two").deferred(for: .seconds(1), scheduler: scheduler),
          .send("three")
        )
      }
    )
    store.send("start")
    scheduler.advance(by: .seconds(1))
    #expect(store.state == ["start"])
    scheduler.advance(by: .seconds(1))
    #expect(store.state == ["start", "one"])
    scheduler.advance(by: .milliseconds(999))
    #expect(store.state == ["start", "one"])
    scheduler.advance(by: .milliseconds(1))
    #expect(store.state == ["start", "one", "two", "three"])
    #expect(store.inFlightEffectCount == 0)
  }

  @Test func mergeRunsSideBySide() {
    let scheduler = TestScheduler()
    let store = Store<[String], String>(
      initialState: [],
      reducer: Reducer { state, action in
        state.append(action)
        guard action == "start" else { return .none }
        return .merge(
          Effect.send("slow").deferred(for: .seconds(2), scheduler: scheduler),
          Effect.send("fast").deferred(for: .seconds(1), scheduler: scheduler)
        )
      }
    )
    store.send("start")
    #expect(store.inFlightEffectCount == 1)
    scheduler.advance(by: .seconds(2))
    #expect(store.state == ["start", "fast", "slow"])
    #expect(store.inFlightEffectCount == 0)
  }

  @Test func cancelStopsADelayedEffect() {
    enum CancelID { case timer }
    let scheduler = TestScheduler()
    let store = Store<[String], String>(
      initialState: [],
      reducer: Reducer { state, action in
        state.append(action)
        switch action {
        case "start":
          return Effect.send("fired")
            .deferred(for: .seconds(1), scheduler: scheduler)
            .cancellable(id: CancelID.timer)
        case "stop":
          return .cancel(id: CancelID.timer)
        default:
          return .none
        }
      }
    )
    store.send("start")
    store.send("stop")
    scheduler.run()
    #expect(store.state == ["start", "stop"])
    #expect(store.inFlightEffectCount == 0)
    #expect(scheduler.pendingCount == 0)
  }

  @Test func cancellingAConcatenationStartsNothingAfterIt() {
    enum CancelID { case steps }
    let scheduler = TestScheduler()
    let store = Store<[String], String>(
      initialState: [],
      reducer: Reducer { state, action in
        state.append(action)
        switch action {
        case "start":
          return Effect.concatenate(
            Effect.send("one").deferred(for: .seconds(1), scheduler: scheduler),
            .send("two")
          )
          .cancellable(id: CancelID.steps)
        case "stop":
          return .cancel(id: CancelID.steps)
        default:
          return .none
        }
      }
    )
    store.send("start")
    store.send("stop")
    scheduler.run()
    // Cancelling the running step ends the whole sequence: the next step never starts.
    #expect(store.state == ["start", "stop"])
    #expect(store.inFlightEffectCount == 0)
  }

  @Test func cancelInFlightRestartsTheWait() {
    enum CancelID { case debounce }
    let scheduler = TestScheduler()
    let store = Store<[String], String>(
      initialState: [],
      reducer: Reducer { state, action in
        state.append(action)
        guard action.hasPrefix("type") else { return .none }
        return Effect.send("settled after \(action)")
          .deferred(for: .seconds(1), scheduler: scheduler)
          .cancellable(id: CancelID.debounce, cancelInFlight: true)
      }
    )
    store.send("type 1")
    scheduler.advance(by: .milliseconds(600))
    store.send("type 2")
    scheduler.advance(by: .milliseconds(600))
    #expect(store.state == ["type 1", "type 2"])
    scheduler.advance(by: .milliseconds(400))
    #expect(store.state == ["type 1", "type 2", "settled after type 2"])
    #expect(store.inFlightEffectCount == 0)
  }

  @Test func callbackEffectSendsLaterUntilFinished() {
    let scheduler = TestScheduler()
    var cancelled = false
    let store = Store<[Int], Int>(
      initialState: [],
      reducer: Reducer { state, action in
        state.append(action)
        guard action == 0 else { return .none }
        return .callback { send in
          var ticks = 0
          @MainActor func tick() {
            scheduler.schedule(after: .seconds(1)) {
              ticks += 1
              send(ticks)
              if ticks == 3 { send.finish() } else { tick() }
            }
          }
          tick()
          return { cancelled = true }
        }
      }
    )
    store.send(0)
    #expect(store.inFlightEffectCount == 1)
    scheduler.advance(by: .seconds(5))
    #expect(store.state == [0, 1, 2, 3])
    #expect(store.inFlightEffectCount == 0)
    #expect(!cancelled)
  }

  @Test func cancellingACallbackRunsItsCancelHandlerAndIgnoresLaterSends() {
    enum CancelID { case stream }
    var cancelled = false
    var later: Send<String>?
    let store = Store<[String], String>(
      initialState: [],
      reducer: Reducer { state, action in
        state.append(action)
        switch action {
        case "start":
          return Effect.callback { send in
            later = send
            return { cancelled = true }
          }
          .cancellable(id: CancelID.stream)
        case "stop":
          return .cancel(id: CancelID.stream)
        default:
          return .none
        }
      }
    )
    store.send("start")
    store.send("stop")
    later?("too late")
    #expect(cancelled)
    #expect(later?.isCancelled == true)
    #expect(store.state == ["start", "stop"])
  }

  @Test func mapEmbedsChildActions() {
    let store = Store<[String], String>(
      initialState: [],
      reducer: Reducer { state, action in
        state.append(action)
        guard action == "parent" else { return .none }
        return Effect<Int>.send(42).map { "child \($0)" }
      }
    )
    store.send("parent")
    #expect(store.state == ["parent", "child 42"])
  }

  @Test func fireAndForgetSendsNothing() {
    var didWork = false
    let store = Store<Int, Int>(
      initialState: 0,
      reducer: Reducer { state, action in
        state += action
        return .fireAndForget { didWork = true }
      }
    )
    store.send(1)
    #expect(didWork)
    #expect(store.state == 1)
    #expect(store.inFlightEffectCount == 0)
  }

  @Test func scopeRunsTheChildOnItsSlice() {
    struct Parent: Equatable {
      var child = 0
      var log: [String] = []
    }
    enum ParentAction {
      case child(Int)
      case other
    }
    let child = Reducer<Int, Int> { state, action in
      state += action
      return action == 1 ? .send(10) : .none
    }
    let parent = Reducer<Parent, ParentAction>.combine(
      child.scope(
        state: \.child,
        action: ActionPath(
          embed: ParentAction.child,
          extract: { if case .child(let value) = $0 { value } else { nil } }
        )
      ),
      Reducer { state, action in
        state.log.append("\(action)")
        return .none
      }
    )
    let store = Store(initialState: Parent(), reducer: parent)
    store.send(.child(1))
    store.send(.other)
    #expect(store.state.child == 11)
    #expect(store.state.log == ["child(1)", "child(10)", "other"])
  }
}
