import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import Testing
import TodoTxt
import TodosFeatureTestSupport

@testable import TodosFeature

/// A delete and its undo leave the file byte for byte as it was, comments and blank lines
/// included: the deleted todo's place stays in the layout (keyed by its row), which the undo
/// fills again.
@MainActor
@Suite struct UndoLayoutTests {
  let scheduler = TestScheduler()
  static let text = "# heading\nA\nB\n# other\nC\n"

  /// What the file holds once the todo at `index` of A, B, C is deleted: only its line goes.
  static let afterDelete = [
    "# heading\nB\n# other\nC\n",  // the first todo, right after a comment
    "# heading\nA\n# other\nC\n",  // the todo right before a comment
    "# heading\nA\nB\n# other\n",  // the last todo, right after a comment
  ]

  /// `d` on the todo at `index`, saved, then `u`, saved: the file is what it was.
  @Test(arguments: 0..<3)
  func deleteThenUndoGivesTheFileBackByteForByte(index: Int) {
    let file = InMemoryFile(contents: Self.text)
    let store = TestStore(
      initialState: AppFeature.State(path: file.path),
      reducer: AppFeature.reducer(
        AppFeature.Environment(list: .test(scheduler: scheduler), file: .inMemory(file))))
    let rows = [todo(0, "A"), todo(1, "B"), todo(2, "C")]
    let loaded = stamp(0, size: Int64(Self.text.utf8.count))
    store.send(.started)
    store.receive(.loadFinished(.success(LoadedFile(bytes: Array(Self.text.utf8), stamp: loaded))))
    {
      $0.file.isLoaded = true
      $0.file.stamp = loaded
      $0.file.document = TodoTxtDocument.parse(Array(Self.text.utf8)).layout(ids: rows.map(\.id))
      $0.list.rows = IdentifiedArray(uniqueElements: rows)
      $0.list.viewport.selectedID = id(0)
    }
    for step in 0..<index {
      store.send(.list(.viewport(.selectionMoved(.next)))) {
        $0.list.viewport.selectedID = id(UInt64(step + 1))
      }
    }
    let deleted = rows[index]
    store.exhaustivity = .off  // the undo steps are the History tests' to assert
    store.send(.list(.deleteKeyPressed)) {
      $0.list.rows.remove(id: deleted.id)
      $0.list.list.revision = 1
      $0.list.viewport.selectedID = index < 2 ? rows[index + 1].id : rows[1].id
      $0.list.status = Todos.StatusMessage("Deleted “\(deleted.description)” · u to undo")
      $0.file.scheduledRevision = 1
    }
    scheduler.advance(by: .milliseconds(300))
    // The layout keeps the deleted line's place: it does not change.
    store.receive(.saveTimerFired)
    let shorter = stamp(1, size: Int64(Self.afterDelete[index].utf8.count))
    store.receive(.saveFinished(.success(shorter), revision: 1)) {
      $0.file.stamp = shorter
      $0.file.savedRevision = 1
    }
    #expect(file.contents == Self.afterDelete[index])

    store.send(.list(.history(.undoKeyPressed))) {
      $0.list.rows = IdentifiedArray(uniqueElements: rows)
      $0.list.list.revision = 2
      $0.list.viewport.selectedID = deleted.id
      $0.list.status = Todos.StatusMessage(
        "Undid delete “\(deleted.description)” · Ctrl-R to redo")
      $0.file.scheduledRevision = 2
    }
    scheduler.advance(by: .milliseconds(300))
    store.receive(.saveTimerFired)
    let restored = stamp(2, size: Int64(Self.text.utf8.count))
    store.receive(.saveFinished(.success(restored), revision: 2)) {
      $0.file.stamp = restored
      $0.file.savedRevision = 2
    }
    #expect(file.contents == Self.text)
    store.exhaustivity = .off
    scheduler.advance(by: .seconds(3))
    store.skipReceivedActions()
    store.finish()
  }
}
