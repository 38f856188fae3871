import MallocCounter
import Testing

@testable import Architecture

/// The two-effect `merge` and `concatenate` every reducer layer returns: the same work as the
/// variadic forms, and nothing allocated when one side does nothing (a key's action passes
/// half a dozen of them on its way down and back up).
@MainActor
@Suite struct EffectCompositionTests {
  enum Action: Equatable { case a, b }

  /// The actions an effect sends, in order, when run in a store to its end.
  private func sent(_ effect: Effect<Action>) -> [Action] {
    var received: [Action] = []
    let store = Store(
      initialState: 0,
      reducer: Reducer<Int, Action?> { _, action in
        guard let action else { return effect.map { $0 } }
        received.append(action)
        return .none
      })
    store.send(nil)
    return received
  }

  @Test func twoEffectsRunAsTheVariadicFormsRunThem() {
    #expect(sent(.merge(.send(.a), .send(.b))) == [.a, .b])
    #expect(sent(.concatenate(.send(.b), .send(.a))) == [.b, .a])
    #expect(sent(.merge(.none, .send(.b))) == [.b])
    #expect(sent(.concatenate(.send(.a), .none)) == [.a])
    #expect(Effect<Action>.merge(.none, .none).isNone)
    #expect(Effect<Action>.concatenate(.none, .none).isNone)
  }

  /// The mallocs of `compose`, run once before counting (the types' metadata is made on
  /// first use).
  private func mallocs(_ compose: () -> Effect<Action>) -> (count: Int, effect: Effect<Action>) {
    _ = compose()
    malloc_counter_start()
    let effect = compose()
    return (malloc_counter_stop(), effect)
  }

  @Test func composingEffectsThatDoNothingAllocatesNothing() {
    let (count, effect) = mallocs {
      let merged = Effect<Action>.merge(.none, .none)
      let concatenated = Effect<Action>.concatenate(merged, .none)
      let nested = Effect<Action>.concatenate(.none, .merge(concatenated, .none))
      return nested.cancellationNamespaced("list")
    }
    #expect(effect.isNone)
    #expect(count == 0, "mallocs: \(count)")
  }

  @Test func oneSideDoingWorkIsPassedOnAsItIs() {
    let (count, effect) = mallocs {
      Effect<Action>.concatenate(.none, .merge(.send(.a), .none))
    }
    #expect(count == 0, "mallocs: \(count)")
    #expect(sent(effect) == [.a])
  }
}
