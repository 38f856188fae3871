import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import TerminalUI
import Testing

@testable import TodosFeature

/// The picker's keys as a vim or mutt user expects them: Home/End/PgDn/PgUp move, the picker
/// opens on its "every project" row, and Esc in the list clears a chosen tag.
@MainActor
@Suite struct PickerKeysTests {
  let todos: IdentifiedArrayOf<Todo.State> = IdentifiedArray(
    uniqueElements: (0..<12).map { n in todo(UInt64(n), "Task +p\(String(format: "%02d", n))") })

  func entries(_ state: Todos.State) -> [TagIndex.Entry] {
    state.list.tagIndex.entries(.project)
  }

  @Test func homeEndAndPagesMoveThroughThePicker() {
    // 10 rows: a list area of 6, a picker page of 4.
    var state = Todos.State(
      todos: todos, selectedID: id(0), size: TerminalSize(width: 40, height: 10))
    state.mode = .picking(TagPicker.State(kind: .project, entries: entries(state)))
    let all = entries(state)
    let (store, _) = makeStore(state)
    func send(_ key: Key, selected: Int) {
      guard let action = Keymap.action(for: key, in: store.state) else {
        Issue.record("\(key) does nothing in the picker")
        return
      }
      store.send(action) {
        $0.mode = .picking(TagPicker.State(kind: .project, entries: all, selected: selected))
      }
    }
    send(.end, selected: 12)
    send(.home, selected: 0)
    send(.pageDown, selected: 4)
    send(.pageDown, selected: 8)
    send(.pageDown, selected: 12)
    send(.pageUp, selected: 8)
    // While typing too: Home and End are not the text field's.
    store.send(.picking(.picker(.textEdited(.insert("p1"))))) {
      $0.mode = .picking(
        TagPicker.State(
          kind: .project, entries: all, field: TextField(text: "p1"), selected: 1))
    }
    #expect(Keymap.action(for: .end, in: store.state) == .picking(.picker(.selectionMoved(.last))))
    store.finish()
  }

  @Test func reopeningThePickerSelectsTheEveryTodoRowSoEnterClearsTheChoice() {
    let (store, _) = makeStore(Todos.State(todos: todos, selectedID: id(3), pickedTag: "+p03"))
    let all = entries(store.state)
    store.send(.picking(.keyPressed(.project))) {
      $0.mode = .picking(TagPicker.State(kind: .project, entries: all, selected: 0))
    }
    store.send(.picking(.picker(.enterPressed))) {
      $0.mode = .normal
      $0.pickedTag = nil
    }
    store.finish()
  }

  @Test func escInTheListClearsAChosenTagAfterAKeptSearch() {
    var state = Todos.State(todos: todos, selectedID: id(3), pickedTag: "+p03")
    state.search = Search.State(kept: "task")
    let (store, _) = makeStore(state)
    store.send(Keymap.action(for: .escape, in: store.state)!) { $0.search = nil }
    #expect(Keymap.action(for: .escape, in: store.state) == .picking(.tagCleared))
    store.send(.picking(.tagCleared)) { $0.pickedTag = nil }
    // Nothing left to clear: Esc means nothing.
    #expect(Keymap.action(for: .escape, in: store.state) == nil)
    store.finish()
  }
}
