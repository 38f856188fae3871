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
      (.ctrl("c"), .quitRequested),
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
    #expect(action(.ctrl("c"), state) == .quitRequested)
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
}
