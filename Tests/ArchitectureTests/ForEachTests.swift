import ArchitectureTestSupport
import IdentifiedCollections
import Testing

@testable import Architecture

/// A row with its own small domain, and a list that holds rows addressed by id.
struct Row: Equatable, Identifiable {
  var id: Int
  var count = 0
  var log: [String] = []
}

enum RowAction: Equatable {
  case tapped
  case delayedTapped
  case delayFinished
}

struct List: Equatable {
  var rows: IdentifiedArrayOf<Row> = []
  var parentLog: [String] = []
}

enum ListAction: Equatable {
  case row(IdentifiedAction<Int, RowAction>)
  case remove(id: Int)
  /// Puts a new row with id `new` where row `id` was: the count stays the same.
  case replace(id: Int, with: Int)
  case reverse
  /// Sets the rows to these ids, in this order: rows already there keep their state.
  case arrange([Int])
}

@MainActor
func listReducer(scheduler: any Scheduler) -> Reducer<List, ListAction> {
  let row = Reducer<Row, RowAction> { state, action in
    switch action {
    case .tapped:
      state.count += 1
      return .none
    case .delayedTapped:
      return Effect.send(.delayFinished).deferred(for: .seconds(1), scheduler: scheduler)
    case .delayFinished:
      state.log.append("delay finished")
      return .none
    }
  }
  return Reducer<List, ListAction> { state, action in
    switch action {
    case .row(let identified):
      // The parent runs after the row: it sees the row's new state.
      let count = state.rows[id: identified.id]?.count ?? -1
      state.parentLog.append("row \(identified.id) \(identified.action) → count \(count)")
      return .none
    case .remove(let id):
      state.rows.remove(id: id)
      return .none
    case .replace(let id, let new):
      guard let index = state.rows.index(id: id) else { return .none }
      state.rows.remove(at: index)
      state.rows.insert(Row(id: new), at: index)
      return .none
    case .reverse:
      state.rows.reverse()
      return .none
    case .arrange(let ids):
      state.rows = IdentifiedArray(uniqueElements: ids.map { state.rows[id: $0] ?? Row(id: $0) })
      return .none
    }
  }
  .forEach(
    \.rows,
    action: ActionPath(
      embed: ListAction.row,
      extract: { if case .row(let action) = $0 { action } else { nil } }
    ),
    element: row
  )
}

@MainActor
@Suite struct ForEachTests {
  @Test func routesByIdToTheRowThenToTheParent() {
    let store = Store(
      initialState: List(rows: [Row(id: 10), Row(id: 20)]),
      reducer: listReducer(scheduler: TestScheduler())
    )
    store.send(.row(.element(id: 20, action: .tapped)))
    #expect(store.state.rows[id: 20]?.count == 1)
    #expect(store.state.rows[id: 10]?.count == 0)
    #expect(store.state.parentLog == ["row 20 tapped → count 1"])
  }

  @Test func aDelayedRowEffectFindsItsRowAfterTheRowsMoved() {
    let scheduler = TestScheduler()
    let store = Store(
      initialState: List(rows: [Row(id: 1), Row(id: 2), Row(id: 3)]),
      reducer: listReducer(scheduler: scheduler)
    )
    store.send(.row(.element(id: 1, action: .delayedTapped)))
    store.send(.reverse)  // row 1 moves from the first position to the last one
    scheduler.advance(by: .seconds(1))
    #expect(store.state.rows.map(\.id) == [3, 2, 1])
    #expect(store.state.rows[id: 1]?.log == ["delay finished"])
    #expect(store.state.rows[id: 3]?.log == [])
  }

  @Test func anActionForAMissingIdIsReported() {
    let store = Store(
      initialState: List(rows: [Row(id: 1)]),
      reducer: listReducer(scheduler: TestScheduler())
    )
    let messages = collectIssues {
      store.send(.row(.element(id: 99, action: .tapped)))
    }
    #expect(messages.count == 1)
    #expect(messages.first?.contains("received an action for a missing element") == true)
    #expect(messages.first?.contains("To fix, make sure the element exists") == true)
    #expect(store.state.rows[id: 1]?.count == 0)
  }

  @Test func removingARowCancelsItsEffects() {
    let scheduler = TestScheduler()
    let store = Store(
      initialState: List(rows: [Row(id: 1), Row(id: 2)]),
      reducer: listReducer(scheduler: scheduler)
    )
    store.send(.row(.element(id: 1, action: .delayedTapped)))
    store.send(.row(.element(id: 2, action: .delayedTapped)))
    #expect(store.inFlightEffectCount == 2)
    let messages = collectIssues {
      store.send(.remove(id: 1))
      scheduler.advance(by: .seconds(1))
    }
    // Row 1's delayed action was cancelled, so nothing reported a missing element.
    #expect(messages == [])
    #expect(store.inFlightEffectCount == 0)
    #expect(store.state.rows.map(\.id) == [2])
    #expect(store.state.rows[id: 2]?.log == ["delay finished"])
  }

  @Test func replacingARowWithoutChangingTheCountStillCancelsItsEffects() {
    let scheduler = TestScheduler()
    let store = Store(
      initialState: List(rows: [Row(id: 1), Row(id: 2)]),
      reducer: listReducer(scheduler: scheduler)
    )
    store.send(.row(.element(id: 1, action: .delayedTapped)))
    store.send(.row(.element(id: 2, action: .delayedTapped)))
    // Actions that leave the ids alone (a row action, a reorder) cancel nothing.
    store.send(.row(.element(id: 2, action: .tapped)))
    store.send(.reverse)
    #expect(store.inFlightEffectCount == 2)
    let messages = collectIssues {
      store.send(.replace(id: 1, with: 3))
      scheduler.advance(by: .seconds(1))
    }
    #expect(messages == [])
    #expect(store.inFlightEffectCount == 0)
    #expect(store.state.rows.map(\.id) == [2, 3])
    #expect(store.state.rows[id: 2]?.log == ["delay finished"])
    #expect(store.state.rows[id: 3]?.log == [])
  }

  @Test func rowsRemovedWhileOthersMoveAndArriveHaveTheirEffectsCancelled() {
    let scheduler = TestScheduler()
    let store = Store(
      initialState: List(rows: IdentifiedArray(uniqueElements: (1...6).map { Row(id: $0) })),
      reducer: listReducer(scheduler: scheduler)
    )
    for id in 1...6 { store.send(.row(.element(id: id, action: .delayedTapped))) }
    let messages = collectIssues {
      // 2 and 4 go; 9 and 7 arrive; 6 moves to the front, 1 and 3 swap.
      store.send(.arrange([6, 9, 3, 1, 7, 5]))
      scheduler.advance(by: .seconds(1))
    }
    #expect(messages == [])
    #expect(store.inFlightEffectCount == 0)
    let finished = store.state.rows.filter { $0.log == ["delay finished"] }.map(\.id)
    #expect(finished == [6, 3, 1, 5])
  }

  @Test func removedIDsFindsExactlyTheIdsThatWent() {
    func removed(_ before: [Int], _ after: [Int]) -> [Int] {
      removedIDs(before: before, after: after)
    }
    #expect(removed([1, 2, 3], [1, 2, 3]) == [])
    #expect(removed([1, 2, 3], [0, 1, 2, 3]) == [])
    #expect(removed([1, 2, 3], [1, 3]) == [2])
    #expect(removed([1, 2, 3], [2, 1, 3]) == [])
    #expect(removed([1, 2, 3, 4], [4, 1, 2]) == [3])
    #expect(removed([1, 2, 3, 4], [2, 3, 4, 1]) == [])
    #expect(removed([1, 2, 3, 4], [3, 9]) == [1, 2, 4])
    #expect(removed([1, 2, 3], []) == [1, 2, 3])
    #expect(removed([1, 2, 3, 4], [4, 1, 2, 3]) == [])
    #expect(removed([1, 5, 2, 6, 3], [1, 2, 3, 5, 6]) == [])  // the sort's stable partition
    #expect(removed([1, 5, 2, 6, 3], [1, 3, 5, 8]) == [2, 6])
    #expect(removed([4, 3, 2, 1], [1, 2, 3, 4, 0]) == [])
  }

  @Test func removedIDsAgreesWithAPlainFilterOnSeededRandomChanges() {
    var seed: UInt64 = 42
    func random(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(bound))
    }
    for _ in 0..<500 {
      let before = Array(0..<random(12))
      var after = before.filter { _ in random(4) != 0 }  // drop about a quarter
      for _ in 0..<random(3) { after.insert(100 + random(50), at: random(after.count + 1)) }
      for _ in 0..<random(3) where after.count > 1 {
        after.swapAt(random(after.count), random(after.count))
      }
      after = uniqued(after)
      #expect(removedIDs(before: before, after: after) == before.filter { !after.contains($0) })
    }
  }

  @Test func testStoreAssertsRowActionsExhaustively() {
    let scheduler = TestScheduler()
    let store = TestStore(
      initialState: List(rows: [Row(id: 1)]),
      reducer: listReducer(scheduler: scheduler)
    )
    store.send(.row(.element(id: 1, action: .delayedTapped))) {
      $0.parentLog = ["row 1 delayedTapped → count 0"]
    }
    scheduler.advance(by: .seconds(1))
    store.receive(.row(.element(id: 1, action: .delayFinished))) {
      $0.rows[id: 1]?.log = ["delay finished"]
      $0.parentLog.append("row 1 delayFinished → count 0")
    }
    store.finish()
  }
}

/// Keeps the first of each value, in order (ids are unique).
private func uniqued(_ values: [Int]) -> [Int] {
  var seen = Set<Int>()
  return values.filter { seen.insert($0).inserted }
}
