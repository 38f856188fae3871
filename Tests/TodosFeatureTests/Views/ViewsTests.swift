import Architecture
import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import SnapshotTesting
import TerminalUI
import TerminalUITestSupport
import Testing
import TodoTxt

@testable import TodosFeature

/// Saved views (`Views/SavedView.swift`): picked by key, by click, by `f`/Tab; their query
/// narrows like a filter, and with the search.
@MainActor
@Suite struct ViewsTests {
  /// Monday 2026-11-23 (the test day).
  let todos: IdentifiedArrayOf<Todo.State> = [
    todo(0, "Call Mom due:2026-11-23"),
    todo(1, "Send the report due:2026-11-20 +work"),
    todo(2, "Plan the party due:2026-12-20"),
    todo(3, "Read more"),
    todo(4, "Old bill due:2026-11-01", done: true),
  ]

  func state(selected: UInt64? = 0) -> Todos.State {
    var state = Todos.State(
      todos: todos, selectedID: selected.map(id), size: TerminalSize(width: 64, height: 12),
      today: TodoDate(string: "2026-11-23")!)
    state.views = SavedView.builtIn
    return state
  }

  @Test func aViewsKeyShowsItsTodosAndOneTwoThreeStillPickTheFilters() {
    let (store, _) = makeStore(state())
    let four = Keymap.action(for: .character("4"), in: store.state)
    #expect(four == .viewPicked("Today"))
    store.send(.viewPicked("Today")) { $0.view = "Today" }
    #expect(store.state.visible.ids == [id(0), id(1)])
    store.send(.viewPicked("Overdue")) {
      $0.view = "Overdue"
      $0.viewport.selectedID = id(1)
    }
    #expect(store.state.visible.ids == [id(1)])
    store.send(.filterPicked(.completed)) {
      $0.view = nil
      $0.filter = .completed
      $0.viewport.selectedID = id(4)
    }
    store.send(.viewPicked("No such view"))
    store.send(.viewPicked("No date")) {
      $0.view = "No date"
      $0.filter = .all
      $0.viewport.selectedID = id(3)
    }
    #expect(store.state.visible.ids == [id(3)])
    store.finish()
  }

  @Test func fAndTabCycleTheFiltersThenTheViews() {
    let (store, _) = makeStore(state())
    store.send(.filterCycled) { $0.filter = .active }
    store.send(.filterCycled) {
      $0.filter = .completed
      $0.viewport.selectedID = id(4)
    }
    store.send(.filterCycled) {
      $0.filter = .all
      $0.view = "Today"
      $0.viewport.selectedID = id(0)
    }
    store.send(.filterCycled) { $0.view = "Week" }
    #expect(store.state.visible.ids == [id(0), id(1)])
    store.send(.filterCycled) {
      $0.view = "Overdue"
      $0.viewport.selectedID = id(1)
    }
    store.send(.filterCycled) {
      $0.view = "No date"
      $0.viewport.selectedID = id(3)
    }
    store.send(.filterCycled) { $0.view = nil }
    store.finish()
  }

  @Test func aViewsQueryAndsWithTheSearchAndThePickedTag() {
    var state = state()
    state.view = "Today"
    state.search = Search.State(kept: "call")
    #expect(state.visible.ids == [id(0)])
    state.search = nil
    state.pickedTag = "+work"
    #expect(state.visible.ids == [id(1)])
  }

  /// A todo completed in a view that leaves completed todos out stays until the settle, as
  /// under the Active filter.
  @Test func aTodoCompletedInAViewStaysUntilTheSettle() {
    var start = state()
    start.view = "Today"
    let (store, scheduler) = makeStore(start)
    store.send(.todos(.element(id: id(0), action: .checkboxToggled))) {
      $0.list.update(id: id(0)) {
        $0.isComplete = true
        $0.completionDate = TodosEnvironment.testDay
      }
      $0.settling = [id(0)]
      $0.history.undoStack = [
        History.Entry(
          label: "complete “Call Mom due:2026-11-23”", changes: [.update([self.todos[0]])],
          selectedID: id(0))
      ]
    }
    #expect(store.state.visible.ids == [id(0), id(1)])
    scheduler.advance(by: .seconds(1))
    store.receive(.sortCompletedTodos) {
      $0.settling = []
      $0.viewport.selectedID = id(1)
    }
    #expect(store.state.visible.ids == [id(1)])
    store.finish()
  }

  @Test func aNewTodoTheViewLeavesOutShowsAllSoItIsNotAddedOutOfSight() {
    var start = Todos.State(todos: [todo(10, "Send the report due:2026-11-20")])
    start.views = SavedView.builtIn
    start.view = "Overdue"
    let (store, scheduler) = makeStore(start)
    store.send(.addKeyPressed) { $0.mode = .editing(.new(id: id(0))) }
    store.send(.editor(.textEdited(.insert("Water plants")))) {
      $0.mode = .editing(
        Editor.State(id: id(0), isNew: true, field: TextField(text: "Water plants", cursor: 12)))
    }
    store.send(.editor(.enterPressed)) {
      $0.mode = .normal
      $0.list.insert(
        Todo.State(id: id(0), description: "Water plants", creationDate: TodosEnvironment.testDay),
        at: 0)
      $0.history.undoStack = [
        History.Entry(label: "add “Water plants”", changes: [.remove([id(0)])], selectedID: nil)
      ]
      $0.viewport.selectedID = id(0)
      $0.view = nil
      $0.status = Todos.StatusMessage("“Water plants” is not in Overdue: showing all")
    }
    scheduler.advance(by: Todos.statusDuration)
    store.receive(.statusMessageExpired) { $0.status = nil }
    store.finish()
  }

  @Test func aClickOnAViewsNamePicksIt() {
    let state = state()
    // `[All] Active  Completed  Today  Week  Overdue  No date `
    #expect(TodosView.filterHit(x: 26, y: 1, in: state) == .view("Today"))
    #expect(TodosView.filterHit(x: 31, y: 1, in: state) == .view("Week"))
    #expect(TodosView.filterHit(x: 2, y: 1, in: state) == .filter(.all))
    let click = Key.mouse(MouseEvent(x: 40, y: 1, kind: .press(button: 1)))
    #expect(Keymap.action(for: click, in: state) == .viewPicked("Overdue"))
  }

  @Test func theFilterBarListsTheViewsAndTheTitleSaysTheOneInEffect() {
    var state = state()
    state.view = "Today"
    let frame = TodosView.frame(for: state)
    #expect(frame.buffer.text(ofRow: 1).hasPrefix(" All  Active  Completed [Today] Week "))
    #expect(frame.buffer.text(ofRow: 0).hasPrefix(" Todos · Today"))
    assertSnapshot(of: frame, as: .styledScreen)
    // Narrow: the filters and the view in effect always, the other views that fit.
    state.viewport.size = TerminalSize(width: 40, height: 12)
    #expect(TodosView.frame(for: state).buffer.text(ofRow: 1) == " All  Active  Completed [Today]")
    state.view = "Week"
    #expect(TodosView.frame(for: state).buffer.text(ofRow: 1) == " All  Active  Completed [Week]")
  }

  @Test func aViewWithAProblemMatchesNothingAndSaysWhy() {
    var state = state()
    state.views = [SavedView(name: "Soon", query: "due:<=banana")]
    state.view = "Soon"
    #expect(state.visible.ids == [])
    #expect(state.queryProblemStatus?.text.hasPrefix("Not a date: “banana”") == true)
    let frame = TodosView.frame(for: state)
    #expect(frame.buffer.text(ofRow: 3).contains("No todos in Soon · press 1 to show all"))
  }
}
