import Architecture
import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import Testing
import TodosFeatureTestSupport

@testable import TodosFeature

/// Saving: debounced after changes, at once on the way out, and kept in memory when it fails.
@MainActor
@Suite struct AppSaveTests: AppStoreTesting {
  let scheduler = TestScheduler()

  @Test func savesOnce300msAfterTheLastOfSeveralChanges() {
    let file = InMemoryFile(contents: "a\nb\n")
    let store = loaded(
      file,
      todos: [
        Todo.State(id: id(0), description: "a"),
        Todo.State(id: id(1), description: "b"),
      ])
    store.exhaustivity = .off  // the undo steps are the History tests' to assert
    store.send(.list(.todos(.element(id: id(1), action: .checkboxToggled)))) {
      $0.list.rows[id: id(1)]?.isComplete = true
      $0.list.rows[id: id(1)]?.completionDate = testDay
      $0.list.settling = [id(1)]
      $0.list.list.revision = 1
      $0.file.scheduledRevision = 1
    }
    scheduler.advance(by: .milliseconds(200))
    store.send(.list(.todos(.element(id: id(0), action: .checkboxToggled)))) {
      $0.list.rows[id: id(0)]?.isComplete = true
      $0.list.rows[id: id(0)]?.completionDate = testDay
      $0.list.settling = [id(0), id(1)]
      $0.list.list.revision = 2
      $0.file.scheduledRevision = 2
    }
    scheduler.advance(by: .milliseconds(299))
    #expect(file.saveCount == 0)
    scheduler.advance(by: .milliseconds(1))
    store.receive(.saveTimerFired)  // two todo lines before, two after: the layout stays
    store.receive(.saveFinished(.success(stamp(1, size: 30)), revision: 2)) {
      $0.file.stamp = stamp(1, size: 30)
      $0.file.savedRevision = 2
    }
    #expect(file.saveCount == 1)
    #expect(file.contents == "x 2024-05-01 a\nx 2024-05-01 b\n")
    // The sort settles 1 s after the last toggle; both are complete, so the order stays.
    scheduler.advance(by: .milliseconds(700))
    store.receive(.list(.sortCompletedTodos)) { $0.list.settling = [] }
    store.finish()
  }

  @Test func quittingSavesAtOnceWithTheSortSettled() {
    let file = InMemoryFile(contents: "a\nb\n")
    let store = loaded(
      file,
      todos: [
        Todo.State(id: id(0), description: "a"),
        Todo.State(id: id(1), description: "b"),
      ])
    store.exhaustivity = .off  // the undo steps are the History tests' to assert
    store.send(.list(.todos(.element(id: id(0), action: .checkboxToggled)))) {
      $0.list.rows[id: id(0)]?.isComplete = true
      $0.list.rows[id: id(0)]?.completionDate = testDay
      $0.list.settling = [id(0)]
      $0.list.list.revision = 1
      $0.file.scheduledRevision = 1
    }
    // The settle is done at once, on screen only: the file keeps its order.
    store.send(.list(.quitKeyPressed)) {
      $0.list.settling = []
      $0.list.viewport.selectedID = id(1)
      $0.list.isQuitting = true
      $0.file.isStopping = true
    }
    store.receive(.saveFinished(.success(stamp(1, size: 17)), revision: 1)) {
      $0.file.stamp = stamp(1, size: 17)
      $0.file.savedRevision = 1
    }
    #expect(file.contents == "x 2024-05-01 a\nb\n")
    store.finish()
  }

  @Test func stoppingMidEditKeepsWhatWasTyped() {
    let file = InMemoryFile(contents: "")
    let store = makeStore(file)
    store.send(.started)
    store.receive(.loadFinished(.success(LoadedFile(bytes: [], stamp: stamp(0, size: 0))))) {
      $0.file.isLoaded = true
      $0.file.stamp = stamp(0, size: 0)
      $0.file.document = TodoTxtDocument.parse([]).layout(ids: [])
    }
    store.send(.list(.addKeyPressed)) {
      $0.list.mode = .editing(Editor.State(id: id(0), isNew: true, field: TextField()))
    }
    store.send(.list(.editor(.textEdited(.insert("Half-typed"))))) {
      $0.list.mode = .editing(
        Editor.State(id: id(0), isNew: true, field: TextField(text: "Half-typed")))
    }
    store.exhaustivity = .off  // the undo steps are the History tests' to assert
    store.send(.shutdownRequested) {
      $0.list.mode = .normal
      $0.list.rows = [
        Todo.State(id: id(0), description: "Half-typed", creationDate: testDay)
      ]
      $0.list.viewport.selectedID = id(0)
      $0.list.list.revision = 1
      $0.list.status = nil
      $0.file.isStopping = true
      $0.file.scheduledRevision = 1
      $0.file.document = TodoTxtDocument(lines: [.slot(id(0))])
    }
    store.receive(.saveFinished(.success(stamp(1, size: 22)), revision: 1)) {
      $0.file.stamp = stamp(1, size: 22)
      $0.file.savedRevision = 1
    }
    #expect(file.contents == "2024-05-01 Half-typed\n")
    store.finish()
  }

  @Test func aFailedSaveIsShownKeptInMemoryAndRetried() {
    let file = InMemoryFile(contents: "a\n")
    let store = loaded(
      file, todos: [Todo.State(id: id(0), description: "a")])
    file.saveFailure = .diskFull(file.path)
    store.exhaustivity = .off  // the undo steps are the History tests' to assert
    store.send(.list(.deleteKeyPressed)) {
      $0.list.rows = []
      $0.list.viewport.selectedID = nil
      $0.list.list.revision = 1
      $0.list.status = Todos.StatusMessage("Deleted “a” · u to undo")
      $0.file.scheduledRevision = 1
    }
    scheduler.advance(by: .milliseconds(300))
    store.receive(.saveTimerFired)  // the deleted todo's place stays, for its undo
    store.receive(.saveFinished(.failure(.diskFull(file.path)), revision: 1)) {
      $0.file.problem = .diskFull(file.path)
      $0.list.status = Todos.StatusMessage(
        "Disk full: todo.txt not saved · kept in memory, retrying", kind: .error)
    }
    #expect(file.contents == "a\n")
    // Still failing 2 s later: retried quietly.
    scheduler.advance(by: .seconds(2))
    store.receive(.saveTimerFired)
    store.receive(.saveFinished(.failure(.diskFull(file.path)), revision: 1))
    // The status message expires 3 s after it was shown; the problem stays on screen.
    scheduler.advance(by: .seconds(1))
    store.receive(.list(.statusMessageExpired)) { $0.list.status = nil }
    #expect(
      AppView.frame(for: store.state, width: 80, height: 8).buffer.description
        .contains("Disk full: todo.txt not saved"))
    file.saveFailure = nil
    scheduler.advance(by: .seconds(1))
    store.receive(.saveTimerFired)
    store.receive(.saveFinished(.success(stamp(1, size: 0)), revision: 1)) {
      $0.file.stamp = stamp(1, size: 0)
      $0.file.savedRevision = 1
      $0.file.problem = nil
      $0.list.status = Todos.StatusMessage("Saved todo.txt")
    }
    #expect(file.contents == "")
    scheduler.advance(by: .seconds(3))
    store.receive(.list(.statusMessageExpired)) { $0.list.status = nil }
    store.finish()
  }
}
