import Architecture
import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import TerminalUI
import Testing
import TodosFeature

/// Undo/redo of each kind of change.
@MainActor
@Suite struct TodosUndoTests {
  @Test func undoAddThenRedoIt() {
    let (store, scheduler) = makeStore(Todos.State(todos: [todo(7, "Old")], selectedID: id(7)))
    store.send(.addButtonTapped) {
      $0.mode = .editing(Todos.Editing(id: id(0), isNew: true, field: TextField()))
    }
    store.send(.textFieldEdited(.insert("New"))) {
      $0.mode = .editing(
        Todos.Editing(id: id(0), isNew: true, field: TextField(text: "New", cursor: 3)))
    }
    store.send(.editCommitted) {
      $0.mode = .normal
      $0.todos = [
        Todo.State(id: id(0), description: "New", creationDate: testDay), todo(7, "Old"),
      ]
      $0.selectedID = id(0)
      $0.undoStack = [
        Todos.HistoryEntry(label: "add “New”", changes: [.remove([id(0)])], selectedID: id(7))
      ]
      $0.revision = 1
    }
    store.send(.undoButtonTapped) {
      $0.todos = [todo(7, "Old")]
      $0.selectedID = id(7)
      $0.undoStack = []
      $0.redoStack = [
        Todos.HistoryEntry(
          label: "add “New”",
          changes: [
            .insert([
              Todos.IndexedTodo(
                Todo.State(id: id(0), description: "New", creationDate: testDay), at: 0)
            ])
          ],
          selectedID: id(0))
      ]
      $0.revision = 2
      $0.status = Todos.StatusMessage("Undid add “New” · Ctrl-R to redo")
    }
    store.send(.redoButtonTapped) {
      $0.todos = [
        Todo.State(id: id(0), description: "New", creationDate: testDay), todo(7, "Old"),
      ]
      $0.selectedID = id(0)
      $0.undoStack = [
        Todos.HistoryEntry(label: "add “New”", changes: [.remove([id(0)])], selectedID: id(7))
      ]
      $0.redoStack = []
      $0.revision = 3
      $0.status = Todos.StatusMessage("Redid add “New”")
    }
    store.send(.redoButtonTapped) { $0.status = Todos.StatusMessage("Nothing to redo") }
    scheduler.advance(by: .seconds(3))
    store.receive(.statusMessageExpired) { $0.status = nil }
    store.finish()
  }

  @Test func undoEditRestoresTheTextAndTheRawLine() {
    let (store, scheduler) = makeStore(
      Todos.State(todos: [todo(0, "Milk", raw: "(A) Milk")], selectedID: id(0)))
    store.send(.editButtonTapped) {
      $0.mode = .editing(
        Todos.Editing(id: id(0), isNew: false, field: TextField(text: "Milk", cursor: 4)))
    }
    store.send(.textFieldEdited(.insert("s"))) {
      $0.mode = .editing(
        Todos.Editing(id: id(0), isNew: false, field: TextField(text: "Milks", cursor: 5)))
    }
    store.send(.editCommitted) {
      $0.mode = .normal
      $0.todos = [Todo.State(id: id(0), description: "Milks")]
      $0.undoStack = [
        Todos.HistoryEntry(
          label: "edit “Milk”", changes: [.update([todo(0, "Milk", raw: "(A) Milk")])],
          selectedID: id(0))
      ]
      $0.revision = 1
    }
    store.send(.undoButtonTapped) {
      $0.todos = [todo(0, "Milk", raw: "(A) Milk")]
      $0.undoStack = []
      $0.redoStack = [
        Todos.HistoryEntry(
          label: "edit “Milk”", changes: [.update([Todo.State(id: id(0), description: "Milks")])],
          selectedID: id(0))
      ]
      $0.revision = 2
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
      $0.todos[id: id(0)]?.isComplete = true
      $0.todos[id: id(0)]?.completionDate = testDay
      $0.settling = [id(0)]
      $0.undoStack = [
        Todos.HistoryEntry(
          label: "complete “A”", changes: [.update([todo(0, "A")])], selectedID: id(0))
      ]
      $0.revision = 1
    }
    scheduler.advance(by: .seconds(1))
    store.receive(.sortCompletedTodos) {
      $0.todos = [
        todo(1, "B"),
        Todo.State(id: id(0), description: "A", isComplete: true, completionDate: testDay),
      ]
      $0.settling = []
      // The sort joins the step that caused it: undo puts "A" back on top as well.
      $0.undoStack = [
        Todos.HistoryEntry(
          label: "complete “A”",
          changes: [.update([todo(0, "A")]), .move([Todos.IndexedID(id(0), at: 0)])],
          selectedID: id(0))
      ]
      $0.revision = 2
    }
    store.send(.undoButtonTapped) {
      $0.todos = [todo(0, "A"), todo(1, "B")]
      $0.undoStack = []
      $0.redoStack = [
        Todos.HistoryEntry(
          label: "complete “A”",
          changes: [
            .move([Todos.IndexedID(id(0), at: 1)]),
            .update([
              Todo.State(id: id(0), description: "A", isComplete: true, completionDate: testDay)
            ]),
          ],
          selectedID: id(0))
      ]
      $0.revision = 3
      $0.status = Todos.StatusMessage("Undid complete “A” · Ctrl-R to redo")
    }
    scheduler.advance(by: .seconds(3))
    store.receive(.statusMessageExpired) { $0.status = nil }
    store.finish()
  }

  @Test func undoToggleAllAndUndoMove() {
    let (store, scheduler) = makeStore(
      Todos.State(todos: [todo(0, "A"), todo(1, "B")], selectedID: id(1)))
    store.send(.moveButtonTapped(.up)) {
      $0.todos = [todo(1, "B"), todo(0, "A")]
      $0.undoStack = [
        Todos.HistoryEntry(
          label: "move “B”", changes: [.move([Todos.IndexedID(id(1), at: 1)])],
          selectedID: id(1))
      ]
      $0.revision = 1
    }
    store.send(.toggleAllButtonTapped) {
      $0.todos = [
        Todo.State(id: id(1), description: "B", isComplete: true, completionDate: testDay),
        Todo.State(id: id(0), description: "A", isComplete: true, completionDate: testDay),
      ]
      $0.settling = [id(0), id(1)]
      $0.undoStack.append(
        Todos.HistoryEntry(
          label: "complete all", changes: [.update([todo(1, "B"), todo(0, "A")])],
          selectedID: id(1)))
      $0.revision = 2
    }
    store.send(.undoButtonTapped) {
      $0.todos = [todo(1, "B"), todo(0, "A")]
      $0.undoStack = [
        Todos.HistoryEntry(
          label: "move “B”", changes: [.move([Todos.IndexedID(id(1), at: 1)])],
          selectedID: id(1))
      ]
      $0.redoStack = [
        Todos.HistoryEntry(
          label: "complete all",
          changes: [
            .update([
              Todo.State(id: id(1), description: "B", isComplete: true, completionDate: testDay),
              Todo.State(id: id(0), description: "A", isComplete: true, completionDate: testDay),
            ])
          ],
          selectedID: id(1))
      ]
      $0.revision = 3
      $0.status = Todos.StatusMessage("Undid complete all · Ctrl-R to redo")
    }
    store.send(.undoButtonTapped) {
      $0.todos = [todo(0, "A"), todo(1, "B")]
      $0.undoStack = []
      $0.redoStack.append(
        Todos.HistoryEntry(
          label: "move “B”", changes: [.move([Todos.IndexedID(id(1), at: 0)])],
          selectedID: id(1)))
      $0.revision = 4
      $0.status = Todos.StatusMessage("Undid move “B” · Ctrl-R to redo")
    }
    store.send(.undoButtonTapped) { $0.status = Todos.StatusMessage("Nothing to undo") }
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
    store.send(.deleteButtonTapped) {
      $0.todos = [todo(1, "B")]
      $0.selectedID = id(1)
      $0.undoStack = [
        Todos.HistoryEntry(
          label: "delete “A”", changes: [.insert([Todos.IndexedTodo(todo(0, "A"), at: 0)])],
          selectedID: id(0))
      ]
      $0.revision = 1
      $0.status = Todos.StatusMessage("Deleted “A” · u to undo")
    }
    store.send(.undoButtonTapped) {
      $0.todos = [todo(0, "A"), todo(1, "B")]
      $0.selectedID = id(0)
      $0.undoStack = []
      $0.redoStack = [
        Todos.HistoryEntry(label: "delete “A”", changes: [.remove([id(0)])], selectedID: id(1))
      ]
      $0.revision = 2
      $0.status = Todos.StatusMessage("Undid delete “A” · Ctrl-R to redo")
    }
    store.send(.moveButtonTapped(.down)) {
      $0.todos = [todo(1, "B"), todo(0, "A")]
      $0.undoStack = [
        Todos.HistoryEntry(
          label: "move “A”", changes: [.move([Todos.IndexedID(id(0), at: 0)])],
          selectedID: id(0))
      ]
      $0.redoStack = []
      $0.revision = 3
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
    #expect(store.state.undoStack.count == 100)
    #expect(store.state.revision == 150)
  }
}

/// Status messages, navigation, scrolling, search, size, loading, help and quitting.
@MainActor
@Suite struct TodosListTests {
  @Test func statusMessageExpiresAfterExactlyThreeSecondsAndANewOneRestartsTheWait() {
    let (store, scheduler) = makeStore()
    store.send(.statusMessageShown("Saved", .info)) {
      $0.status = Todos.StatusMessage("Saved")
    }
    scheduler.advance(by: .seconds(2))
    store.send(.statusMessageShown("Could not save", .error)) {
      $0.status = Todos.StatusMessage("Could not save", kind: .error)
    }
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
    store.send(.selectionMoved(.next)) { $0.selectedID = id(0) }
    store.send(.selectionMoved(.next)) { $0.selectedID = id(2) }
    store.send(.selectionMoved(.next)) { $0.selectedID = id(3) }
    store.send(.selectionMoved(.next))
    store.send(.selectionMoved(.first)) { $0.selectedID = id(0) }
    store.send(.selectionMoved(.previous))
    store.send(.selectionMoved(.last)) { $0.selectedID = id(3) }
    store.send(.selectionMoved(.pageUp)) { $0.selectedID = id(0) }
    store.send(.rowClicked(id(2))) { $0.selectedID = id(2) }
    store.send(.rowClicked(id(1)))  // hidden by the filter: ignored
    store.finish()
  }

  @Test func scrollingKeepsTheSelectionVisible() {
    let todos = IdentifiedArray(uniqueElements: (0..<20).map { todo(UInt64($0), "T\($0)") })
    // 10 rows high: 6 list rows.
    let (store, _) = makeStore(
      Todos.State(
        todos: todos, selectedID: id(0), size: TerminalSize(width: 40, height: 10)))
    store.send(.selectionMoved(.pageDown)) {
      $0.selectedID = id(6)
      $0.scrollTop = 1
    }
    store.send(.selectionMoved(.last)) {
      $0.selectedID = id(19)
      $0.scrollTop = 14
    }
    store.send(.scrolled(by: -3)) {
      $0.scrollTop = 11
      $0.selectedID = id(16)
    }
    store.send(.scrolled(by: -30)) {
      $0.scrollTop = 0
      $0.selectedID = id(5)
    }
    store.send(.scrolled(by: 100)) {
      $0.scrollTop = 14
      $0.selectedID = id(14)
    }
    store.send(.terminalResized(width: 40, height: 24)) {
      $0.size = TerminalSize(width: 40, height: 24)
      $0.scrollTop = 0
    }
    store.send(.terminalResized(width: 40, height: 8)) {
      $0.size = TerminalSize(width: 40, height: 8)
      $0.scrollTop = 11
    }
    store.finish()
  }

  @Test func searchFiltersLiveKeepsOnEnterAndClearsOnEscape() {
    let (store, _) = makeStore(
      Todos.State(
        todos: [todo(0, "Buy milk"), todo(1, "Call Mum"), todo(2, "Milk the cow")],
        selectedID: id(1)))
    store.send(.searchButtonTapped) { $0.mode = .searching }
    store.send(.textFieldEdited(.insert("MIL"))) {
      $0.search = TextField(text: "MIL", cursor: 3)
      $0.selectedID = id(2)
    }
    #expect(store.state.visibleIDs == [id(0), id(2)])
    store.send(.searchCommitted) { $0.mode = .normal }
    store.send(.selectionMoved(.previous)) { $0.selectedID = id(0) }
    store.send(.searchButtonTapped) { $0.mode = .searching }
    store.send(.textFieldEdited(.insert("x"))) {
      $0.search = TextField(text: "MILx", cursor: 4)
      $0.selectedID = nil
    }
    store.send(.textFieldEdited(.deleteBackward)) {
      $0.search = TextField(text: "MIL", cursor: 3)
      $0.selectedID = id(0)
    }
    store.send(.searchCancelled) {
      $0.mode = .normal
      $0.search = TextField()
    }
    #expect(store.state.visibleIDs == [id(0), id(1), id(2)])
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
      $0.selectedID = id(2)
    }
    store.send(.filterPicked(.active))
    store.finish()
  }

  @Test func todosLoadedReplacesTheListWithoutHistoryOrRevision() {
    let (store, _) = makeStore(
      Todos.State(
        todos: [todo(0, "A")], selectedID: id(0),
        undoStack: [
          Todos.HistoryEntry(label: "add “A”", changes: [.remove([id(0)])], selectedID: nil)
        ],
        revision: 4))
    store.send(.todosLoaded([todo(5, "X"), todo(0, "A2"), todo(5, "duplicate id")])) {
      $0.todos = [todo(5, "X"), todo(0, "A2")]
      $0.undoStack = []
    }
    store.send(.todosLoaded([todo(6, "Y")])) {
      $0.todos = [todo(6, "Y")]
      $0.selectedID = id(6)
    }
    store.send(.todosLoaded([])) {
      $0.todos = []
      $0.selectedID = nil
    }
    store.finish()
  }

  @Test func helpOpensAndClosesAndQuitIsAFlag() {
    let (store, _) = makeStore()
    store.send(.helpButtonTapped) { $0.mode = .help }
    store.send(.helpDismissed) { $0.mode = .normal }
    store.send(.quitRequested) { $0.isQuitting = true }
    store.finish()
  }

  @Test func aDelayedSortFindsItsRowsAfterTheToggledTodoWasDeleted() {
    let (store, scheduler) = makeStore(
      Todos.State(todos: [todo(0, "A"), todo(1, "B")], selectedID: id(0)))
    store.send(.todos(.element(id: id(0), action: .checkboxToggled))) {
      $0.todos[id: id(0)]?.isComplete = true
      $0.todos[id: id(0)]?.completionDate = testDay
      $0.settling = [id(0)]
      $0.undoStack = [
        Todos.HistoryEntry(
          label: "complete “A”", changes: [.update([todo(0, "A")])], selectedID: id(0))
      ]
      $0.revision = 1
    }
    store.send(.deleteButtonTapped) {
      $0.todos = [todo(1, "B")]
      $0.selectedID = id(1)
      $0.settling = []
      $0.undoStack.append(
        Todos.HistoryEntry(
          label: "delete “A”",
          changes: [
            .insert([
              Todos.IndexedTodo(
                Todo.State(
                  id: id(0), description: "A", isComplete: true, completionDate: testDay),
                at: 0)
            ])
          ],
          selectedID: id(0)))
      $0.revision = 2
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
