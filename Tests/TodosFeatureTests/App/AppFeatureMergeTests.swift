import Architecture
import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import Testing
import TodoTxt
import TodosFeatureTestSupport

@testable import TodosFeature

/// Meeting another writer: the list's unsaved changes are merged with the disk's version.
extension AppFeatureTests {
  /// The rows of "Call Mom" (id 0) and "Buy milk" (id 1), loaded; "Call Mom" completed.
  func completedCallMom(
    _ file: InMemoryFile
  ) -> TestStore<AppFeature.State, AppFeature.Action> {
    let store = loaded(
      file,
      todos: [
        Todo.State(id: id(0), description: "Call Mom"),
        Todo.State(id: id(1), description: "Buy milk"),
      ])
    store.send(.list(.todos(.element(id: id(0), action: .checkboxToggled)))) {
      $0.list.rows[id: id(0)]?.isComplete = true
      $0.list.rows[id: id(0)]?.completionDate = testDay
      $0.list.settling = [id(0)]
      $0.list.history.undoStack = [
        History.Entry(
          label: "complete “Call Mom”",
          changes: [.update([Todo.State(id: id(0), description: "Call Mom")])], selectedID: id(0))
      ]
      $0.list.list.revision = 1
      $0.file.scheduledRevision = 1
    }
    return store
  }

  /// The disk edits the text of the todo being edited in the app: the edit stays open, with
  /// what was typed, as a new todo beside the disk's version (a plain reload lost the row,
  /// Receives a merge whose only change is one todo added on disk (as row 2, the last) over
  /// the two rows the app had, and asserts it: the list and the file become the merge.
  func receiveMergeAddingOneTodo(
    _ store: TestStore<AppFeature.State, AppFeature.Action>, merged: String, stamp: FileStamp,
    added: String
  ) {
    store.receive(
      .mergeFinished(
        .success(
          .merged(
            TodoTxtMergeResult(
              bytes: Array(merged.utf8), conflicts: [],
              summary: TodoTxtMergeSummary(addedOnDisk: 1), oursLines: [0, 1, nil]),
            stamp: stamp)),
        revision: 1)
    ) {
      $0.file.stamp = stamp
      $0.file.savedRevision = 1
      $0.file.document = TodoTxtDocument.parse(Array(merged.utf8)).layout(
        ids: [id(0), id(1), id(2)])
      $0.list.settling = []
      $0.list.rows.append(Todo.State(id: id(2), description: added))
      $0.list.status = Todos.StatusMessage("Merged todo.txt: 1 change from disk applied")
    }
  }

  /// closed the edit and dropped the text; saving the edit over it would drop the disk's).
  @Test func anEditInProgressSurvivesTheDisksEditOfItsTodo() {
    let file = InMemoryFile(contents: "Call Mom\nBuy milk\n")
    let store = loaded(
      file,
      todos: [
        Todo.State(id: id(0), description: "Call Mom"),
        Todo.State(id: id(1), description: "Buy milk"),
      ])
    store.exhaustivity = .off
    store.send(.list(.viewport(.selectionMoved(.next))))
    store.send(.list(.editKeyPressed))
    store.send(.list(.editor(.textEdited(.moveToEnd))))
    store.send(.list(.editor(.textEdited(.insert(" today")))))
    file.writeExternally("Call Mom\n(A) Buy oat milk\n")
    store.send(.fileChangedOnDisk)
    store.skipReceivedActions()
    guard case .editing(let editor) = store.state.list.mode else {
      Issue.record("the edit was closed: \(store.state.list.mode)")
      return
    }
    #expect(editor.isNew && editor.id != id(1))
    #expect(editor.field.text == "Buy milk today")
    #expect(store.state.list.rows[id: id(1)]?.description == "Buy oat milk")
    #expect(file.contents == "Call Mom\n(A) Buy oat milk\n")
    // Enter keeps both versions.
    store.send(.list(.editor(.enterPressed)))
    #expect(
      store.state.list.rows.map(\.description)
        == ["Buy milk today", "Call Mom", "Buy oat milk"])
    store.skipInFlightEffects()
    store.finish()
  }

  /// A sync folder removes the file and, later than the app's looks, puts back its own copy,
  /// which never saw the one the app wrote again: the completion made before the removal and
  /// the sync's new todo are both kept (merged over the version before the removal), where
  /// following the file would drop the completion.
  @Test func aCopyPutBackAfterTheAppWroteTheFileAgainIsMergedNotFollowed() {
    let file = InMemoryFile(contents: "Call Mom\nBuy milk\n")
    let store = completedCallMom(file)
    store.exhaustivity = .off
    file.writeExternally(nil)
    for _ in 0...AppFeature.maxRechecks { store.send(.reloadFinished(.success(nil))) }
    store.skipReceivedActions()
    #expect(file.contents == "x 2024-05-01 Call Mom\nBuy milk\n")
    file.writeExternally("Call Mom\nBuy milk\nPay rent\n")
    store.send(.fileChangedOnDisk)
    store.skipReceivedActions()
    #expect(file.contents == "x 2024-05-01 Call Mom\nBuy milk\nPay rent\n")
    #expect(
      store.state.list.rows.map(\.description) == ["Call Mom", "Buy milk", "Pay rent"])
    #expect(store.state.list.rows[id: id(0)]?.isComplete == true)
    #expect(store.state.file.baseBeforeRemoval == nil)
    store.skipInFlightEffects()
    store.finish()
  }

  /// A reload with unsaved changes: the disk's edit of another todo and the app's toggle both
  /// end up in the file and the list, and the edited todo keeps its row's id (the selection
  /// stays on it).
  @Test func aReloadWithUnsavedChangesMergesBothSides() {
    let file = InMemoryFile(contents: "Call Mom\nBuy milk\n")
    let store = completedCallMom(file)
    store.send(.list(.viewport(.selectionMoved(.next)))) {
      $0.list.viewport.selectedID = id(1)
    }
    file.writeExternally("Call Mom\nBuy oat milk\n")
    store.send(.fileChangedOnDisk)
    let theirs = Array("Call Mom\nBuy oat milk\n".utf8)
    store.receive(.reloadFinished(.success(LoadedFile(bytes: theirs, stamp: stamp(1, size: 22)))))
    let merged = Array("x 2024-05-01 Call Mom\nBuy oat milk\n".utf8)
    store.receive(
      .mergeFinished(
        .success(
          .merged(
            TodoTxtMergeResult(
              bytes: merged, conflicts: [], summary: TodoTxtMergeSummary(changedOnDisk: 1),
              oursLines: [0, 1]),
            stamp: stamp(2, size: 35))),
        revision: 1)
    ) {
      $0.file.stamp = stamp(2, size: 35)
      $0.file.savedRevision = 1
      // Like any reload: the list is the file's now; the undo steps stay.
      $0.list.settling = []
      $0.list.rows[id: id(1)]?.description = "Buy oat milk"
      $0.list.status = Todos.StatusMessage("Merged todo.txt: 1 change from disk applied")
    }
    #expect(file.contents == "x 2024-05-01 Call Mom\nBuy oat milk\n")
    #expect(store.state.list.viewport.selectedID == id(1))
    #expect(file.conflictCopies == [:])
    #expect(!file.isLocked)
    store.skipInFlightEffects()  // the sort after the toggle and the status expiry
    store.finish()
  }

  /// A save that finds the file changed since it was read (another program wrote it between
  /// the debounce and the rename) merges instead of overwriting: todo.sh's added line stays.
  @Test func aSaveThatFindsTheFileChangedMerges() {
    let file = InMemoryFile(contents: "Call Mom\nBuy milk\n")
    let store = completedCallMom(file)
    file.beforeSave = { file.writeExternally("Call Mom\nBuy milk\nfrom todo.sh\n") }
    scheduler.advance(by: .milliseconds(300))
    store.receive(.saveTimerFired)
    store.receive(.saveFinished(.failure(.changedOnDisk(file.path)), revision: 1))
    let theirs = Array("Call Mom\nBuy milk\nfrom todo.sh\n".utf8)
    store.receive(.reloadFinished(.success(LoadedFile(bytes: theirs, stamp: stamp(1, size: 31)))))
    let merged = "x 2024-05-01 Call Mom\nBuy milk\nfrom todo.sh\n"
    receiveMergeAddingOneTodo(
      store, merged: merged, stamp: stamp(2, size: 44), added: "from todo.sh")
    #expect(file.contents == merged)
    #expect(file.conflictCopies == [:])
    store.skipInFlightEffects()
    store.finish()
  }

  /// The same todo changed differently on both sides: both versions are kept, the disk's one
  /// marked in the list (not in the file), and the status line says so.
  @Test func aConflictKeepsBothVersionsAndMarksTheDisksOne() {
    let file = InMemoryFile(contents: "Call Mom\nBuy milk\n")
    let store = completedCallMom(file)
    file.writeExternally("Call Mom about Sunday\nBuy milk\n")
    store.send(.fileChangedOnDisk)
    let theirs = Array("Call Mom about Sunday\nBuy milk\n".utf8)
    store.receive(.reloadFinished(.success(LoadedFile(bytes: theirs, stamp: stamp(1, size: 31)))))
    let merged = "x 2024-05-01 Call Mom\nCall Mom about Sunday\nBuy milk\n"
    store.receive(
      .mergeFinished(
        .success(
          .merged(
            TodoTxtMergeResult(
              bytes: Array(merged.utf8), conflicts: [.init(ours: 0, theirs: 1)],
              summary: TodoTxtMergeSummary(changedOnBothSides: 1), oursLines: [0, nil, 1]),
            stamp: stamp(2, size: 53))),
        revision: 1)
    ) {
      $0.file.stamp = stamp(2, size: 53)
      $0.file.savedRevision = 1
      $0.file.document = TodoTxtDocument.parse(Array(merged.utf8)).layout(
        ids: [id(0), id(2), id(1)])
      $0.list.settling = []
      $0.list.rows.insert(
        Todo.State(id: id(2), description: "Call Mom about Sunday"), at: 1)
      $0.list.conflicted = [id(2)]
      $0.list.status = Todos.StatusMessage(
        "Merged todo.txt: 1 todo changed on both sides, both kept")
    }
    #expect(file.contents == merged)
    // The user deletes the version they do not want (first on screen, above the completed
    // "Call Mom"): its mark goes with it.
    store.send(.list(.viewport(.selectionMoved(.first)))) {
      $0.list.viewport.selectedID = id(2)
    }
    store.exhaustivity = .off  // the undo steps are the History tests' to assert
    store.send(.list(.deleteKeyPressed)) {
      $0.list.rows.remove(id: id(2))
      $0.list.viewport.selectedID = id(1)
      $0.list.list.revision = 2
      $0.list.status = Todos.StatusMessage("Deleted “Call Mom about Sunday” · u to undo")
      $0.file.scheduledRevision = 2
    }
    store.skipInFlightEffects()
    store.finish()
  }

  /// A moment in which the file is empty (a writer truncating and rewriting it) is not a
  /// deletion of every todo: it is looked at again, and the rewritten file is merged.
  @Test func anEmptyMomentIsNotADeletion() {
    let file = InMemoryFile(contents: "Call Mom\nBuy milk\n")
    let store = completedCallMom(file)
    file.writeExternally("")
    store.send(.fileChangedOnDisk)
    store.receive(.reloadFinished(.success(LoadedFile(bytes: [], stamp: stamp(1, size: 0))))) {
      $0.file.recheckCount = 1
    }
    file.writeExternally("Call Mom\nBuy milk\nPay rent\n")
    scheduler.advance(by: .milliseconds(100))
    store.receive(.recheckTimerFired)
    let theirs = Array("Call Mom\nBuy milk\nPay rent\n".utf8)
    store.receive(.reloadFinished(.success(LoadedFile(bytes: theirs, stamp: stamp(2, size: 27))))) {
      $0.file.recheckCount = 0
    }
    let merged = "x 2024-05-01 Call Mom\nBuy milk\nPay rent\n"
    receiveMergeAddingOneTodo(store, merged: merged, stamp: stamp(3, size: 40), added: "Pay rent")
    #expect(file.contents == merged)
    store.skipInFlightEffects()
    store.finish()
  }

  /// Another todos-tui holding the lock longer than a moment: the save is not lost, it is
  /// shown and tried again, and this copy never becomes read-only.
  @Test func aSaveThatFindsTheLockTakenIsRetried() {
    let file = InMemoryFile(contents: "Call Mom\nBuy milk\n")
    let store = completedCallMom(file)
    let locked = FileError.lockedByAnotherProcess(file.path, pid: 9)
    file.lockFailure = locked
    scheduler.advance(by: .milliseconds(300))
    store.receive(.saveTimerFired)
    store.receive(.saveFinished(.failure(locked), revision: 1)) {
      $0.file.problem = locked
      $0.list.status = Todos.StatusMessage(
        "todo.txt is open in todos-tui (pid 9); not saving · kept in memory, retrying",
        kind: .error)
    }
    file.lockFailure = nil
    store.exhaustivity = .off  // the settle is the list's tests' business
    scheduler.advance(by: .seconds(2))
    store.receive(.saveTimerFired)
    store.receive(.saveFinished(.success(stamp(1, size: 31)), revision: 1)) {
      $0.file.stamp = stamp(1, size: 31)
      $0.file.savedRevision = 1
      $0.file.problem = nil
      $0.list.status = Todos.StatusMessage("Saved todo.txt")
    }
    #expect(file.contents == "x 2024-05-01 Call Mom\nBuy milk\n")
    #expect(store.state.file.problem == nil)
    store.skipInFlightEffects()
    store.finish()
  }

  /// Quitting while another program has the file truncated (mid-rewrite): no time to look
  /// again, and a merge would drop every todo, so the file stays theirs and ours goes to the
  /// recovery file.
  @Test func quittingWhileTheFileIsCaughtEmptyKeepsOursInTheRecoveryFile() {
    let file = InMemoryFile(contents: "Call Mom\nBuy milk\n")
    let store = completedCallMom(file)
    file.writeExternally("")
    store.exhaustivity = .off
    store.send(.shutdownRequested)
    store.skipReceivedActions()
    #expect(file.contents == "")
    #expect(file.recovery == Array("x 2024-05-01 Call Mom\nBuy milk\n".utf8))
    #expect(store.state.file.unsavedChangesCopy == file.recoveryPath)
  }

  /// Two todos-tui on one file, both writable: each one's save is merged by the other.
  @Test func twoCopiesOnOneFileMergeEachOthersSaves() {
    let file = InMemoryFile(contents: "Call Mom\nBuy milk\n")
    let first = completedCallMom(file)
    let second = loaded(
      file,
      todos: [
        Todo.State(id: id(0), description: "Call Mom"),
        Todo.State(id: id(1), description: "Buy milk"),
      ])
    second.exhaustivity = .off
    first.exhaustivity = .off
    second.send(.list(.todos(.element(id: id(1), action: .checkboxToggled))))
    // The first saves; the second's save then finds the file changed and merges.
    scheduler.advance(by: .seconds(2))
    first.send(.fileChangedOnDisk)
    second.send(.fileChangedOnDisk)
    first.send(.fileChangedOnDisk)
    // Both completions are in the file, each todo once (each copy sorted its own way).
    #expect(
      file.contents?.split(separator: "\n").sorted()
        == ["x 2024-05-01 Buy milk", "x 2024-05-01 Call Mom"])
    #expect(first.state.list.rows.map(\.isComplete) == [true, true])
    #expect(second.state.list.rows.map(\.isComplete) == [true, true])
    #expect(!first.state.hasUnsavedChanges && !second.state.hasUnsavedChanges)
    #expect(file.conflictCopies == [:])
    first.skipInFlightEffects()
    second.skipInFlightEffects()
  }
}
