import ArchitectureTestSupport
import Testing

@testable import Architecture

/// `cancellationNamespaced`, and `map(_:cancellationNamespace:)` which maps and namespaces in one
/// pass: two copies of a feature that debounce under the same cancel id keep their own work; a
/// cancel in one namespace leaves the other's alone.
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

  /// How a copy's effect is put in its namespace: after the map, or by the map itself.
  enum Way: CaseIterable, Sendable { case namespacedAfterMap, mappedIntoNamespace }

  /// A copy's own work (it sends `String`s), in the pair's actions and the copy's namespace.
  func own(_ effect: Effect<String>, _ copy: String, _ way: Way) -> Effect<Action> {
    switch way {
    case .namespacedAfterMap: effect.map { Action.fired($0) }.cancellationNamespaced(copy)
    case .mappedIntoNamespace: effect.map({ Action.fired($0) }, cancellationNamespace: copy)
    }
  }

  func reducer(_ scheduler: TestScheduler, _ way: Way) -> Reducer<Pair, Action> {
    Reducer { state, action in
      switch action {
      case .typed(let copy):
        return own(
          Effect.send(copy)
            .deferred(for: .seconds(1), scheduler: scheduler)
            .cancellable(id: CancelID.debounce, cancelInFlight: true),
          copy, way)
      case .cancelled(let copy):
        return own(.cancel(id: CancelID.debounce), copy, way)
      case .fired(let copy):
        state.fired.append(copy)
        return .none
      }
    }
  }

  @Test(arguments: Way.allCases)
  func twoNamespacesDebounceUnderOneIdWithoutCancellingEachOther(_ way: Way) {
    let scheduler = TestScheduler()
    let store = TestStore(initialState: Pair(), reducer: reducer(scheduler, way))
    store.send(.typed("a"))
    store.send(.typed("b"))  // the same id, another namespace: a's wait goes on
    scheduler.advance(by: .seconds(1))
    store.receive(.fired("a")) { $0.fired = ["a"] }
    store.receive(.fired("b")) { $0.fired = ["a", "b"] }
  }

  @Test(arguments: Way.allCases)
  func aCancelInOneNamespaceLeavesTheOther(_ way: Way) {
    let scheduler = TestScheduler()
    let store = TestStore(initialState: Pair(), reducer: reducer(scheduler, way))
    store.send(.typed("a"))
    store.send(.typed("b"))
    store.send(.cancelled("a"))
    scheduler.advance(by: .seconds(1))
    store.receive(.fired("b")) { $0.fired = ["b"] }
  }
}
