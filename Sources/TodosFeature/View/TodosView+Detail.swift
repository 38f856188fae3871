import IdentifiedCollections
import TerminalUI
import TodoTxt

// The detail pane (`i`): the whole selected todo at the bottom of the list area, or over all
// of it on a terminal under 12 rows. It follows the selection; `i` or Esc closes it.

extension TodosView {
  /// The screen height below which the detail pane covers the whole list area.
  static let detailOverlayBelow = 12

  /// The pane's lines for `todo`: the text wrapped to `width`, then its dates in words, its
  /// recurrence, its tags and where it is in the file.
  ///
  /// ```swift
  /// TodosView.detailLines(todo, in: state, width: 40)
  /// // ["Call Mom due:2026-11-27 +family", "due Fri Nov 27, in 1 day", …]
  /// ```
  static func detailLines(_ todo: Todo.State, in state: Todos.State, width: Int) -> [String] {
    let today = state.list.dates.today
    let text = (todo.priority.map { "(\($0)) " } ?? "") + todo.description
    var lines = wrap(text, width: width)
    let tags = DateTags(todo.description)
    var dates: [String] = []
    if let created = todo.creationDate { dates.append("created " + words(created, today)) }
    if let completed = todo.completionDate { dates.append("completed " + words(completed, today)) }
    if let due = tags.dueDate { dates.append("due " + words(due, today)) }
    if let start = tags.thresholdDate { dates.append("starts " + words(start, today)) }
    if let rule = tags.recurrence { dates.append("repeats " + String(rule.value)) }
    lines += dates.flatMap { wrap($0, width: width) }
    let named = TagIndex.tags(in: todo.description).map(\.tag)
    let keyed = TodoTags.all(in: todo.description).map { "\($0.key):\($0.value)" }
    if !(named + keyed).isEmpty {
      lines += wrap("tags " + (named + keyed).joined(separator: " "), width: width)
    }
    if let index = state.list.rows.index(id: todo.id) {
      lines.append("todo \(index + 1) of \(state.list.rows.count) in the file")
    }
    return lines
  }

  /// `Fri Nov 27, in 1 day`, `Mon Nov 23, today`, `Fri Nov 20, 3 days ago`.
  static func words(_ date: TodoDate, _ today: TodoDate) -> String {
    let days = today.days(to: date)
    let when =
      switch days {
      case 0: "today"
      case 1: "in 1 day"
      case -1: "1 day ago"
      case let days where days > 0: "in \(days) days"
      default: "\(-days) days ago"
      }
    return Postpone.longDate(date, today: today) + ", " + when
  }

  /// `text` cut into lines of at most `width` columns, at spaces where it can.
  static func wrap(_ text: String, width: Int) -> [String] {
    guard width > 0 else { return [] }
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      let candidate = line.isEmpty ? String(word) : line + " " + word
      if DisplayWidth.of(candidate) <= width {
        line = candidate
        continue
      }
      if !line.isEmpty { lines.append(line) }
      var rest = String(word)
      while DisplayWidth.of(rest) > width {
        var head = ""
        for character in rest {
          guard DisplayWidth.of(head + String(character)) <= width else { break }
          head.append(character)
        }
        if head.isEmpty { head = String(rest.prefix(1)) }
        lines.append(head)
        rest = String(rest.dropFirst(head.count))
      }
      line = rest
    }
    if !line.isEmpty || lines.isEmpty { lines.append(line) }
    return lines
  }

  /// How many rows of the list area the pane takes (its rule included), on a screen of
  /// `height` rows whose list area is `listHeight`: all of them under 12 rows; 0 when closed.
  static func detailHeight(
    _ state: Todos.State, width: Int, height: Int, listHeight: Int
  ) -> Int {
    guard let todo = detailTodo(state) else { return 0 }
    if height < detailOverlayBelow { return listHeight }
    let lines = detailLines(todo, in: state, width: width - 4).count + 1
    return min(lines, max(listHeight / 2, 1))
  }

  /// The todo the pane shows: the selected one, while the pane is open and the list shows.
  static func detailTodo(_ state: Todos.State) -> Todo.State? {
    guard state.organise.showsDetail, state.focus == .list || state.focus == .range,
      let id = state.viewport.selectedID
    else { return nil }
    return state.list[id: id]
  }

  /// Draws the pane over the last `height` rows of the list area (from `top`).
  static func drawDetail(
    _ state: Todos.State, top: Int, height: Int, into buffer: inout ScreenBuffer
  ) {
    guard height > 0, let todo = detailTodo(state) else { return }
    let width = buffer.width
    for y in top..<(top + height) { buffer.write(String(repeating: " ", count: width), x: 0, y: y) }
    buffer.write(String(repeating: "─", count: width), x: 0, y: top, style: hintStyle)
    buffer.write(" i/Esc close ", x: 2, y: top, style: hintStyle)
    let lines = detailLines(todo, in: state, width: width - 4)
    for (offset, line) in lines.prefix(height - 1).enumerated() {
      buffer.write(line, x: 2, y: top + 1 + offset)
    }
  }
}
