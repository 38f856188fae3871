import Architecture
import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import Testing

@testable import TodosFeature

/// Adding, editing, the trim/empty/Esc rules and deleting.
@MainActor
@Suite struct TodosEditingTests {
  @Test func addPutsTheNewestOnTopWithIncrementingIds() {
    let (store, _) = makeStore()
    store.send(.addButtonTapped) {
      $0.mode = .editing(Todos.Editing(id: id(0), isNew: true, field: TextField()))
    }
    store.send(.textFieldEdited(.insert("  Milk "))) {
      $0.mode = .editing(
        Todos.Editing(id: id(0), isNew: true, field: TextField(text: "  Milk ", cursor: 7)))
    }
    store.send(.editCommitted) {
      $0.mode = .normal
      $0.todos = [Todo.State(id: id(0), description: "Milk", creationDate: testDay)]
      $0.selectedID = id(0)
      $0.undoStack = [
        Todos.HistoryEntry(label: "add “Milk”", changes: [.remove([id(0)])], selectedID: nil)
      ]
      $0.revision = 1
    }
    store.send(.addButtonTapped) {
      $0.mode = .editing(Todos.Editing(id: id(1), isNew: true, field: TextField()))
    }
    store.send(.textFieldEdited(.insert("Eggs"))) {
      $0.mode = .editing(
        Todos.Editing(id: id(1), isNew: true, field: TextField(text: "Eggs", cursor: 4)))
    }
    store.send(.editCommitted) {
      $0.mode = .normal
      $0.todos = [
        Todo.State(id: id(1), description: "Eggs", creationDate: testDay),
        Todo.State(id: id(0), description: "Milk", creationDate: testDay),
      ]
      $0.selectedID = id(1)
      $0.undoStack = [
        Todos.HistoryEntry(label: "add “Milk”", changes: [.remove([id(0)])], selectedID: nil),
        Todos.HistoryEntry(label: "add “Eggs”", changes: [.remove([id(1)])], selectedID: id(0)),
      ]
      $0.revision = 2
    }
    store.finish()
  }

  @Test func addingWhitespaceOnlyOrCancellingAddsNothing() {
    let (store, _) = makeStore()
    store.send(.addButtonTapped) {
      $0.mode = .editing(Todos.Editing(id: id(0), isNew: true, field: TextField()))
    }
    store.send(.textFieldEdited(.insert("   "))) {
      $0.mode = .editing(
        Todos.Editing(id: id(0), isNew: true, field: TextField(text: "   ", cursor: 3)))
    }
    store.send(.editCommitted) { $0.mode = .normal }
    store.send(.addButtonTapped) {
      $0.mode = .editing(Todos.Editing(id: id(1), isNew: true, field: TextField()))
    }
    store.send(.textFieldEdited(.insert("Bread"))) {
      $0.mode = .editing(
        Todos.Editing(id: id(1), isNew: true, field: TextField(text: "Bread", cursor: 5)))
    }
    store.send(.editCancelled) { $0.mode = .normal }
    store.finish()
  }

  @Test func addingUnderTheCompletedFilterOrASearchShowsAllAgain() {
    let (store, _) = makeStore(
      Todos.State(
        todos: [todo(9, "Old", done: true)], selectedID: id(9), filter: .completed,
        search: TextField(text: "ol")))
    store.send(.addButtonTapped) {
      $0.filter = .all
      $0.search = TextField()
      $0.mode = .editing(Todos.Editing(id: id(0), isNew: true, field: TextField()))
    }
    store.finish()
  }

  @Test func pastedNewlinesAndControlCharactersBecomeSpaces() {
    let (store, _) = makeStore()
    store.send(.addButtonTapped) {
      $0.mode = .editing(Todos.Editing(id: id(0), isNew: true, field: TextField()))
    }
    store.send(.textFieldEdited(.insert("a\nb\tc\u{7}d"))) {
      $0.mode = .editing(
        Todos.Editing(id: id(0), isNew: true, field: TextField(text: "a b c d", cursor: 7)))
    }
    store.finish()
  }

  @Test func editSavesTrimmedTextAndDropsTheRawLine() {
    let (store, _) = makeStore(
      Todos.State(todos: [todo(0, "Milk", raw: "Milk"), todo(1, "Eggs")], selectedID: id(0)))
    store.send(.editButtonTapped) {
      $0.mode = .editing(
        Todos.Editing(id: id(0), isNew: false, field: TextField(text: "Milk", cursor: 4)))
    }
    store.send(.textFieldEdited(.moveLeft)) {
      $0.mode = .editing(
        Todos.Editing(id: id(0), isNew: false, field: TextField(text: "Milk", cursor: 3)))
    }
    store.send(.textFieldEdited(.insert("l "))) {
      $0.mode = .editing(
        Todos.Editing(id: id(0), isNew: false, field: TextField(text: "Mill k", cursor: 5)))
    }
    store.send(.textFieldEdited(.moveToEnd)) {
      $0.mode = .editing(
        Todos.Editing(id: id(0), isNew: false, field: TextField(text: "Mill k", cursor: 6)))
    }
    store.send(.textFieldEdited(.insert("  "))) {
      $0.mode = .editing(
        Todos.Editing(id: id(0), isNew: false, field: TextField(text: "Mill k  ", cursor: 8)))
    }
    store.send(.editCommitted) {
      $0.mode = .normal
      $0.todos = [Todo.State(id: id(0), description: "Mill k"), todo(1, "Eggs")]
      $0.undoStack = [
        Todos.HistoryEntry(
          label: "edit “Milk”", changes: [.update([todo(0, "Milk", raw: "Milk")])],
          selectedID: id(0))
      ]
      $0.revision = 1
    }
    store.finish()
  }

  @Test func editCancelRestoresAndUnchangedTextRecordsNothing() {
    let (store, _) = makeStore(
      Todos.State(todos: [todo(0, "Milk", raw: "Milk")], selectedID: id(0)))
    store.send(.editButtonTapped) {
      $0.mode = .editing(
        Todos.Editing(id: id(0), isNew: false, field: TextField(text: "Milk", cursor: 4)))
    }
    store.send(.textFieldEdited(.deleteToStart)) {
      $0.mode = .editing(
        Todos.Editing(id: id(0), isNew: false, field: TextField(text: "", cursor: 0)))
    }
    store.send(.editCancelled) { $0.mode = .normal }
    store.send(.editButtonTapped) {
      $0.mode = .editing(
        Todos.Editing(id: id(0), isNew: false, field: TextField(text: "Milk", cursor: 4)))
    }
    store.send(.editCommitted) { $0.mode = .normal }
    store.finish()
  }

  @Test func editToEmptyDeletesUndoably() {
    let (store, scheduler) = makeStore(
      Todos.State(todos: [todo(0, "Milk"), todo(1, "Eggs")], selectedID: id(0)))
    store.send(.editButtonTapped) {
      $0.mode = .editing(
        Todos.Editing(id: id(0), isNew: false, field: TextField(text: "Milk", cursor: 4)))
    }
    store.send(.textFieldEdited(.deleteWordBackward)) {
      $0.mode = .editing(
        Todos.Editing(id: id(0), isNew: false, field: TextField(text: "", cursor: 0)))
    }
    store.send(.editCommitted) {
      $0.mode = .normal
      $0.todos = [todo(1, "Eggs")]
      $0.selectedID = id(1)
      $0.undoStack = [
        Todos.HistoryEntry(
          label: "delete “Milk”", changes: [.insert([Todos.IndexedTodo(todo(0, "Milk"), at: 0)])],
          selectedID: id(0))
      ]
      $0.revision = 1
      $0.status = Todos.StatusMessage("Deleted “Milk” · u to undo")
    }
    store.send(.undoButtonTapped) {
      $0.todos = [todo(0, "Milk"), todo(1, "Eggs")]
      $0.selectedID = id(0)
      $0.undoStack = []
      $0.redoStack = [
        Todos.HistoryEntry(label: "delete “Milk”", changes: [.remove([id(0)])], selectedID: id(1))
      ]
      $0.revision = 2
      $0.status = Todos.StatusMessage("Undid delete “Milk” · Ctrl-R to redo")
    }
    scheduler.advance(by: .seconds(3))
    store.receive(.statusMessageExpired) { $0.status = nil }
    store.finish()
  }

  @Test func deleteSelectsTheNextThenThePrevious() {
    let (store, scheduler) = makeStore(
      Todos.State(todos: [todo(0, "A"), todo(1, "B"), todo(2, "C")], selectedID: id(1)))
    store.send(.deleteButtonTapped) {
      $0.todos = [todo(0, "A"), todo(2, "C")]
      $0.selectedID = id(2)
      $0.undoStack = [
        Todos.HistoryEntry(
          label: "delete “B”", changes: [.insert([Todos.IndexedTodo(todo(1, "B"), at: 1)])],
          selectedID: id(1))
      ]
      $0.revision = 1
      $0.status = Todos.StatusMessage("Deleted “B” · u to undo")
    }
    store.send(.deleteButtonTapped) {
      $0.todos = [todo(0, "A")]
      $0.selectedID = id(0)
      $0.undoStack.append(
        Todos.HistoryEntry(
          label: "delete “C”", changes: [.insert([Todos.IndexedTodo(todo(2, "C"), at: 1)])],
          selectedID: id(2)))
      $0.revision = 2
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
    store.send(.deleteButtonTapped) {
      $0.todos = [todo(0, "A"), todo(1, "B", done: true), todo(2, "C")]
      $0.selectedID = id(1)
      $0.undoStack = [
        Todos.HistoryEntry(
          label: "delete “D”",
          changes: [.insert([Todos.IndexedTodo(todo(3, "D", done: true), at: 3)])],
          selectedID: id(3))
      ]
      $0.revision = 1
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
    store.send(.editButtonTapped) {
      $0.mode = .editing(
        Todos.Editing(id: id(1), isNew: false, field: TextField(text: "B", cursor: 1)))
    }
    store.send(.textFieldEdited(.insert("2"))) {
      $0.mode = .editing(
        Todos.Editing(id: id(1), isNew: false, field: TextField(text: "B2", cursor: 2)))
    }
    store.send(.editCommitted) {
      $0.mode = .normal
      $0.todos[id: id(1)]?.description = "B2"
      $0.undoStack = [
        Todos.HistoryEntry(
          label: "edit “B”", changes: [.update([todo(1, "B", done: true)])], selectedID: id(1))
      ]
      $0.revision = 1
    }
    store.finish()
  }

  @Test func rowDescriptionChangedIsAnUndoableEdit() {
    let (store, _) = makeStore(Todos.State(todos: [todo(0, "A", raw: "A")], selectedID: id(0)))
    store.send(.todos(.element(id: id(0), action: .descriptionChanged("Z")))) {
      $0.todos = [Todo.State(id: id(0), description: "Z")]
      $0.undoStack = [
        Todos.HistoryEntry(
          label: "edit “A”", changes: [.update([todo(0, "A", raw: "A")])], selectedID: id(0))
      ]
      $0.revision = 1
    }
    store.finish()
  }
}

/// The delayed completion sort.
@MainActor
@Suite struct TodosSortTests {
  @Test func completingSortsAfterExactlyOneSecondAndSelectionFollowsTheId() {
    let (store, scheduler) = makeStore(
      Todos.State(todos: [todo(0, "A", raw: "A"), todo(1, "B")], selectedID: id(0)))
    store.send(.todos(.element(id: id(0), action: .checkboxToggled))) {
      $0.todos = [
        Todo.State(id: id(0), description: "A", isComplete: true, completionDate: testDay),
        todo(1, "B"),
      ]
      $0.settling = [id(0)]
      $0.undoStack = [
        Todos.HistoryEntry(
          label: "complete “A”", changes: [.update([todo(0, "A", raw: "A")])], selectedID: id(0))
      ]
      $0.revision = 1
    }
    scheduler.advance(by: .milliseconds(999))
    store.assertNothingReceived()
    scheduler.advance(by: .milliseconds(1))
    store.receive(.sortCompletedTodos) {
      $0.todos = [
        todo(1, "B"),
        Todo.State(id: id(0), description: "A", isComplete: true, completionDate: testDay),
      ]
      $0.settling = []
      // Undoing the completion puts "A" back on top: the sort joins that step.
      $0.undoStack = [
        Todos.HistoryEntry(
          label: "complete “A”",
          changes: [.update([todo(0, "A", raw: "A")]), .move([Todos.IndexedID(id(0), at: 0)])],
          selectedID: id(0))
      ]
      $0.revision = 2
    }
    store.finish()
  }

  @Test func rapidTogglesRestartTheWaitAndSortOnce() {
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
    scheduler.advance(by: .milliseconds(500))
    store.send(.todos(.element(id: id(0), action: .checkboxToggled))) {
      $0.todos[id: id(0)]?.isComplete = false
      $0.todos[id: id(0)]?.completionDate = nil
      $0.undoStack.append(
        Todos.HistoryEntry(
          label: "reactivate “A”",
          changes: [
            .update([
              Todo.State(id: id(0), description: "A", isComplete: true, completionDate: testDay)
            ])
          ],
          selectedID: id(0)))
      $0.revision = 2
    }
    // The first wait would have ended here; it was restarted.
    scheduler.advance(by: .milliseconds(999))
    store.assertNothingReceived()
    scheduler.advance(by: .milliseconds(1))
    store.receive(.sortCompletedTodos) { $0.settling = [] }
    scheduler.run()
    store.finish()
  }

  @Test func twoTogglesHalfASecondApartSortOnceASecondAfterTheSecond() {
    let (store, scheduler) = makeStore(
      Todos.State(todos: [todo(0, "A"), todo(1, "B"), todo(2, "C")], selectedID: id(0)))
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
    scheduler.advance(by: .milliseconds(500))
    store.send(.todos(.element(id: id(1), action: .checkboxToggled))) {
      $0.todos[id: id(1)]?.isComplete = true
      $0.todos[id: id(1)]?.completionDate = testDay
      $0.settling = [id(0), id(1)]
      $0.undoStack.append(
        Todos.HistoryEntry(
          label: "complete “B”", changes: [.update([todo(1, "B")])], selectedID: id(0)))
      $0.revision = 2
    }
    scheduler.advance(by: .milliseconds(999))
    store.assertNothingReceived()  // 1.499 s after the first toggle
    scheduler.advance(by: .milliseconds(1))
    store.receive(.sortCompletedTodos) {
      $0.todos = [
        todo(2, "C"),
        Todo.State(id: id(0), description: "A", isComplete: true, completionDate: testDay),
        Todo.State(id: id(1), description: "B", isComplete: true, completionDate: testDay),
      ]
      $0.settling = []
      // The fewer rows moved: "C" (active), back to where it was.
      $0.undoStack = [
        Todos.HistoryEntry(
          label: "complete “A”", changes: [.update([todo(0, "A")])], selectedID: id(0)),
        Todos.HistoryEntry(
          label: "complete “B”",
          changes: [.update([todo(1, "B")]), .move([Todos.IndexedID(id(2), at: 2)])],
          selectedID: id(0)),
      ]
      $0.revision = 3
    }
    store.finish()
  }

  @Test func sortIsStableInsideEachGroup() {
    let (store, _) = makeStore(
      Todos.State(
        todos: [
          todo(0, "A", done: true), todo(1, "B"), todo(2, "C", done: true), todo(3, "D"),
          todo(4, "E", done: true), todo(5, "F"),
        ],
        selectedID: id(2)))
    store.send(.sortCompletedTodos) {
      $0.todos = [
        todo(1, "B"), todo(3, "D"), todo(5, "F"),
        todo(0, "A", done: true), todo(2, "C", done: true), todo(4, "E", done: true),
      ]
      $0.revision = 1
    }
    store.finish()
  }

  @Test func settleUnderTheActiveFilterKeepsTheRowUntilThenAndMovesSelectionOn() {
    let (store, scheduler) = makeStore(
      Todos.State(
        todos: [todo(0, "A"), todo(1, "B"), todo(2, "C")], selectedID: id(0), filter: .active))
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
    // Still shown (waiting), so nothing jumps under the user's finger.
    #expect(store.state.visibleIDs == [id(0), id(1), id(2)])
    scheduler.advance(by: .seconds(1))
    store.receive(.sortCompletedTodos) {
      $0.todos = [
        todo(1, "B"), todo(2, "C"),
        Todo.State(id: id(0), description: "A", isComplete: true, completionDate: testDay),
      ]
      $0.settling = []
      $0.selectedID = id(1)
      $0.undoStack = [
        Todos.HistoryEntry(
          label: "complete “A”",
          changes: [.update([todo(0, "A")]), .move([Todos.IndexedID(id(0), at: 0)])],
          selectedID: id(0))
      ]
      $0.revision = 2
    }
    #expect(store.state.visibleIDs == [id(1), id(2)])
    store.finish()
  }

  @Test func settleUnderTheCompletedFilterRemovesReactivatedRows() {
    let (store, scheduler) = makeStore(
      Todos.State(
        todos: [todo(0, "A"), todo(1, "B", done: true), todo(2, "C", done: true)],
        selectedID: id(2), filter: .completed))
    store.send(.todos(.element(id: id(2), action: .checkboxToggled))) {
      $0.todos[id: id(2)]?.isComplete = false
      $0.todos[id: id(2)]?.completionDate = nil
      $0.settling = [id(2)]
      $0.undoStack = [
        Todos.HistoryEntry(
          label: "reactivate “C”", changes: [.update([todo(2, "C", done: true)])],
          selectedID: id(2))
      ]
      $0.revision = 1
    }
    #expect(store.state.visibleIDs == [id(1), id(2)])
    scheduler.advance(by: .seconds(1))
    store.receive(.sortCompletedTodos) {
      $0.todos = [todo(0, "A"), todo(2, "C"), todo(1, "B", done: true)]
      $0.settling = []
      $0.selectedID = id(1)
      $0.undoStack = [
        Todos.HistoryEntry(
          label: "reactivate “C”",
          changes: [
            .update([todo(2, "C", done: true)]), .move([Todos.IndexedID(id(1), at: 1)]),
          ],
          selectedID: id(2))
      ]
      $0.revision = 2
    }
    #expect(store.state.visibleIDs == [id(1)])
    store.finish()
  }

  @Test func toggleAllCompletesEverythingThenReactivatesEverything() {
    let (store, scheduler) = makeStore(
      Todos.State(todos: [todo(0, "A"), todo(1, "B", done: true)], selectedID: id(0)))
    store.send(.toggleAllButtonTapped) {
      $0.todos[id: id(0)]?.isComplete = true
      $0.todos[id: id(0)]?.completionDate = testDay
      $0.settling = [id(0)]
      $0.undoStack = [
        Todos.HistoryEntry(
          label: "complete all", changes: [.update([todo(0, "A")])], selectedID: id(0))
      ]
      $0.revision = 1
    }
    store.send(.toggleAllButtonTapped) {
      $0.todos = [todo(0, "A"), todo(1, "B")]
      $0.settling = [id(0), id(1)]
      $0.undoStack.append(
        Todos.HistoryEntry(
          label: "reactivate all",
          changes: [
            .update([
              Todo.State(id: id(0), description: "A", isComplete: true, completionDate: testDay),
              todo(1, "B", done: true),
            ])
          ],
          selectedID: id(0)))
      $0.revision = 2
    }
    scheduler.advance(by: .seconds(1))
    store.receive(.sortCompletedTodos) { $0.settling = [] }
    store.finish()
  }

  @Test func moveSwapsWithTheNextVisibleTodoAndSortsAfter100ms() {
    let (store, scheduler) = makeStore(
      Todos.State(
        todos: [todo(0, "A"), todo(1, "B", done: true), todo(2, "C")], selectedID: id(0),
        filter: .active))
    store.send(.moveButtonTapped(.down)) {
      $0.todos = [todo(1, "B", done: true), todo(2, "C"), todo(0, "A")]
      $0.undoStack = [
        Todos.HistoryEntry(
          label: "move “A”", changes: [.move([Todos.IndexedID(id(0), at: 0)])],
          selectedID: id(0))
      ]
      $0.revision = 1
    }
    store.send(.moveButtonTapped(.down))  // already the last visible: nothing
    scheduler.advance(by: .milliseconds(99))
    store.assertNothingReceived()
    scheduler.advance(by: .milliseconds(1))
    store.receive(.sortCompletedTodos) {
      $0.todos = [todo(2, "C"), todo(0, "A"), todo(1, "B", done: true)]
      $0.undoStack = [
        Todos.HistoryEntry(
          label: "move “A”",
          changes: [
            .move([Todos.IndexedID(id(0), at: 0)]), .move([Todos.IndexedID(id(1), at: 0)]),
          ],
          selectedID: id(0))
      ]
      $0.revision = 2
    }
    store.send(.moveButtonTapped(.up)) {
      $0.todos = [todo(0, "A"), todo(2, "C"), todo(1, "B", done: true)]
      $0.undoStack.append(
        Todos.HistoryEntry(
          label: "move “A”", changes: [.move([Todos.IndexedID(id(0), at: 1)])],
          selectedID: id(0)))
      $0.revision = 3
    }
    scheduler.advance(by: .milliseconds(100))
    store.receive(.sortCompletedTodos)
    store.finish()
  }

  @Test func clearCompletedRemovesThemUndoably() {
    let all: IdentifiedArrayOf<Todo.State> = [
      todo(0, "A", done: true), todo(1, "B"), todo(2, "C", done: true),
    ]
    let (store, scheduler) = makeStore(Todos.State(todos: all, selectedID: id(0)))
    store.send(.clearCompletedButtonTapped) {
      $0.todos = [todo(1, "B")]
      $0.selectedID = id(1)
      $0.undoStack = [
        Todos.HistoryEntry(
          label: "clear completed",
          changes: [
            .insert([
              Todos.IndexedTodo(todo(0, "A", done: true), at: 0),
              Todos.IndexedTodo(todo(2, "C", done: true), at: 2),
            ])
          ],
          selectedID: id(0))
      ]
      $0.revision = 1
      $0.status = Todos.StatusMessage("Cleared 2 completed todos · u to undo")
    }
    store.send(.clearCompletedButtonTapped) {
      $0.status = Todos.StatusMessage("No completed todos to clear")
    }
    store.send(.undoButtonTapped) {
      $0.todos = all
      $0.selectedID = id(0)
      $0.undoStack = []
      $0.redoStack = [
        Todos.HistoryEntry(
          label: "clear completed", changes: [.remove([id(0), id(2)])], selectedID: id(1))
      ]
      $0.revision = 2
      $0.status = Todos.StatusMessage("Undid clear completed · Ctrl-R to redo")
    }
    store.send(.redoButtonTapped) {
      $0.todos = [todo(1, "B")]
      $0.selectedID = id(1)
      $0.undoStack = [
        Todos.HistoryEntry(
          label: "clear completed",
          changes: [
            .insert([
              Todos.IndexedTodo(todo(0, "A", done: true), at: 0),
              Todos.IndexedTodo(todo(2, "C", done: true), at: 2),
            ])
          ],
          selectedID: id(0))
      ]
      $0.redoStack = []
      $0.revision = 3
      $0.status = Todos.StatusMessage("Redid clear completed")
    }
    scheduler.advance(by: .seconds(3))
    store.receive(.statusMessageExpired) { $0.status = nil }
    store.finish()
  }
}
