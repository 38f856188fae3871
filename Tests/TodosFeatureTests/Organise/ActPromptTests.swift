import Architecture
import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import TerminalUI
import Testing

@testable import TodosFeature

/// `z` (postpone) and `m` (modify) on the list: the prompt, one todo, a `v` range, bad input,
/// one undo step. The test day is Wednesday 2024-05-01.
@MainActor
@Suite struct ActPromptTests {
  let call = todo(0, "Call Mom due:2024-04-28")
  let milk = todo(1, "Milk @home")
  let eggs = todo(2, "Eggs t:2024-04-20 due:2024-04-25 +work")
  let bread = todo(3, "Bread")

  func list(selected: UInt64 = 0, anchor: UInt64? = nil) -> Todos.State {
    var state = Todos.State(todos: [call, milk, eggs, bread], selectedID: id(selected))
    state.organise.rangeAnchor = anchor.map(id)
    return state
  }

  func with(_ todo: Todo.State, _ description: String, priority: Character? = nil) -> Todo.State {
    var todo = todo
    todo.description = description
    todo.priority = priority
    return todo
  }

  /// Types `text` into the open prompt.
  func type(_ text: String, _ store: TestStore<Todos.State, Todos.Action>) {
    store.send(.organise(.promptEdited(.insert(text)))) {
      $0.organise.prompt?.field.apply(.insert(text))
    }
  }

  func expireStatus(
    _ store: TestStore<Todos.State, Todos.Action>, _ scheduler: TestScheduler
  ) {
    scheduler.advance(by: .seconds(3))
    store.receive(.statusMessageExpired) { $0.status = nil }
    store.finish()
  }

  @Test func zPostponesTheSelectedTodoFromItsDueDateAsOneUndoStep() {
    let (store, scheduler) = makeStore(list())
    store.send(.organise(.postponeKeyPressed)) { $0.organise.prompt = ActPrompt(.postpone) }
    #expect(store.state.focus == .prompt)
    type("3d", store)
    let postponed = with(call, "Call Mom due:2024-05-01")
    store.send(.organise(.promptConfirmed)) {
      $0.organise.prompt = nil
      $0.list.rows[id: id(0)] = postponed
      $0.list.revision = 1
      $0.history.undoStack = [
        History.Entry(
          label: "postpone “Call Mom due:2024-05-01”", changes: [.update([call])],
          selectedID: id(0))
      ]
      $0.status = Todos.StatusMessage("Postponed “Call Mom due:2024-05-01” by 3 days")
    }
    #expect(store.state.focus == .list)
    store.send(.history(.undoKeyPressed)) {
      $0.list.rows[id: id(0)] = call
      $0.list.revision = 2
      $0.history.undoStack = []
      $0.history.redoStack = [
        History.Entry(
          label: "postpone “Call Mom due:2024-05-01”", changes: [.update([postponed])],
          selectedID: id(0))
      ]
      $0.status = Todos.StatusMessage(
        "Undid postpone “Call Mom due:2024-05-01” · Ctrl-R to redo")
    }
    expireStatus(store, scheduler)
  }

  @Test func zOnARangeMovesEachTodoByTheSameAmount() {
    let (store, scheduler) = makeStore(list(selected: 3, anchor: 1))
    #expect(Keymap.action(for: .character("z"), in: store.state) == .organise(.postponeKeyPressed))
    store.send(.organise(.postponeKeyPressed)) { $0.organise.prompt = ActPrompt(.postpone) }
    type("1w", store)
    store.send(.organise(.promptConfirmed)) {
      $0.organise.prompt = nil
      $0.organise.rangeAnchor = nil
      $0.list.rows[id: id(1)] = with(milk, "Milk @home due:2024-05-08")
      $0.list.rows[id: id(2)] = with(eggs, "Eggs t:2024-04-27 due:2024-05-02 +work")
      $0.list.rows[id: id(3)] = with(bread, "Bread due:2024-05-08")
      $0.list.revision = 1
      $0.history.undoStack = [
        History.Entry(
          label: "postpone 3 todos", changes: [.update([milk, eggs, bread])], selectedID: id(3))
      ]
      $0.status = Todos.StatusMessage("Postponed 3 todos by 1 week")
    }
    expireStatus(store, scheduler)
  }

  @Test func zWithWordsThatAreNotADateChangesNothing() {
    let (store, scheduler) = makeStore(list(selected: 2, anchor: 0))
    store.send(.organise(.postponeKeyPressed)) { $0.organise.prompt = ActPrompt(.postpone) }
    type("banana", store)
    store.send(.organise(.promptConfirmed)) {
      $0.organise.prompt = nil
      $0.status = Todos.StatusMessage(Postpone.notADate("banana"), kind: .error)
    }
    // The range stays, to try again.
    #expect(store.state.focus == .range)
    expireStatus(store, scheduler)
  }

  @Test func escClosesThePromptAndEnterOnNothingDoesNothing() {
    let (store, _) = makeStore(list())
    store.send(.organise(.modifyKeyPressed)) { $0.organise.prompt = ActPrompt(.modify) }
    type("+work", store)
    store.send(.organise(.promptCancelled)) { $0.organise.prompt = nil }
    store.send(.organise(.postponeKeyPressed)) { $0.organise.prompt = ActPrompt(.postpone) }
    type("  ", store)
    store.send(.organise(.promptConfirmed)) { $0.organise.prompt = nil }
    store.finish()
  }

  @Test func mOnARangeAddsAndRemovesTagsAsOneUndoStep() {
    let (store, scheduler) = makeStore(list(selected: 2, anchor: 0))
    #expect(Keymap.action(for: .character("m"), in: store.state) == .organise(.modifyKeyPressed))
    store.send(.organise(.modifyKeyPressed)) { $0.organise.prompt = ActPrompt(.modify) }
    type("+work -@home pri:b", store)
    store.send(.organise(.promptConfirmed)) {
      $0.organise.prompt = nil
      $0.organise.rangeAnchor = nil
      $0.list.rows[id: id(0)] = with(call, "Call Mom due:2024-04-28 +work", priority: "B")
      $0.list.rows[id: id(1)] = with(milk, "Milk +work", priority: "B")
      // It had +work already: only the priority changes.
      $0.list.rows[id: id(2)] = with(eggs, eggs.description, priority: "B")
      $0.list.revision = 1
      $0.history.undoStack = [
        History.Entry(
          label: "modify 3 todos", changes: [.update([call, milk, eggs])], selectedID: id(2))
      ]
      $0.status = Todos.StatusMessage("Modified 3 todos")
    }
    expireStatus(store, scheduler)
  }

  @Test func mWithAWordItCannotReadChangesNothing() {
    let (store, scheduler) = makeStore(list())
    store.send(.organise(.modifyKeyPressed)) { $0.organise.prompt = ActPrompt(.modify) }
    type("+work due:banana", store)
    store.send(.organise(.promptConfirmed)) {
      $0.organise.prompt = nil
      $0.status = Todos.StatusMessage(Postpone.notADate("banana"), kind: .error)
    }
    expireStatus(store, scheduler)
  }

  @Test func thePromptTakesTheTextFieldKeys() {
    var state = list()
    state.organise.prompt = ActPrompt(.postpone)
    #expect(Keymap.action(for: .enter, in: state) == .organise(.promptConfirmed))
    #expect(Keymap.action(for: .escape, in: state) == .organise(.promptCancelled))
    #expect(Keymap.action(for: .ctrl("c"), in: state) == .organise(.promptCancelled))
    #expect(
      Keymap.action(for: .character("q"), in: state) == .organise(.promptEdited(.insert("q"))))
    #expect(Keymap.action(for: .backspace, in: state) == .organise(.promptEdited(.deleteBackward)))
    #expect(
      Keymap.action(for: .ctrl("w"), in: state) == .organise(.promptEdited(.deleteWordBackward)))
    #expect(Keymap.actions(forPaste: "1w", in: state) == [.organise(.promptEdited(.insert("1w")))])
    #expect(KeyTable.hints(for: .prompt).prefix(2) == ["Enter apply", "Esc cancel"])
    // No todo: nothing to postpone.
    #expect(Keymap.action(for: .character("z"), in: Todos.State()) == nil)
    #expect(Keymap.action(for: .character("m"), in: Todos.State()) == nil)
  }
}
