import TerminalUI

/// The keymap: a pure function from (state, key) to the action it means, read from
/// `KeyTable`.
///
/// ```swift
/// if let action = Keymap.action(for: .character("j"), in: store.state) { store.send(action) }
/// ```
public enum Keymap {
  /// The action a key means in the current state, or nil when it means nothing.
  ///
  /// ```swift
  /// Keymap.action(for: .ctrl("r"), in: state)  // .history(.redoKeyPressed)
  /// ```
  @MainActor
  public static func action(
    for key: Key, in state: Todos.State, keys: KeyBindings = .standard
  ) -> Todos.Action? {
    let focus = state.focus
    if isTooSmall(state) {
      // Only quitting and the help: no key may change what the user cannot see.
      if key == .ctrl("c") { return .quitKeyPressed }
      guard let binding = keys.binding(for: key, in: focus), let name = binding.name,
        tooSmallActions[focus]?.contains(name) == true
      else { return nil }
      return binding.action(state)
    }
    if case .mouse(let event) = key {
      return focus == .list ? mouseAction(for: event, in: state) : nil
    }
    if let binding = keys.binding(for: key, in: focus) {
      return binding.action(state)?.forOpenPicker(in: state)
    }
    // A saved view's own key (config's `[views.NAME] key`), where no binding takes it.
    if focus == .list, let view = state.views.first(where: { $0.key == key }) {
      return .viewPicked(view.name)
    }
    // After `p`, any letter is a priority (`a` and `A` give `(A)`).
    if focus == .priority, case .character(let character) = key {
      return PriorityChange.letter(forKey: character).map { .organise(.priorityLetterTyped($0)) }
    }
    // Any other character is typed into the field that has the keys.
    if case .character(let character) = key {
      return state.textEdited(.insert(String(character)))?.forOpenPicker(in: state)
    }
    return nil
  }

  /// What pasted text (bracketed paste) means: typed into the field being edited or searched,
  /// or, in the list, a new todo with that text (not yet added: Enter adds it), or, for several
  /// lines that are not blank, one todo per line, added at once. Pasted letters are never
  /// taken as commands, and pasted newlines become spaces in a field.
  ///
  /// ```swift
  /// Keymap.actions(forPaste: "Buy milk\n", in: state)  // [.addKeyPressed, .editor(…)]
  /// ```
  public static func actions(forPaste text: String, in state: Todos.State) -> [Todos.Action] {
    guard !text.isEmpty, !isTooSmall(state) else { return [] }
    switch state.focus {
    case .editor: return [.editor(.textEdited(.insert(text)))]
    case .search: return [.search(.textEdited(.insert(text)))]
    case .picker: return [state.pickerAction(.textEdited(.insert(text)))]
    case .prompt: return [.organise(.promptEdited(.insert(text)))]
    case .list:
      let lines = pastedLines(text).filter { !$0.allSatisfy(\.isWhitespace) }
      if lines.count > 1 { return [.linesPasted(lines)] }
      return [.addKeyPressed, .editor(.textEdited(.insert(text)))]
    case .help, .range, .priority, .links, .restore: return []
    }
  }

  /// Whether the terminal is below the size the list needs: the screen then only says so, and
  /// no key may change what the user cannot see.
  ///
  /// ```swift
  /// Keymap.isTooSmall(Todos.State(size: TerminalSize(width: 23, height: 5)))  // true
  /// ```
  public static func isTooSmall(_ state: Todos.State) -> Bool {
    let size = state.viewport.size
    return size.width < TodosView.minimumWidth || size.height < TodosView.minimumHeight
  }

  /// Whether `event` means nothing now only because the terminal is too small: any key but the
  /// few that work then (`tooSmallActions`, Ctrl-C), and any paste. The run loop holds such
  /// input a moment, so that keys typed as the terminal grows back are not lost.
  ///
  /// ```swift
  /// Keymap.waitsForSize(.key(.escape), in: editingAt3x3)  // true
  /// ```
  @MainActor
  public static func waitsForSize(
    _ event: TerminalEvent, in state: Todos.State, keys: KeyBindings = .standard
  ) -> Bool {
    guard isTooSmall(state) else { return false }
    switch event {
    case .key(let key): return action(for: key, in: state, keys: keys) == nil
    case .paste: return true
    case .resize: return false
    }
  }

  /// The actions whose keys still work while the terminal is too small (besides Ctrl-C, which
  /// quits from every focus, keeping a todo being typed as any quit does): quit and help in
  /// the list (`q`, `?`), closing the help (`?`, `q`, Esc), and redrawing (`^L`). Everything
  /// else, the mouse and pastes included, is ignored.
  static let tooSmallActions: [Todos.Focus: Set<String>] = [
    .list: ["quit", "help", "redraw"],
    .help: ["close_help", "quit_from_help", "redraw"],
  ]

  /// Click selects, click on the checkbox selects and toggles, click on All, Active or
  /// Completed in the filter bar shows that filter, the wheel scrolls by three rows.
  static func mouseAction(for event: MouseEvent, in state: Todos.State) -> Todos.Action? {
    switch event.kind {
    case .wheelUp: return .viewport(.scrolled(by: -3))
    case .wheelDown: return .viewport(.scrolled(by: 3))
    case .release: return nil
    case .press(let button):
      if button == 1, let entry = TodosView.filterHit(x: event.x, y: event.y, in: state) {
        switch entry {
        case .filter(let filter): return .filterPicked(filter)
        case .view(let name): return .viewPicked(name)
        }
      }
      guard button == 1, let hit = TodosView.hitTest(x: event.x, y: event.y, in: state) else {
        return nil
      }
      return hit.isCheckbox
        ? .checkboxClicked(hit.id) : .viewport(.rowClicked(hit.id))
    }
  }
}
