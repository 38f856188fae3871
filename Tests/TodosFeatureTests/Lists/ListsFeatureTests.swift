import Architecture
import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import Testing
import TodoTxt
import TodosFeatureTestSupport

@testable import TodosFeature

/// Several lists in the store: `[`/`]` and `L` switch, each list keeps its own state across
/// switches, a list out of sight still reloads, and two lists' debounced saves never cancel
/// each other.
@MainActor
@Suite struct ListsFeatureTests {
  @Test func bracketsSwitchRoundTheEndAndEachListKeepsItsSelectionAndSearch() throws {
    let lists = TwoLists()
    let store = try lists.makeStore()
    let (home, work) = (lists.home, lists.work)
    store.send(.key(home, .viewport(.selectionMoved(.next)))) {
      $0.lists[id: home]!.list.viewport.selectedID = id(1)
    }
    store.send(.key(home, .lists(.nextKeyPressed))) { $0.current = work }
    store.send(.key(work, .searchKeyPressed)) {
      $0.lists[id: work]!.list.search = Search.State(isTyping: true)
    }
    store.send(.key(work, .search(.enterPressed))) { $0.lists[id: work]!.list.search = nil }
    store.send(.key(work, .filterPicked(.completed))) {
      $0.lists[id: work]!.list.filter = .completed
      $0.lists[id: work]!.list.viewport.selectedID = nil  // no completed todo to select
    }
    store.send(.key(work, .lists(.nextKeyPressed))) { $0.current = home }  // round the end
    #expect(store.state.currentList.list.viewport.selectedID == id(1))
    #expect(store.state.currentList.list.filter == .all)
    store.send(.key(home, .lists(.previousKeyPressed))) { $0.current = work }
    #expect(store.state.currentList.list.filter == .completed)
  }

  @Test func lOpensThePickerOfEveryListWithItsActiveCountAndEnterShowsTheChosenOne() throws {
    let lists = TwoLists()
    let store = try lists.makeStore()
    let (home, work) = (lists.home, lists.work)
    let entries = [
      ListPicker.Entry(id: home, name: "todo.txt", activeCount: 2),
      ListPicker.Entry(id: work, name: "work.txt", activeCount: 1),
    ]
    store.send(.key(home, .lists(.pickerKeyPressed))) {
      $0.lists[id: home]!.list.mode = .choosingList(
        ListPicker.State(purpose: .open, entries: entries, selected: home))
    }
    #expect(store.state.currentList.list.focus == .picker)
    store.send(.key(home, .lists(.picker(.textEdited(.insert("wo")))))) {
      $0.lists[id: home]!.list.mode = .choosingList(
        ListPicker.State(
          purpose: .open, entries: entries, field: TextField(text: "wo"), selected: work))
    }
    store.send(.key(home, .lists(.picker(.enterPressed)))) {
      $0.lists[id: home]!.list.mode = .normal
    }
    store.receive(.key(home, .delegate(.listChosen(work, .open)))) { $0.current = work }
  }

  @Test func theListPickerKeysAreThePickerKeys() throws {
    let lists = TwoLists()
    var state = try lists.states()[0]
    state.list.mode = .choosingList(
      ListPicker.State(
        purpose: .open,
        entries: [
          ListPicker.Entry(id: lists.home, name: "todo.txt", activeCount: 2),
          ListPicker.Entry(id: lists.work, name: "work.txt", activeCount: 1),
        ], selected: lists.home))
    let keys = KeyBindings.standard
    #expect(
      Keymap.action(for: .character("j"), in: state.list, keys: keys)
        == .lists(.picker(.selectionMoved(.next))))
    #expect(
      Keymap.action(for: .enter, in: state.list, keys: keys) == .lists(.picker(.enterPressed)))
    #expect(
      Keymap.action(for: .escape, in: state.list, keys: keys) == .lists(.picker(.escapePressed)))
    #expect(
      Keymap.action(for: .character("x"), in: state.list, keys: keys)
        == .lists(.picker(.textEdited(.insert("x")))))
    state.list.mode = .normal
    #expect(
      Keymap.action(for: .character("L"), in: state.list, keys: keys) == .lists(.pickerKeyPressed))
    #expect(
      Keymap.action(for: .character("]"), in: state.list, keys: keys) == .lists(.nextKeyPressed))
    #expect(
      Keymap.action(for: .character("["), in: state.list, keys: keys) == .lists(.previousKeyPressed)
    )
    #expect(
      Keymap.action(for: .character("M"), in: state.list, keys: keys) == .lists(.moveKeyPressed))
  }

  @Test func aListOutOfSightReloadsWhenItsFileChanges() throws {
    let lists = TwoLists()
    let store = try lists.makeStore()
    let work = lists.work
    lists.workFile.writeExternally("w\nnew\n")
    let changed = stamp(1, size: 6)
    store.send(.list(work, .fileChangedOnDisk))
    store.receive(
      .list(
        work, .reloadFinished(.success(LoadedFile(bytes: Array("w\nnew\n".utf8), stamp: changed))))
    ) {
      $0.lists[id: work]!.file.stamp = changed
      $0.lists[id: work]!.file.document = lists.layout("w\nnew\n", [2, 3])
      $0.lists[id: work]!.list.rows.append(todo(3, "new"))
      $0.lists[id: work]!.list.status = Todos.StatusMessage("Reloaded: work.txt changed on disk")
    }
    lists.scheduler.advance(by: Todos.statusDuration)
    store.receive(.key(work, .statusMessageExpired)) { $0.lists[id: work]!.list.status = nil }
    #expect(store.state.current == lists.home)
  }

  @Test func twoListsDebouncedSavesDoNotCancelEachOther() throws {
    let lists = TwoLists()
    let store = try lists.makeStore()
    let (home, work) = (lists.home, lists.work)
    store.send(.key(home, .deleteKeyPressed)) {
      $0.lists[id: home]!.list.rows.remove(id: id(0))
      $0.lists[id: home]!.list.list.revision = 1
      $0.lists[id: home]!.list.viewport.selectedID = id(1)
      $0.lists[id: home]!.list.history.undoStack = [
        History.Entry(
          label: "delete “a”", changes: [.insert([TodoList.IndexedTodo(todo(0, "a"), at: 0)])],
          selectedID: id(0))
      ]
      $0.lists[id: home]!.list.status = Todos.StatusMessage("Deleted “a” · u to undo")
      $0.lists[id: home]!.file.scheduledRevision = 1
    }
    store.send(.key(work, .deleteKeyPressed)) {
      $0.lists[id: work]!.list.rows.remove(id: id(2))
      $0.lists[id: work]!.list.list.revision = 1
      $0.lists[id: work]!.list.viewport.selectedID = nil
      $0.lists[id: work]!.list.history.undoStack = [
        History.Entry(
          label: "delete “w”", changes: [.insert([TodoList.IndexedTodo(todo(2, "w"), at: 0)])],
          selectedID: id(2))
      ]
      $0.lists[id: work]!.list.status = Todos.StatusMessage("Deleted “w” · u to undo")
      $0.lists[id: work]!.file.scheduledRevision = 1
    }
    // Each list's save waits its 300 ms; the second list's wait does not cancel the first's.
    lists.scheduler.advance(by: .milliseconds(300))
    store.receive(.list(home, .saveTimerFired))
    store.receive(.list(home, .saveFinished(.success(stamp(1, size: 2)), revision: 1))) {
      $0.lists[id: home]!.file.stamp = stamp(1, size: 2)
      $0.lists[id: home]!.file.savedRevision = 1
    }
    store.receive(.list(work, .saveTimerFired))
    store.receive(.list(work, .saveFinished(.success(stamp(1, size: 0)), revision: 1))) {
      $0.lists[id: work]!.file.stamp = stamp(1, size: 0)
      $0.lists[id: work]!.file.savedRevision = 1
    }
    lists.scheduler.advance(by: Todos.statusDuration)
    store.receive(.key(home, .statusMessageExpired)) { $0.lists[id: home]!.list.status = nil }
    store.receive(.key(work, .statusMessageExpired)) { $0.lists[id: work]!.list.status = nil }
    #expect(lists.homeFile.contents == "b\n")
    #expect(lists.workFile.contents == "")
  }

  @Test func quittingSavesEveryListWithUnsavedChanges() throws {
    let lists = TwoLists()
    let store = try lists.makeStore()
    let (home, work) = (lists.home, lists.work)
    store.send(.key(home, .lists(.nextKeyPressed))) { $0.current = work }
    store.send(.key(work, .deleteKeyPressed)) {
      $0.lists[id: work]!.list.rows = []
      $0.lists[id: work]!.list.list.revision = 1
      $0.lists[id: work]!.list.viewport.selectedID = nil
      $0.lists[id: work]!.list.history.undoStack = [
        History.Entry(
          label: "delete “w”", changes: [.insert([TodoList.IndexedTodo(todo(2, "w"), at: 0)])],
          selectedID: id(2))
      ]
      $0.lists[id: work]!.list.status = Todos.StatusMessage("Deleted “w” · u to undo")
      $0.lists[id: work]!.file.scheduledRevision = 1
    }
    store.send(.key(work, .lists(.previousKeyPressed))) { $0.current = home }
    // q in home: work, out of sight, is saved before the app stops.
    store.send(.key(home, .quitKeyPressed)) {
      $0.lists[id: home]!.list.isQuitting = true
      $0.lists[id: work]!.file.isStopping = true
    }
    store.receive(.list(work, .saveFinished(.success(stamp(1, size: 0)), revision: 1))) {
      $0.lists[id: work]!.file.stamp = stamp(1, size: 0)
      $0.lists[id: work]!.file.savedRevision = 1
    }
    #expect(lists.workFile.contents == "")
    #expect(store.state.isQuitting && !store.state.hasUnsavedChanges)
  }
}
