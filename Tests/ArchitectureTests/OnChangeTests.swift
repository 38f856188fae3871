import Architecture
import ArchitectureTestSupport
import Testing

/// A counter whose changes are watched by `onChange`.
struct Watched: Equatable {
  var count = 0
  /// Changes that do not count (`removeDuplicates` compares `count` only).
  var note = ""
  var log: [String] = []
}

enum WatchedAction: Equatable {
  case incremented
  case noted(String)
  case unchanged
  case changeSeen(from: Int, to: Int)
}

@MainActor
let watchedCore = Reducer<Watched, WatchedAction> { state, action in
  switch action {
  case .incremented: state.count += 1
  case .noted(let note): state.note = note
  case .unchanged: break
  case .changeSeen(let from, let to): state.log.append("seen \(from) → \(to)")
  }
  return .none
}

@MainActor
@Suite struct OnChangeTests {
  @Test func reactsOnlyWhenTheValueChangedWithTheOldValueAndTheNewState() {
    let store = TestStore(
      initialState: Watched(),
      reducer: watchedCore.onChange(of: { $0.count }) { old, state in
        state.log.append("\(old) → \(state.count)")
        return .send(.changeSeen(from: old, to: state.count))
      })
    store.send(.incremented) {
      $0.count = 1
      $0.log = ["0 → 1"]
    }
    store.receive(.changeSeen(from: 0, to: 1)) { $0.log = ["0 → 1", "seen 0 → 1"] }
    store.send(.unchanged)
    store.send(.noted("x")) { $0.note = "x" }
    store.finish()
  }

  @Test func removeDuplicatesDecidesWhatCountsAsAChange() {
    let store = TestStore(
      initialState: Watched(),
      reducer: watchedCore.onChange(
        of: { $0 }, removeDuplicates: { $0.count / 2 == $1.count / 2 }
      ) { old, state in
        state.log.append("\(old.count) → \(state.count)")
        return .none
      })
    store.send(.incremented) { $0.count = 1 }
    store.send(.incremented) {
      $0.count = 2
      $0.log = ["1 → 2"]
    }
    store.send(.noted("y")) { $0.note = "y" }
  }

  @Test func theReactionRunsAfterTheReducerAndItsEffectsAreMerged() {
    let store = TestStore(
      initialState: Watched(),
      reducer: Reducer<Watched, WatchedAction> { state, action in
        guard action == .incremented else {
          return watchedCore.reduce(into: &state, action: action)
        }
        state.count += 1
        return .send(.noted("reducer"))
      }
      .onChange(of: { $0.count }) { old, _ in .send(.changeSeen(from: old, to: old + 1)) })
    store.send(.incremented) { $0.count = 1 }
    store.receive(.noted("reducer")) { $0.note = "reducer" }
    store.receive(.changeSeen(from: 0, to: 1)) { $0.log = ["seen 0 → 1"] }
  }
}
