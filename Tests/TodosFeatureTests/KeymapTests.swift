import Foundation
import IdentifiedCollections
import TerminalUI
import Testing
import TodosFeature

/// The keymap contract, mode by mode.
@MainActor
@Suite struct KeymapTests {
  let listed = Todos.State(
    todos: [todo(0, "A"), todo(1, "B", done: true)], selectedID: id(0))

  func action(_ key: Key, _ state: Todos.State) -> Todos.Action? {
    Keymap.action(for: key, in: state)
  }

  @Test func normalModeKeys() {
    let toggle = Todos.Action.todos(.element(id: id(0), action: .checkboxToggled))
    let expected: [(Key, Todos.Action)] = [
      (.character("j"), .selectionMoved(.next)), (.down, .selectionMoved(.next)),
      (.character("k"), .selectionMoved(.previous)), (.up, .selectionMoved(.previous)),
      (.character("g"), .selectionMoved(.first)), (.home, .selectionMoved(.first)),
      (.character("G"), .selectionMoved(.last)), (.end, .selectionMoved(.last)),
      (.pageDown, .selectionMoved(.pageDown)), (.ctrl("d"), .selectionMoved(.pageDown)),
      (.pageUp, .selectionMoved(.pageUp)), (.ctrl("u"), .selectionMoved(.pageUp)),
      (.character("a"), .addButtonTapped),
      (.enter, .editButtonTapped), (.character("e"), .editButtonTapped),
      (.character(" "), toggle), (.character("x"), toggle),
      (.character("T"), .toggleAllButtonTapped),
      (.character("d"), .deleteButtonTapped), (.delete, .deleteButtonTapped),
      (.character("J"), .moveButtonTapped(.down)), (.shiftDown, .moveButtonTapped(.down)),
      (.character("K"), .moveButtonTapped(.up)), (.shiftUp, .moveButtonTapped(.up)),
      (.character("f"), .filterCycled), (.tab, .filterCycled),
      (.character("1"), .filterPicked(.all)), (.character("2"), .filterPicked(.active)),
      (.character("3"), .filterPicked(.completed)),
      (.character("/"), .searchButtonTapped),
      (.character("C"), .clearCompletedButtonTapped),
      (.character("u"), .undoButtonTapped), (.ctrl("r"), .redoButtonTapped),
      (.character("?"), .helpButtonTapped),
      (.character("q"), .quitRequested), (.ctrl("c"), .quitRequested),
    ]
    for (key, action) in expected {
      #expect(self.action(key, listed) == action, "key \(key)")
    }
    #expect(action(.character("z"), listed) == nil)
    #expect(action(.escape, listed) == nil)
  }

  @Test func aPasteIsTextInEveryMode() {
    #expect(
      Keymap.actions(forPaste: "a\nd", in: listed)
        == [.addButtonTapped, .textFieldEdited(.insert("a\nd"))])
    var editing = listed
    editing.mode = .editing(Todos.Editing(id: id(0), isNew: false, field: TextField(text: "A")))
    #expect(Keymap.actions(forPaste: "x", in: editing) == [.textFieldEdited(.insert("x"))])
    var searching = listed
    searching.mode = .searching
    #expect(Keymap.actions(forPaste: "x", in: searching) == [.textFieldEdited(.insert("x"))])
    var help = listed
    help.mode = .help
    #expect(Keymap.actions(forPaste: "x", in: help) == [])
    #expect(Keymap.actions(forPaste: "", in: listed) == [])
  }

  @Test func normalModeKeysThatNeedASelectionDoNothingWithoutOne() {
    let empty = Todos.State()
    #expect(action(.character("x"), empty) == nil)
    #expect(action(.character("e"), empty) == nil)
    #expect(action(.enter, empty) == nil)
    #expect(action(.character("d"), empty) == nil)
    #expect(action(.character("a"), empty) == .addButtonTapped)
  }

  @Test func escapeInNormalModeClearsAKeptSearch() {
    var state = listed
    state.search = TextField(text: "b")
    #expect(action(.escape, state) == .searchCancelled)
  }

  @Test func editModeKeys() {
    var state = listed
    state.mode = .editing(
      Todos.Editing(id: id(0), isNew: false, field: TextField(text: "A", cursor: 1)))
    let expected: [(Key, Todos.Action)] = [
      (.character("q"), .textFieldEdited(.insert("q"))),
      (.character("j"), .textFieldEdited(.insert("j"))),
      (.character(" "), .textFieldEdited(.insert(" "))),
      (.character("牛"), .textFieldEdited(.insert("牛"))),
      (.tab, .textFieldEdited(.insert(" "))),
      (.left, .textFieldEdited(.moveLeft)), (.right, .textFieldEdited(.moveRight)),
      (.home, .textFieldEdited(.moveToStart)), (.ctrl("a"), .textFieldEdited(.moveToStart)),
      (.end, .textFieldEdited(.moveToEnd)), (.ctrl("e"), .textFieldEdited(.moveToEnd)),
      (.backspace, .textFieldEdited(.deleteBackward)),
      (.delete, .textFieldEdited(.deleteForward)),
      (.ctrl("w"), .textFieldEdited(.deleteWordBackward)),
      (.ctrl("u"), .textFieldEdited(.deleteToStart)),
      (.ctrl("k"), .textFieldEdited(.deleteToEnd)),
      (.enter, .editCommitted), (.escape, .editCancelled),
      // Ctrl-C cancels the edit, as Esc does: quitting would save the half-typed text.
      (.ctrl("c"), .editCancelled),
    ]
    for (key, action) in expected {
      #expect(self.action(key, state) == action, "key \(key)")
    }
    #expect(action(.up, state) == nil)
    #expect(action(.ctrl("r"), state) == nil)
  }

  @Test func searchModeKeys() {
    var state = listed
    state.mode = .searching
    #expect(action(.character("m"), state) == .textFieldEdited(.insert("m")))
    #expect(action(.backspace, state) == .textFieldEdited(.deleteBackward))
    #expect(action(.enter, state) == .searchCommitted)
    #expect(action(.escape, state) == .searchCancelled)
    #expect(action(.down, state) == .selectionMoved(.next))
    #expect(action(.up, state) == .selectionMoved(.previous))
    #expect(action(.ctrl("c"), state) == .searchCancelled)
  }

  @Test func helpModeKeys() {
    var state = listed
    state.mode = .help
    #expect(action(.character("?"), state) == .helpDismissed)
    #expect(action(.escape, state) == .helpDismissed)
    #expect(action(.character("q"), state) == .helpDismissed)
    #expect(action(.ctrl("c"), state) == .quitRequested)
    #expect(action(.character("j"), state) == nil)
    #expect(action(.character("a"), state) == nil)
  }

  @Test func mouseClickSelectsTogglesOnTheCheckboxAndTheWheelScrolls() {
    // Rows start on screen line 2; the checkbox is in columns 2...4.
    let click = { (x: Int, y: Int) in Key.mouse(MouseEvent(x: x, y: y, kind: .press(button: 1))) }
    #expect(action(click(10, 3), listed) == .rowClicked(id(1)))
    #expect(action(click(3, 3), listed) == .checkboxClicked(id(1)))
    #expect(action(click(10, 2), listed) == .rowClicked(id(0)))
    #expect(action(click(10, 4), listed) == nil)  // below the last row
    #expect(action(click(10, 0), listed) == nil)  // the title
    let release = Key.mouse(MouseEvent(x: 10, y: 3, kind: .release(button: 1)))
    #expect(action(release, listed) == nil)
    #expect(action(.mouse(MouseEvent(x: 0, y: 5, kind: .wheelDown)), listed) == .scrolled(by: 3))
    #expect(action(.mouse(MouseEvent(x: 0, y: 5, kind: .wheelUp)), listed) == .scrolled(by: -3))
  }

  @Test func aClickOnAScrolledListHitsTheRowUnderThePointer() {
    // 10 todos on 80×7: three rows show (screen lines 2...4), scrolled to show todos 5...7.
    var state = Todos.State(
      todos: IdentifiedArray(uniqueElements: (0..<10).map { todo(UInt64($0), "T\($0)") }),
      selectedID: id(6), size: TerminalSize(width: 80, height: 7), scrollTop: 5)
    state.revealSelection()
    #expect(state.scrollTop == 5)
    let click = { (x: Int, y: Int) in Key.mouse(MouseEvent(x: x, y: y, kind: .press(button: 1))) }
    #expect(action(click(10, 2), state) == .rowClicked(id(5)))
    #expect(action(click(10, 4), state) == .rowClicked(id(7)))
    #expect(action(click(3, 3), state) == .checkboxClicked(id(6)))
  }

  @Test func aTooSmallTerminalTakesOnlyQuitAndHelp() {
    var tiny = listed
    tiny.size = TerminalSize(width: 23, height: 5)
    #expect(Keymap.isTooSmall(tiny))
    let ignored: [Key] = [
      .character("j"), .character("x"), .character(" "), .character("d"), .delete,
      .character("T"), .character("a"), .character("e"), .enter, .character("J"),
      .character("C"), .character("u"), .ctrl("r"), .character("/"), .character("f"),
      .escape, .mouse(MouseEvent(x: 3, y: 2, kind: .press(button: 1))),
      .mouse(MouseEvent(x: 0, y: 3, kind: .wheelDown)),
    ]
    for key in ignored {
      #expect(action(key, tiny) == nil, "key \(key)")
    }
    #expect(action(.character("q"), tiny) == .quitRequested)
    #expect(action(.ctrl("c"), tiny) == .quitRequested)
    #expect(action(.character("?"), tiny) == .helpButtonTapped)
    #expect(Keymap.actions(forPaste: "d", in: tiny) == [])

    var help = tiny
    help.mode = .help
    #expect(action(.character("?"), help) == .helpDismissed)
    #expect(action(.escape, help) == .helpDismissed)
    #expect(action(.character("q"), help) == .helpDismissed)

    // A field the user cannot see takes no keys; Ctrl-C quits (what was typed is kept).
    var editing = tiny
    editing.mode = .editing(Todos.Editing(id: id(0), isNew: false, field: TextField(text: "A")))
    #expect(action(.character("q"), editing) == nil)
    #expect(action(.enter, editing) == nil)
    #expect(action(.escape, editing) == nil)
    #expect(action(.ctrl("c"), editing) == .quitRequested)
    #expect(Keymap.actions(forPaste: "x", in: editing) == [])

    // Exactly the minimum size is not too small.
    tiny.size = TerminalSize(width: TodosView.minimumWidth, height: TodosView.minimumHeight)
    #expect(action(.character("x"), tiny) == .todos(.element(id: id(0), action: .checkboxToggled)))
  }
}
