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

/// A view's `group` (`Views/GroupLabels.swift`): section headers in the list that the
/// selection, `j`/`k`, the page keys, `g`/`G`, the mouse and ranges skip; the settle and undo
/// work as in a flat list, completed todos sinking inside their section.
@MainActor
@Suite struct GroupTests {
  /// Monday 2026-11-23 (the test day).
  let todos: IdentifiedArrayOf<Todo.State> = [
    todo(0, "Send report +work due:2026-11-20"),
    todo(1, "Water plants +home"),
    Todo.State(id: id(2), description: "Call Bob +work @phone", priority: "B"),
    todo(3, "Read more"),
    Todo.State(id: id(4), description: "Pay rent +home due:2026-11-23 @home", priority: "A"),
    todo(5, "Book flights +travel +work due:2026-11-27"),
    todo(6, "Old bill +home", done: true),
    todo(7, "Dentist due:2026-12-15 @town"),
  ]

  func state(_ group: GroupBy, selected: UInt64? = 1) -> Todos.State {
    var state = Todos.State(
      todos: todos, selectedID: selected.map(id), size: TerminalSize(width: 50, height: 12),
      today: TodoDate(string: "2026-11-23")!)
    state.views = [SavedView(name: "Grouped", query: "", group: group)]
    state.view = "Grouped"
    return state
  }

  func done(_ todo: Todo.State) -> Todo.State {
    var todo = todo
    todo.isComplete = true
    todo.completionDate = testDay
    return todo
  }

  @Test func eachGroupOrdersItsSectionsAndATodoWithTwoProjectsShowsUnderTheFirst() {
    let sections = { (group: GroupBy) in
      let visible = self.state(group).visible
      return (visible.ids, visible.groups?.map(\.header) ?? [])
    }
    let project = sections(.project)
    #expect(project.0 == [1, 4, 6, 5, 0, 2, 3, 7].map(id))
    #expect(project.1 == ["+home · 3", "+travel · 1", "+work · 2", "No project · 2"])
    let context = sections(.context)
    #expect(context.0 == [4, 2, 7, 0, 1, 3, 5, 6].map(id))
    #expect(context.1 == ["@home · 1", "@phone · 1", "@town · 1", "No context · 5"])
    let priority = sections(.priority)
    #expect(priority.0 == [4, 2, 0, 1, 3, 5, 7, 6].map(id))
    #expect(priority.1 == ["(A) · 1", "(B) · 1", "No priority · 6"])
    let due = sections(.due)
    #expect(due.0 == [0, 4, 5, 7, 1, 2, 3, 6].map(id))
    #expect(due.1 == ["Overdue · 1", "Today · 1", "This week · 1", "Later · 1", "No date · 4"])
  }

  @Test func theViewsSortAppliesInsideEachSection() throws {
    var state = state(.project)
    state.views[0].sort = try SortSpec(parsing: "text")
    #expect(state.visible.ids == [4, 1, 6, 5, 2, 0, 7, 3].map(id))
  }

  @Test func jAndKThePageKeysAndGSkipTheHeaders() {
    let (store, _) = makeStore(state(.project))
    // Lines: +home, Water, Pay rent, Old bill, +travel, Book, +work, Send, Call, No project,
    // Read, Dentist: 12 lines in 8 rows.
    store.send(.viewport(.selectionMoved(.next))) { $0.viewport.selectedID = id(4) }
    store.send(.viewport(.selectionMoved(.next))) { $0.viewport.selectedID = id(6) }
    store.send(.viewport(.selectionMoved(.next))) { $0.viewport.selectedID = id(5) }
    store.send(.viewport(.selectionMoved(.previous))) { $0.viewport.selectedID = id(6) }
    store.send(.viewport(.selectionMoved(.last))) {
      $0.viewport.selectedID = id(7)
      $0.viewport.scrollTop = 4
    }
    store.send(.viewport(.selectionMoved(.first))) {
      $0.viewport.selectedID = id(1)
      $0.viewport.scrollTop = 0
    }
    store.send(.viewport(.selectionMoved(.pageDown))) {
      $0.viewport.selectedID = id(7)
      $0.viewport.scrollTop = 4
    }
    store.send(.viewport(.selectionMoved(.pageUp))) {
      $0.viewport.selectedID = id(1)
      $0.viewport.scrollTop = 0
    }
    // The wheel scrolls by lines; the selection comes along to a todo, never a header.
    store.send(.viewport(.scrolled(by: 3))) {
      $0.viewport.selectedID = id(6)
      $0.viewport.scrollTop = 3
    }
    store.finish()
  }

  @Test func aClickOnAHeaderSelectsNothingAndOnATodoSelectsIt() {
    let state = state(.project)
    #expect(TodosView.hitTest(x: 3, y: TodosView.listTop, in: state) == nil)
    #expect(TodosView.hitTest(x: 3, y: TodosView.listTop + 1, in: state)?.id == id(1))
    #expect(TodosView.hitTest(x: 3, y: TodosView.listTop + 4, in: state) == nil)
    #expect(TodosView.hitTest(x: 8, y: TodosView.listTop + 5, in: state)?.id == id(5))
  }

  @Test func aRangeRunsAcrossSectionsAndItsToggleSettlesInsideEachSectionAndUndoes() {
    let (store, scheduler) = makeStore(state(.project, selected: 6))
    store.send(.organise(.rangeKeyPressed)) { $0.organise.rangeAnchor = id(6) }
    store.send(.viewport(.selectionMoved(.next))) { $0.viewport.selectedID = id(5) }
    store.send(.viewport(.selectionMoved(.next))) { $0.viewport.selectedID = id(0) }
    #expect(store.state.targetIDs == [id(6), id(5), id(0)])
    let (book, send) = (todos[5], todos[0])
    store.send(.organise(.rangeToggled)) {
      $0.organise.rangeAnchor = nil
      $0.list.rows[id: id(5)] = self.done(book)
      $0.list.rows[id: id(0)] = self.done(send)
      $0.list.revision = 1
      $0.settling = [id(5), id(0)]
      $0.history.undoStack = [
        History.Entry(
          label: "complete 2 todos", changes: [.update([book, send])], selectedID: id(0))
      ]
      $0.status = Todos.StatusMessage("Completed 2 todos · u to undo")
    }
    // Until the settle, they stay where they were.
    #expect(store.state.visible.ids == [1, 4, 6, 5, 0, 2, 3, 7].map(id))
    scheduler.advance(by: .seconds(1))
    // "Send report" sinks below "Call Bob" inside +work; the selection stays on its row.
    store.receive(.sortCompletedTodos) {
      $0.settling = []
      $0.viewport.selectedID = id(2)
    }
    #expect(store.state.visible.ids == [1, 4, 6, 5, 2, 0, 3, 7].map(id))
    store.send(.history(.undoKeyPressed)) {
      $0.list.rows[id: id(5)] = book
      $0.list.rows[id: id(0)] = send
      $0.list.revision = 2
      $0.viewport.selectedID = id(0)
      $0.history.undoStack = []
      $0.history.redoStack = [
        History.Entry(
          label: "complete 2 todos", changes: [.update([self.done(book), self.done(send)])],
          selectedID: id(2))
      ]
      $0.status = Todos.StatusMessage("Undid complete 2 todos · Ctrl-R to redo")
    }
    #expect(store.state.visible.ids == [1, 4, 6, 5, 0, 2, 3, 7].map(id))
    scheduler.advance(by: .seconds(3))
    store.receive(.statusMessageExpired) { $0.status = nil }
    store.finish()
  }

  @Test func aCompletedTodoSinksInsideItsSectionAtTheSettle() {
    let (store, scheduler) = makeStore(state(.project))
    let water = todos[1]
    store.send(.todos(.element(id: id(1), action: .checkboxToggled))) {
      $0.list.update(id: id(1)) {
        $0.isComplete = true
        $0.completionDate = testDay
      }
      $0.settling = [id(1)]
      $0.history.undoStack = [
        History.Entry(
          label: "complete “Water plants +home”", changes: [.update([water])], selectedID: id(1))
      ]
    }
    #expect(store.state.visible.ids == [1, 4, 6, 5, 0, 2, 3, 7].map(id))
    scheduler.advance(by: .seconds(1))
    // Below "Pay rent", above "Old bill" (completed todos keep the file's order), still
    // under +home; the selection stays on the top row.
    store.receive(.sortCompletedTodos) {
      $0.settling = []
      $0.viewport.selectedID = id(4)
    }
    #expect(store.state.visible.ids == [4, 1, 6, 5, 0, 2, 3, 7].map(id))
    #expect(store.state.visible.groups?.first?.header == "+home · 3")
    store.finish()
  }

  /// With `keep_priority_on_completion = false` completing drops the priority: the todo stays
  /// under its priority until the settle, then goes to No priority.
  @Test func aCompletedTodoKeepsItsPrioritySectionUntilTheSettle() {
    let scheduler = TestScheduler()
    var environment = TodosEnvironment.test(scheduler: scheduler)
    environment.keepsPriorityOnCompletion = false
    let store = TestStore(
      initialState: state(.priority, selected: 4), reducer: Todos.reducer(environment))
    let rent = todos[4]
    var rentDone = rent
    rentDone.setComplete(true, on: testDay, keepingPriority: false)
    store.send(.todos(.element(id: id(4), action: .checkboxToggled))) {
      $0.list.rows[id: id(4)] = rentDone
      $0.list.revision = 1
      $0.settling = [id(4)]
      $0.history.undoStack = [
        History.Entry(
          label: "complete \(Todos.quoted(rent))", changes: [.update([rent])], selectedID: id(4))
      ]
    }
    #expect(store.state.visible.ids == [4, 2, 0, 1, 3, 5, 7, 6].map(id))
    #expect(store.state.visible.groups?.first?.header == "(A) · 1")
    scheduler.advance(by: .seconds(1))
    store.receive(.sortCompletedTodos) {
      $0.settling = []
      $0.viewport.selectedID = id(2)
    }
    #expect(store.state.visible.ids == [2, 0, 1, 3, 5, 7, 4, 6].map(id))
    #expect(store.state.visible.groups?.map(\.header) == ["(B) · 1", "No priority · 7"])
    store.finish()
  }

  @Test func aSearchKeepsTheSectionsOfWhatMatches() {
    var state = state(.project, selected: 6)
    state.search = Search.State(kept: "re")
    #expect(state.visible.ids == [4, 0, 3].map(id))
    #expect(state.visible.groups?.map(\.header) == ["+home · 1", "+work · 1", "No project · 1"])
  }

  @Test func aSearchKeyKeepsTheSelectionOnATodoBelowItOverTheHeaders() {
    let (store, _) = makeStore(state(.project))
    store.send(.searchKeyPressed) { $0.search = Search.State() }
    // "Water plants" does not match: the next todo below it that does, "Pay rent".
    store.send(.search(.textEdited(.insert("re")))) {
      $0.search?.field = TextField(text: "re", cursor: 2)
      $0.viewport.selectedID = id(4)
    }
    #expect(store.state.visible.ids == [4, 0, 3].map(id))
    // "Pay rent" goes too: the next below it, over the +work header and "Send report".
    store.send(.search(.textEdited(.insert("a")))) {
      $0.search?.field = TextField(text: "rea", cursor: 3)
      $0.viewport.selectedID = id(3)
    }
    #expect(store.state.visible.groups?.map(\.header) == ["No project · 1"])
    store.finish()
  }

  @Test func jAndKMoveTodosOnlyWhenTheListIsNotGrouped() {
    #expect(!state(.project).showsFileOrder)
    var flat = state(.project)
    flat.views[0].group = nil
    #expect(flat.showsFileOrder)
  }

  @Test(arguments: GroupBy.allCases)
  func aGroupedListShowsItsHeaders(_ group: GroupBy) {
    var state = state(group)
    state.viewport.size = TerminalSize(width: 50, height: 18)
    state.viewport.selectedID = state.visible.ids.first
    let frame = TodosView.frame(for: state)
    assertSnapshot(of: frame, as: .screen, named: group.rawValue)
  }

  @Test func theFirstTodoOfASectionBringsItsHeaderIntoView() {
    var state = state(.project, selected: 0)
    state.viewport.size = TerminalSize(width: 50, height: 8)
    state.viewport.scrollTop = 7
    state.revealSelection()
    #expect(state.viewport.scrollTop == 6)
    let frame = TodosView.frame(for: state)
    #expect(frame.buffer.text(ofRow: TodosView.listTop).hasPrefix("  +work · 2"))
  }
}
