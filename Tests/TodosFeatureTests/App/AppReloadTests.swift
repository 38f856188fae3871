import Architecture
import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import Testing
import TodosFeatureTestSupport

@testable import TodosFeature

/// Outside changes to the file: reloaded, with an edit in progress kept; a file that is no
/// longer text, or removed, never costs the list.
@MainActor
@Suite struct AppReloadTests: AppStoreTesting {
  let scheduler = TestScheduler()

  @Test func anOutsideChangeIsReloaded() {
    let file = InMemoryFile(contents: "a\n")
    let store = loaded(
      file, todos: [Todo.State(id: id(0), description: "a")])
    // Our own save does not count as an outside change.
    store.send(.fileChangedOnDisk)
    file.writeExternally("a\nfrom todo.sh\n")
    store.send(.fileChangedOnDisk)
    let stamp1 = stamp(1, size: 15)
    store.receive(
      .reloadFinished(
        .success(LoadedFile(bytes: Array("a\nfrom todo.sh\n".utf8), stamp: stamp1)))
    ) {
      $0.file.stamp = stamp1
      $0.file.document =
        TodoTxtDocument.parse(Array("a\nfrom todo.sh\n".utf8)).layout(ids: [id(0), id(1)])
      $0.list.rows = [
        Todo.State(id: id(0), description: "a"),
        Todo.State(id: id(1), description: "from todo.sh"),
      ]
      // "a" kept its id: the selection stays on it.
      $0.list.status = Todos.StatusMessage("Reloaded: todo.txt changed on disk")
    }
    #expect(file.saveCount == 0)
    scheduler.advance(by: .seconds(3))
    store.receive(.list(.statusMessageExpired)) { $0.list.status = nil }
    store.finish()
  }

  @Test func aReloadKeepsAnEditInProgressAndTheSelection() {
    let file = InMemoryFile(contents: "a\nb\n")
    let store = loaded(
      file,
      todos: [
        Todo.State(id: id(0), description: "a"),
        Todo.State(id: id(1), description: "b"),
      ])
    store.send(.list(.viewport(.selectionMoved(.next)))) { $0.list.viewport.selectedID = id(1) }
    store.send(.list(.editKeyPressed)) {
      $0.list.mode = .editing(
        Editor.State(id: id(1), isNew: false, field: TextField(text: "b")))
    }
    store.send(.list(.editor(.textEdited(.insert(" and more"))))) {
      $0.list.mode = .editing(
        Editor.State(id: id(1), isNew: false, field: TextField(text: "b and more")))
    }
    file.writeExternally("new on top\na\nb\n")
    store.send(.fileChangedOnDisk)
    let stamp1 = stamp(1, size: 15)
    let reloaded: [Todo.State] = [
      Todo.State(id: id(2), description: "new on top"),
      Todo.State(id: id(0), description: "a"),
      Todo.State(id: id(1), description: "b"),
    ]
    store.receive(
      .reloadFinished(
        .success(LoadedFile(bytes: Array("new on top\na\nb\n".utf8), stamp: stamp1))))
    // Merged (nothing of ours to add: the file is not written), so the edited todo is followed
    // even had the disk changed its text.
    store.receive({ if case .mergeFinished = $0 { true } else { false } }) {
      $0.file.stamp = stamp1
      $0.file.document =
        TodoTxtDocument.parse(Array("new on top\na\nb\n".utf8)).layout(ids: reloaded.map(\.id))
      $0.list.rows = IdentifiedArray(uniqueElements: reloaded)
      $0.list.status = Todos.StatusMessage("Merged todo.txt: 1 change from disk applied")
    }
    // Still editing "b", still selected: Enter saves the text typed before the reload.
    #expect(
      store.state.list.mode
        == .editing(Editor.State(id: id(1), isNew: false, field: TextField(text: "b and more"))))
    #expect(store.state.list.viewport.selectedID == id(1))
    scheduler.advance(by: .seconds(3))
    store.receive(.list(.statusMessageExpired)) { $0.list.status = nil }
    store.finish()
  }

  @Test func aFileThatIsNoLongerTextOverUnsavedChangesIsCopiedAside() {
    let file = InMemoryFile(contents: "a\n")
    let store = loaded(
      file, todos: [Todo.State(id: id(0), description: "a")])
    store.exhaustivity = .off  // the undo steps are the History tests' to assert
    store.send(.list(.deleteKeyPressed)) {
      $0.list.rows = []
      $0.list.viewport.selectedID = nil
      $0.list.list.revision = 1
      $0.list.status = Todos.StatusMessage("Deleted “a” · u to undo")
      $0.file.scheduledRevision = 1
    }
    file.writeExternally("theirs\u{0}\n")
    store.send(.fileChangedOnDisk)
    let theirs = stamp(1, size: 8)
    store.receive(
      .reloadFinished(.success(LoadedFile(bytes: Array("theirs\u{0}\n".utf8), stamp: theirs)))
    )
    receiveTheirsKeptAside(
      store, theirs: LoadedFile(bytes: Array("theirs\u{0}\n".utf8), stamp: theirs),
      saved: stamp(2, size: 0))
    #expect(file.contents == "")
    #expect(file.conflictCopies == ["/tmp/todo.txt.conflict": Array("theirs\u{0}\n".utf8)])
    scheduler.advance(by: .seconds(3))
    store.receive(.list(.statusMessageExpired)) { $0.list.status = nil }
    store.finish()
  }

  @Test func aRemovedFileIsWrittenAgainFromMemory() {
    let file = InMemoryFile(contents: "keep me\n")
    let store = loaded(
      file,
      todos: [Todo.State(id: id(0), description: "keep me")])
    file.writeExternally(nil)
    store.send(.fileChangedOnDisk)
    // Believed only after five more looks, 100 ms apart: it is not another program mid-save.
    store.receive(.reloadFinished(.success(nil))) { $0.file.recheckCount = 1 }
    for count in 2...5 {
      scheduler.advance(by: .milliseconds(100))
      store.receive(.recheckTimerFired)
      store.receive(.reloadFinished(.success(nil))) { $0.file.recheckCount = count }
    }
    scheduler.advance(by: .milliseconds(99))
    #expect(file.saveCount == 0)
    scheduler.advance(by: .milliseconds(1))
    store.receive(.recheckTimerFired)
    store.receive(.reloadFinished(.success(nil))) {
      $0.file.recheckCount = 0
      $0.file.baseBeforeRemoval = $0.file.stamp
      $0.file.stamp = nil
      $0.file.savedRevision = -1
      $0.file.recreatedRevision = 0
      $0.list.status = Todos.StatusMessage("todo.txt was removed: saved your todos again")
    }
    store.receive(.saveFinished(.success(stamp(2, size: 8)), revision: 0)) {
      $0.file.stamp = stamp(2, size: 8)
      $0.file.savedRevision = 0
    }
    #expect(file.contents == "keep me\n")
    scheduler.advance(by: .seconds(3))
    store.receive(.list(.statusMessageExpired)) { $0.list.status = nil }
    store.finish()
  }
}
