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
    #expect(Array(store.state.history.undoStack) == undo)
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
