import ArchitectureTestSupport
import Testing

@testable import Architecture

/// `cancellationNamespaced`: two copies of a feature that debounce under the same cancel id
/// keep their own work; a cancel in one namespace leaves the other's alone.
@MainActor
@Suite struct CancellationNamespaceTests {
  enum CancelID { case debounce }

  struct Pair: Equatable {
    var fired: [String] = []
  }

  enum Action: Equatable {
    case typed(String)
    case cancelled(String)
    case fired(String)
  }

  func reducer(_ scheduler: TestScheduler) -> Reducer<Pair, Action> {
    Reducer { state, action in
      switch action {
      case .typed(let copy):
        return Effect.send(.fired(copy))
          .deferred(for: .seconds(1), scheduler: scheduler)
          .cancellable(id: CancelID.debounce, cancelInFlight: true)
          .cancellationNamespaced(copy)
      case .cancelled(let copy):
        return Effect<Action>.cancel(id: CancelID.debounce).cancellationNamespaced(copy)
      case .fired(let copy):
        state.fired.append(copy)
        return .none
      }
    }
  }

  @Test func twoNamespacesDebounceUnderOneIdWithoutCancellingEachOther() {
    let scheduler = TestScheduler()
    let store = TestStore(initialState: Pair(), reducer: reducer(scheduler))
    store.send(.typed("a"))
    store.send(.typed("b"))  // the same id, another namespace: a's wait goes on
    scheduler.advance(by: .seconds(1))
    store.receive(.fired("a")) { $0.fired = ["a"] }
    store.receive(.fired("b")) { $0.fired = ["a", "b"] }
  }

  @Test func aCancelInOneNamespaceLeavesTheOther() {
    let scheduler = TestScheduler()
    let store = TestStore(initialState: Pair(), reducer: reducer(scheduler))
    store.send(.typed("a"))
    store.send(.typed("b"))
    store.send(.cancelled("a"))
    scheduler.advance(by: .seconds(1))
    store.receive(.fired("b")) { $0.fired = ["b"] }
  }
}
