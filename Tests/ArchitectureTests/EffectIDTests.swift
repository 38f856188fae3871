import ArchitectureTestSupport
import Testing

@testable import Architecture

/// `EffectID`: cancel ids erased without `AnyHashable`, equal as `AnyHashable`s were.
@MainActor
@Suite struct EffectIDTests {
  enum First: Hashable, Sendable { case a, b }
  enum Second: Hashable, Sendable { case a }

  @Test func idsOfOneTypeAreEqualWhenTheirValuesAre() {
    #expect(EffectID(First.a) == EffectID(First.a))
    #expect(EffectID(First.a).hashValue == EffectID(First.a).hashValue)
    #expect(EffectID(First.a) != EffectID(First.b))
    #expect(EffectID("save") == EffectID("save"))
  }

  @Test func idsOfTwoTypesDifferEvenWithTheSameHash() {
    // Both enums hash their first case alike; the type tells them apart.
    #expect(EffectID(First.a) != EffectID(Second.a))
    #expect(EffectID(1) != EffectID("1"))
    let table = [EffectID(First.a): 1, EffectID(Second.a): 2]
    #expect(table[EffectID(First.a)] == 1)
    #expect(table[EffectID(Second.a)] == 2)
  }

  @Test func anErasedIdIsNotErasedAgain() {
    let erased = EffectID(First.a)
    #expect(EffectID(erased) == EffectID(First.a))
    #expect(EffectID(erased).hashValue == EffectID(First.a).hashValue)
    #expect(type(of: EffectID(erased).base) == First.self)
  }

  @Test func anEffectMarkedWithAnErasedIdIsCancelledByItsTypedId() {
    enum Step { case start, cancel, finish }
    let scheduler = TestScheduler()
    let store = Store(
      initialState: 0,
      reducer: Reducer<Int, Step> { state, step in
        switch step {
        case .start:
          return Effect.send(.finish).deferred(for: .seconds(1), scheduler: scheduler)
            .cancellable(id: EffectID(First.a))
        case .cancel:
          return .cancel(id: First.a)
        case .finish:
          state += 1
          return .none
        }
      })
    store.send(.start)
    #expect(store.inFlightEffectCount == 1)
    store.send(.cancel)
    scheduler.advance(by: .seconds(1))
    #expect(store.state == 0)
    #expect(store.inFlightEffectCount == 0)
  }

  /// A child that is not `Identifiable` is one presentation whatever its value: replacing it
  /// keeps its effects running (the `Identifiable` overload's replacement cancels them, in
  /// `IfLetTests`).
  @Test func replacingAChildThatIsNotIdentifiableKeepsItsEffects() {
    struct Counter: Equatable { var count = 0 }
    struct Host: Equatable { var counter: Counter? }
    enum HostAction: Equatable { case counter(Bool), replace }
    let scheduler = TestScheduler()
    let counter = Reducer<Counter, Bool> { state, start in
      if start { return Effect.send(false).deferred(for: .seconds(1), scheduler: scheduler) }
      state.count += 1
      return .none
    }
    let host = Reducer<Host, HostAction> { state, action in
      if action == .replace { state.counter = Counter(count: 10) }
      return .none
    }
    .ifLet(
      \.counter,
      action: CasePath(
        embed: HostAction.counter,
        extract: { if case .counter(let start) = $0 { start } else { nil } }),
      then: counter)
    let store = Store(initialState: Host(counter: Counter()), reducer: host)
    store.send(.counter(true))
    store.send(.replace)
    scheduler.advance(by: .seconds(1))
    #expect(store.state.counter == Counter(count: 11))
  }
}
