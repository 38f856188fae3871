import Architecture
import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import TerminalUI
import Testing

@testable import TodosFeature

/// The organising keys on the list: `p` then a letter, a `v` range acting as one undo step,
/// and which todos `A` archives (the files are `ArchiveFlowTests`'s).
@MainActor
@Suite struct OrganiseTests {
  let call = todo(0, "Call Mom")
  let milk = todo(1, "Milk")
  let eggs = todo(2, "Eggs")
  let bread = todo(3, "Bread")

  func list(selected: UInt64 = 0) -> Todos.State {
    Todos.State(todos: [call, milk, eggs, bread], selectedID: id(selected))
  }

  func with(_ todo: Todo.State, priority: Character?) -> Todo.State {
    var todo = todo
    todo.priority = priority
    return todo
  }

  /// Lets the status message expire and ends the test.
  func expireStatus(
    _ store: TestStore<Todos.State, Todos.Action>, _ scheduler: TestScheduler
  ) {
    scheduler.advance(by: .seconds(3))
    store.receive(.statusMessageExpired) { $0.status = nil }
    store.finish()
  }

  // MARK: - Priority

  @Test func pThenALowercaseLetterSetsThatPriorityAsOneUndoStep() {
    let (store, scheduler) = makeStore(list())
    store.send(.organise(.priorityKeyPressed)) { $0.organise.isAwaitingPriority = true }
    #expect(store.state.focus == .priority)
    store.send(.organise(.priorityLetterTyped("b"))) {
      $0.organise.isAwaitingPriority = false
      $0.list.rows[id: id(0)]?.priority = "B"
      $0.list.revision = 1
      $0.history.undoStack = [
        History.Entry(
          label: "priority B on “Call Mom”", changes: [.update([call])], selectedID: id(0))
      ]
      $0.status = Todos.StatusMessage("Priority B: “Call Mom”")
    }
    #expect(store.state.focus == .list)
    store.send(.history(.undoKeyPressed)) {
      $0.list.rows[id: id(0)]?.priority = nil
      $0.list.revision = 2
      $0.history.undoStack = []
      $0.history.redoStack = [
        History.Entry(
          label: "priority B on “Call Mom”", changes: [.update([with(call, priority: "B")])],
          selectedID: id(0))
      ]
      $0.status = Todos.StatusMessage("Undid priority B on “Call Mom” · Ctrl-R to redo")
    }
    expireStatus(store, scheduler)
  }

  @Test func pBAndPShiftBGiveTheSamePriority() {
    #expect(
      Keymap.action(for: .character("b"), in: awaiting()) == .organise(.priorityLetterTyped("B")))
    #expect(
      Keymap.action(for: .character("B"), in: awaiting()) == .organise(.priorityLetterTyped("B")))
    // Not a letter: the `p` still waits.
    #expect(Keymap.action(for: .character("1"), in: awaiting()) == nil)
    #expect(Keymap.action(for: .character(" "), in: awaiting()) == .organise(.priorityClearPressed))
    #expect(Keymap.action(for: .backspace, in: awaiting()) == .organise(.priorityClearPressed))
    #expect(Keymap.action(for: .escape, in: awaiting()) == .organise(.priorityCancelled))
    #expect(Keymap.action(for: .character("p"), in: list()) == .organise(.priorityKeyPressed))
  }

  func awaiting() -> Todos.State {
    var state = list()
    state.organise.isAwaitingPriority = true
    return state
  }

  @Test func pThenSpaceClearsThePriority() {
    let b = with(call, priority: "B")
    let (store, scheduler) = makeStore(Todos.State(todos: [b, milk], selectedID: id(0)))
    store.send(.organise(.priorityKeyPressed)) { $0.organise.isAwaitingPriority = true }
    store.send(.organise(.priorityClearPressed)) {
      $0.organise.isAwaitingPriority = false
      $0.list.rows[id: id(0)]?.priority = nil
      $0.list.revision = 1
      $0.history.undoStack = [
        History.Entry(
          label: "clear priority on “Call Mom”", changes: [.update([b])], selectedID: id(0))
      ]
      $0.status = Todos.StatusMessage("Priority cleared: “Call Mom”")
    }
    expireStatus(store, scheduler)
  }

  @Test func escCancelsThePWithoutAChange() {
    let (store, _) = makeStore(list())
    store.send(.organise(.priorityKeyPressed)) { $0.organise.isAwaitingPriority = true }
    #expect(KeyTable.hints(for: store.state.focus).contains("a-z set the priority"))
    store.send(.organise(.priorityCancelled)) { $0.organise.isAwaitingPriority = false }
    store.finish()
  }

  @Test func settingThePriorityATodoHasIsNoUndoStep() {
    let b = with(call, priority: "B")
    let (store, scheduler) = makeStore(Todos.State(todos: [b], selectedID: id(0)))
    store.send(.organise(.priorityKeyPressed)) { $0.organise.isAwaitingPriority = true }
    store.send(.organise(.priorityLetterTyped("B"))) {
      $0.organise.isAwaitingPriority = false
      $0.status = Todos.StatusMessage("Priority B: “Call Mom”")
    }
    expireStatus(store, scheduler)
  }

  @Test func aCompletedTodoKeepsItsPriorityAsATagAndGetsItBackWhenReopened() {
    var done = todo(0, "Call Mom", done: true, raw: "x 1970-01-01 Call Mom")
    done.creationDate = nil
    let (store, scheduler) = makeStore(Todos.State(todos: [done], selectedID: id(0)))
    store.send(.organise(.priorityKeyPressed)) { $0.organise.isAwaitingPriority = true }
    store.send(.organise(.priorityLetterTyped("c"))) {
      $0.organise.isAwaitingPriority = false
      $0.list.rows[id: id(0)]?.priority = "C"
      // The original line with the tag added, so the rest of it keeps its bytes.
      $0.list.rows[id: id(0)]?.rawLine = Array("x 1970-01-01 Call Mom pri:C".utf8)
      $0.list.revision = 1
      $0.history.undoStack = [
        History.Entry(
          label: "priority C on “Call Mom”", changes: [.update([done])], selectedID: id(0))
      ]
      $0.status = Todos.StatusMessage("Priority C: “Call Mom”")
    }
    let line = AppFeature.todoTxtLine(from: store.state.list[id: id(0)]!)
    #expect(String(decoding: line.serialized(), as: UTF8.self) == "x 1970-01-01 Call Mom pri:C")
    let tagged = store.state.list[id: id(0)]!
    store.send(.todos(.element(id: id(0), action: .checkboxToggled))) {
      $0.list.rows[id: id(0)]?.isComplete = false
      $0.list.rows[id: id(0)]?.completionDate = nil
      $0.list.rows[id: id(0)]?.rawLine = nil
      $0.list.revision = 2
      $0.settling = [id(0)]
      $0.history.undoStack.append(
        History.Entry(
          label: "reactivate “Call Mom”", changes: [.update([tagged])], selectedID: id(0)))
    }
    let reopened = AppFeature.todoTxtLine(from: store.state.list[id: id(0)]!)
    #expect(String(decoding: reopened.serialized(), as: UTF8.self) == "(C) Call Mom")
    scheduler.advance(by: .seconds(1))
    store.receive(.sortCompletedTodos) { $0.settling = [] }
    expireStatus(store, scheduler)
  }

  // MARK: - Ranges

  @Test func vThenMovesExtendTheRangeByIdAndVEndsIt() {
    let (store, _) = makeStore(list(selected: 1))
    store.send(.organise(.rangeKeyPressed)) { $0.organise.rangeAnchor = id(1) }
    #expect(store.state.focus == .range)
    store.send(.viewport(.selectionMoved(.next))) { $0.viewport.selectedID = id(2) }
    store.send(.viewport(.selectionMoved(.next))) { $0.viewport.selectedID = id(3) }
    #expect(store.state.targetIDs == [id(1), id(2), id(3)])
    store.send(.viewport(.selectionMoved(.first))) { $0.viewport.selectedID = id(0) }
    #expect(store.state.targetIDs == [id(0), id(1)])
    #expect(Keymap.action(for: .character("v"), in: store.state) == .organise(.rangeEnded))
    #expect(Keymap.action(for: .escape, in: store.state) == .organise(.rangeEnded))
    #expect(
      Keymap.action(for: .character("j"), in: store.state) == .viewport(.selectionMoved(.next)))
    store.send(.organise(.rangeEnded)) { $0.organise.rangeAnchor = nil }
    #expect(store.state.focus == .list)
    store.finish()
  }

  @Test func aRangeIsItsEndsAsShownNowNotPositions() {
    var state = list(selected: 3)
    state.organise.rangeAnchor = id(1)
    #expect(state.targetIDs == [id(1), id(2), id(3)])
    // A filter hides the anchor: the range is the other end alone.
    state.list.rows[id: id(1)]?.isComplete = true
    state.filter = .active
    #expect(state.targetIDs == [id(3)])
  }

  @Test func toggleInARangeCompletesEveryTodoOfItAsOneUndoStep() {
    var state = list(selected: 1)
    state.organise.rangeAnchor = id(1)
    state.viewport.selectedID = id(2)
    let (store, scheduler) = makeStore(state)
    let milkDone = Todo.State(
      id: id(1), description: "Milk", isComplete: true, completionDate: testDay)
    let eggsDone = Todo.State(
      id: id(2), description: "Eggs", isComplete: true, completionDate: testDay)
    #expect(Keymap.action(for: .character("x"), in: state) == .organise(.rangeToggled))
    store.send(.organise(.rangeToggled)) {
      $0.organise.rangeAnchor = nil
      $0.list.rows = [call, milkDone, eggsDone, bread]
      $0.list.revision = 1
      $0.settling = [id(1), id(2)]
      $0.history.undoStack = [
        History.Entry(
          label: "complete 2 todos", changes: [.update([milk, eggs])], selectedID: id(2))
      ]
      $0.status = Todos.StatusMessage("Completed 2 todos · u to undo")
    }
    scheduler.advance(by: .seconds(1))
    // The two sink on screen; the selection stays on its row, where "Milk" now is.
    store.receive(.sortCompletedTodos) {
      $0.settling = []
      $0.viewport.selectedID = id(1)
    }
    store.send(.history(.undoKeyPressed)) {
      $0.list.rows = [call, milk, eggs, bread]
      $0.list.revision = 2
      $0.viewport.selectedID = id(2)
      $0.history.undoStack = []
      $0.history.redoStack = [
        History.Entry(
          label: "complete 2 todos", changes: [.update([milkDone, eggsDone])], selectedID: id(1))
      ]
      $0.status = Todos.StatusMessage("Undid complete 2 todos · Ctrl-R to redo")
    }
    expireStatus(store, scheduler)
  }

  @Test func toggleInARangeOfCompletedTodosReactivatesThemAll() {
    let a = todo(0, "A", done: true)
    let b = todo(1, "B", done: true)
    var state = Todos.State(todos: [a, b], selectedID: id(1))
    state.organise.rangeAnchor = id(0)
    let (store, scheduler) = makeStore(state)
    store.send(.organise(.rangeToggled)) {
      $0.organise.rangeAnchor = nil
      $0.list.rows = [todo(0, "A"), todo(1, "B")]
      $0.list.revision = 1
      $0.settling = [id(0), id(1)]
      $0.history.undoStack = [
        History.Entry(label: "reactivate 2 todos", changes: [.update([a, b])], selectedID: id(1))
      ]
      $0.status = Todos.StatusMessage("Reactivated 2 todos · u to undo")
    }
    scheduler.advance(by: .seconds(1))
    store.receive(.sortCompletedTodos) { $0.settling = [] }
    expireStatus(store, scheduler)
  }

  @Test func deleteInARangeDeletesEveryTodoOfItAsOneUndoStep() {
    var state = list(selected: 2)
    state.organise.rangeAnchor = id(1)
    let (store, scheduler) = makeStore(state)
    #expect(Keymap.action(for: .character("d"), in: state) == .organise(.rangeDeleted))
    store.send(.organise(.rangeDeleted)) {
      $0.organise.rangeAnchor = nil
      $0.list.rows = [call, bread]
      $0.list.revision = 1
      $0.viewport.selectedID = id(3)
      $0.history.undoStack = [
        History.Entry(
          label: "delete 2 todos",
          changes: [
            .insert([TodoList.IndexedTodo(milk, at: 1), TodoList.IndexedTodo(eggs, at: 2)])
          ],
          selectedID: id(2))
      ]
      $0.status = Todos.StatusMessage("Deleted 2 todos · u to undo")
    }
    store.send(.history(.undoKeyPressed)) {
      $0.list.rows = [call, milk, eggs, bread]
      $0.list.revision = 2
      $0.viewport.selectedID = id(2)
      $0.history.undoStack = []
      $0.history.redoStack = [
        History.Entry(
          label: "delete 2 todos", changes: [.remove([id(1), id(2)])], selectedID: id(3))
      ]
      $0.status = Todos.StatusMessage("Undid delete 2 todos · Ctrl-R to redo")
    }
    expireStatus(store, scheduler)
  }

  @Test func aPriorityInARangeSetsEveryTodoOfItAsOneUndoStep() {
    var state = list(selected: 0)
    state.organise.rangeAnchor = id(2)
    let (store, scheduler) = makeStore(state)
    #expect(Keymap.action(for: .character("p"), in: state) == .organise(.priorityKeyPressed))
    store.send(.organise(.priorityKeyPressed)) { $0.organise.isAwaitingPriority = true }
    store.send(.organise(.priorityLetterTyped("A"))) {
      $0.organise = Organise.State()
      $0.list.rows = [
        with(call, priority: "A"), with(milk, priority: "A"), with(eggs, priority: "A"), bread,
      ]
      $0.list.revision = 1
      $0.history.undoStack = [
        History.Entry(
          label: "priority A on 3 todos", changes: [.update([call, milk, eggs])], selectedID: id(0))
      ]
      $0.status = Todos.StatusMessage("Priority A: 3 todos")
    }
    expireStatus(store, scheduler)
  }

  // MARK: - Archive (the list's part)

  @Test func aArchivesEveryCompletedTodoOrThoseOfTheRangeInListOrder() {
    var state = Todos.State(
      todos: [
        todo(0, "A", done: true), todo(1, "B"), todo(2, "C", done: true), todo(3, "D", done: true),
      ],
      selectedID: id(1))
    let (store, _) = makeStore(state)
    store.send(.organise(.archiveKeyPressed))
    store.receive(.delegate(.archive([id(0), id(2), id(3)])))
    // On screen: B, then A, C, D; the range B…C holds A and C.
    state.organise.rangeAnchor = id(2)
    let (ranged, _) = makeStore(state)
    ranged.send(.organise(.archiveKeyPressed)) { $0.organise.rangeAnchor = nil }
    ranged.receive(.delegate(.archive([id(0), id(2)])))
    store.finish()
    ranged.finish()
  }

  @Test func aWithNothingCompletedSaysSo() {
    let (store, scheduler) = makeStore(list())
    store.send(.organise(.archiveKeyPressed)) {
      $0.status = Todos.StatusMessage("No completed todos to archive")
    }
    expireStatus(store, scheduler)
  }
}
