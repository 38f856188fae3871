import Architecture
import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import Testing
import TodoTxt

@testable import TodosFeature

/// config.toml's `[behavior]` as the reducers see it: through the environment.
@MainActor
@Suite struct BehaviorSettingsTests {
  func makeStore(
    _ state: Todos.State, _ change: (inout TodosEnvironment) -> Void
  ) -> (TestStore<Todos.State, Todos.Action>, TestScheduler) {
    let scheduler = TestScheduler()
    var environment = TodosEnvironment.test(scheduler: scheduler)
    change(&environment)
    return (TestStore(initialState: state, reducer: Todos.reducer(environment)), scheduler)
  }

  @Test func theSettleDelayComesFromTheEnvironment() {
    let (store, scheduler) = makeStore(
      Todos.State(todos: [todo(0, "A"), todo(1, "B")], selectedID: id(0))
    ) { $0.settleDelay = .milliseconds(250) }
    store.exhaustivity = .off  // the undo steps are the History tests' to assert
    store.send(.todos(.element(id: id(0), action: .checkboxToggled))) {
      $0.list.rows[id: id(0)]?.isComplete = true
      $0.list.rows[id: id(0)]?.completionDate = testDay
      $0.settling = [id(0)]
      $0.list.revision = 1
    }
    scheduler.advance(by: .milliseconds(249))
    store.assertNothingReceived()
    scheduler.advance(by: .milliseconds(1))
    store.receive(.sortCompletedTodos) {
      $0.settling = []
    }
    store.finish()
  }

  @Test func aRangeToggleSettlesAfterTheConfiguredDelayToo() {
    let (store, scheduler) = makeStore(
      Todos.State(todos: [todo(0, "A"), todo(1, "B"), todo(2, "C")], selectedID: id(0))
    ) { $0.settleDelay = .milliseconds(250) }
    store.exhaustivity = .off
    store.send(.organise(.rangeKeyPressed))
    store.send(.viewport(.selectionMoved(.next)))
    store.send(.organise(.rangeToggled))
    #expect(store.state.list.rows.filter(\.isComplete).count == 2)
    scheduler.advance(by: .milliseconds(249))
    store.assertNothingReceived()
    scheduler.advance(by: .milliseconds(1))
    store.receive(.sortCompletedTodos)
    #expect(store.state.list.rows.map(\.description) == ["A", "B", "C"])  // the file's order
    #expect(
      store.state.visible.ids.map { store.state.list[id: $0]!.description } == ["C", "A", "B"])
    store.finish()
  }

  @Test func withoutCreationDatesANewTodoHasNone() {
    let (store, _) = makeStore(Todos.State()) { $0.addsCreationDate = false }
    store.exhaustivity = .off  // the undo steps are the History tests' to assert
    store.send(.addKeyPressed) { $0.mode = .editing(.new(id: id(0))) }
    store.send(.editor(.textEdited(.insert("Milk")))) {
      $0.mode = .editing(Editor.State(id: id(0), isNew: true, field: TextField(text: "Milk")))
    }
    store.send(.editor(.enterPressed)) {
      $0.mode = .normal
      $0.list.rows = [Todo.State(id: id(0), description: "Milk", creationDate: nil)]
      $0.list.revision = 1
      $0.viewport.selectedID = id(0)
    }
  }

  @Test func completingDropsThePriorityWhenTheSettingSaysSo() {
    let a = Todo.State(id: id(0), description: "Call Mom", priority: "A")
    let b = Todo.State(id: id(1), description: "Pay bill", priority: "B")
    let (store, scheduler) = makeStore(Todos.State(todos: [a, b], selectedID: id(0))) {
      $0.keepsPriorityOnCompletion = false
    }
    store.exhaustivity = .off  // the undo steps are the History tests' to assert
    store.send(.todos(.element(id: id(0), action: .checkboxToggled))) {
      $0.list.rows[id: id(0)] = Todo.State(
        id: id(0), description: "Call Mom", isComplete: true, completionDate: testDay,
        droppedPriority: "A")
      $0.settling = [id(0)]
      $0.list.revision = 1
    }
    #expect(
      String(decoding: store.state.list[id: id(0)]!.line.serialized(), as: UTF8.self)
        == "x 2024-05-01 Call Mom")
    store.send(.toggleAllKeyPressed) {
      $0.list.rows[id: id(1)] = Todo.State(
        id: id(1), description: "Pay bill", isComplete: true, completionDate: testDay,
        droppedPriority: "B")
      $0.settling = [id(0), id(1)]
      $0.list.revision = 2
    }
    scheduler.run()
    store.skipReceivedActions()
    // The default keeps it, as pri:A.
    var kept = a
    kept.setComplete(true, on: testDay, keepingPriority: true)
    #expect(
      String(decoding: kept.line.serialized(), as: UTF8.self) == "x 2024-05-01 Call Mom pri:A")
  }

  @Test(arguments: [false, true])
  func aToggleRoundTripGivesThePriorityBack(keepingPriority: Bool) {
    let line = TodoTxtLine(parsing: "(A) Call pri:B Mom")!
    let call = Todo.State(line: line, id: id(0))
    let (store, scheduler) = makeStore(Todos.State(todos: [call], selectedID: id(0))) {
      $0.keepsPriorityOnCompletion = keepingPriority
    }
    store.exhaustivity = .off  // the undo steps are the History tests' to assert
    store.send(.todos(.element(id: id(0), action: .checkboxToggled))) {
      $0.list.rows[id: id(0)] = Todo.State(
        id: id(0), description: "Call pri:B Mom", isComplete: true,
        priority: keepingPriority ? "A" : nil, completionDate: testDay,
        droppedPriority: keepingPriority ? nil : "A")
      $0.settling = [id(0)]
      $0.list.revision = 1
    }
    #expect(
      String(decoding: store.state.list[id: id(0)]!.line.serialized(), as: UTF8.self)
        == (keepingPriority
          ? "x 2024-05-01 Call pri:B Mom pri:A" : "x 2024-05-01 Call pri:B Mom"))
    store.send(.todos(.element(id: id(0), action: .checkboxToggled))) {
      $0.list.rows[id: id(0)] = Todo.State(
        id: id(0), description: "Call pri:B Mom", priority: "A")
      $0.list.revision = 2
    }
    #expect(
      String(decoding: store.state.list[id: id(0)]!.line.serialized(), as: UTF8.self)
        == "(A) Call pri:B Mom")
    scheduler.run()
    store.skipReceivedActions()
  }

  @Test func aRangeToggleDropsThePriorityWhenTheSettingSaysSoAndGivesItBack() {
    let a = Todo.State(id: id(0), description: "Call Mom", priority: "A")
    let (store, scheduler) = makeStore(Todos.State(todos: [a], selectedID: id(0))) {
      $0.keepsPriorityOnCompletion = false
    }
    store.exhaustivity = .off  // the undo steps are the History tests' to assert
    store.send(.organise(.rangeKeyPressed)) { $0.organise.rangeAnchor = id(0) }
    store.send(.organise(.rangeToggled)) {
      $0.organise.rangeAnchor = nil
      $0.list.rows[id: id(0)] = Todo.State(
        id: id(0), description: "Call Mom", isComplete: true, completionDate: testDay,
        droppedPriority: "A")
      $0.settling = [id(0)]
      $0.list.revision = 1
      $0.status = Todos.StatusMessage("Completed 1 todo · u to undo")
    }
    scheduler.run()
    store.skipReceivedActions()
  }
}
