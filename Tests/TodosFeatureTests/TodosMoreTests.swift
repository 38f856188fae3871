import Architecture
import ArchitectureTestSupport
import CustomDump
import Foundation
import IdentifiedCollections
import TerminalUI
import Testing

@testable import TodosFeature

/// Undo/redo of each kind of change.
@MainActor
@Suite struct TodosUndoTests {
  @Test func undoAddThenRedoIt() {
    let (store, scheduler) = makeStore(Todos.State(todos: [todo(7, "Old")], selectedID: id(7)))
    store.send(.addKeyPressed) {
      $0.mode = .editing(Editor.State(id: id(0), isNew: true, field: TextField()))
    }
    store.send(.editor(.textEdited(.insert("New")))) {
      $0.mode = .editing(
        Editor.State(id: id(0), isNew: true, field: TextField(text: "New", cursor: 3)))
    }
    store.send(.editor(.enterPressed)) {
      $0.mode = .normal
      $0.list.todos = [
        Todo.State(id: id(0), description: "New", creationDate: testDay), todo(7, "Old"),
      ]
      $0.viewport.selectedID = id(0)
      $0.history.undoStack = [
        History.Entry(label: "add “New”", changes: [.remove([id(0)])], selectedID: id(7))
      ]
      $0.list.revision = 1
    }
    store.send(.history(.undoKeyPressed)) {
      $0.list.todos = [todo(7, "Old")]
      $0.viewport.selectedID = id(7)
      $0.history.undoStack = []
      $0.history.redoStack = [
        History.Entry(
          label: "add “New”",
          changes: [
            .insert([
              TodoList.IndexedTodo(
                Todo.State(id: id(0), description: "New", creationDate: testDay), at: 0)
            ])
          ],
          selectedID: id(0))
      ]
      $0.list.revision = 2
      $0.status = Todos.StatusMessage("Undid add “New” · Ctrl-R to redo")
    }
    store.send(.history(.redoKeyPressed)) {
      $0.list.todos = [
        Todo.State(id: id(0), description: "New", creationDate: testDay), todo(7, "Old"),
      ]
      $0.viewport.selectedID = id(0)
      $0.history.undoStack = [
        History.Entry(label: "add “New”", changes: [.remove([id(0)])], selectedID: id(7))
      ]
      $0.history.redoStack = []
      $0.list.revision = 3
      $0.status = Todos.StatusMessage("Redid add “New”")
    }
    store.send(.history(.redoKeyPressed)) { $0.status = Todos.StatusMessage("Nothing to redo") }
    scheduler.advance(by: .seconds(3))
    store.receive(.statusMessageExpired) { $0.status = nil }
    store.finish()
  }

  @Test func undoEditRestoresTheTextAndTheRawLine() {
    let (store, scheduler) = makeStore(
      Todos.State(todos: [todo(0, "Milk", raw: "(A) Milk")], selectedID: id(0)))
    store.send(.editKeyPressed) {
      $0.mode = .editing(
        Editor.State(id: id(0), isNew: false, field: TextField(text: "Milk", cursor: 4)))
    }
    store.send(.editor(.textEdited(.insert("s")))) {
      $0.mode = .editing(
        Editor.State(id: id(0), isNew: false, field: TextField(text: "Milks", cursor: 5)))
    }
    store.send(.editor(.enterPressed)) {
      $0.mode = .normal
      $0.list.todos = [Todo.State(id: id(0), description: "Milks")]
      $0.history.undoStack = [
        History.Entry(
          label: "edit “Milk”", changes: [.update([todo(0, "Milk", raw: "(A) Milk")])],
          selectedID: id(0))
      ]
      $0.list.revision = 1
    }
    store.send(.history(.undoKeyPressed)) {
      $0.list.todos = [todo(0, "Milk", raw: "(A) Milk")]
      $0.history.undoStack = []
      $0.history.redoStack = [
        History.Entry(
          label: "edit “Milk”", changes: [.update([Todo.State(id: id(0), description: "Milks")])],
          selectedID: id(0))
      ]
      $0.list.revision = 2
      $0.status = Todos.StatusMessage("Undid edit “Milk” · Ctrl-R to redo")
    }
    scheduler.advance(by: .seconds(3))
    store.receive(.statusMessageExpired) { $0.status = nil }
    store.finish()
  }

  @Test func undoToggleAfterTheSortPutsTheTodoBackWhereItWas() {
    let (store, scheduler) = makeStore(
      Todos.State(todos: [todo(0, "A"), todo(1, "B")], selectedID: id(0)))
    store.send(.todos(.element(id: id(0), action: .checkboxToggled))) {
      $0.list.todos[id: id(0)]?.isComplete = true
      $0.list.todos[id: id(0)]?.completionDate = testDay
      $0.settling = [id(0)]
      $0.history.undoStack = [
        History.Entry(
          label: "complete “A”", changes: [.update([todo(0, "A")])], selectedID: id(0))
      ]
      $0.list.revision = 1
    }
    scheduler.advance(by: .seconds(1))
    store.receive(.sortCompletedTodos) {
      $0.list.todos = [
        todo(1, "B"),
        Todo.State(id: id(0), description: "A", isComplete: true, completionDate: testDay),
      ]
      $0.settling = []
      // The sort joins the step that caused it: undo puts "A" back on top as well.
      $0.history.undoStack = [
        History.Entry(
          label: "complete “A”",
          changes: [.update([todo(0, "A")]), .move([TodoList.IndexedID(id(0), at: 0)])],
          selectedID: id(0))
      ]
      $0.list.revision = 2
    }
    store.send(.history(.undoKeyPressed)) {
      $0.list.todos = [todo(0, "A"), todo(1, "B")]
      $0.history.undoStack = []
      $0.history.redoStack = [
        History.Entry(
          label: "complete “A”",
          changes: [
            .move([TodoList.IndexedID(id(0), at: 1)]),
            .update([
              Todo.State(id: id(0), description: "A", isComplete: true, completionDate: testDay)
            ]),
          ],
          selectedID: id(0))
      ]
      $0.list.revision = 3
      $0.status = Todos.StatusMessage("Undid complete “A” · Ctrl-R to redo")
    }
    scheduler.advance(by: .seconds(3))
    store.receive(.statusMessageExpired) { $0.status = nil }
    store.finish()
  }

  @Test func undoToggleAllAndUndoMove() {
    let (store, scheduler) = makeStore(
      Todos.State(todos: [todo(0, "A"), todo(1, "B")], selectedID: id(1)))
    store.send(.moveKeyPressed(.up)) {
      $0.list.todos = [todo(1, "B"), todo(0, "A")]
      $0.history.undoStack = [
        History.Entry(
          label: "move “B”", changes: [.move([TodoList.IndexedID(id(1), at: 1)])],
          selectedID: id(1))
      ]
      $0.list.revision = 1
    }
    store.send(.toggleAllKeyPressed) {
      $0.list.todos = [
        Todo.State(id: id(1), description: "B", isComplete: true, completionDate: testDay),
        Todo.State(id: id(0), description: "A", isComplete: true, completionDate: testDay),
      ]
      $0.settling = [id(0), id(1)]
      $0.history.undoStack.append(
        History.Entry(
          label: "complete all", changes: [.update([todo(1, "B"), todo(0, "A")])],
          selectedID: id(1)))
      $0.list.revision = 2
    }
    store.send(.history(.undoKeyPressed)) {
      $0.list.todos = [todo(1, "B"), todo(0, "A")]
      $0.history.undoStack = [
        History.Entry(
          label: "move “B”", changes: [.move([TodoList.IndexedID(id(1), at: 1)])],
          selectedID: id(1))
      ]
      $0.history.redoStack = [
        History.Entry(
          label: "complete all",
          changes: [
            .update([
              Todo.State(id: id(1), description: "B", isComplete: true, completionDate: testDay),
              Todo.State(id: id(0), description: "A", isComplete: true, completionDate: testDay),
            ])
          ],
          selectedID: id(1))
      ]
      $0.list.revision = 3
      $0.status = Todos.StatusMessage("Undid complete all · Ctrl-R to redo")
    }
    store.send(.history(.undoKeyPressed)) {
      $0.list.todos = [todo(0, "A"), todo(1, "B")]
      $0.history.undoStack = []
      $0.history.redoStack.append(
        History.Entry(
          label: "move “B”", changes: [.move([TodoList.IndexedID(id(1), at: 0)])],
          selectedID: id(1)))
      $0.list.revision = 4
      $0.status = Todos.StatusMessage("Undid move “B” · Ctrl-R to redo")
    }
    store.send(.history(.undoKeyPressed)) { $0.status = Todos.StatusMessage("Nothing to undo") }
    // The toggle-all wait is still running: the settle comes after it.
    scheduler.advance(by: .seconds(1))
    store.receive(.sortCompletedTodos) { $0.settling = [] }
    scheduler.advance(by: .seconds(2))
    store.receive(.statusMessageExpired) { $0.status = nil }
    store.finish()
  }

  @Test func aNewChangeForgetsTheRedoSteps() {
    let (store, scheduler) = makeStore(
      Todos.State(todos: [todo(0, "A"), todo(1, "B")], selectedID: id(0)))
    store.send(.deleteKeyPressed) {
      $0.list.todos = [todo(1, "B")]
      $0.viewport.selectedID = id(1)
      $0.history.undoStack = [
        History.Entry(
          label: "delete “A”", changes: [.insert([TodoList.IndexedTodo(todo(0, "A"), at: 0)])],
          selectedID: id(0))
      ]
      $0.list.revision = 1
      $0.status = Todos.StatusMessage("Deleted “A” · u to undo")
    }
    store.send(.history(.undoKeyPressed)) {
      $0.list.todos = [todo(0, "A"), todo(1, "B")]
      $0.viewport.selectedID = id(0)
      $0.history.undoStack = []
      $0.history.redoStack = [
        History.Entry(label: "delete “A”", changes: [.remove([id(0)])], selectedID: id(1))
      ]
      $0.list.revision = 2
      $0.status = Todos.StatusMessage("Undid delete “A” · Ctrl-R to redo")
    }
    store.send(.moveKeyPressed(.down)) {
      $0.list.todos = [todo(1, "B"), todo(0, "A")]
      $0.history.undoStack = [
        History.Entry(
          label: "move “A”", changes: [.move([TodoList.IndexedID(id(0), at: 0)])],
          selectedID: id(0))
      ]
      $0.history.redoStack = []
      $0.list.revision = 3
    }
    scheduler.advance(by: .milliseconds(100))
    store.receive(.sortCompletedTodos)
    scheduler.advance(by: .seconds(3))
    store.receive(.statusMessageExpired) { $0.status = nil }
    store.finish()
  }

  @Test func historyIsBoundedToAHundredSteps() {
    let store = Store(
      initialState: Todos.State(todos: [todo(0, "A")], selectedID: id(0)),
      reducer: Todos.reducer(.test(scheduler: TestScheduler())))
    for _ in 0..<150 { store.send(.todos(.element(id: id(0), action: .checkboxToggled))) }
    #expect(store.state.history.undoStack.count == 100)
    #expect(store.state.list.revision == 150)
  }
}

/// Status messages, navigation, scrolling, search, size, loading, help and quitting.
@MainActor
@Suite struct TodosListTests {
  @Test func statusMessageExpiresAfterExactlyThreeSecondsAndANewOneRestartsTheWait() {
    let (store, scheduler) = makeStore()
    store.send(.history(.undoKeyPressed)) {
      $0.status = Todos.StatusMessage("Nothing to undo")
    }
    scheduler.advance(by: .seconds(2))
    store.send(.clearCompletedKeyPressed) {
      $0.status = Todos.StatusMessage("No completed todos to clear")
    }
    scheduler.advance(by: .milliseconds(2999))
    store.assertNothingReceived()
    scheduler.advance(by: .milliseconds(1))
    store.receive(.statusMessageExpired) { $0.status = nil }
    store.finish()
  }

  @Test func theSameMessageShownAgainGetsItsOwnThreeSeconds() {
    let (store, scheduler) = makeStore()
    store.send(.history(.undoKeyPressed)) {
      $0.status = Todos.StatusMessage("Nothing to undo")
    }
    scheduler.advance(by: .seconds(2))
    store.send(.history(.undoKeyPressed))
    scheduler.advance(by: .milliseconds(2999))
    store.assertNothingReceived()
    scheduler.advance(by: .milliseconds(1))
    store.receive(.statusMessageExpired) { $0.status = nil }
    store.finish()
  }

  @Test func navigationMovesTheSelectionAmongVisibleTodos() {
    let (store, _) = makeStore(
      Todos.State(
        todos: [todo(0, "A"), todo(1, "B", done: true), todo(2, "C"), todo(3, "D")],
        filter: .active))
    store.send(.viewport(.selectionMoved(.next))) { $0.viewport.selectedID = id(0) }
    store.send(.viewport(.selectionMoved(.next))) { $0.viewport.selectedID = id(2) }
    store.send(.viewport(.selectionMoved(.next))) { $0.viewport.selectedID = id(3) }
    store.send(.viewport(.selectionMoved(.next)))
    store.send(.viewport(.selectionMoved(.first))) { $0.viewport.selectedID = id(0) }
    store.send(.viewport(.selectionMoved(.previous)))
    store.send(.viewport(.selectionMoved(.last))) { $0.viewport.selectedID = id(3) }
    store.send(.viewport(.selectionMoved(.pageUp))) { $0.viewport.selectedID = id(0) }
    store.send(.viewport(.rowClicked(id(2)))) { $0.viewport.selectedID = id(2) }
    store.send(.viewport(.rowClicked(id(1))))  // hidden by the filter: ignored
    store.finish()
  }

  @Test func scrollingKeepsTheSelectionVisible() {
    let todos = IdentifiedArray(uniqueElements: (0..<20).map { todo(UInt64($0), "T\($0)") })
    // 10 rows high: 6 list rows.
    let (store, _) = makeStore(
      Todos.State(
        todos: todos, selectedID: id(0), size: TerminalSize(width: 40, height: 10)))
    store.send(.viewport(.selectionMoved(.pageDown))) {
      $0.viewport.selectedID = id(6)
      $0.viewport.scrollTop = 1
    }
    store.send(.viewport(.selectionMoved(.last))) {
      $0.viewport.selectedID = id(19)
      $0.viewport.scrollTop = 14
    }
    store.send(.viewport(.scrolled(by: -3))) {
      $0.viewport.scrollTop = 11
      $0.viewport.selectedID = id(16)
    }
    store.send(.viewport(.scrolled(by: -30))) {
      $0.viewport.scrollTop = 0
      $0.viewport.selectedID = id(5)
    }
    store.send(.viewport(.scrolled(by: 100))) {
      $0.viewport.scrollTop = 14
      $0.viewport.selectedID = id(14)
    }
    store.send(.viewport(.terminalResized(width: 40, height: 24))) {
      $0.viewport.size = TerminalSize(width: 40, height: 24)
      $0.viewport.scrollTop = 0
    }
    store.send(.viewport(.terminalResized(width: 40, height: 8))) {
      $0.viewport.size = TerminalSize(width: 40, height: 8)
      $0.viewport.scrollTop = 11
    }
    store.finish()
  }

  @Test func searchFiltersLiveKeepsOnEnterAndClearsOnEscape() {
    let (store, _) = makeStore(
      Todos.State(
        todos: [todo(0, "Buy milk"), todo(1, "Call Mum"), todo(2, "Milk the cow")],
        selectedID: id(1)))
    store.send(.searchKeyPressed) { $0.search = Search.State() }
    store.send(.search(.textEdited(.insert("MIL")))) {
      $0.search?.field = TextField(text: "MIL", cursor: 3)
      $0.viewport.selectedID = id(2)
    }
    #expect(store.state.visible.ids == [id(0), id(2)])
    store.send(.search(.enterPressed)) { $0.search?.isTyping = false }
    store.send(.viewport(.selectionMoved(.previous))) { $0.viewport.selectedID = id(0) }
    store.send(.searchKeyPressed) { $0.search?.isTyping = true }
    store.send(.search(.textEdited(.insert("x")))) {
      $0.search?.field = TextField(text: "MILx", cursor: 4)
      $0.viewport.selectedID = nil
    }
    store.send(.search(.textEdited(.deleteBackward))) {
      $0.search?.field = TextField(text: "MIL", cursor: 3)
      $0.viewport.selectedID = id(0)
    }
    store.send(.search(.escapePressed)) { $0.search = nil }
    #expect(store.state.visible.ids == [id(0), id(1), id(2)])
    store.finish()
  }

  @Test func filtersKeepTheSelectionOrMoveItToTheNextShownTodo() {
    let (store, _) = makeStore(
      Todos.State(
        todos: [todo(0, "A"), todo(1, "B", done: true), todo(2, "C")], selectedID: id(1)))
    store.send(.filterPicked(.completed)) { $0.filter = .completed }
    store.send(.filterCycled) {
      $0.filter = .all
    }
    store.send(.filterPicked(.active)) {
      $0.filter = .active
      $0.viewport.selectedID = id(2)
    }
    store.send(.filterPicked(.active))
    store.finish()
  }

  @Test func loadReplacesTheListWithoutHistoryOrRevision() {
    var state = Todos.State(
      todos: [todo(0, "A")], selectedID: id(0),
      undoStack: [History.Entry(label: "add “A”", changes: [.remove([id(0)])], selectedID: nil)],
      revision: 4)
    var expected = state
    state.load([todo(5, "X"), todo(0, "A2"), todo(5, "duplicate id")])
    expected.list.todos = [todo(5, "X"), todo(0, "A2")]
    expected.history.undoStack = []
    expectNoDifference(state, expected)
    state.load([todo(6, "Y")])
    expected.list.todos = [todo(6, "Y")]
    expected.viewport.selectedID = id(6)
    expectNoDifference(state, expected)
    state.load([])
    expected.list.todos = []
    expected.viewport.selectedID = nil
    expectNoDifference(state, expected)
    #expect(state.list.revision == 4)
  }

  @Test func helpOpensAndClosesAndQuitIsAFlag() {
    let (store, _) = makeStore()
    store.send(.helpKeyPressed) { $0.mode = .help }
    store.send(.helpDismissed) { $0.mode = .normal }
    store.send(.quitKeyPressed) { $0.isQuitting = true }
    store.finish()
  }

  @Test func aDelayedSortFindsItsRowsAfterTheToggledTodoWasDeleted() {
    let (store, scheduler) = makeStore(
      Todos.State(todos: [todo(0, "A"), todo(1, "B")], selectedID: id(0)))
    store.send(.todos(.element(id: id(0), action: .checkboxToggled))) {
      $0.list.todos[id: id(0)]?.isComplete = true
      $0.list.todos[id: id(0)]?.completionDate = testDay
      $0.settling = [id(0)]
      $0.history.undoStack = [
        History.Entry(
          label: "complete “A”", changes: [.update([todo(0, "A")])], selectedID: id(0))
      ]
      $0.list.revision = 1
    }
    store.send(.deleteKeyPressed) {
      $0.list.todos = [todo(1, "B")]
      $0.viewport.selectedID = id(1)
      $0.settling = []
      $0.history.undoStack.append(
        History.Entry(
          label: "delete “A”",
          changes: [
            .insert([
              TodoList.IndexedTodo(
                Todo.State(
                  id: id(0), description: "A", isComplete: true, completionDate: testDay),
                at: 0)
            ])
          ],
          selectedID: id(0)))
      $0.list.revision = 2
      $0.status = Todos.StatusMessage("Deleted “A” · u to undo")
    }
    scheduler.advance(by: .seconds(1))
    store.receive(.sortCompletedTodos)
    scheduler.advance(by: .seconds(2))
    store.receive(.statusMessageExpired) { $0.status = nil }
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
