import Architecture
import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import Testing
import TodosFeatureTestSupport

@testable import TodosFeature

/// Loading at start: the file becomes the list, each line keeping its bytes until it changes;
/// a missing file is an empty list.
@MainActor
@Suite struct AppLoadTests: AppStoreTesting {
  let scheduler = TestScheduler()

  @Test func loadsTheFileAtStart() {
    let file = InMemoryFile(
      contents: "(A) Call Mom +family\n# a note\nx 2024-05-01 2024-04-01 Buy milk pri:B\n")
    let store = loaded(
      file,
      todos: [
        Todo.State(
          id: id(0), description: "Call Mom +family", priority: "A"),
        Todo.State(
          id: id(1), description: "Buy milk", isComplete: true, priority: "B",
          creationDate: TodoDate(string: "2024-04-01"),
          completionDate: TodoDate(string: "2024-05-01")),
      ])
    // The lock serialises a save's read–merge–rename step; nobody holds it while idle.
    #expect(!file.isLocked)
    #expect(store.state.file.problem == nil)
    store.finish()
  }

  @Test func onlyLinesTheAppWouldWriteDifferentlyKeepTheirOriginalBytes() {
    let odd = "x 2024-05-01 pri:B Call  Mom"  // a moved pri: tag and a double space
    let file = InMemoryFile(contents: "\(odd)\nplain\n")
    let store = loaded(
      file,
      todos: [
        Todo.State(
          id: id(0), description: "Call  Mom", isComplete: true, priority: "B",
          completionDate: TodoDate(string: "2024-05-01"), rawLine: Array(odd.utf8)),
        Todo.State(id: id(1), description: "plain"),
      ],
      selected: id(1))  // the first row on screen: active todos show above completed ones
    store.exhaustivity = .off  // the undo steps are the History tests' to assert
    store.send(.list(.deleteKeyPressed)) {
      $0.list.rows.remove(id: id(1))
      $0.list.viewport.selectedID = id(0)
      $0.list.list.revision = 1
      $0.list.status = Todos.StatusMessage("Deleted “plain” · u to undo")
      $0.file.scheduledRevision = 1
    }
    scheduler.advance(by: .milliseconds(300))
    store.receive(.saveTimerFired)  // the deleted todo's place stays, for its undo
    store.receive(.saveFinished(.success(stamp(1, size: 29)), revision: 1)) {
      $0.file.stamp = stamp(1, size: 29)
      $0.file.savedRevision = 1
    }
    #expect(file.contents == "\(odd)\n")
    scheduler.advance(by: .seconds(3))
    store.receive(.list(.statusMessageExpired)) { $0.list.status = nil }
    store.finish()
  }

  @Test func aMissingFileIsAnEmptyListAndIsCreatedOnTheFirstChange() {
    let file = InMemoryFile(contents: nil)
    let store = makeStore(file)
    store.send(.started)
    store.receive(.loadFinished(.success(nil))) { $0.file.isLoaded = true }
    store.send(.list(.addKeyPressed)) {
      $0.list.mode = .editing(Editor.State(id: id(0), isNew: true, field: TextField()))
    }
    store.send(.list(.editor(.textEdited(.insert("Milk"))))) {
      $0.list.mode = .editing(
        Editor.State(id: id(0), isNew: true, field: TextField(text: "Milk")))
    }
    store.exhaustivity = .off  // the undo steps are the History tests' to assert
    store.send(.list(.editor(.enterPressed))) {
      $0.list.mode = .normal
      $0.list.rows = [Todo.State(id: id(0), description: "Milk", creationDate: testDay)]
      $0.list.viewport.selectedID = id(0)
      $0.list.list.revision = 1
      $0.file.scheduledRevision = 1
    }
    scheduler.advance(by: .milliseconds(299))
    #expect(file.bytes == nil)
    scheduler.advance(by: .milliseconds(1))
    store.receive(.saveTimerFired) { $0.file.document = TodoTxtDocument(lines: [.slot(id(0))]) }
    store.receive(.saveFinished(.success(stamp(1, size: 16)), revision: 1)) {
      $0.file.stamp = stamp(1, size: 16)
      $0.file.savedRevision = 1
    }
    #expect(file.contents == "2024-05-01 Milk\n")
    store.finish()
  }
}
