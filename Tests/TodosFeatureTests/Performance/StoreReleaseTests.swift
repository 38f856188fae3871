import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import TerminalUI
import Testing

@testable import Architecture
@testable import TodosFeature

/// A store and its list are freed when the last reference to the store goes: nothing the
/// reducer, its effects or the view's caches keep holds them in a cycle.
@MainActor
@Suite struct StoreReleaseTests {
  @Test func aStoreIsFreedWithItsListAfterKeysAndFrames() {
    weak var released: Store<Todos.State, Todos.Action>?
    let scheduler = TestScheduler()
    do {
      let todos = (0..<50).map { n in
        Todo.State(
          id: UUID(counter: UInt64(n)), description: "Todo \(n) +home", isComplete: n % 5 == 4)
      }
      let store = Store(
        initialState: Todos.State(
          todos: IdentifiedArray(uniqueElements: todos), selectedID: todos.first?.id,
          size: TerminalSize(width: 80, height: 24)),
        reducer: Todos.reducer(.test(scheduler: scheduler)))
      released = store
      for key: Key in [.character("j"), .character(" "), .character("e"), .character("x"), .escape]
      {
        if let action = Keymap.action(for: key, in: store.state) { store.send(action) }
        _ = TodosView.frame(for: store.state)
      }
      scheduler.advance(by: .seconds(5))
    }
    #expect(released == nil)
  }
}
