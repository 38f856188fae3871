import Architecture
import ArchitectureTestSupport
import CustomDump
import Foundation
import IdentifiedCollections
import TerminalUI
import Testing

@testable import TodosFeature

/// The editor on its own: keystrokes, and what the text says.
@MainActor
@Suite struct EditorTests {
  @Test func keystrokesEditTheTextAndEnterAndEscAreTheListsToHandle() {
    var editor = Editor.State(
      editing: Todo.State(id: id(0), description: "Call Mom", priority: "A"))
    #expect(editor == Editor.State(id: id(0), isNew: false, field: TextField(text: "(A) Call Mom")))
    _ = Editor.reducer.reduce(into: &editor, action: .textEdited(.deleteWordBackward))
    #expect(editor.field == TextField(text: "(A) Call ", cursor: 9))
    #expect(editor.parsed == ("A", "Call"))
    let before = editor
    _ = Editor.reducer.reduce(into: &editor, action: .enterPressed)
    _ = Editor.reducer.reduce(into: &editor, action: .escapePressed)
    #expect(editor == before)
  }

  @Test func aNewEditorIsEmpty() {
    #expect(Editor.State.new(id: id(3)) == Editor.State(id: id(3), isNew: true, field: TextField()))
    #expect(Editor.State.new(id: id(3)).parsed == (nil, ""))
  }
}

/// Adding, editing, the trim/empty/Esc rules and deleting, through the list.
/// Adding, editing, the trim/empty/Esc rules and deleting.
@MainActor
@Suite struct TodosEditingTests {
  @Test func addPutsTheNewestOnTopWithIncrementingIds() {
    let (store, _) = makeStore()
    store.send(.addKeyPressed) {
      $0.mode = .editing(Editor.State(id: id(0), isNew: true, field: TextField()))
    }
    store.send(.editor(.textEdited(.insert("  Milk ")))) {
      $0.mode = .editing(
        Editor.State(id: id(0), isNew: true, field: TextField(text: "  Milk ", cursor: 7)))
    }
    store.exhaustivity = .off  // the undo steps are the History tests' to assert
    store.send(.editor(.enterPressed)) {
      $0.mode = .normal
      $0.list.rows = [Todo.State(id: id(0), description: "Milk", creationDate: testDay)]
      $0.viewport.selectedID = id(0)
      $0.list.revision = 1
    }
    store.send(.addKeyPressed) {
      $0.mode = .editing(Editor.State(id: id(1), isNew: true, field: TextField()))
    }
    store.send(.editor(.textEdited(.insert("Eggs")))) {
      $0.mode = .editing(
        Editor.State(id: id(1), isNew: true, field: TextField(text: "Eggs", cursor: 4)))
    }
    store.send(.editor(.enterPressed)) {
      $0.mode = .normal
      $0.list.rows = [
        Todo.State(id: id(1), description: "Eggs", creationDate: testDay),
        Todo.State(id: id(0), description: "Milk", creationDate: testDay),
      ]
      $0.viewport.selectedID = id(1)
      $0.list.revision = 2
    }
    store.finish()
  }

  @Test func addingWhitespaceOnlyOrCancellingAddsNothing() {
    let (store, _) = makeStore()
    store.send(.addKeyPressed) {
      $0.mode = .editing(Editor.State(id: id(0), isNew: true, field: TextField()))
    }
    store.send(.editor(.textEdited(.insert("   ")))) {
      $0.mode = .editing(
        Editor.State(id: id(0), isNew: true, field: TextField(text: "   ", cursor: 3)))
    }
    store.send(.editor(.enterPressed)) { $0.mode = .normal }
    store.send(.addKeyPressed) {
      $0.mode = .editing(Editor.State(id: id(1), isNew: true, field: TextField()))
    }
    store.send(.editor(.textEdited(.insert("Bread")))) {
      $0.mode = .editing(
        Editor.State(id: id(1), isNew: true, field: TextField(text: "Bread", cursor: 5)))
    }
    store.send(.editor(.escapePressed)) { $0.mode = .normal }
    store.finish()
  }

  @Test func addingUnderTheCompletedFilterOrASearchShowsAllAgain() {
    let (store, _) = makeStore(
      Todos.State(
        todos: [todo(9, "Old", done: true)], selectedID: id(9), filter: .completed,
        search: Search.State(kept: "ol")))
    store.send(.addKeyPressed) {
      $0.filter = .all
      $0.search = nil
      $0.mode = .editing(Editor.State(id: id(0), isNew: true, field: TextField()))
    }
    store.finish()
  }

  @Test func pastedNewlinesAndControlCharactersBecomeSpaces() {
    let (store, _) = makeStore()
    store.send(.addKeyPressed) {
      $0.mode = .editing(Editor.State(id: id(0), isNew: true, field: TextField()))
    }
    store.send(.editor(.textEdited(.insert("a\nb\tc\u{7}d")))) {
      $0.mode = .editing(
        Editor.State(id: id(0), isNew: true, field: TextField(text: "a b c d", cursor: 7)))
    }
    store.finish()
  }

  @Test func editSavesTrimmedTextAndDropsTheRawLine() {
    let (store, _) = makeStore(
      Todos.State(todos: [todo(0, "Milk", raw: "Milk"), todo(1, "Eggs")], selectedID: id(0)))
    store.send(.editKeyPressed) {
      $0.mode = .editing(
        Editor.State(id: id(0), isNew: false, field: TextField(text: "Milk", cursor: 4)))
    }
    store.send(.editor(.textEdited(.moveLeft))) {
      $0.mode = .editing(
        Editor.State(id: id(0), isNew: false, field: TextField(text: "Milk", cursor: 3)))
    }
    store.send(.editor(.textEdited(.insert("l ")))) {
      $0.mode = .editing(
        Editor.State(id: id(0), isNew: false, field: TextField(text: "Mill k", cursor: 5)))
    }
    store.send(.editor(.textEdited(.moveToEnd))) {
      $0.mode = .editing(
        Editor.State(id: id(0), isNew: false, field: TextField(text: "Mill k", cursor: 6)))
    }
    store.send(.editor(.textEdited(.insert("  ")))) {
      $0.mode = .editing(
        Editor.State(id: id(0), isNew: false, field: TextField(text: "Mill k  ", cursor: 8)))
    }
    store.exhaustivity = .off  // the undo steps are the History tests' to assert
    store.send(.editor(.enterPressed)) {
      $0.mode = .normal
      $0.list.rows = [Todo.State(id: id(0), description: "Mill k"), todo(1, "Eggs")]
      $0.list.revision = 1
    }
    store.finish()
  }

  @Test func editCancelRestoresAndUnchangedTextRecordsNothing() {
    let (store, _) = makeStore(
      Todos.State(todos: [todo(0, "Milk", raw: "Milk")], selectedID: id(0)))
    store.send(.editKeyPressed) {
      $0.mode = .editing(
        Editor.State(id: id(0), isNew: false, field: TextField(text: "Milk", cursor: 4)))
    }
    store.send(.editor(.textEdited(.deleteToStart))) {
      $0.mode = .editing(
        Editor.State(id: id(0), isNew: false, field: TextField(text: "", cursor: 0)))
    }
    store.send(.editor(.escapePressed)) { $0.mode = .normal }
    store.send(.editKeyPressed) {
      $0.mode = .editing(
        Editor.State(id: id(0), isNew: false, field: TextField(text: "Milk", cursor: 4)))
    }
    store.send(.editor(.enterPressed)) { $0.mode = .normal }
    store.finish()
  }

  @Test func editToEmptyDeletesUndoably() {
    let (store, scheduler) = makeStore(
      Todos.State(todos: [todo(0, "Milk"), todo(1, "Eggs")], selectedID: id(0)))
    store.send(.editKeyPressed) {
      $0.mode = .editing(
        Editor.State(id: id(0), isNew: false, field: TextField(text: "Milk", cursor: 4)))
    }
    store.send(.editor(.textEdited(.deleteWordBackward))) {
      $0.mode = .editing(
        Editor.State(id: id(0), isNew: false, field: TextField(text: "", cursor: 0)))
    }
    store.send(.editor(.enterPressed)) {
      $0.mode = .normal
      $0.list.rows = [todo(1, "Eggs")]
      $0.viewport.selectedID = id(1)
      $0.history.undoStack = [
        History.Entry(
          label: "delete “Milk”",
          changes: [.insert([TodoList.IndexedTodo(todo(0, "Milk"), at: 0)])],
          selectedID: id(0))
      ]
      $0.list.revision = 1
      $0.status = Todos.StatusMessage("Deleted “Milk” · u to undo")
    }
    store.send(.history(.undoKeyPressed)) {
      $0.list.rows = [todo(0, "Milk"), todo(1, "Eggs")]
      $0.viewport.selectedID = id(0)
      $0.history.undoStack = []
      $0.history.redoStack = [
        History.Entry(label: "delete “Milk”", changes: [.remove([id(0)])], selectedID: id(1))
      ]
      $0.list.revision = 2
      $0.status = Todos.StatusMessage("Undid delete “Milk” · Ctrl-R to redo")
    }
    scheduler.advance(by: .seconds(3))
    store.receive(.statusMessageExpired) { $0.status = nil }
    store.finish()
  }

  @Test func deleteSelectsTheNextThenThePrevious() {
    let (store, scheduler) = makeStore(
      Todos.State(todos: [todo(0, "A"), todo(1, "B"), todo(2, "C")], selectedID: id(1)))
    store.exhaustivity = .off  // the undo steps are the History tests' to assert
    store.send(.deleteKeyPressed) {
      $0.list.rows = [todo(0, "A"), todo(2, "C")]
      $0.viewport.selectedID = id(2)
      $0.list.revision = 1
      $0.status = Todos.StatusMessage("Deleted “B” · u to undo")
    }
    store.send(.deleteKeyPressed) {
      $0.list.rows = [todo(0, "A")]
      $0.viewport.selectedID = id(0)
      $0.list.revision = 2
      $0.status = Todos.StatusMessage("Deleted “C” · u to undo")
    }
    scheduler.advance(by: .seconds(3))
    store.receive(.statusMessageExpired) { $0.status = nil }
    store.finish()
  }

  @Test func deleteUnderAFilterWorksByIdAndKeepsTheSelectionInTheFilter() {
    let all: IdentifiedArrayOf<Todo.State> = [
      todo(0, "A"), todo(1, "B", done: true), todo(2, "C"), todo(3, "D", done: true),
    ]
    let (store, scheduler) = makeStore(
      Todos.State(todos: all, selectedID: id(3), filter: .completed))
    store.exhaustivity = .off  // the undo steps are the History tests' to assert
    store.send(.deleteKeyPressed) {
      $0.list.rows = [todo(0, "A"), todo(1, "B", done: true), todo(2, "C")]
      $0.viewport.selectedID = id(1)
      $0.list.revision = 1
      $0.status = Todos.StatusMessage("Deleted “D” · u to undo")
    }
    scheduler.advance(by: .seconds(3))
    store.receive(.statusMessageExpired) { $0.status = nil }
    store.finish()
  }

  @Test func editUnderAFilterWorksById() {
    let (store, _) = makeStore(
      Todos.State(
        todos: [todo(0, "A"), todo(1, "B", done: true)], selectedID: id(1), filter: .completed))
    store.send(.editKeyPressed) {
      $0.mode = .editing(
        Editor.State(id: id(1), isNew: false, field: TextField(text: "B", cursor: 1)))
    }
    store.send(.editor(.textEdited(.insert("2")))) {
      $0.mode = .editing(
        Editor.State(id: id(1), isNew: false, field: TextField(text: "B2", cursor: 2)))
    }
    store.exhaustivity = .off  // the undo steps are the History tests' to assert
    store.send(.editor(.enterPressed)) {
      $0.mode = .normal
      $0.list.rows[id: id(1)]?.description = "B2"
      $0.list.revision = 1
    }
    store.finish()
  }

}

/// Text field editing keys.
@Suite struct TextFieldTests {
  @Test func editingKeys() {
    var field = TextField(text: "buy oat milk")
    #expect(field.cursor == 12)
    field.apply(.deleteWordBackward)
    #expect(field == TextField(text: "buy oat ", cursor: 8))
    field.apply(.deleteWordBackward)
    #expect(field == TextField(text: "buy ", cursor: 4))
    field.apply(.moveToStart)
    field.apply(.deleteForward)
    #expect(field == TextField(text: "uy ", cursor: 0))
    field.apply(.deleteBackward)
    #expect(field == TextField(text: "uy ", cursor: 0))
    field.apply(.insert("B"))
    field.apply(.moveRight)
    field.apply(.deleteToEnd)
    #expect(field == TextField(text: "Bu", cursor: 2))
    field.apply(.moveLeft)
    field.apply(.deleteToStart)
    #expect(field == TextField(text: "u", cursor: 0))
    field.apply(.moveLeft)
    #expect(field.cursor == 0)
    field.apply(.moveToEnd)
    field.apply(.moveRight)
    #expect(field.cursor == 1)
  }

  @Test func cursorCountsGraphemeClusters() {
    var field = TextField(text: "牛🇯🇵e\u{301}")
    #expect(field.cursor == 3)
    field.apply(.deleteBackward)
    #expect(field == TextField(text: "牛🇯🇵", cursor: 2))
    field.apply(.insert("e"))
    field.apply(.insert("\u{301}"))  // combines with the e before it
    #expect(field == TextField(text: "牛🇯🇵e\u{301}", cursor: 3))
  }

  @Test func controlCharactersBecomeSpaces() {
    #expect(TextField.sanitize("a\r\nb\u{1B}c\u{7F}d") == "a b c d")
  }
}
