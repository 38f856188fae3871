import Architecture
import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import Testing

@testable import TodosFeature

/// Undo steps are patches (what changed), not copies of the list: they must restore exactly
/// what a copy of the list would have; the delayed settle moves only the view, never the list.
@MainActor
@Suite struct TodosHistoryTests {
  @Test func theSettleIsNoStepOfItsOwnAndUndoRedoGiveTheListBackAsItWas() {
    let a = todo(0, "A")
    let b = todo(1, "B")
    let c = todo(2, "C")
    let aDone = Todo.State(id: id(0), description: "A", isComplete: true, completionDate: testDay)
    let bDone = Todo.State(id: id(1), description: "B", isComplete: true, completionDate: testDay)
    let (store, scheduler) = makeStore(Todos.State(todos: [a, b, c], selectedID: id(0)))
    store.send(.todos(.element(id: id(0), action: .checkboxToggled))) {
      $0.list.rows = [aDone, b, c]
      $0.settling = [id(0)]
      $0.history.undoStack = [
        History.Entry(label: "complete “A”", changes: [.update([a])], selectedID: id(0))
      ]
      $0.list.revision = 1
    }
    store.send(.todos(.element(id: id(1), action: .checkboxToggled))) {
      $0.list.rows = [aDone, bDone, c]
      $0.settling = [id(0), id(1)]
      $0.history.undoStack = [
        History.Entry(label: "complete “A”", changes: [.update([a])], selectedID: id(0)),
        History.Entry(label: "complete “B”", changes: [.update([b])], selectedID: id(0)),
      ]
      $0.list.revision = 2
    }
    store.send(.history(.undoKeyPressed)) {
      $0.list.rows = [aDone, b, c]
      $0.history.undoStack = [
        History.Entry(label: "complete “A”", changes: [.update([a])], selectedID: id(0))
      ]
      $0.history.redoStack = [
        History.Entry(label: "complete “B”", changes: [.update([bDone])], selectedID: id(0))
      ]
      $0.list.revision = 3
      $0.status = Todos.StatusMessage("Undid complete “B” · Ctrl-R to redo")
    }
    // The settle moves only the view: the list, its revision and both stacks stay; the
    // selection stays on its row, where B came up.
    #expect(store.state.visible.ids == [id(0), id(1), id(2)])
    scheduler.advance(by: .seconds(1))
    store.receive(.sortCompletedTodos) {
      $0.settling = []
      $0.viewport.selectedID = id(1)
    }
    #expect(store.state.visible.ids == [id(1), id(2), id(0)])
    store.send(.history(.redoKeyPressed)) {
      $0.list.rows = [aDone, bDone, c]
      $0.viewport.selectedID = id(0)
      $0.history.undoStack = [
        History.Entry(label: "complete “A”", changes: [.update([a])], selectedID: id(0)),
        History.Entry(label: "complete “B”", changes: [.update([b])], selectedID: id(1)),
      ]
      $0.history.redoStack = []
      $0.list.revision = 4
      $0.status = Todos.StatusMessage("Redid complete “B”")
    }
    #expect(store.state.visible.ids == [id(2), id(0), id(1)])
    store.send(.history(.undoKeyPressed)) {
      $0.list.rows = [aDone, b, c]
      $0.viewport.selectedID = id(1)
      $0.history.undoStack = [
        History.Entry(label: "complete “A”", changes: [.update([a])], selectedID: id(0))
      ]
      $0.history.redoStack = [
        History.Entry(label: "complete “B”", changes: [.update([bDone])], selectedID: id(0))
      ]
      $0.list.revision = 5
      $0.status = Todos.StatusMessage("Undid complete “B” · Ctrl-R to redo")
    }
    store.send(.history(.undoKeyPressed)) {
      $0.list.rows = [a, b, c]
      $0.viewport.selectedID = id(0)
      $0.history.undoStack = []
      $0.history.redoStack = [
        History.Entry(label: "complete “B”", changes: [.update([bDone])], selectedID: id(0)),
        History.Entry(label: "complete “A”", changes: [.update([aDone])], selectedID: id(1)),
      ]
      $0.list.revision = 6
      $0.status = Todos.StatusMessage("Undid complete “A” · Ctrl-R to redo")
    }
    #expect(store.state.visible.ids == [id(0), id(1), id(2)])
    scheduler.advance(by: .seconds(3))
    store.receive(.statusMessageExpired) { $0.status = nil }
    store.finish()
  }

  @Test func aSettleOfManyRowsMovesOnlyTheView() {
    // 80 rows, every other one completed and waiting: more settle at once than are moved one
    // at a time, so the view's order is sorted again; the list keeps the file's order.
    let rows = (0..<80).map { n in todo(UInt64(n), "T\(n)", done: n % 2 == 0) }
    let undo = [History.Entry(label: "add “T1”", changes: [.remove([id(1)])], selectedID: nil)]
    let settling = Set(rows.filter(\.isComplete).map(\.id))
    let store = Store(
      initialState: Todos.State(
        todos: IdentifiedArray(uniqueElements: rows), selectedID: id(1), settling: settling,
        undoStack: undo),
      reducer: Todos.reducer(.test(scheduler: TestScheduler())))
    #expect(store.state.visible.ids == rows.map(\.id))  // each stays where it was
    store.send(.sortCompletedTodos)
    #expect(store.state.list.rows == IdentifiedArray(uniqueElements: rows))
    #expect(store.state.list.revision == 0)
    #expect(store.state.history.undoStack == undo)
    let active: [UUID] = (0..<40).map { id(UInt64($0 * 2 + 1)) }
    let completed: [UUID] = (0..<40).map { id(UInt64($0 * 2)) }
    #expect(store.state.visible.ids == active + completed)
    #expect(store.state.viewport.selectedID == id(1))
  }

  @Test func undoAndRedoMatchCopiesOfTheListOverALongRandomSession() {
    let scheduler = TestScheduler()
    let rows = (0..<60).map { n in todo(UInt64(1000 + n), "T\(n)", done: n % 3 == 0) }
    let store = Store(
      initialState: Todos.State(
        todos: IdentifiedArray(uniqueElements: rows), selectedID: rows[0].id),
      reducer: Todos.reducer(.test(scheduler: scheduler)))
    // The model: what undo restored when each step held a copy of the list and the selection.
    typealias Copy = (todos: IdentifiedArrayOf<Todo.State>, selectedID: UUID?)
    var undo: [Copy] = []
    var redo: [Copy] = []
    var random = SeededGenerator(seed: 6)  // replayable
    var checks = 0
    func pick() -> UUID? {
      let ids = store.state.list.rows.ids
      return ids.isEmpty ? nil : ids[Int(random.next() % UInt64(ids.count))]
    }
    for step in 0..<600 {
      let revision = store.state.list.revision
      var before: Copy = (store.state.list.rows, store.state.viewport.selectedID)
      let operation = random.next() % 13
      switch operation {
      case 0, 1, 2:
        if let id = pick() { store.send(.todos(.element(id: id, action: .checkboxToggled))) }
      case 3:
        if let id = pick() {
          store.send(.viewport(.rowClicked(id)))
          before.selectedID = store.state.viewport.selectedID
          store.send(.editKeyPressed)
          store.send(.editor(.textEdited(.deleteToStart)))
          store.send(.editor(.textEdited(.insert("E\(step)"))))
          store.send(.editor(.enterPressed))
        }
      case 4:
        if let id = pick() { store.send(.viewport(.rowClicked(id))) }
        before.selectedID = store.state.viewport.selectedID
        store.send(.deleteKeyPressed)
      case 5:
        if let id = pick() { store.send(.viewport(.rowClicked(id))) }
        before.selectedID = store.state.viewport.selectedID
        store.send(.moveKeyPressed(random.next() % 2 == 0 ? .up : .down))
      case 6, 7:
        if operation == 7, random.next() % 4 == 0 {
          store.send(.toggleAllKeyPressed)
          break
        }
        store.send(.addKeyPressed)
        store.send(.editor(.textEdited(.insert("N\(step)"))))
        store.send(.editor(.enterPressed))
      case 8:
        if random.next() % 6 == 0 { store.send(.clearCompletedKeyPressed) }
      case 9, 10:
        store.send(.history(.undoKeyPressed))
        if let copy = undo.popLast() {
          checks += 1
          redo.append(before)
          #expect(store.state.list.rows == copy.todos, "undo at step \(step)")
          if copy.selectedID != nil { #expect(store.state.viewport.selectedID == copy.selectedID) }
        }
      default:
        store.send(.history(.redoKeyPressed))
        if let copy = redo.popLast() {
          checks += 1
          undo.append(before)
          #expect(store.state.list.rows == copy.todos, "redo at step \(step)")
          if copy.selectedID != nil { #expect(store.state.viewport.selectedID == copy.selectedID) }
        }
      }
      if operation < 9, store.state.list.revision != revision {
        // A new step: the model keeps a copy of the list from before it.
        undo.append(before)
        if undo.count > History.limit { undo.removeFirst() }
        redo = []
      }
      #expect(store.state.history.undoStack.count == undo.count, "step \(step)")
      #expect(store.state.history.redoStack.count == redo.count, "step \(step)")
      #expect(store.state.activeCount == store.state.list.rows.count(where: { !$0.isComplete }))
      // Let the delayed sorts run now and then, between steps.
      switch random.next() % 4 {
      case 0: scheduler.advance(by: .seconds(1))
      case 1: scheduler.advance(by: .milliseconds(100))
      default: break
      }
    }
    #expect(checks > 100)
    store.cancelAllEffects()
  }
}

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
      $0.list.rows = [
        Todo.State(id: id(0), description: "New", creationDate: testDay), todo(7, "Old"),
      ]
      $0.viewport.selectedID = id(0)
      $0.history.undoStack = [
        History.Entry(label: "add “New”", changes: [.remove([id(0)])], selectedID: id(7))
      ]
      $0.list.revision = 1
    }
    store.send(.history(.undoKeyPressed)) {
      $0.list.rows = [todo(7, "Old")]
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
      $0.list.rows = [
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
      $0.list.rows = [Todo.State(id: id(0), description: "Milks")]
      $0.history.undoStack = [
        History.Entry(
          label: "edit “Milk”", changes: [.update([todo(0, "Milk", raw: "(A) Milk")])],
          selectedID: id(0))
      ]
      $0.list.revision = 1
    }
    store.send(.history(.undoKeyPressed)) {
      $0.list.rows = [todo(0, "Milk", raw: "(A) Milk")]
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
      $0.list.rows[id: id(0)]?.isComplete = true
      $0.list.rows[id: id(0)]?.completionDate = testDay
      $0.settling = [id(0)]
      $0.history.undoStack = [
        History.Entry(
          label: "complete “A”", changes: [.update([todo(0, "A")])], selectedID: id(0))
      ]
      $0.list.revision = 1
    }
    scheduler.advance(by: .seconds(1))
    // The settle moves "A" down in the view only; the selection stays on the first row.
    store.receive(.sortCompletedTodos) {
      $0.settling = []
      $0.viewport.selectedID = id(1)
    }
    #expect(store.state.visible.ids == [id(1), id(0)])
    store.send(.history(.undoKeyPressed)) {
      $0.list.rows = [todo(0, "A"), todo(1, "B")]
      $0.viewport.selectedID = id(0)
      $0.history.undoStack = []
      $0.history.redoStack = [
        History.Entry(
          label: "complete “A”",
          changes: [
            .update([
              Todo.State(id: id(0), description: "A", isComplete: true, completionDate: testDay)
            ])
          ],
          selectedID: id(1))
      ]
      $0.list.revision = 2
      $0.status = Todos.StatusMessage("Undid complete “A” · Ctrl-R to redo")
    }
    #expect(store.state.visible.ids == [id(0), id(1)])
    scheduler.advance(by: .seconds(3))
    store.receive(.statusMessageExpired) { $0.status = nil }
    store.finish()
  }

  @Test func undoToggleAllAndUndoMove() {
    let (store, scheduler) = makeStore(
      Todos.State(todos: [todo(0, "A"), todo(1, "B")], selectedID: id(1)))
    store.send(.moveKeyPressed(.up)) {
      $0.list.rows = [todo(1, "B"), todo(0, "A")]
      $0.history.undoStack = [
        History.Entry(
          label: "move “B”",
          changes: [.move([TodoList.IndexedID(id(0), at: 0), TodoList.IndexedID(id(1), at: 1)])],
          selectedID: id(1))
      ]
      $0.list.revision = 1
    }
    store.send(.toggleAllKeyPressed) {
      $0.list.rows = [
        Todo.State(id: id(1), description: "B", isComplete: true, completionDate: testDay),
        Todo.State(id: id(0), description: "A", isComplete: true, completionDate: testDay),
      ]
      $0.settling = [id(0), id(1)]
      $0.history.undoStack.append(
        History.Entry(
          label: "complete all", changes: [.update([todo(1, "B"), todo(0, "A")])],
          selectedID: id(1)))
      $0.list.revision = 2
      $0.status = Todos.StatusMessage("Completed 2 todos · u to undo")
    }
    store.send(.history(.undoKeyPressed)) {
      $0.list.rows = [todo(1, "B"), todo(0, "A")]
      $0.history.undoStack = [
        History.Entry(
          label: "move “B”",
          changes: [.move([TodoList.IndexedID(id(0), at: 0), TodoList.IndexedID(id(1), at: 1)])],
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
      $0.list.rows = [todo(0, "A"), todo(1, "B")]
      $0.history.undoStack = []
      $0.history.redoStack.append(
        History.Entry(
          label: "move “B”",
          changes: [.move([TodoList.IndexedID(id(1), at: 0), TodoList.IndexedID(id(0), at: 1)])],
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
      $0.list.rows = [todo(1, "B")]
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
      $0.list.rows = [todo(0, "A"), todo(1, "B")]
      $0.viewport.selectedID = id(0)
      $0.history.undoStack = []
      $0.history.redoStack = [
        History.Entry(label: "delete “A”", changes: [.remove([id(0)])], selectedID: id(1))
      ]
      $0.list.revision = 2
      $0.status = Todos.StatusMessage("Undid delete “A” · Ctrl-R to redo")
    }
    store.send(.moveKeyPressed(.down)) {
      $0.list.rows = [todo(1, "B"), todo(0, "A")]
      $0.history.undoStack = [
        History.Entry(
          label: "move “A”",
          changes: [.move([TodoList.IndexedID(id(0), at: 0), TodoList.IndexedID(id(1), at: 1)])],
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

/// The history on its own: undo and redo on a list, the selection and the status line.
@MainActor
@Suite struct HistoryReducerTests {
  @Test func undoAndRedoReplayAStepBothWays() {
    var list = TodoList(todos: [todo(0, "A"), todo(1, "B")])
    var history = History.State()
    history.record(
      "delete “A”", [.insert([TodoList.IndexedTodo(todo(0, "A"), at: 0)])], selectedID: id(0))
    list.remove(id: id(0))
    var context = History.Context(history: history, list: list, selectedID: id(1), status: nil)
    _ = History.reducer.reduce(into: &context, action: .undoKeyPressed)
    #expect(context.list.rows.ids.elements == [id(0), id(1)])
    #expect(context.selectedID == id(0))
    #expect(context.status == Todos.StatusMessage("Undid delete “A” · Ctrl-R to redo"))
    #expect(context.history.undoStack.isEmpty)
    #expect(context.history.redoStack.map(\.label) == ["delete “A”"])
    _ = History.reducer.reduce(into: &context, action: .redoKeyPressed)
    #expect(context.list.rows.ids.elements == [id(1)])
    #expect(context.status == Todos.StatusMessage("Redid delete “A”"))
    #expect(context.history.undoStack.map(\.label) == ["delete “A”"])
  }

  @Test func nothingToUndoOrRedoSaysSo() {
    var context = History.Context(
      history: History.State(), list: TodoList(), selectedID: nil, status: nil)
    _ = History.reducer.reduce(into: &context, action: .undoKeyPressed)
    #expect(context.status == Todos.StatusMessage("Nothing to undo"))
    _ = History.reducer.reduce(into: &context, action: .redoKeyPressed)
    #expect(context.status == Todos.StatusMessage("Nothing to redo"))
    #expect(context.list.revision == 0)
  }

  @Test func aNewStepForgetsTheRedoStepsAndTheStackIsBounded() {
    var history = History.State(redoStack: [History.Entry(label: "x", changes: [], selectedID: nil)]
    )
    for n in 0..<(History.limit + 5) {
      history.record("step \(n)", [], selectedID: nil)
    }
    #expect(history.redoStack.isEmpty)
    #expect(history.undoStack.count == History.limit)
    #expect(history.undoStack.first?.label == "step 5")
  }
}
