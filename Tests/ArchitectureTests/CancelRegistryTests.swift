import ArchitectureTestSupport
import Testing

@testable import Architecture

/// The store's record of which running effects each cancel id marks: every change of it looks
/// the id up once, and a cancel by id leaves nothing behind under the effect's other ids.
@MainActor
@Suite struct CancelRegistryTests {
  enum CancelID { case first, second }

  /// A store whose "both" marks a timer with both ids, "second" a timer with the second alone.
  func makeStore(_ scheduler: TestScheduler) -> Store<[String], String> {
    Store(
      initialState: [],
      reducer: Reducer { state, action in
        state.append(action)
        switch action {
        case "both":
          return Effect.send("both fired")
            .deferred(for: .seconds(1), scheduler: scheduler)
            .cancellable(id: CancelID.first)
            .cancellable(id: CancelID.second)
        case "second":
          return Effect.send("second fired")
            .deferred(for: .seconds(1), scheduler: scheduler)
            .cancellable(id: CancelID.second)
        case "cancel first": return .cancel(id: CancelID.first)
        case "cancel second": return .cancel(id: CancelID.second)
        default: return .none
        }
      }
    )
  }

  /// A store running both timers: "both" (under both ids), then "second".
  func startBothTimers() -> (TestScheduler, Store<[String], String>) {
    let scheduler = TestScheduler()
    let store = makeStore(scheduler)
    store.send("both")
    store.send("second")
    return (scheduler, store)
  }

  @Test func aCancelByOneIdUnregistersTheEffectUnderItsOthers() {
    let (scheduler, store) = startBothTimers()
    #expect(store.cancellables.count == 2)
    store.send("cancel first")
    // The effect marked with both ids is gone from under the second id too; the other stays.
    #expect(store.cancellables.count == 1)
    guard case .one = store.cancellables[EffectID(CancelID.second)] else {
      Issue.record("expected the second timer alone under the second id")
      return
    }
    scheduler.run()
    #expect(store.state == ["both", "second", "cancel first", "second fired"])
    #expect(store.cancellables.isEmpty)
    #expect(store.inFlightEffectCount == 0)
  }

  @Test func aCancelOfSeveralEffectsUnderOneIdEndsThemAll() {
    let (scheduler, store) = startBothTimers()
    guard case .many(let lifetimes) = store.cancellables[EffectID(CancelID.second)] else {
      Issue.record("expected two timers under the second id")
      return
    }
    #expect(lifetimes.count == 2)
    store.send("cancel second")
    scheduler.run()
    #expect(store.state == ["both", "second", "cancel second"])
    #expect(store.cancellables.isEmpty)
    #expect(store.inFlightEffectCount == 0)
  }

  @Test func anEffectThatEndsUnregistersItself() {
    let (scheduler, store) = startBothTimers()
    scheduler.run()
    #expect(store.state == ["both", "second", "both fired", "second fired"])
    #expect(store.cancellables.isEmpty)
  }
}
