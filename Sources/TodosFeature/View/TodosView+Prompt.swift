import TerminalUI

// The `z` / `m` prompt on screen: on the status line, its title bold, the typed words
// underlined as the search's are, an example in dim while nothing is typed. And the editor's
// date hint, first on the hint line while the caret is on a `due:`/`t:` word.

extension TodosView {
  /// `due:fri → Fri Nov 27` while the editor's caret is on a `due:`/`t:` word, else nil.
  static func editorDateHint(_ state: Todos.State) -> String? {
    guard case .editing(let editor) = state.mode else { return nil }
    return editor.dateHint(today: state.list.dates.today)
  }

  /// What an empty `z` / `m` prompt shows, dim, as an example.
  static func promptPlaceholder(_ kind: ActPrompt.Kind) -> String {
    switch kind {
    case .postpone: "3d 1w 1m fri tomorrow 2026-12-01"
    case .modify: "+project @context due:fri pri:B -+project -@context -due -t -pri"
    }
  }

  /// Draws the `z` / `m` prompt on the status line (`Postpone by: 3d`, the field underlined,
  /// `(3 todos)` after the title in a range); returns its cursor.
  ///
  /// ```swift
  /// let cursor = drawPrompt(prompt, state, into: &buffer, y: height - 2)
  /// ```
  static func drawPrompt(
    _ prompt: ActPrompt, _ state: Todos.State, into buffer: inout ScreenBuffer, y: Int
  ) -> CursorPosition? {
    let count = state.organise.rangeAnchor == nil ? 0 : state.targetIDs.count
    let title = prompt.title + (count > 1 ? " (\(count) todos)" : "") + ": "
    var x = 1
    x += buffer.write(title, x: x, y: y, style: titleStyle, maxWidth: buffer.width - 2)
    let width = buffer.width - 1 - x
    guard width > 1 else { return nil }
    let field = FieldLayout(field: prompt.field, width: width)
    if prompt.field.text.isEmpty {
      buffer.write(
        DisplayWidth.truncate(promptPlaceholder(prompt.kind), toWidth: width), x: x, y: y,
        style: hintStyle)
    } else {
      buffer.write(field.text, x: x, y: y, style: fieldStyle, maxWidth: field.width)
    }
    return CursorPosition(x: x + field.cursorColumn, y: y)
  }
}
