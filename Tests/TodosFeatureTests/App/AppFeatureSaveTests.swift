import Architecture
import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import Testing
import TodoTxt
import TodosFeatureTestSupport

@testable import TodosFeature

/// When saves happen: the debounce and its upper bound.
extension AppFeatureTests {
  /// Toggles "a" (id 0) at `revision`, asserting the change; `complete` is its state after.
  func toggleA(
    _ store: TestStore<AppFeature.State, AppFeature.Action>, revision: Int, complete: Bool
  ) {
    store.send(.list(.todos(.element(id: id(0), action: .checkboxToggled)))) {
      $0.list.rows[id: id(0)]?.isComplete = complete
      $0.list.rows[id: id(0)]?.completionDate = complete ? testDay : nil
      $0.list.settling = [id(0)]
      $0.list.list.revision = revision
      $0.list.history.undoStack.append(
        History.Entry(
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
    store.receive(.list(.sortCompletedTodos)) { $0.list.settling = [] }
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
    store.receive(.list(.sortCompletedTodos)) { $0.list.settling = [] }
    store.finish()
  }
}

/// Outside changes: a file that is missing or empty for a moment, and a conflict copy that
/// cannot be written.
extension AppFeatureTests {
  /// todo.sh `do` runs `sed -i` twice; in between the file does not exist. The app has no
  /// unsaved changes, so it must end up showing todo.sh's version and never write its own.
  @Test func aFileMissingForAMomentIsNotTakenForRemoved() {
    let file = InMemoryFile(contents: "foo\n")
    let store = loaded(file, todos: [Todo.State(id: id(0), description: "foo")])
    file.writeExternally(nil)
    store.send(.fileChangedOnDisk)
    store.receive(.reloadFinished(.success(nil))) { $0.file.recheckCount = 1 }
    file.writeExternally("x 2024-05-01 foo\n")
    scheduler.advance(by: .milliseconds(100))
    store.receive(.recheckTimerFired)
    let done = "x 2024-05-01 foo\n"
    let theirs = stamp(2, size: 17)
    let reloaded = Todo.State(
      id: id(0), description: "foo", isComplete: true, completionDate: testDay)
    store.receive(.reloadFinished(.success(LoadedFile(bytes: Array(done.utf8), stamp: theirs)))) {
      $0.file.recheckCount = 0
      $0.file.stamp = theirs
      $0.list.rows = [reloaded]
      $0.list.status = Todos.StatusMessage("Reloaded: todo.txt changed on disk")
    }
    scheduler.advance(by: .seconds(3))
    store.receive(.list(.statusMessageExpired)) { $0.list.status = nil }
    #expect(file.saveCount == 0)
    #expect(file.contents == done)
    #expect(file.conflictCopies == [:])
    store.finish()
  }

  /// A truncate-and-write writer leaves the file empty for a moment: looked at again too.
  @Test func aFileEmptyForAMomentIsReadAgain() {
    let file = InMemoryFile(contents: "a\n")
    let store = loaded(file, todos: [Todo.State(id: id(0), description: "a")])
    file.writeExternally("")
    store.send(.fileChangedOnDisk)
    store.receive(.reloadFinished(.success(LoadedFile(bytes: [], stamp: stamp(1, size: 0))))) {
      $0.file.recheckCount = 1
    }
    file.writeExternally("a\nb\n")
    scheduler.advance(by: .milliseconds(100))
    store.receive(.recheckTimerFired)
    let theirs = stamp(2, size: 4)
    let rows = [Todo.State(id: id(0), description: "a"), Todo.State(id: id(1), description: "b")]
    store.receive(
      .reloadFinished(.success(LoadedFile(bytes: Array("a\nb\n".utf8), stamp: theirs)))
    ) {
      $0.file.recheckCount = 0
      $0.file.stamp = theirs
      $0.file.document = TodoTxtDocument.parse(Array("a\nb\n".utf8)).layout(ids: rows.map(\.id))
      $0.list.rows = IdentifiedArray(uniqueElements: rows)
      $0.list.status = Todos.StatusMessage("Reloaded: todo.txt changed on disk")
    }
    scheduler.advance(by: .seconds(3))
    store.receive(.list(.statusMessageExpired)) { $0.list.status = nil }
    #expect(file.saveCount == 0)
    store.finish()
  }

  /// A change is made (its save is scheduled), the file changes outside, and the conflict copy
  /// cannot be written: the scheduled save must not overwrite their version. Once the copy can
  /// be written, both versions exist.
  @Test func aFailedConflictCopyStopsThePendingSave() {
    let file = InMemoryFile(contents: "a\n")
    let store = loaded(file, todos: [Todo.State(id: id(0), description: "a")])
    toggleA(store, revision: 1, complete: true)
    file.writeExternally("theirs\u{0}\n")
    file.conflictCopyFailure = .diskFull(file.path)
    store.send(.fileChangedOnDisk)
    let theirs = stamp(1, size: 8)
    let theirBytes = Array("theirs\u{0}\n".utf8)
    store.receive(.reloadFinished(.success(LoadedFile(bytes: theirBytes, stamp: theirs))))
    store.receive(
      .mergeFinished(
        .success(.notText(LoadedFile(bytes: Array("theirs\u{0}\n".utf8), stamp: theirs))),
        revision: 1))
    store.receive(.conflictCopyFinished(.failure(.diskFull(file.path)), theirs: theirs)) {
      $0.file.problem = .diskFull(file.path)
      $0.list.status = Todos.StatusMessage(
        "Disk full: todo.txt not saved · not saving", kind: .error)
    }
    // The debounce and its bound were cancelled: nothing is written over theirs.
    scheduler.advance(by: .seconds(1))
    store.receive(.list(.sortCompletedTodos)) { $0.list.settling = [] }
    #expect(file.saveCount == 0)
    #expect(file.contents == "theirs\u{0}\n")
    // The disk has room again: the retry copies theirs aside, then writes ours.
    file.conflictCopyFailure = nil
    scheduler.advance(by: .seconds(1))
    store.receive(.loadRetryTimerFired)
    store.receive(.reloadFinished(.success(LoadedFile(bytes: theirBytes, stamp: theirs)))) {
      $0.file.problem = nil
    }
    receiveTheirsKeptAside(
      store, theirs: LoadedFile(bytes: Array("theirs\u{0}\n".utf8), stamp: theirs),
      saved: stamp(2, size: 15))
    #expect(file.contents == "x 2024-05-01 a\n")
    #expect(file.conflictCopies == ["/tmp/todo.txt.conflict": theirBytes])
    scheduler.advance(by: .seconds(3))
    store.receive(.list(.statusMessageExpired)) { $0.list.status = nil }
    store.finish()
  }
}

/// Reloads of files with duplicate lines.
extension AppFeatureTests {
  /// Two identical lines are two todos: on a reload each keeps its own id, so the selection
  /// stays on the second one and does not jump to the first.
  @Test func aReloadOfTwoIdenticalLinesKeepsEachIdAndTheSelection() {
    let file = InMemoryFile(contents: "same\nsame\n")
    let store = loaded(
      file,
      todos: [
        Todo.State(id: id(0), description: "same"), Todo.State(id: id(1), description: "same"),
      ])
    store.send(.list(.viewport(.selectionMoved(.next)))) { $0.list.viewport.selectedID = id(1) }
    file.writeExternally("new\nsame\nsame\n")
    store.send(.fileChangedOnDisk)
    let bytes = Array("new\nsame\nsame\n".utf8)
    let reloaded = [
      Todo.State(id: id(2), description: "new"),
      Todo.State(id: id(0), description: "same"),
      Todo.State(id: id(1), description: "same"),
    ]
    store.receive(.reloadFinished(.success(LoadedFile(bytes: bytes, stamp: stamp(1, size: 14))))) {
      $0.file.stamp = stamp(1, size: 14)
      $0.file.document = TodoTxtDocument.parse(bytes).layout(ids: reloaded.map(\.id))
      $0.list.rows = IdentifiedArray(uniqueElements: reloaded)
      $0.list.status = Todos.StatusMessage("Reloaded: todo.txt changed on disk")
    }
    #expect(store.state.list.viewport.selectedID == id(1))
    // Completing the selected one completes the second line, not the first.
    store.send(.list(.todos(.element(id: id(1), action: .checkboxToggled)))) {
      $0.list.rows[id: id(1)]?.isComplete = true
      $0.list.rows[id: id(1)]?.completionDate = testDay
      $0.list.settling = [id(1)]
      $0.list.list.revision = 1
      $0.list.history.undoStack = [
        History.Entry(
          label: "complete “same”",
          changes: [.update([Todo.State(id: id(1), description: "same")])],
          selectedID: id(1))
      ]
      $0.file.scheduledRevision = 1
    }
    scheduler.advance(by: .milliseconds(300))
    store.receive(.saveTimerFired)
    store.receive(.saveFinished(.success(stamp(2, size: 27)), revision: 1)) {
      $0.file.stamp = stamp(2, size: 27)
      $0.file.savedRevision = 1
    }
    #expect(file.contents == "new\nsame\nx 2024-05-01 same\n")
    scheduler.advance(by: .seconds(3))
    store.receive(.list(.sortCompletedTodos)) { $0.list.settling = [] }
    store.receive(.list(.statusMessageExpired)) { $0.list.status = nil }
    store.finish()
  }

}

/// A removed file that comes back.
extension AppFeatureTests {
  /// The file was gone long enough to be believed removed, and reappears just before the app
  /// writes it again (the save finds it there): with no changes of the user's, theirs is
  /// newer and is taken, with no conflict copy and no write.
  @Test func aFileThatComesBackAfterARemovalIsTakenNotOverwritten() {
    let file = InMemoryFile(contents: "old\n")
    let store = loaded(file, todos: [Todo.State(id: id(0), description: "old")])
    file.writeExternally(nil)
    // Believed removed (five looks), as in aRemovedFileIsWrittenAgainFromMemory.
    store.send(.reloadFinished(.success(nil))) { $0.file.recheckCount = 1 }
    store.send(.reloadFinished(.success(nil))) { $0.file.recheckCount = 2 }
    store.send(.reloadFinished(.success(nil))) { $0.file.recheckCount = 3 }
    store.send(.reloadFinished(.success(nil))) { $0.file.recheckCount = 4 }
    store.send(.reloadFinished(.success(nil))) { $0.file.recheckCount = 5 }
    file.writeExternally("new\n")  // appears between the decision and the save
    store.send(.reloadFinished(.success(nil))) {
      $0.file.recheckCount = 0
      $0.file.baseBeforeRemoval = $0.file.stamp
      $0.file.stamp = nil
      $0.file.savedRevision = -1
      $0.file.recreatedRevision = 0
      $0.list.status = Todos.StatusMessage("todo.txt was removed: saved your todos again")
    }
    store.receive(.saveFinished(.failure(.changedOnDisk(file.path)), revision: 0))
    let theirs = LoadedFile(bytes: Array("new\n".utf8), stamp: stamp(2, size: 4))
    let rows = [Todo.State(id: id(1), description: "new")]
    // Merged over the version before the removal: nothing of ours was changed, so the file
    // that came back is the result, as it is (not written again).
    store.receive(.reloadFinished(.success(theirs)))
    store.receive({ if case .mergeFinished = $0 { true } else { false } }) {
      $0.file.stamp = theirs.stamp
      $0.file.savedRevision = 0
      $0.file.baseBeforeRemoval = nil
      $0.file.document = TodoTxtDocument(lines: [.slot(id(1))])
      $0.list.rows = IdentifiedArray(uniqueElements: rows)
      $0.list.viewport.selectedID = id(1)
      $0.list.status = Todos.StatusMessage("Merged todo.txt: 2 changes from disk applied")
    }
    #expect(file.contents == "new\n")
    #expect(file.saveCount == 0)
    #expect(file.conflictCopies == [:])
    store.skipInFlightEffects()
    store.finish()
  }
}
