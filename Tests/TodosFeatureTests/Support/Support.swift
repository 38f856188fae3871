import Architecture
import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import TodoTxt
import TodosFeature

/// The fixed date of `TodosEnvironment.test`.
let testDay = TodosEnvironment.testDay

/// The id `UUID(counter: n)`: what the incrementing generator returns n-th.
func id(_ n: UInt64) -> UUID { UUID(counter: n) }

/// A todo fixture with id `n`.
func todo(
  _ n: UInt64, _ description: String, done: Bool = false, raw: String? = nil
) -> Todo.State {
  Todo.State(
    id: id(n), description: description, isComplete: done,
    completionDate: done ? TodoDate(year: 1970, month: 1, day: 1) : nil,
    rawLine: raw.map { Array($0.utf8) }
  )
}

/// A test store on a fresh `Todos.State` built from `state`, with a test scheduler.
@MainActor
func makeStore(
  _ state: Todos.State = Todos.State()
) -> (TestStore<Todos.State, Todos.Action>, TestScheduler) {
  let scheduler = TestScheduler()
  let store = TestStore(
    initialState: state, reducer: Todos.reducer(.test(scheduler: scheduler)))
  return (store, scheduler)
}

extension Todos.State {
  /// Scrolls as the reducer does after every action: as little as possible so the selection
  /// shows.
  mutating func revealSelection() {
    viewport.scrollTop = viewport.top(in: visible, height: viewport.listHeight)
  }
}
