import Architecture
import Benchmark
import IdentifiedCollections

/// A generic list of rows addressed by id, the shape of the Todos feature.
struct Row: Identifiable, Equatable, Sendable {
  let id: Int
  var title: String
  var isComplete = false
}

enum RowAction: Sendable {
  case checkboxToggled
}

struct RowList: Equatable, Sendable {
  var rows: IdentifiedArrayOf<Row>
}

enum RowListAction: Sendable {
  case rows(IdentifiedAction<Int, RowAction>)
}

@MainActor
func rowListReducer() -> Reducer<RowList, RowListAction> {
  let row = Reducer<Row, RowAction> { row, action in
    switch action {
    case .checkboxToggled:
      row.isComplete.toggle()
      return .none
    }
  }
  return Reducer<RowList, RowListAction>.empty.forEach(
    \.rows,
    action: ActionPath(
      embed: RowListAction.rows,
      extract: { if case .rows(let action) = $0 { action } else { nil } }
    ),
    element: row
  )
}

func rows(_ count: Int) -> RowList {
  RowList(
    rows: IdentifiedArray(
      uniqueElements: (0..<count).map { Row(id: $0, title: "Todo number \($0)") }))
}

/// Store.send of a row action must cost the same with 10 or 100k rows.
func storeBenchmarks() {
  for count in [10, 10_000, 100_000] {
    Benchmark(
      "Generic store send row action (\(count) rows)",
      configuration: .init(scalingFactor: .kilo)
    ) { @MainActor benchmark async in
      let store = Store(initialState: rows(count), reducer: rowListReducer())
      benchmark.startMeasurement()
      var id = 0
      for _ in benchmark.scaledIterations {
        store.send(.rows(.element(id: id, action: .checkboxToggled)))
        id = id &+ 7919 < count ? id &+ 7919 : (id &+ 7919) % count
      }
      benchmark.stopMeasurement()
      blackHole(store.state.rows.count)
    }
  }
}
