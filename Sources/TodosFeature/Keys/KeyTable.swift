import Architecture
import TerminalUI

/// The keys, written once: the keymap, the help overlay and the hint line are all read from
/// this table, so a key can never be in one and missing from another. These are the defaults:
/// `KeyBindings` is the table as a value, rebuilt with config.toml's keys by each binding's
/// `name` (every binding has one; `KeyBindingsTests` checks it).
///
/// ```swift
/// for section in KeyTable.sections { print(section.title, section.lines.count) }
/// KeyTable.hints(for: .editor)  // ["Enter save", "Esc cancel", …]
/// ```
public enum KeyTable {
  /// Keys that do one thing in some focuses, and how the hint line names them.
  public struct Binding: Sendable {
    /// The name config.toml's `[keys]` uses for what the keys do (`"toggle_hidden"`),
    /// snake_case. Bindings of one name (a text-field key in the editor and in the search)
    /// have the same keys and are remapped together.
    public var name: String?
    /// The keys pressed alone.
    public var keys: [Key]
    /// Two-key sequences (`g g`), from config.toml; the default table has none.
    public var sequences: [[Key]] = []
    public var focuses: Set<Todos.Focus>
    /// What the keys do in the current state; nil when they mean nothing now.
    let action: @MainActor @Sendable (Todos.State) -> Todos.Action?
    /// The hint-line words and their rank (lower first), if the binding has a hint.
    public var hint: (words: String, rank: Int)?
    /// How many of the keys (and sequences) the hint names (the first ones).
    public var hintKeyCount: Int

    init(
      _ keys: [Key], name: String? = nil, in focuses: Set<Todos.Focus> = Binding.listOnly,
      hint: (String, Int)? = nil, hintKeyCount: Int = 1,
      action: @escaping @MainActor @Sendable (Todos.State) -> Todos.Action?
    ) {
      self.name = name
      self.keys = keys
      self.focuses = focuses
      self.hint = hint.map { (words: $0.0, rank: $0.1) }
      self.hintKeyCount = hintKeyCount
      self.action = action
    }

    /// The list alone, the focus of most bindings: one set they all share, not one each.
    static let listOnly: Set<Todos.Focus> = [.list]

    /// Every key or sequence, single keys first: `[[j], [Down]]`.
    public var allSequences: [[Key]] { keys.map { [$0] } + sequences }

    /// The hint for the hint line: "a add"; nil when the binding has no key.
    public var hintText: String? {
      let shown = allSequences.prefix(hintKeyCount)
      guard let hint, !shown.isEmpty else { return nil }
      // By hand, not `joined(separator:)`: each start writes every binding's hint.
      var text = ""
      for (index, sequence) in shown.enumerated() {
        if index > 0 { text += " " }
        text += KeyTable.name(sequence)
      }
      return text + " " + hint.words
    }
  }

  /// One line of the help overlay: its keys as people read them, what they do, and the
  /// bindings behind them (whose keys are exactly the ones in `keys`; a test checks it).
  public struct Line: Sendable {
    public var keys: String
    public var meaning: String
    public var bindings: [Binding]
  }

  public struct Section: Sendable {
    public var title: String
    public var lines: [Line]
  }

  /// The help overlay, in order.
  public static let sections: [Section] = [
    Section(title: "List", lines: listLines),
    Section(title: "Organise", lines: organiseLines + actLines + [detailLine] + linkLines),
    Section(title: "Projects, contexts and sort order", lines: pickerLines),
    Section(title: "Dates", lines: datesLines),
    Section(title: "Editing and search", lines: textLines),
    Section(title: "Several lists", lines: listsLines + doneLines),
  ]

  /// The help screen's own keys: shown on its hint line.
  public static let helpScreen: [Binding] = [
    Binding(
      [.character("?"), .escape, .character("q")], name: "close_help", in: [.help],
      hint: ("close help", 0), hintKeyCount: 3, action: { _ in .helpDismissed }),
    Binding([.ctrl("c")], name: "quit_from_help", in: [.help]) { _ in .quitKeyPressed },
    Binding([.character("j"), .down], name: "help_down", in: [.help], hint: ("scroll", 1)) {
      _ in .helpScrolled(.down)
    },
    Binding([.character("k"), .up], name: "help_up", in: [.help]) { _ in .helpScrolled(.up) },
    Binding([.pageDown, .character(" ")], name: "help_page_down", in: [.help]) { _ in
      .helpScrolled(.pageDown)
    },
    Binding([.pageUp], name: "help_page_up", in: [.help]) { _ in .helpScrolled(.pageUp) },
    Binding([.character("g"), .home], name: "help_top", in: [.help]) { _ in
      .helpScrolled(.top)
    },
    Binding([.character("G"), .end], name: "help_bottom", in: [.help]) { _ in
      .helpScrolled(.bottom)
    },
  ]

  /// Every binding.
  public static let bindings: [Binding] =
    sections.flatMap { $0.lines.flatMap(\.bindings) } + helpScreen

  /// Hint-line words that name no key, after the keys' hints.
  public static let notes: [Todos.Focus: [String]] = [
    .help: ["more: man todos-tui"],
    .priority: [priorityNote],
    .prompt: [promptNote],
  ]

  /// The hint line of a focus with the default keys (`KeyBindings.hints(for:)` for the keys
  /// in force).
  public static func hints(for focus: Todos.Focus) -> [String] {
    KeyBindings.standard.hints(for: focus)
  }

  /// How the help and the hints write a sequence: `g g`.
  public static func name(_ sequence: [Key]) -> String {
    // One key (nearly every binding) without an array of names joined.
    sequence.count == 1 ? name(sequence[0]) : sequence.map { name($0) }.joined(separator: " ")
  }

  /// How the help and the hints write a key: `j`, `Space`, `PgDn`, `^R`, `S-Down`.
  public static func name(_ key: Key) -> String {
    switch key {
    case .character(" "): "Space"
    case .character(let character): String(character)
    case .ctrl(let character): "^" + character.uppercased()
    case .enter: "Enter"
    case .escape: "Esc"
    case .backspace: "Bksp"
    case .delete: "Del"
    case .tab: "Tab"
    case .up: "Up"
    case .down: "Down"
    case .left: "Left"
    case .right: "Right"
    case .home: "Home"
    case .end: "End"
    case .pageUp: "PgUp"
    case .pageDown: "PgDn"
    case .shiftUp: "S-Up"
    case .shiftDown: "S-Down"
    case .shiftLeft: "S-Left"
    case .shiftRight: "S-Right"
    case .backTab: "S-Tab"
    case .insert: "Ins"
    case .function(let number): "F\(number)"
    default: "\(key)"
    }
  }

  // MARK: - The table

  private static func select(_ move: Viewport.SelectionMove) -> Todos.Action {
    .viewport(.selectionMoved(move))
  }

  /// Where the moves work: the list, and a `v` range (which they extend).
  private static let moving: Set<Todos.Focus> = [.list, .range]

  private static let listLines: [Line] = [
    Line(
      keys: "j k  Down Up", meaning: "next / previous",
      bindings: [
        Binding([.character("j"), .down], name: "next", in: moving) { _ in select(.next) },
        Binding([.character("k"), .up], name: "previous", in: moving) { _ in select(.previous) },
      ]),
    Line(
      keys: "g G  Home End", meaning: "first / last",
      bindings: [
        Binding([.character("g"), .home], name: "first", in: moving) { _ in select(.first) },
        Binding([.character("G"), .end], name: "last", in: moving) { _ in select(.last) },
      ]),
    Line(
      keys: "PgDn PgUp  ^D ^U", meaning: "page down / up",
      bindings: [
        Binding([.pageDown, .ctrl("d")], name: "page_down", in: moving) { _ in select(.pageDown) },
        Binding([.pageUp, .ctrl("u")], name: "page_up", in: moving) { _ in select(.pageUp) },
      ]),
    Line(
      keys: "a  e Enter  E", meaning: "add a todo (on top) / edit / edit in $EDITOR",
      bindings: [
        Binding([.character("a")], name: "add", hint: ("add", 1)) { _ in .addKeyPressed },
        Binding([.character("e"), .enter], name: "edit", hint: ("edit", 3)) {
          $0.viewport.selectedID == nil ? nil : .editKeyPressed
        },
        Binding([.character("E")], name: "edit_in_editor") {
          $0.viewport.selectedID == nil ? nil : .externalEdit(.keyPressed)
        },
      ]),
    Line(
      keys: "Space x  T", meaning: "toggle done / toggle all",
      bindings: [
        Binding([.character(" "), .character("x")], name: "toggle", hint: ("toggle", 2)) { state in
          state.viewport.selectedID.map { .todos(.element(id: $0, action: .checkboxToggled)) }
        },
        Binding([.character("T")], name: "toggle_all") { _ in .toggleAllKeyPressed },
      ]),
    Line(
      keys: "d Del  C", meaning: "delete / clear completed",
      bindings: [
        Binding([.character("d"), .delete], name: "delete", hint: ("delete", 4)) {
          $0.viewport.selectedID == nil ? nil : .deleteKeyPressed
        },
        Binding([.character("C")], name: "clear_completed") { _ in .clearCompletedKeyPressed },
      ]),
    Line(
      keys: "J K  S-Down S-Up", meaning: "move the todo down / up",
      bindings: [
        Binding([.character("J"), .shiftDown], name: "move_down") { _ in .moveKeyPressed(.down) },
        Binding([.character("K"), .shiftUp], name: "move_up") { _ in .moveKeyPressed(.up) },
      ]),
    Line(
      keys: "f Tab  1 2 3", meaning: "next filter or view; All, Active, Completed",
      bindings: [
        Binding([.character("f"), .tab], name: "next_filter", hint: ("filter", 6)) { _ in
          .filterCycled
        },
        Binding([.character("1")], name: "filter_all") { _ in .filterPicked(.all) },
        Binding([.character("2")], name: "filter_active") { _ in .filterPicked(.active) },
        Binding([.character("3")], name: "filter_completed") { _ in .filterPicked(.completed) },
      ]),
    Line(
      keys: "/  Esc", meaning: "search (Enter keeps, Esc clears)",
      bindings: [
        Binding([.character("/")], name: "search", hint: ("search", 5)) { _ in .searchKeyPressed },
        Binding([.escape], name: "clear_kept_search") {
          $0.organise.showsDetail
            ? .organise(.detailClosed)
            : $0.search != nil
              ? .search(.escapePressed) : $0.pickedTag != nil ? .picking(.tagCleared) : nil
        },
      ]),
    Line(
      keys: "u  ^R", meaning: "undo / redo",
      bindings: [
        Binding([.character("u")], name: "undo", hint: ("undo", 7)) { _ in .history(.undoKeyPressed)
        },
        Binding([.ctrl("r")], name: "redo") { _ in .history(.redoKeyPressed) },
      ]),
    Line(
      keys: "?  q ^C", meaning: "help (? Esc q close) / quit",
      bindings: [
        Binding([.character("?")], name: "help", hint: ("help", 0)) { _ in .helpKeyPressed },
        Binding(
          [.character("q"), .ctrl("c")], name: "quit", in: [.list, .range], hint: ("quit", 8)
        ) {
          _ in .quitKeyPressed
        },
        Binding([.ctrl("c")], name: "quit_from_priority", in: [.priority]) { _ in .quitKeyPressed },
      ]),
    Line(
      keys: "^L", meaning: "redraw the screen",
      bindings: [
        Binding([.ctrl("l")], name: "redraw", in: Set(Todos.Focus.allCases)) { _ in
          .redrawKeyPressed
        }
      ]),
  ]

  /// The bindings of a text-field key, in the editor (with its hint, if any) and the search.
  private static func edit(
    _ keys: [Key], _ name: String, _ edit: TextField.Edit, hint: (String, Int)? = nil
  ) -> [Binding] {
    [
      Binding(keys, name: name, in: [.editor], hint: hint) { $0.textEdited(edit) },
      Binding(keys, name: name, in: [.search, .prompt]) { $0.textEdited(edit) },
    ]
  }

  private static let textLines: [Line] = [
    Line(
      keys: "Left Right  Tab", meaning: "move the cursor; Tab types a space (not in the editor)",
      bindings: edit([.left], "cursor_left", .moveLeft) + edit([.right], "cursor_right", .moveRight)
        + [
          Binding([.tab], name: "type_space", in: [.search, .prompt]) {
            $0.textEdited(.insert(" "))
          }
        ]),
    completionLine,
    Line(
      keys: "Home End  ^A ^E", meaning: "to the start / end",
      bindings: edit([.home, .ctrl("a")], "to_start", .moveToStart)
        + edit([.end, .ctrl("e")], "to_end", .moveToEnd)),
    Line(
      keys: "Bksp  Del ^D", meaning: "delete the character before / at the cursor",
      bindings: edit([.backspace], "delete_before", .deleteBackward)
        + edit([.delete, .ctrl("d")], "delete_at", .deleteForward)),
    Line(
      keys: "^W ^U ^K", meaning: "delete a word, to the start, to the end",
      bindings: edit([.ctrl("w")], "delete_word", .deleteWordBackward, hint: ("word", 2))
        + edit([.ctrl("u")], "delete_to_start", .deleteToStart, hint: ("to start", 3))
        + edit([.ctrl("k")], "delete_to_end", .deleteToEnd, hint: ("to end", 4))),
    Line(
      keys: "Enter  Esc ^C", meaning: "save / cancel; in a search: keep / clear",
      bindings: [
        Binding([.enter], name: "save", in: [.editor], hint: ("save", 0)) { _ in
          .editor(.enterPressed)
        },
        Binding([.escape, .ctrl("c")], name: "cancel", in: [.editor], hint: ("cancel", 1)) { _ in
          .editor(.escapePressed)
        },
        Binding([.enter], name: "keep_search", in: [.search], hint: ("keep", 0)) { _ in
          .search(.enterPressed)
        },
        Binding([.escape, .ctrl("c")], name: "clear_search", in: [.search], hint: ("clear", 1)) {
          _ in
          .search(.escapePressed)
        },
      ]),
    Line(
      keys: "Down Up  PgDn PgUp", meaning: "in a search: select",
      bindings: [
        Binding([.down], name: "search_next", in: [.search], hint: ("next", 2)) { _ in select(.next)
        },
        Binding([.up], name: "search_previous", in: [.search], hint: ("previous", 3)) { _ in
          select(.previous)
        },
        Binding([.pageDown], name: "search_page_down", in: [.search]) { _ in select(.pageDown) },
        Binding([.pageUp], name: "search_page_up", in: [.search]) { _ in select(.pageUp) },
      ]),
  ]
}

extension Todos.State {
  /// A keystroke for the field that has the keys: the editor's or the search's.
  func textEdited(_ edit: TextField.Edit) -> Todos.Action? {
    switch focus {
    case .editor: .editor(.textEdited(edit))
    case .search: .search(.textEdited(edit))
    case .picker: pickerAction(.textEdited(edit))
    case .prompt: .organise(.promptEdited(edit))
    case .list, .help, .range, .priority, .links, .restore: nil
    }
  }
}
