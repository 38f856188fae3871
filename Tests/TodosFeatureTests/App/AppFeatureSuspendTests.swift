import Architecture
import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import Testing
import TodoTxt
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
    store.receive(.list(.sortCompletedTodos)) { $0.list.settling = [] }
    #expect(file.saveCount == 1)
    // Nothing unsaved: Ctrl-Z writes nothing.
    store.send(.suspendRequested)
    #expect(file.saveCount == 1)
    store.finish()
  }

  /// `E` right after a change: the file has the change before the editor starts (the editor
  /// may run for minutes, and Ctrl-Z in it stops the app as well).
  @Test func theEditorStartsOnlyOnceEveryChangeIsSaved() {
    let file = InMemoryFile(contents: "a\n")
    let seen = FileSeen()
    var todos = TodosEnvironment.test(scheduler: scheduler)
    todos.editor = ExternalEditor { _ in
      seen.contents = file.contents
      return .failed("vi exited with status 1")
    }
    let store = TestStore(
      initialState: AppFeature.State(path: file.path),
      reducer: AppFeature.reducer(AppFeature.Environment(list: todos, file: .inMemory(file))))
    let loaded = stamp(0, size: 2)
    store.send(.started)
    store.receive(.loadFinished(.success(LoadedFile(bytes: Array("a\n".utf8), stamp: loaded)))) {
      $0.file.isLoaded = true
      $0.file.stamp = loaded
      $0.file.document = TodoTxtDocument.parse(Array("a\n".utf8)).layout(ids: [id(0)])
      $0.list.rows = [Todo.State(id: id(0), description: "a")]
      $0.list.viewport.selectedID = id(0)
    }
    toggleA(store, revision: 1, complete: true)
    store.send(.list(.externalEdit(.keyPressed)))
    store.receive(.saveFinished(.success(stamp(1, size: 15)), revision: 1)) {
      $0.file.stamp = stamp(1, size: 15)
      $0.file.savedRevision = 1
    }
    store.receive(.list(.externalEdit(.finished(id(0), .failed("vi exited with status 1"))))) {
      $0.list.status = Todos.StatusMessage(
        "Editor: vi exited with status 1 · nothing changed", kind: .error)
    }
    #expect(seen.contents == "x 2024-05-01 a\n")
    scheduler.advance(by: .seconds(1))
    store.receive(.list(.sortCompletedTodos)) { $0.list.settling = [] }
    scheduler.advance(by: Todos.statusDuration)
    store.receive(.list(.statusMessageExpired)) { $0.list.status = nil }
    #expect(file.saveCount == 1)
    store.finish()
  }

  /// What the editor saw of the file when it started.
  final class FileSeen: @unchecked Sendable { var contents: String? }
}
