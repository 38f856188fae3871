import Architecture
import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import Testing
import TodoTxt
import TodosFeatureTestSupport

@testable import TodosFeature

/// Stopping while the file cannot take the changes: the recovery file, and its offer at the
/// next start.
extension AppFeatureTests {
  /// Deletes "a" (id 0), the only todo, asserting the change.
  func deleteA(_ store: TestStore<AppFeature.State, AppFeature.Action>) {
    store.send(.list(.deleteKeyPressed)) {
      $0.list.rows = []
      $0.list.viewport.selectedID = nil
      $0.list.list.revision = 1
      $0.list.history.undoStack = [
        History.Entry(
          label: "delete “a”",
          changes: [
            .insert([TodoList.IndexedTodo(Todo.State(id: id(0), description: "a"), at: 0)])
          ],
          selectedID: id(0))
      ]
      $0.list.status = Todos.StatusMessage("Deleted “a” · u to undo")
      $0.file.scheduledRevision = 1
    }
  }

  /// Quitting while every save fails (read-only file system): the changes go to the recovery
  /// file instead of existing in memory only.
  @Test func quittingWhileSavesFailWritesTheRecoveryFile() {
    let file = InMemoryFile(contents: "a\nb\n")
    let store = loaded(
      file,
      todos: [Todo.State(id: id(0), description: "a"), Todo.State(id: id(1), description: "b")])
    file.saveFailure = .readOnly(file.path)
    store.send(.list(.deleteKeyPressed)) {
      $0.list.rows = [Todo.State(id: id(1), description: "b")]
      $0.list.viewport.selectedID = id(1)
      $0.list.list.revision = 1
      $0.list.history.undoStack = [
        History.Entry(
          label: "delete “a”",
          changes: [
            .insert([TodoList.IndexedTodo(Todo.State(id: id(0), description: "a"), at: 0)])
          ],
          selectedID: id(0))
      ]
      $0.list.status = Todos.StatusMessage("Deleted “a” · u to undo")
      $0.file.scheduledRevision = 1
    }
    store.send(.list(.quitKeyPressed)) {
      $0.list.isQuitting = true
      $0.file.isStopping = true
      $0.file.document = TodoTxtDocument(lines: [.slot(id(0)), .slot(id(1))])
    }
    store.receive(.saveFinished(.failure(.readOnly(file.path)), revision: 1)) {
      $0.file.problem = .readOnly(file.path)
    }
    store.receive(.unsavedChangesCopied(.success(file.recoveryPath))) {
      $0.file.unsavedChangesCopy = file.recoveryPath
    }
    // The run loop then sends the shutdown: nothing more is written.
    store.send(.shutdownRequested)
    #expect(file.contents == "a\nb\n")
    #expect(file.recovery == Array("b\n".utf8))
    #expect(store.state.hasUnsavedChanges)  // so the exit status is not 0
    store.finish()
  }

  /// When the recovery file cannot be written either, the changes are still in the state for
  /// the executable to print on standard error.
  @Test func aRecoveryFileThatCannotBeWrittenLeavesTheChangesForStandardError() {
    let file = InMemoryFile(contents: "a\n")
    let store = loaded(file, todos: [Todo.State(id: id(0), description: "a")])
    file.saveFailure = .diskFull(file.path)
    file.recoveryFailure = .diskFull(file.recoveryPath)
    deleteA(store)
    store.send(.shutdownRequested) {
      $0.file.isStopping = true
      $0.file.document = TodoTxtDocument(lines: [.slot(id(0))])
    }
    store.receive(.saveFinished(.failure(.diskFull(file.path)), revision: 1)) {
      $0.file.problem = .diskFull(file.path)
    }
    store.receive(.unsavedChangesCopied(.failure(.diskFull(file.recoveryPath)))) {
      $0.file.problem = .diskFull(file.recoveryPath)
    }
    #expect(store.state.hasUnsavedChanges)
    #expect(store.state.file.unsavedChangesCopy == nil)
    #expect(store.state.unsavedBytes == [])
    store.finish()
  }

  /// The conflict copy fails on the way out: theirs stays in the file, ours goes to the
  /// recovery file.
  @Test func aConflictOnTheWayOutThatCannotBeCopiedKeepsBothSides() {
    let file = InMemoryFile(contents: "a\n")
    let store = loaded(file, todos: [Todo.State(id: id(0), description: "a")])
    deleteA(store)
    file.writeExternally("theirs\u{0}\n")
    file.conflictCopyFailure = .diskFull(file.path)
    store.send(.shutdownRequested) {
      $0.file.isStopping = true
      $0.file.document = TodoTxtDocument(lines: [.slot(id(0))])
    }
    store.receive(.saveFinished(.failure(.changedOnDisk(file.path)), revision: 1))
    let theirs = stamp(1, size: 8)
    store.receive(
      .reloadFinished(.success(LoadedFile(bytes: Array("theirs\u{0}\n".utf8), stamp: theirs))))
    store.receive(
      .mergeFinished(
        .success(.notText(LoadedFile(bytes: Array("theirs\u{0}\n".utf8), stamp: theirs))),
        revision: 1))
    store.receive(.conflictCopyFinished(.failure(.diskFull(file.path)), theirs: theirs)) {
      $0.file.problem = .diskFull(file.path)
    }
    store.receive(.unsavedChangesCopied(.success(file.recoveryPath))) {
      $0.file.unsavedChangesCopy = file.recoveryPath
    }
    #expect(file.contents == "theirs\u{0}\n")
    #expect(file.recovery == [])  // ours: the empty list
    store.finish()
  }

  /// A recovery file left by an earlier run is named in the status line until it is gone.
  @Test func aRecoveryFileFromAnEarlierRunIsShownUntilItIsDeleted() {
    let file = InMemoryFile(contents: "a\n")
    file.recovery = Array("lost once\n".utf8)
    let store = makeStore(file)
    store.send(.started)
    store.receive(.recoveryFileChecked(file.recoveryPath)) {
      $0.file.recoveryFile = file.recoveryPath
    }
    let bytes = Array("a\n".utf8)
    store.receive(.loadFinished(.success(LoadedFile(bytes: bytes, stamp: stamp(0, size: 2))))) {
      $0.file.isLoaded = true
      $0.file.stamp = stamp(0, size: 2)
      $0.file.document = TodoTxtDocument.parse(bytes).layout(ids: [id(0)])
      $0.list.rows = [Todo.State(id: id(0), description: "a")]
      $0.list.viewport.selectedID = id(0)
    }
    // It fits 80 columns whole; the full path waits for the quit, on standard error.
    let notice = "Unsaved changes from a past run: the path is printed at quit"
    #expect(store.state.file.notice == notice)
    #expect(
      AppView.frame(for: store.state, width: 80, height: 8).buffer.text(ofRow: 6)
        == " Error: " + notice)
    #expect(
      store.state.file.recoveryReminder?.contains("  Recovery file: \(file.recoveryPath)\n") == true
    )
    // The user merged it and deleted it; the next look at the folder sees it gone.
    file.recovery = nil
    store.send(.fileChangedOnDisk)
    store.receive(.recoveryFileChecked(nil)) { $0.file.recoveryFile = nil }
    #expect(store.state.file.notice == nil)
    #expect(store.state.file.recoveryReminder == nil)
    store.finish()
  }
}
