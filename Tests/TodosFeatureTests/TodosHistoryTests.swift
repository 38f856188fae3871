import Architecture
import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import Testing

@testable import TodosFeature

/// Undo steps are patches (what changed), not copies of the list: they must restore exactly
/// what a copy of the list would have, also when the delayed sort moved rows in between.
@MainActor
@Suite struct TodosHistoryTests {
  @Test func redoAfterASortThatRanUnderItRestoresTheListAsItWasWhenUndone() {
    let a = todo(0, "A")
    let b = todo(1, "B")
    let c = todo(2, "C")
    let aDone = Todo.State(id: id(0), description: "A", isComplete: true, completionDate: testDay)
    let bDone = Todo.State(id: id(1), description: "B", isComplete: true, completionDate: testDay)
    let (store, scheduler) = makeStore(Todos.State(todos: [a, b, c], selectedID: id(0)))
    store.send(.todos(.element(id: id(0), action: .checkboxToggled))) {
      $0.todos = [aDone, b, c]
      $0.settling = [id(0)]
      $0.undoStack = [
        Todos.HistoryEntry(label: "complete “A”", changes: [.update([a])], selectedID: id(0))
      ]
      $0.revision = 1
    }
    store.send(.todos(.element(id: id(1), action: .checkboxToggled))) {
      $0.todos = [aDone, bDone, c]
      $0.settling = [id(0), id(1)]
      $0.undoStack = [
        Todos.HistoryEntry(label: "complete “A”", changes: [.update([a])], selectedID: id(0)),
        Todos.HistoryEntry(label: "complete “B”", changes: [.update([b])], selectedID: id(0)),
      ]
      $0.revision = 2
    }
    store.send(.undoButtonTapped) {
      $0.todos = [aDone, b, c]
      $0.undoStack = [
        Todos.HistoryEntry(label: "complete “A”", changes: [.update([a])], selectedID: id(0))
      ]
      $0.redoStack = [
        Todos.HistoryEntry(label: "complete “B”", changes: [.update([bDone])], selectedID: id(0))
      ]
      $0.revision = 3
      $0.status = Todos.StatusMessage("Undid complete “B” · Ctrl-R to redo")
    }
    // The sort runs with a step on each stack: both learn how to put "A" back on top.
    scheduler.advance(by: .seconds(1))
    store.receive(.sortCompletedTodos) {
      $0.todos = [b, c, aDone]
      $0.settling = []
      $0.undoStack = [
        Todos.HistoryEntry(
          label: "complete “A”",
          changes: [.update([a]), .move([Todos.IndexedID(id(0), at: 0)])],
          selectedID: id(0))
      ]
      $0.redoStack = [
        Todos.HistoryEntry(
          label: "complete “B”",
          changes: [.update([bDone]), .move([Todos.IndexedID(id(0), at: 0)])],
          selectedID: id(0))
      ]
      $0.revision = 4
    }
    // Redo gives back the list as it was when "B" was undone, as a copy of the list would.
    store.send(.redoButtonTapped) {
      $0.todos = [aDone, bDone, c]
      $0.undoStack = [
        Todos.HistoryEntry(
          label: "complete “A”",
          changes: [.update([a]), .move([Todos.IndexedID(id(0), at: 0)])],
          selectedID: id(0)),
        Todos.HistoryEntry(
          label: "complete “B”",
          changes: [.move([Todos.IndexedID(id(0), at: 2)]), .update([b])],
          selectedID: id(0)),
      ]
      $0.redoStack = []
      $0.revision = 5
      $0.status = Todos.StatusMessage("Redid complete “B”")
    }
    store.send(.undoButtonTapped) {
      $0.todos = [b, c, aDone]
      $0.undoStack = [
        Todos.HistoryEntry(
          label: "complete “A”",
          changes: [.update([a]), .move([Todos.IndexedID(id(0), at: 0)])],
          selectedID: id(0))
      ]
      $0.redoStack = [
        Todos.HistoryEntry(
          label: "complete “B”",
          changes: [.update([bDone]), .move([Todos.IndexedID(id(0), at: 0)])],
          selectedID: id(0))
      ]
      $0.revision = 6
      $0.status = Todos.StatusMessage("Undid complete “B” · Ctrl-R to redo")
    }
    store.send(.undoButtonTapped) {
      $0.todos = [a, b, c]
      $0.undoStack = []
      $0.redoStack = [
        Todos.HistoryEntry(
          label: "complete “B”",
          changes: [.update([bDone]), .move([Todos.IndexedID(id(0), at: 0)])],
          selectedID: id(0)),
        Todos.HistoryEntry(
          label: "complete “A”",
          changes: [.move([Todos.IndexedID(id(0), at: 2)]), .update([aDone])],
          selectedID: id(0)),
      ]
      $0.revision = 7
      $0.status = Todos.StatusMessage("Undid complete “A” · Ctrl-R to redo")
    }
    scheduler.advance(by: .seconds(3))
    store.receive(.statusMessageExpired) { $0.status = nil }
    store.finish()
  }

  @Test func undoingASortThatMovedManyRowsRebuildsTheOrder() {
    // 40 rows, every other one completed: the sort moves 20 of them (more than are moved one
    // at a time), and undo must put each back.
    let rows = (0..<40).map { n in todo(UInt64(n), "T\(n)", done: n % 2 == 0) }
    let store = Store(
      initialState: Todos.State(
        todos: IdentifiedArray(uniqueElements: rows), selectedID: id(1),
        undoStack: [
          Todos.HistoryEntry(label: "add “T1”", changes: [.remove([id(1)])], selectedID: nil)
        ]),
      reducer: Todos.reducer(.test(scheduler: TestScheduler())))
    store.send(.sortCompletedTodos)
    #expect(
      store.state.todos.map(\.description)
        == (0..<20).map { "T\($0 * 2 + 1)" } + (0..<20).map { "T\($0 * 2)" })
    #expect(store.state.undoStack.last?.changes.count == 2)
    store.send(.undoButtonTapped)  // the sort, then the add
    #expect(store.state.todos == IdentifiedArray(uniqueElements: rows.filter { $0.id != id(1) }))
    #expect(store.state.activeCount == 19)
    store.send(.redoButtonTapped)
    #expect(
      store.state.todos.map(\.description)
        == (0..<20).map { "T\($0 * 2 + 1)" } + (0..<20).map { "T\($0 * 2)" })
    #expect(store.state.activeCount == 20)
  }

  @Test func activeCountFollowsEveryChange() {
    // Ids from 10 on: the test environment gives new todos 0, 1, ….
    let (store, scheduler) = makeStore(
      Todos.State(todos: [todo(10, "A"), todo(11, "B", done: true), todo(12, "C")]))
    let unit = Store(
      initialState: store.state, reducer: Todos.reducer(.test(scheduler: scheduler)))
    #expect(unit.state.activeCount == 2)
    unit.send(.todos(.element(id: id(10), action: .checkboxToggled)))
    #expect(unit.state.activeCount == 1)
    unit.send(.toggleAllButtonTapped)
    #expect(unit.state.activeCount == 0)
    unit.send(.undoButtonTapped)
    #expect(unit.state.activeCount == 1)
    unit.send(.redoButtonTapped)
    #expect(unit.state.activeCount == 0)
    unit.send(.toggleAllButtonTapped)
    #expect(unit.state.activeCount == 3)
    unit.send(.addButtonTapped)
    unit.send(.textFieldEdited(.insert("D")))
    unit.send(.editCommitted)
    #expect(unit.state.activeCount == 4)
    unit.send(.deleteButtonTapped)  // "D", selected
    #expect(unit.state.activeCount == 3)
    unit.send(.undoButtonTapped)
    #expect(unit.state.activeCount == 4)
    unit.send(.todos(.element(id: id(11), action: .checkboxToggled)))
    unit.send(.todos(.element(id: id(12), action: .checkboxToggled)))
    #expect(unit.state.activeCount == 2)
    unit.send(.clearCompletedButtonTapped)
    #expect(unit.state.activeCount == 2)
    #expect(unit.state.todos.count == 2)
    unit.send(.todosLoaded([todo(7, "X", done: true), todo(8, "Y"), todo(8, "Y again")]))
    #expect(unit.state.activeCount == 1)
    // Setting the list from outside the reducer recounts.
    var state = unit.state
    state.todos[id: id(7)]?.isComplete = false
    #expect(state.activeCount == 2)
    unit.cancelAllEffects()
    store.finish()
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
      let ids = store.state.todos.ids
      return ids.isEmpty ? nil : ids[Int(random.next() % UInt64(ids.count))]
    }
    for step in 0..<600 {
      let revision = store.state.revision
      var before: Copy = (store.state.todos, store.state.selectedID)
      let operation = random.next() % 13
      switch operation {
      case 0, 1, 2:
        if let id = pick() { store.send(.todos(.element(id: id, action: .checkboxToggled))) }
      case 3:
        if let id = pick() {
          store.send(.todos(.element(id: id, action: .descriptionChanged("E\(step)"))))
        }
      case 4:
        if let id = pick() { store.send(.rowClicked(id)) }
        before.selectedID = store.state.selectedID
        store.send(.deleteButtonTapped)
      case 5:
        if let id = pick() { store.send(.rowClicked(id)) }
        before.selectedID = store.state.selectedID
        store.send(.moveButtonTapped(random.next() % 2 == 0 ? .up : .down))
      case 6, 7:
        if operation == 7, random.next() % 4 == 0 {
          store.send(.toggleAllButtonTapped)
          break
        }
        store.send(.addButtonTapped)
        store.send(.textFieldEdited(.insert("N\(step)")))
        store.send(.editCommitted)
      case 8:
        if random.next() % 6 == 0 { store.send(.clearCompletedButtonTapped) }
      case 9, 10:
        store.send(.undoButtonTapped)
        if let copy = undo.popLast() {
          checks += 1
          redo.append(before)
          #expect(store.state.todos == copy.todos, "undo at step \(step)")
          if copy.selectedID != nil { #expect(store.state.selectedID == copy.selectedID) }
        }
      default:
        store.send(.redoButtonTapped)
        if let copy = redo.popLast() {
          checks += 1
          undo.append(before)
          #expect(store.state.todos == copy.todos, "redo at step \(step)")
          if copy.selectedID != nil { #expect(store.state.selectedID == copy.selectedID) }
        }
      }
      if operation < 9, store.state.revision != revision {
        // A new step: the model keeps a copy of the list from before it.
        undo.append(before)
        if undo.count > Todos.historyLimit { undo.removeFirst() }
        redo = []
      }
      #expect(store.state.undoStack.count == undo.count, "step \(step)")
      #expect(store.state.redoStack.count == redo.count, "step \(step)")
      #expect(store.state.activeCount == store.state.todos.count(where: { !$0.isComplete }))
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
