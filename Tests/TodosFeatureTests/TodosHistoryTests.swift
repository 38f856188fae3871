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
      $0.list.todos = [aDone, b, c]
      $0.settling = [id(0)]
      $0.history.undoStack = [
        History.Entry(label: "complete “A”", changes: [.update([a])], selectedID: id(0))
      ]
      $0.list.revision = 1
    }
    store.send(.todos(.element(id: id(1), action: .checkboxToggled))) {
      $0.list.todos = [aDone, bDone, c]
      $0.settling = [id(0), id(1)]
      $0.history.undoStack = [
        History.Entry(label: "complete “A”", changes: [.update([a])], selectedID: id(0)),
        History.Entry(label: "complete “B”", changes: [.update([b])], selectedID: id(0)),
      ]
      $0.list.revision = 2
    }
    store.send(.history(.undoKeyPressed)) {
      $0.list.todos = [aDone, b, c]
      $0.history.undoStack = [
        History.Entry(label: "complete “A”", changes: [.update([a])], selectedID: id(0))
      ]
      $0.history.redoStack = [
        History.Entry(label: "complete “B”", changes: [.update([bDone])], selectedID: id(0))
      ]
      $0.list.revision = 3
      $0.status = Todos.StatusMessage("Undid complete “B” · Ctrl-R to redo")
    }
    // The sort runs with a step on each stack: both learn how to put "A" back on top.
    scheduler.advance(by: .seconds(1))
    store.receive(.sortCompletedTodos) {
      $0.list.todos = [b, c, aDone]
      $0.settling = []
      $0.history.undoStack = [
        History.Entry(
          label: "complete “A”",
          changes: [.update([a]), .move([TodoList.IndexedID(id(0), at: 0)])],
          selectedID: id(0))
      ]
      $0.history.redoStack = [
        History.Entry(
          label: "complete “B”",
          changes: [.update([bDone]), .move([TodoList.IndexedID(id(0), at: 0)])],
          selectedID: id(0))
      ]
      $0.list.revision = 4
    }
    // Redo gives back the list as it was when "B" was undone, as a copy of the list would.
    store.send(.history(.redoKeyPressed)) {
      $0.list.todos = [aDone, bDone, c]
      $0.history.undoStack = [
        History.Entry(
          label: "complete “A”",
          changes: [.update([a]), .move([TodoList.IndexedID(id(0), at: 0)])],
          selectedID: id(0)),
        History.Entry(
          label: "complete “B”",
          changes: [.move([TodoList.IndexedID(id(0), at: 2)]), .update([b])],
          selectedID: id(0)),
      ]
      $0.history.redoStack = []
      $0.list.revision = 5
      $0.status = Todos.StatusMessage("Redid complete “B”")
    }
    store.send(.history(.undoKeyPressed)) {
      $0.list.todos = [b, c, aDone]
      $0.history.undoStack = [
        History.Entry(
          label: "complete “A”",
          changes: [.update([a]), .move([TodoList.IndexedID(id(0), at: 0)])],
          selectedID: id(0))
      ]
      $0.history.redoStack = [
        History.Entry(
          label: "complete “B”",
          changes: [.update([bDone]), .move([TodoList.IndexedID(id(0), at: 0)])],
          selectedID: id(0))
      ]
      $0.list.revision = 6
      $0.status = Todos.StatusMessage("Undid complete “B” · Ctrl-R to redo")
    }
    store.send(.history(.undoKeyPressed)) {
      $0.list.todos = [a, b, c]
      $0.history.undoStack = []
      $0.history.redoStack = [
        History.Entry(
          label: "complete “B”",
          changes: [.update([bDone]), .move([TodoList.IndexedID(id(0), at: 0)])],
          selectedID: id(0)),
        History.Entry(
          label: "complete “A”",
          changes: [.move([TodoList.IndexedID(id(0), at: 2)]), .update([aDone])],
          selectedID: id(0)),
      ]
      $0.list.revision = 7
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
          History.Entry(label: "add “T1”", changes: [.remove([id(1)])], selectedID: nil)
        ]),
      reducer: Todos.reducer(.test(scheduler: TestScheduler())))
    store.send(.sortCompletedTodos)
    #expect(
      store.state.list.todos.map(\.description)
        == (0..<20).map { "T\($0 * 2 + 1)" } + (0..<20).map { "T\($0 * 2)" })
    #expect(store.state.history.undoStack.last?.changes.count == 2)
    store.send(.history(.undoKeyPressed))  // the sort, then the add
    #expect(
      store.state.list.todos == IdentifiedArray(uniqueElements: rows.filter { $0.id != id(1) }))
    #expect(store.state.activeCount == 19)
    store.send(.history(.redoKeyPressed))
    #expect(
      store.state.list.todos.map(\.description)
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
    unit.send(.toggleAllKeyPressed)
    #expect(unit.state.activeCount == 0)
    unit.send(.history(.undoKeyPressed))
    #expect(unit.state.activeCount == 1)
    unit.send(.history(.redoKeyPressed))
    #expect(unit.state.activeCount == 0)
    unit.send(.toggleAllKeyPressed)
    #expect(unit.state.activeCount == 3)
    unit.send(.addKeyPressed)
    unit.send(.editor(.textEdited(.insert("D"))))
    unit.send(.editor(.enterPressed))
    #expect(unit.state.activeCount == 4)
    unit.send(.deleteKeyPressed)  // "D", selected
    #expect(unit.state.activeCount == 3)
    unit.send(.history(.undoKeyPressed))
    #expect(unit.state.activeCount == 4)
    unit.send(.todos(.element(id: id(11), action: .checkboxToggled)))
    unit.send(.todos(.element(id: id(12), action: .checkboxToggled)))
    #expect(unit.state.activeCount == 2)
    unit.send(.clearCompletedKeyPressed)
    #expect(unit.state.activeCount == 2)
    #expect(unit.state.list.todos.count == 2)
    var loaded = unit.state
    loaded.load([todo(7, "X", done: true), todo(8, "Y"), todo(8, "Y again")])
    #expect(loaded.activeCount == 1)
    // Setting the list from outside the reducer recounts.
    var state = unit.state
    state.list.todos[id: id(7)]?.isComplete = false
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
      let ids = store.state.list.todos.ids
      return ids.isEmpty ? nil : ids[Int(random.next() % UInt64(ids.count))]
    }
    for step in 0..<600 {
      let revision = store.state.list.revision
      var before: Copy = (store.state.list.todos, store.state.viewport.selectedID)
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
          #expect(store.state.list.todos == copy.todos, "undo at step \(step)")
          if copy.selectedID != nil { #expect(store.state.viewport.selectedID == copy.selectedID) }
        }
      default:
        store.send(.history(.redoKeyPressed))
        if let copy = redo.popLast() {
          checks += 1
          undo.append(before)
          #expect(store.state.list.todos == copy.todos, "redo at step \(step)")
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
      #expect(store.state.activeCount == store.state.list.todos.count(where: { !$0.isComplete }))
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
