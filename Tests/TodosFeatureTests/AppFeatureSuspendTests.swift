import Architecture
import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import Testing
import TodosFeatureTestSupport

@testable import TodosFeature

/// Ctrl-Z stops the process until `fg`: whatever is not on disk yet is saved first.
extension AppFeatureTests {
  /// A change 100 ms before Ctrl-Z (its debounced save 200 ms away) is on disk before the
  /// process stops, and the debounce does not write it again afterwards.
  @Test func suspendingSavesAChangeTheDebounceHasNotWrittenYet() {
    let file = InMemoryFile(contents: "a\n")
    let store = loaded(file, todos: [Todo.State(id: id(0), description: "a")])
    toggleA(store, revision: 1, complete: true)
    scheduler.advance(by: .milliseconds(100))
    #expect(file.saveCount == 0)
    store.send(.suspendRequested)
    store.receive(.saveFinished(.success(stamp(1, size: 15)), revision: 1)) {
      $0.file.stamp = stamp(1, size: 15)
      $0.file.savedRevision = 1
    }
    #expect(file.contents == "x 2024-05-01 a\n")
    scheduler.advance(by: .seconds(1))
    store.receive(.todos(.sortCompletedTodos)) { $0.todos.settling = [] }
    #expect(file.saveCount == 1)
    // Nothing unsaved: Ctrl-Z writes nothing.
    store.send(.suspendRequested)
    #expect(file.saveCount == 1)
    store.finish()
  }
}
