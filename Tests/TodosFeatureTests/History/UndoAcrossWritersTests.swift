import Architecture
import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import Testing
import TodosFeatureTestSupport

@testable import TodosFeature

/// The undo history survives other writers: a reload or a merge keeps it, and a step applies to
/// the todo as it is now, never silently taking back another program's change.
extension AppFeatureTests {
  /// Starts on `contents`, non-exhaustively (each test checks what it is about: the file, the
  /// list and the status line).
  func started(_ file: InMemoryFile) -> TestStore<AppFeature.State, AppFeature.Action> {
    let store = makeStore(file)
    store.exhaustivity = .off
    store.send(.started)
    store.skipReceivedActions()
    return store
  }

  /// Lets the debounced save run.
  func saved(_ store: TestStore<AppFeature.State, AppFeature.Action>) {
    scheduler.advance(by: .seconds(2))
    store.skipReceivedActions()
    #expect(!store.state.hasUnsavedChanges)
  }

  /// Another program writes `contents`; the app notices.
  func written(
    _ contents: String, to file: InMemoryFile,
    _ store: TestStore<AppFeature.State, AppFeature.Action>
  ) {
    file.writeExternally(contents)
    store.send(.fileChangedOnDisk)
    store.skipReceivedActions()
  }

  func undo(_ store: TestStore<AppFeature.State, AppFeature.Action>) {
    store.send(.list(.history(.undoKeyPressed)))
    store.skipReceivedActions()
  }

  /// Delete, then `echo … >> todo.txt`: `u` brings the todo back, and the appended line stays.
  @Test func aDeleteIsUndoneAfterAnAppendByAnotherProgram() {
    let file = InMemoryFile(contents: "Call Mom\nBuy milk\n")
    let store = started(file)
    store.send(.list(.deleteKeyPressed))
    saved(store)
    #expect(file.contents == "Buy milk\n")
    written("Buy milk\nPay rent\n", to: file, store)
    undo(store)
    #expect(store.state.list.status?.text == "Undid delete “Call Mom” · Ctrl-R to redo")
    saved(store)
    #expect(file.contents == "Call Mom\nBuy milk\nPay rent\n")
  }

  /// The app deletes a todo; `todo.sh do` completes another: `u` brings the deleted one back
  /// and the completion stays.
  @Test func aDeleteIsUndoneAfterTodoShCompletedAnotherTodo() {
    let file = InMemoryFile(contents: "Call Mom\nBuy milk\n")
    let store = started(file)
    store.send(.list(.deleteKeyPressed))
    saved(store)
    written("x 2026-11-26 Buy milk\n", to: file, store)
    undo(store)
    saved(store)
    #expect(file.contents == "Call Mom\nx 2026-11-26 Buy milk\n")
  }

  /// A second todos-tui adds a todo after this one completed "Buy milk": `u` reopens it, and
  /// the other instance's todo stays.
  @Test func aToggleIsUndoneAfterASecondInstancesSave() {
    let file = InMemoryFile(contents: "Call Mom\nBuy milk\n")
    let store = started(file)
    store.send(.list(.todos(.element(id: id(1), action: .checkboxToggled))))
    saved(store)
    #expect(file.contents == "Call Mom\nx 2024-05-01 Buy milk\n")
    written("2026-11-26 From the other one\nCall Mom\nx 2024-05-01 Buy milk\n", to: file, store)
    undo(store)
    saved(store)
    #expect(file.contents == "2026-11-26 From the other one\nCall Mom\nBuy milk\n")
  }

  /// The app completes "Call Mom"; another program edits its text: undo reopens the edited
  /// todo (the step applies to the todo as it is now), it does not put the old text back.
  @Test func undoingAToggleOfATodoEditedElsewhereTogglesTheEditedText() {
    let file = InMemoryFile(contents: "Call Mom\nBuy milk\n")
    let store = started(file)
    store.send(.list(.todos(.element(id: id(0), action: .checkboxToggled))))
    saved(store)
    written("x 2024-05-01 Call Mom about Sunday\nBuy milk\n", to: file, store)
    #expect(store.state.list.rows.first?.id == id(0))
    undo(store)
    saved(store)
    #expect(file.contents == "Call Mom about Sunday\nBuy milk\n")
  }

  /// A step whose todo another program removed is skipped, and the status line says so.
  @Test func aStepWhoseTodoWasRemovedElsewhereIsSkippedAndSaid() {
    let file = InMemoryFile(contents: "Call Mom\nBuy milk\n")
    let store = started(file)
    store.send(.list(.todos(.element(id: id(0), action: .checkboxToggled))))
    saved(store)
    written("Buy milk\n", to: file, store)
    undo(store)
    #expect(
      store.state.list.status?.text
        == "Skipped undo of complete “Call Mom”: its todo is no longer in the file")
    #expect(store.state.list.history.undoStack.isEmpty)
    #expect(file.contents == "Buy milk\n")
  }

  /// A file replaced by one with none of the todos: the history cannot be kept, and the
  /// status line says it was cleared.
  @Test func aReplacedFileClearsTheHistoryAndSaysSo() {
    let file = InMemoryFile(contents: "Call Mom\nBuy milk\n")
    let store = started(file)
    store.send(.list(.todos(.element(id: id(0), action: .checkboxToggled))))
    saved(store)
    written("Water the plants\n", to: file, store)
    #expect(store.state.list.history.undoStack.isEmpty)
    #expect(
      store.state.list.status?.text == "Undo history cleared: todo.txt was replaced")
  }
}
