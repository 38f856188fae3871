import Foundation
import IdentifiedCollections
import TerminalUI
import Testing

@testable import TodosFeature

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
      (.character("j"), .viewport(.selectionMoved(.next))),
      (.down, .viewport(.selectionMoved(.next))),
      (.character("k"), .viewport(.selectionMoved(.previous))),
      (.up, .viewport(.selectionMoved(.previous))),
      (.character("g"), .viewport(.selectionMoved(.first))),
      (.home, .viewport(.selectionMoved(.first))),
      (.character("G"), .viewport(.selectionMoved(.last))),
      (.end, .viewport(.selectionMoved(.last))),
      (.pageDown, .viewport(.selectionMoved(.pageDown))),
      (.ctrl("d"), .viewport(.selectionMoved(.pageDown))),
      (.pageUp, .viewport(.selectionMoved(.pageUp))),
      (.ctrl("u"), .viewport(.selectionMoved(.pageUp))),
      (.character("a"), .addKeyPressed),
      (.enter, .editKeyPressed), (.character("e"), .editKeyPressed),
      (.character(" "), toggle), (.character("x"), toggle),
      (.character("T"), .toggleAllKeyPressed),
      (.character("d"), .deleteKeyPressed), (.delete, .deleteKeyPressed),
      (.character("J"), .moveKeyPressed(.down)), (.shiftDown, .moveKeyPressed(.down)),
      (.character("K"), .moveKeyPressed(.up)), (.shiftUp, .moveKeyPressed(.up)),
      (.character("f"), .filterCycled), (.tab, .filterCycled),
      (.character("1"), .filterPicked(.all)), (.character("2"), .filterPicked(.active)),
      (.character("3"), .filterPicked(.completed)),
      (.character("/"), .searchKeyPressed),
      (.character("C"), .clearCompletedKeyPressed),
      (.character("u"), .history(.undoKeyPressed)), (.ctrl("r"), .history(.redoKeyPressed)),
      (.character("?"), .helpKeyPressed),
      (.character("q"), .quitKeyPressed), (.ctrl("c"), .quitKeyPressed),
      (.character("z"), .organise(.postponeKeyPressed)),
      (.character("m"), .organise(.modifyKeyPressed)),
    ]
    for (key, action) in expected {
      #expect(self.action(key, listed) == action, "key \(key)")
    }
    #expect(action(.character("Z"), listed) == nil)
    #expect(action(.escape, listed) == nil)
  }

  @Test func aPasteIsTextInEveryMode() {
    // Two lines in the list are two todos, never the keys `a` and `d`.
    #expect(Keymap.actions(forPaste: "a\nd", in: listed) == [.linesPasted(["a", "d"])])
    #expect(
      Keymap.actions(forPaste: "a d", in: listed)
        == [.addKeyPressed, .editor(.textEdited(.insert("a d")))])
    var editing = listed
    editing.mode = .editing(Editor.State(id: id(0), isNew: false, field: TextField(text: "A")))
    #expect(Keymap.actions(forPaste: "x", in: editing) == [.editor(.textEdited(.insert("x")))])
    var searching = listed
    searching.search = Search.State()
    #expect(Keymap.actions(forPaste: "x", in: searching) == [.search(.textEdited(.insert("x")))])
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
    #expect(action(.character("a"), empty) == .addKeyPressed)
  }

  @Test func escapeInNormalModeClearsAKeptSearch() {
    var state = listed
    state.search = Search.State(kept: "b")
    #expect(action(.escape, state) == .search(.escapePressed))
  }

  @Test func editModeKeys() {
    var state = listed
    state.mode = .editing(
      Editor.State(id: id(0), isNew: false, field: TextField(text: "A", cursor: 1)))
    let expected: [(Key, Todos.Action)] = [
      (.character("q"), .editor(.textEdited(.insert("q")))),
      (.character("j"), .editor(.textEdited(.insert("j")))),
      (.character(" "), .editor(.textEdited(.insert(" ")))),
      (.character("牛"), .editor(.textEdited(.insert("牛")))),
      (.tab, .editor(.tagCompletionRequested(forward: true))),
      (.backTab, .editor(.tagCompletionRequested(forward: false))),
      (.left, .editor(.textEdited(.moveLeft))), (.right, .editor(.textEdited(.moveRight))),
      (.home, .editor(.textEdited(.moveToStart))), (.ctrl("a"), .editor(.textEdited(.moveToStart))),
      (.end, .editor(.textEdited(.moveToEnd))), (.ctrl("e"), .editor(.textEdited(.moveToEnd))),
      (.backspace, .editor(.textEdited(.deleteBackward))),
      (.delete, .editor(.textEdited(.deleteForward))),
      (.ctrl("w"), .editor(.textEdited(.deleteWordBackward))),
      (.ctrl("u"), .editor(.textEdited(.deleteToStart))),
      (.ctrl("k"), .editor(.textEdited(.deleteToEnd))),
      (.enter, .editor(.enterPressed)), (.escape, .editor(.escapePressed)),
      // Ctrl-C cancels the edit, as Esc does: quitting would save the half-typed text.
      (.ctrl("c"), .editor(.escapePressed)),
    ]
    for (key, action) in expected {
      #expect(self.action(key, state) == action, "key \(key)")
    }
    #expect(action(.up, state) == nil)
    #expect(action(.ctrl("r"), state) == nil)
  }

  @Test func searchModeKeys() {
    var state = listed
    state.search = Search.State()
    #expect(action(.character("m"), state) == .search(.textEdited(.insert("m"))))
    #expect(action(.backspace, state) == .search(.textEdited(.deleteBackward)))
    #expect(action(.enter, state) == .search(.enterPressed))
    #expect(action(.escape, state) == .search(.escapePressed))
    #expect(action(.down, state) == .viewport(.selectionMoved(.next)))
    #expect(action(.up, state) == .viewport(.selectionMoved(.previous)))
    #expect(action(.ctrl("c"), state) == .search(.escapePressed))
  }

  @Test func helpModeKeys() {
    var state = listed
    state.mode = .help
    #expect(action(.character("?"), state) == .helpDismissed)
    #expect(action(.escape, state) == .helpDismissed)
    #expect(action(.character("q"), state) == .helpDismissed)
    #expect(action(.ctrl("c"), state) == .quitKeyPressed)
    #expect(action(.character("j"), state) == .helpScrolled(.down))
    #expect(action(.character("k"), state) == .helpScrolled(.up))
    #expect(action(.character("a"), state) == nil)
  }

  @Test func mouseClickSelectsTogglesOnTheCheckboxAndTheWheelScrolls() {
    // Rows start on screen line 2; the checkbox is in columns 2...4.
    let click = { (x: Int, y: Int) in Key.mouse(MouseEvent(x: x, y: y, kind: .press(button: 1))) }
    #expect(action(click(10, 3), listed) == .viewport(.rowClicked(id(1))))
    #expect(action(click(3, 3), listed) == .checkboxClicked(id(1)))
    #expect(action(click(10, 2), listed) == .viewport(.rowClicked(id(0))))
    #expect(action(click(10, 4), listed) == nil)  // below the last row
    #expect(action(click(10, 0), listed) == nil)  // the title
    let release = Key.mouse(MouseEvent(x: 10, y: 3, kind: .release(button: 1)))
    #expect(action(release, listed) == nil)
    #expect(
      action(.mouse(MouseEvent(x: 0, y: 5, kind: .wheelDown)), listed)
        == .viewport(.scrolled(by: 3)))
    #expect(
      action(.mouse(MouseEvent(x: 0, y: 5, kind: .wheelUp)), listed) == .viewport(.scrolled(by: -3))
    )
  }

  @Test func aClickOnAScrolledListHitsTheRowUnderThePointer() {
    // 10 todos on 80×7: three rows show (screen lines 2...4), scrolled to show todos 5...7.
    var state = Todos.State(
      todos: IdentifiedArray(uniqueElements: (0..<10).map { todo(UInt64($0), "T\($0)") }),
      selectedID: id(6), size: TerminalSize(width: 80, height: 7), scrollTop: 5)
    state.revealSelection()
    #expect(state.viewport.scrollTop == 5)
    let click = { (x: Int, y: Int) in Key.mouse(MouseEvent(x: x, y: y, kind: .press(button: 1))) }
    #expect(action(click(10, 2), state) == .viewport(.rowClicked(id(5))))
    #expect(action(click(10, 4), state) == .viewport(.rowClicked(id(7))))
    #expect(action(click(3, 3), state) == .checkboxClicked(id(6)))
  }

  @Test func aTooSmallTerminalTakesOnlyQuitAndHelp() {
    var tiny = listed
    tiny.viewport.size = TerminalSize(width: 23, height: 5)
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
    #expect(action(.character("q"), tiny) == .quitKeyPressed)
    #expect(action(.ctrl("c"), tiny) == .quitKeyPressed)
    #expect(action(.character("?"), tiny) == .helpKeyPressed)
    #expect(Keymap.actions(forPaste: "d", in: tiny) == [])

    var help = tiny
    help.mode = .help
    #expect(action(.character("?"), help) == .helpDismissed)
    #expect(action(.escape, help) == .helpDismissed)
    #expect(action(.character("q"), help) == .helpDismissed)

    // A field the user cannot see takes no keys; Ctrl-C quits (what was typed is kept).
    var editing = tiny
    editing.mode = .editing(Editor.State(id: id(0), isNew: false, field: TextField(text: "A")))
    #expect(action(.character("q"), editing) == nil)
    #expect(action(.enter, editing) == nil)
    #expect(action(.escape, editing) == nil)
    #expect(action(.ctrl("c"), editing) == .quitKeyPressed)
    #expect(Keymap.actions(forPaste: "x", in: editing) == [])

    // Exactly the minimum size is not too small.
    tiny.viewport.size = TerminalSize(
      width: TodosView.minimumWidth, height: TodosView.minimumHeight)
    #expect(action(.character("x"), tiny) == .todos(.element(id: id(0), action: .checkboxToggled)))
  }

  /// What a too-small terminal ignores waits a moment for the terminal to grow (the run loop
  /// holds it); the keys that work while small (`q`, `?`, Ctrl-C) and anything at a usable
  /// size do not.
  @Test func keysIgnoredOnlyBecauseTheTerminalIsTooSmallWaitForItsSize() {
    var tiny = listed
    tiny.viewport.size = TerminalSize(width: 3, height: 3)
    var editing = tiny
    editing.mode = .editing(Editor.State(id: id(0), isNew: false, field: TextField(text: "A")))
    for key: Key in [.escape, .character("q"), .enter, .character("x")] {
      #expect(Keymap.waitsForSize(.key(key), in: editing), "key \(key)")
    }
    #expect(!Keymap.waitsForSize(.key(.ctrl("c")), in: editing))
    #expect(Keymap.waitsForSize(.paste("x"), in: editing))
    #expect(Keymap.waitsForSize(.key(.character("d")), in: tiny))
    #expect(!Keymap.waitsForSize(.key(.character("q")), in: tiny))
    #expect(!Keymap.waitsForSize(.key(.character("?")), in: tiny))
    #expect(!Keymap.waitsForSize(.resize(width: 80, height: 24), in: tiny))
    var big = editing
    big.viewport.size = TerminalSize(width: 80, height: 24)
    #expect(!Keymap.waitsForSize(.key(.escape), in: big))
    #expect(!Keymap.waitsForSize(.key(.function(9)), in: listed))
  }
}
