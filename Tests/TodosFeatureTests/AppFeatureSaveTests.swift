import Architecture
import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import Testing
import TodosFeature

/// When saves happen: the debounce and its upper bound.
extension AppFeatureTests {
  /// Toggles "a" (id 0) at `revision`, asserting the change; `complete` is its state after.
  func toggleA(
    _ store: TestStore<AppFeature.State, AppFeature.Action>, revision: Int, complete: Bool
  ) {
    store.send(.todos(.todos(.element(id: id(0), action: .checkboxToggled)))) {
      $0.todos.todos[id: id(0)]?.isComplete = complete
      $0.todos.todos[id: id(0)]?.completionDate = complete ? testDay : nil
      $0.todos.settling = [id(0)]
      $0.todos.revision = revision
      $0.todos.undoStack.append(
        Todos.HistoryEntry(
          label: complete ? "complete “a”" : "reactivate “a”",
          changes: [
            .update([
              Todo.State(
                id: id(0), description: "a", isComplete: !complete,
                completionDate: complete ? nil : testDay)
            ])
          ],
          selectedID: id(0)))
      $0.file.scheduledRevision = revision
    }
  }

  /// A change every 200 ms restarts the 300 ms debounce each time; the file is still written
  /// 1 s after the first unsaved change (key repeat on `x` must not keep a todo off the disk).
  @Test func aSteadyStreamOfChangesIsSavedWithinOneSecond() {
    let file = InMemoryFile(contents: "a\n")
    let store = loaded(file, todos: [Todo.State(id: id(0), description: "a")])
    for revision in 1...5 {
      if revision > 1 { scheduler.advance(by: .milliseconds(200)) }
      toggleA(store, revision: revision, complete: revision % 2 == 1)
    }
    // 800 ms after the first change; the last one was 0 ms ago.
    scheduler.advance(by: .milliseconds(199))
    #expect(file.saveCount == 0)
    scheduler.advance(by: .milliseconds(1))
    store.receive(.saveTimerFired)
    store.receive(.saveFinished(.success(stamp(1, size: 15)), revision: 5)) {
      $0.file.stamp = stamp(1, size: 15)
      $0.file.savedRevision = 5
    }
    #expect(file.contents == "x 2024-05-01 a\n")
    // The debounce of the last change was cancelled with the save: nothing more is written.
    scheduler.advance(by: .milliseconds(800))
    store.receive(.todos(.sortCompletedTodos)) { $0.todos.settling = [] }
    #expect(file.saveCount == 1)
    // The next change starts a new bound.
    toggleA(store, revision: 6, complete: false)
    scheduler.advance(by: .milliseconds(300))
    store.receive(.saveTimerFired)
    store.receive(.saveFinished(.success(stamp(2, size: 2)), revision: 6)) {
      $0.file.stamp = stamp(2, size: 2)
      $0.file.savedRevision = 6
    }
    scheduler.advance(by: .seconds(1))
    store.receive(.todos(.sortCompletedTodos)) { $0.todos.settling = [] }
    store.finish()
  }
}
