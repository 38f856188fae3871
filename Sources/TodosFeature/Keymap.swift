import Foundation
import TerminalUI

/// The keymap: a pure function from (mode, key) to the action it means, and the help text
/// that documents it.
///
/// ```swift
/// if let action = Keymap.action(for: .character("j"), in: store.state) { store.send(action) }
/// ```
public enum Keymap {
  /// What the keyboard currently drives.
  public enum Mode: Equatable, Sendable {
    case normal, editing, searching, help
  }

  /// The keymap mode of a state.
  ///
  /// ```swift
  /// Keymap.mode(of: Todos.State())  // .normal
  /// ```
  public static func mode(of state: Todos.State) -> Mode {
    switch state.mode {
    case .normal: .normal
    case .editing: .editing
    case .searching: .searching
    case .help: .help
    }
  }

  /// What pasted text (bracketed paste) means: typed into the field being edited or searched,
  /// or, in the list, a new todo with that text (not yet added: Enter adds it). Pasted letters
  /// are never taken as commands, and pasted newlines become spaces in the field.
  ///
  /// ```swift
  /// Keymap.actions(forPaste: "Buy milk\n", in: state)  // [.addButtonTapped, .textFieldEdited(…)]
  /// ```
  public static func actions(forPaste text: String, in state: Todos.State) -> [Todos.Action] {
    guard !text.isEmpty, !isTooSmall(state) else { return [] }
    switch mode(of: state) {
    case .editing, .searching: return [.textFieldEdited(.insert(text))]
    case .normal: return [.addButtonTapped, .textFieldEdited(.insert(text))]
    case .help: return []
    }
  }

  /// The action a key means in the current state, or nil when it means nothing.
  ///
  /// ```swift
  /// Keymap.action(for: .ctrl("r"), in: state)  // .redoButtonTapped
  /// ```
  public static func action(for key: Key, in state: Todos.State) -> Todos.Action? {
    if isTooSmall(state) { return tooSmallAction(for: key, in: state) }
    switch mode(of: state) {
    case .normal: return normalAction(for: key, in: state)
    case .editing:
      switch key {
      case .enter: return .editCommitted
      case .escape, .ctrl("c"): return .editCancelled
      default: return textEdit(for: key).map(Todos.Action.textFieldEdited)
      }
    case .searching:
      switch key {
      case .enter: return .searchCommitted
      case .escape, .ctrl("c"): return .searchCancelled
      case .down: return .selectionMoved(.next)
      case .up: return .selectionMoved(.previous)
      case .pageDown: return .selectionMoved(.pageDown)
      case .pageUp: return .selectionMoved(.pageUp)
      default: return textEdit(for: key).map(Todos.Action.textFieldEdited)
      }
    case .help:
      switch key {
      case .character("?"), .character("q"), .escape: return .helpDismissed
      case .ctrl("c"): return .quitRequested
      default: return nil
      }
    }
  }

  /// Whether the terminal is below the size the list needs: the screen then only says so, and
  /// no key may change what the user cannot see.
  ///
  /// ```swift
  /// Keymap.isTooSmall(Todos.State(size: TerminalSize(width: 23, height: 5)))  // true
  /// ```
  public static func isTooSmall(_ state: Todos.State) -> Bool {
    state.size.width < TodosView.minimumWidth || state.size.height < TodosView.minimumHeight
  }

  /// Keys while the terminal is too small: only quitting and the help overlay do anything.
  /// Ctrl-C quits from every mode (a todo being typed is kept, as on any quit); `q` quits from
  /// the list; `?` opens help and `?`, `q`, Esc close it. Everything else, the mouse and pastes
  /// included, is ignored.
  ///
  /// ```swift
  /// Keymap.tooSmallAction(for: .character("x"), in: tiny)  // nil
  /// ```
  static func tooSmallAction(for key: Key, in state: Todos.State) -> Todos.Action? {
    if key == .ctrl("c") { return .quitRequested }
    switch (mode(of: state), key) {
    case (.normal, .character("q")): return .quitRequested
    case (.normal, .character("?")): return .helpButtonTapped
    case (.help, .character("?")), (.help, .character("q")), (.help, .escape):
      return .helpDismissed
    default: return nil
    }
  }

  /// Keys of normal mode.
  static func normalAction(for key: Key, in state: Todos.State) -> Todos.Action? {
    let toggleSelected = state.selectedID.map {
      Todos.Action.todos(.element(id: $0, action: .checkboxToggled))
    }
    switch key {
    case .character("j"), .down: return .selectionMoved(.next)
    case .character("k"), .up: return .selectionMoved(.previous)
    case .character("g"), .home: return .selectionMoved(.first)
    case .character("G"), .end: return .selectionMoved(.last)
    case .pageDown, .ctrl("d"): return .selectionMoved(.pageDown)
    case .pageUp, .ctrl("u"): return .selectionMoved(.pageUp)
    case .character("a"): return .addButtonTapped
    case .enter, .character("e"): return state.selectedID == nil ? nil : .editButtonTapped
    case .character(" "), .character("x"): return toggleSelected
    case .character("T"): return .toggleAllButtonTapped
    case .character("d"), .delete: return state.selectedID == nil ? nil : .deleteButtonTapped
    case .character("J"), .shiftDown: return .moveButtonTapped(.down)
    case .character("K"), .shiftUp: return .moveButtonTapped(.up)
    case .character("f"), .tab: return .filterCycled
    case .character("1"): return .filterPicked(.all)
    case .character("2"): return .filterPicked(.active)
    case .character("3"): return .filterPicked(.completed)
    case .character("/"): return .searchButtonTapped
    case .character("C"): return .clearCompletedButtonTapped
    case .character("u"): return .undoButtonTapped
    case .ctrl("r"): return .redoButtonTapped
    case .character("?"): return .helpButtonTapped
    case .character("q"), .ctrl("c"): return .quitRequested
    case .escape: return state.search.text.isEmpty ? nil : .searchCancelled
    case .mouse(let event): return mouseAction(for: event, in: state)
    default: return nil
    }
  }

  /// Click selects, click on the checkbox selects and toggles, the wheel scrolls by three rows.
  static func mouseAction(for event: MouseEvent, in state: Todos.State) -> Todos.Action? {
    switch event.kind {
    case .wheelUp: return .scrolled(by: -3)
    case .wheelDown: return .scrolled(by: 3)
    case .release: return nil
    case .press(let button):
      guard button == 1, let hit = TodosView.hitTest(x: event.x, y: event.y, in: state) else {
        return nil
      }
      return hit.isCheckbox
        ? .checkboxClicked(hit.id) : .rowClicked(hit.id)
    }
  }

  /// Keys of a text field (the edited todo or the search).
  ///
  /// ```swift
  /// Keymap.textEdit(for: .ctrl("w"))  // .deleteWordBackward
  /// ```
  public static func textEdit(for key: Key) -> TextField.Edit? {
    switch key {
    case .character(let character): .insert(String(character))
    case .tab: .insert(" ")
    case .left: .moveLeft
    case .right: .moveRight
    case .home, .ctrl("a"): .moveToStart
    case .end, .ctrl("e"): .moveToEnd
    case .backspace, .ctrl("h"): .deleteBackward
    case .delete, .ctrl("d"): .deleteForward
    case .ctrl("w"): .deleteWordBackward
    case .ctrl("u"): .deleteToStart
    case .ctrl("k"): .deleteToEnd
    default: nil
    }
  }

  /// One line of the help overlay: keys, then what they do.
  public struct HelpEntry: Equatable, Sendable {
    public var keys: String
    public var meaning: String
  }

  /// The help overlay's sections, in order: the keymap as people read it.
  ///
  /// ```swift
  /// for (title, entries) in Keymap.help { print(title, entries.count) }
  /// ```
  public static let help: [(title: String, entries: [HelpEntry])] = [
    (
      "List",
      [
        HelpEntry(keys: "j k  Down Up", meaning: "next / previous"),
        HelpEntry(keys: "g G  Home End", meaning: "first / last"),
        HelpEntry(keys: "PgDn PgUp  ^D ^U", meaning: "page down / up"),
        HelpEntry(keys: "a", meaning: "add a todo (on top)"),
        HelpEntry(keys: "Enter e", meaning: "edit"),
        HelpEntry(keys: "Space x", meaning: "toggle done"),
        HelpEntry(keys: "T", meaning: "toggle all"),
        HelpEntry(keys: "d Delete", meaning: "delete"),
        HelpEntry(keys: "J K  S-Down S-Up", meaning: "move the todo down / up"),
        HelpEntry(keys: "f Tab  1 2 3", meaning: "next filter; All, Active, Completed"),
        HelpEntry(keys: "/", meaning: "search (Enter keeps, Esc clears)"),
        HelpEntry(keys: "C", meaning: "clear completed"),
        HelpEntry(keys: "u  ^R", meaning: "undo / redo"),
        HelpEntry(keys: "?  q ^C", meaning: "help (? Esc q close) / quit"),
      ]
    ),
    (
      "Editing",
      [
        HelpEntry(keys: "Left Right Home End", meaning: "move the cursor (also ^A ^E)"),
        HelpEntry(keys: "Bksp Del ^W ^U ^K", meaning: "delete char, word, to start, to end"),
        HelpEntry(keys: "Enter  Esc ^C", meaning: "save / cancel"),
      ]
    ),
  ]
}
