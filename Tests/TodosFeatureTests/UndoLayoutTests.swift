import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import Testing
import TodosFeatureTestSupport

@testable import TodosFeature

/// A delete and its undo leave the file byte for byte as it was, comments and blank lines
/// included: the deleted todo's line stays in the layout as a vacant place, which the undo
/// fills again.
@MainActor
@Suite struct UndoLayoutTests {
  let scheduler = TestScheduler()
  static let text = "# heading\nA\nB\n# other\nC\n"

  /// What the file holds once the todo at `index` of A, B, C is deleted: the todos below it
  /// move up one line each, across the comment (the file's layout is counted from the top).
  static let afterDelete = [
    "# heading\nB\nC\n# other\n",  // the first todo, right after a comment
    "# heading\nA\nC\n# other\n",  // the todo right before a comment
    "# heading\nA\nB\n# other\n",  // the last todo, right after a comment
  ]

  /// `d` on the todo at `index`, saved, then `u`, saved: the file is what it was.
  @Test(arguments: 0..<3)
  func deleteThenUndoGivesTheFileBackByteForByte(index: Int) {
    let file = InMemoryFile(contents: Self.text)
    let store = TestStore(
      initialState: AppFeature.State(path: file.path),
      reducer: AppFeature.reducer(
        AppFeature.Environment(todos: .test(scheduler: scheduler), file: .inMemory(file))))
    let rows = [todo(0, "A"), todo(1, "B"), todo(2, "C")]
    let loaded = stamp(0, size: Int64(Self.text.utf8.count))
    store.send(.started)
    store.receive(.loadFinished(.success(LoadedFile(bytes: Array(Self.text.utf8), stamp: loaded))))
    {
      $0.file.isLoaded = true
      $0.file.stamp = loaded
      $0.file.document = TodoTxtDocument.parse(Array(Self.text.utf8)).layout
      $0.todos.list.todos = IdentifiedArray(uniqueElements: rows)
      $0.todos.viewport.selectedID = id(0)
    }
    for step in 0..<index {
      store.send(.todos(.viewport(.selectionMoved(.next)))) {
        $0.todos.viewport.selectedID = id(UInt64(step + 1))
      }
    }
    let deleted = rows[index]
    store.sendSkippingHistory(.todos(.deleteKeyPressed)) {
      $0.todos.list.todos.remove(id: deleted.id)
      $0.todos.list.revision = 1
      $0.todos.viewport.selectedID = index < 2 ? rows[index + 1].id : rows[1].id
      $0.todos.status = Todos.StatusMessage("Deleted “\(deleted.description)” · u to undo")
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

    store.sendSkippingHistory(.todos(.history(.undoKeyPressed))) {
      $0.todos.list.todos = IdentifiedArray(uniqueElements: rows)
      $0.todos.list.revision = 2
      $0.todos.viewport.selectedID = deleted.id
      $0.todos.status = Todos.StatusMessage(
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

/// The document level: any todos taken out one by one and put back in reverse order give every
/// intermediate file again, byte for byte, with blank lines, comments and no final newline.
@Suite struct VacantSlotTests {
  static let files = [
    "# heading\nA\nB\n# other\nC\n",
    "\nA\n\n# mid\nB\nC\n# end",
    "A\r\nB\r\n# x\r\nC\r\n",
  ]

  @Test(arguments: files)
  func takingTodosOutAndPuttingThemBackRestoresEveryVersion(text: String) {
    let original = TodoTxtDocument.parse(Array(text.utf8))
    let todos = original.todos
    // Every order in which the three todos can be deleted.
    for order in [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]] {
      var layout = original.layout
      var list = todos
      var versions: [([TodoTxtLine], [UInt8])] = [(list, Array(text.utf8))]
      for victim in order {
        list.removeAll { $0 == todos[victim] }
        let document = layout.replacingTodos(with: list)
        layout = document.layout
        versions.append((list, document.serialized()))
      }
      for (list, bytes) in versions.reversed() {
        let document = layout.replacingTodos(with: list)
        layout = document.layout
        #expect(
          document.serialized() == bytes,
          "\(order): \(String(decoding: document.serialized(), as: UTF8.self))")
      }
    }
  }

  /// A vacant place is written as nothing and does not count as a todo.
  @Test func aVacantPlaceIsNotWritten() {
    let layout = TodoTxtDocument.parse(Array("A\n# note\nB\n".utf8)).layout
    let shorter = layout.replacingTodos(with: [TodoTxtLine(text: "A")])
    #expect(
      shorter.lines == [.todo(TodoTxtLine(text: "A")), .opaque(Array("# note".utf8)), .vacant])
    #expect(shorter.serialized() == Array("A\n# note\n".utf8))
    #expect(shorter.todos == [TodoTxtLine(text: "A")])
    #expect(shorter.layout == layout)
  }
}
