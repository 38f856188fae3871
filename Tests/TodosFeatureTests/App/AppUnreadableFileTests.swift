import Architecture
import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import Testing
import TodosFeatureTestSupport

@testable import TodosFeature

/// A file that cannot be read: never overwritten, read again until it can be, and what was
/// typed meanwhile kept.
@MainActor
@Suite struct AppUnreadableFileTests: AppStoreTesting {
  let scheduler = TestScheduler()

  @Test func aFileThatCannotBeReadIsNeverOverwrittenAndIsRetried() {
    // A todo typed meanwhile is kept in memory, and nothing is written.
    let (store, file) = startedUnreadable(typing: "New")
    store.exhaustivity = .off  // the undo steps are the History tests' to assert
    store.send(.list(.editor(.enterPressed))) {
      $0.list.mode = .normal
      $0.list.rows = [Todo.State(id: id(0), description: "New", creationDate: testDay)]
      $0.list.viewport.selectedID = id(0)
      $0.list.list.revision = 1
    }
    file.loadFailure = nil
    scheduler.advance(by: .seconds(2))
    store.receive(.loadRetryTimerFired)
    let stamp0 = stamp(0, size: 9)
    store.receive(
      .loadFinished(.success(LoadedFile(bytes: Array("precious\n".utf8), stamp: stamp0)))
    ) {
      $0.file.isLoaded = true
      $0.file.stamp = stamp0
      $0.file.document = TodoTxtDocument.parse(Array("precious\n".utf8)).layout(ids: [id(1)])
      $0.file.problem = nil
      $0.file.savedRevision = -1  // nothing typed meanwhile is on disk yet
      $0.file.scheduledRevision = 1
      $0.list.rows = [
        Todo.State(id: id(0), description: "New", creationDate: testDay),
        Todo.State(id: id(1), description: "precious"),
      ]
    }
    scheduler.advance(by: .milliseconds(300))
    store.receive(.saveTimerFired) {
      $0.file.document = TodoTxtDocument(lines: [.slot(id(0)), .slot(id(1))])
    }
    store.receive(.saveFinished(.success(stamp(1, size: 24)), revision: 1)) {
      $0.file.stamp = stamp(1, size: 24)
      $0.file.savedRevision = 1
    }
    #expect(file.contents == "2024-05-01 New\nprecious\n")
    scheduler.advance(by: .seconds(3))
    store.receive(.list(.statusMessageExpired)) { $0.list.status = nil }
    store.finish()
  }

  @Test func aRetriedReloadKeepsUnsavedChangesAndTheirVersion() {
    let file = InMemoryFile(contents: "a\n")
    let store = loaded(
      file, todos: [Todo.State(id: id(0), description: "a")])
    let ioError = FileError.io(file.path, errno: 5, message: "Input/output error")
    store.exhaustivity = .off  // the undo steps are the History tests' to assert
    store.send(.list(.deleteKeyPressed)) {
      $0.list.rows = []
      $0.list.viewport.selectedID = nil
      $0.list.list.revision = 1
      $0.list.status = Todos.StatusMessage("Deleted “a” · u to undo")
      $0.file.scheduledRevision = 1
    }
    // Another program writes the file, and reading it fails for a while.
    file.writeExternally("theirs\u{0}\n")
    file.loadFailure = ioError
    store.send(.fileChangedOnDisk)
    store.receive(.reloadFinished(.failure(ioError))) {
      $0.file.problem = ioError
      $0.list.status = Todos.StatusMessage(
        "todo.txt: Input/output error · retrying", kind: .error)
    }
    // The debounced save finds the file changed and does not overwrite it.
    scheduler.advance(by: .milliseconds(300))
    store.receive(.saveTimerFired)
    store.receive(.saveFinished(.failure(.changedOnDisk(file.path)), revision: 1))
    store.receive(.reloadFinished(.failure(ioError)))
    #expect(file.contents == "theirs\u{0}\n")
    // Reading works again: the retry is a reload, so both versions are kept.
    file.loadFailure = nil
    scheduler.advance(by: .seconds(2))
    store.receive(.loadRetryTimerFired)
    let theirs = stamp(1, size: 8)
    store.receive(
      .reloadFinished(.success(LoadedFile(bytes: Array("theirs\u{0}\n".utf8), stamp: theirs)))
    ) {
      $0.file.problem = nil
    }
    receiveTheirsKeptAside(
      store, theirs: LoadedFile(bytes: Array("theirs\u{0}\n".utf8), stamp: theirs),
      saved: stamp(2, size: 0))
    #expect(file.contents == "")
    #expect(file.conflictCopies == ["/tmp/todo.txt.conflict": Array("theirs\u{0}\n".utf8)])
    scheduler.advance(by: .seconds(3))
    store.receive(.list(.statusMessageExpired)) { $0.list.status = nil }
    store.finish()
  }

  @Test func todosAddedWhileTheFileCannotBeReadAreKeptAsideOnQuit() {
    let (store, file) = startedUnreadable(typing: "Typed meanwhile")
    store.exhaustivity = .off  // the undo steps are the History tests' to assert
    store.send(.shutdownRequested) {
      $0.list.mode = .normal
      $0.list.rows = [
        Todo.State(id: id(0), description: "Typed meanwhile", creationDate: testDay)
      ]
      $0.list.viewport.selectedID = id(0)
      $0.list.list.revision = 1
      $0.file.isStopping = true
      $0.file.scheduledRevision = 1
    }
    store.receive(.unsavedChangesCopied(.success("/tmp/todo.txt.recovery"))) {
      $0.file.unsavedChangesCopy = "/tmp/todo.txt.recovery"
    }
    #expect(file.contents == "precious\n")
    #expect(file.recovery == Array("2024-05-01 Typed meanwhile\n".utf8))
    store.finish()
  }
}
