import Architecture
import ArchitectureTestSupport
import IdentifiedCollections
import Testing

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
