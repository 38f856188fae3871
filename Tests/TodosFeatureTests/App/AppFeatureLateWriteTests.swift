import Architecture
import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import Testing
import TodoTxt
import TodosFeatureTestSupport

@testable import TodosFeature

extension AppFeatureTests {
  /// A line another program wrote to the version a save replaced is merged into the file each
  /// time the app looks at it, before the app compares stamps: the app then sees the file
  /// changed and reloads it with the line.
  @Test func aLateWriteIsMergedBeforeTheAppComparesStamps() {
    let file = InMemoryFile(contents: "a\n")
    var client = FileClient.inMemory(file)
    client.absorbLateWrites = { _ in
      if file.contents == "a\n" { file.writeExternally("a\next-1\n") }
    }
    let store = TestStore(
      initialState: AppFeature.State(path: file.path),
      reducer: AppFeature.reducer(
        AppFeature.Environment(list: .test(scheduler: scheduler), file: client)))
    let stamp0 = stamp(0, size: 2)
    store.send(.started)
    store.receive(.loadFinished(.success(LoadedFile(bytes: Array("a\n".utf8), stamp: stamp0)))) {
      $0.file.isLoaded = true
      $0.file.stamp = stamp0
      $0.file.document = TodoTxtDocument.parse(Array("a\n".utf8)).layout(ids: [id(0)])
      $0.list.rows = [Todo.State(id: id(0), description: "a")]
      $0.list.viewport.selectedID = id(0)
    }
    store.send(.fileChangedOnDisk)
    let stamp1 = stamp(1, size: 8)
    store.receive(
      .reloadFinished(.success(LoadedFile(bytes: Array("a\next-1\n".utf8), stamp: stamp1)))
    ) {
      $0.file.stamp = stamp1
      $0.file.document = TodoTxtDocument.parse(Array("a\next-1\n".utf8)).layout(ids: [id(0), id(1)])
      $0.list.rows = [
        Todo.State(id: id(0), description: "a"),
        Todo.State(id: id(1), description: "ext-1"),
      ]
      $0.list.status = Todos.StatusMessage("Reloaded: todo.txt changed on disk")
    }
    scheduler.advance(by: .seconds(3))
    store.receive(.list(.statusMessageExpired)) { $0.list.status = nil }
    store.finish()
  }
}
