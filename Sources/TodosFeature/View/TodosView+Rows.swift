import TerminalUI
import TodoTxt

// One row of the list: a todo, or the todo being edited, and the text fields' scrolling.

extension TodosView {
  /// Draws a todo's row: from the right, the settling tag, the conflict tag, the date badge,
  /// then the text, cut with `…` where it meets them (never overwritten).
  ///
  /// The selection's style marks the gutter (`> [ ]`), or the whole row when the theme's
  /// `selectionBar` is `.row`. A completed todo takes the completed look once it settles:
  /// while it waits to sink only its box says so, so a toggle rewrites a few cells, not the row.
  static func drawRow(
    _ todo: Todo.State, y: Int, isSelected: Bool, isSettling: Bool, isConflicted: Bool = false,
    badge: RowBadge? = nil, into buffer: inout ScreenBuffer, theme: TodosTheme = .standard
  ) {
    let looksComplete = todo.isComplete && !isSettling
    let isBar = isSelected && theme.selectionBar == .row
    var style: Style =
      switch (isBar, looksComplete) {
      case (true, true): theme.selectedCompleted
      case (true, false): theme.selection
      case (false, true): theme.completed
      case (false, false): .plain
      }
    if badge?.isHiddenRow == true { style.dim = hiddenRowStyle.dim }
    if style != .plain { buffer.fill(x: 0, y: y, width: buffer.width, height: 1, style: style) }
    // The gutter: the marker and the box, in the selection's style on the selected row.
    let gutter = isSelected && !isBar ? theme.selection : style
    drawGutter(
      todo, y: y, isSelected: isSelected, style: gutter, filled: gutter != style,
      into: &buffer)
    var textWidth = buffer.width - textX - 1
    if isSettling {
      let tagX = buffer.width - 1 - DisplayWidth.of(settlingTag)
      buffer.write(settlingTag, x: tagX, y: y, style: style)
      textWidth = tagX - 1 - textX
    }
    if isConflicted {
      textWidth =
        drawConflictTag(
          y: y, right: textX + textWidth, rowStyle: style, isSelected: isBar, into: &buffer)
        - textX
    }
    var description = todo.description
    if let badge {
      let right = textX + textWidth
      textWidth =
        drawBadge(
          badge, y: y, right: right, rowStyle: style, isSelected: isBar,
          into: &buffer, theme: theme)
        - textX
      // The tag goes only where the badge says it: a badge left out leaves it in the text.
      if badge.hidesDue, textX + textWidth != right {
        description = TodoTags.displayText(hidingDueIn: description)
      }
    }
    let priority = todo.priority.map { "(\($0)) " } ?? ""
    let whole = priority + description
    // The `…` of a cut text is in the row's style, not in the colour of the word it cuts: a
    // toggle that makes room for `(settling)` then rewrites one plain cell. The text is cut
    // one column short, with no `…` to remove after (each string made costs a malloc).
    // An ASCII start is cut in place, as `truncate` would cut it, with no string made.
    var text = Substring(whole)
    var isCut = false
    if textWidth >= 2 {
      isCut = DisplayWidth.of(whole) > textWidth
      if isCut, DisplayWidth.asciiPrefix(whole) >= textWidth - 1 {
        text = whole[..<whole.utf8.index(whole.startIndex, offsetBy: textWidth - 1)]
      } else if isCut {
        text = Substring(DisplayWidth.truncate(whole, toWidth: textWidth - 1, ellipsis: ""))
      }
    } else {
      var cut = DisplayWidth.truncate(whole, toWidth: textWidth)
      isCut = cut != whole && cut.last == "…"
      if isCut { cut.removeLast() }
      text = Substring(cut)
    }
    let end = drawTodoTxtText(
      text, priorityLength: priority.count, x: textX, y: y, style: style,
      isSelected: isBar, into: &buffer, theme: theme)
    if isCut { buffer.write("…", x: end, y: y, style: style) }
  }

  /// Draws a row's gutter (`> [ ]`: the marker when selected, and the box) in `style`,
  /// blanking it first when `filled` (a style the row around it does not have).
  static func drawGutter(
    _ todo: Todo.State, y: Int, isSelected: Bool, style: Style, filled: Bool = true,
    into buffer: inout ScreenBuffer
  ) {
    if filled { buffer.fill(x: 0, y: y, width: textX - 1, height: 1, style: style) }
    if isSelected { buffer.write(">", x: 0, y: y, style: style) }
    buffer.write(todo.isComplete ? "[x]" : "[ ]", x: checkboxX, y: y, style: style)
  }

  /// Writes a description with its todo.txt parts marked: the priority bold, links underlined,
  /// `+project` and `@context` in colour (their `+`/`@` carry the meaning without colour), or
  /// underlined on the selected row, whatever the selection's style: a colour of their own would be
  /// unreadable on a coloured bar, and a solid block under reverse video. Returns the column
  /// after the text.
  @discardableResult
  static func drawTodoTxtText(
    _ text: Substring, priorityLength: Int, x: Int, y: Int, style: Style, isSelected: Bool = false,
    into buffer: inout ScreenBuffer, theme: TodosTheme = .standard
  ) -> Int {
    var x = x
    var rest = text
    let onSelection = isSelected || style.reverse
    if priorityLength > 0 {
      let priority = rest.prefix(priorityLength)
      let letter = priority.dropFirst().first
      let marked =
        onSelection
        ? TodosTheme.layered(
          Style(bold: theme.priorityStyle(for: letter).bold), over: style)
        : TodosTheme.layered(theme.priorityStyle(for: letter), over: style)
      x += buffer.write(priority, x: x, y: y, style: marked)
      rest = rest.dropFirst(priorityLength)
    }
    // Bytes, as `TodoTxtText` classifies words by them (reading Characters costs more).
    guard rest.utf8.contains(where: { $0 == 0x2B || $0 == 0x40 || $0 == 0x3A }) else {  // + @ :
      return x + buffer.write(rest, x: x, y: y, style: style)
    }
    // The spans in the row's own style (words, tags and spaces with no link) are written
    // together, a run at a time: a row costs a few writes, not one a word. A run is cut where
    // a byte on either side is not ASCII, so no cluster joins across spans that were apart.
    // A loop, not a closure: a closure changing `x` and the run would box them.
    let utf8 = rest.utf8
    var run: Substring.Index?
    for span in TodoTxtText.Spans(rest) {
      var spanStyle = style
      var isPlain = false
      switch span.kind {
      // On the selected row a colour would become a solid block hiding the text (reverse
      // video) or clash with the bar's: the tag stays in the row's colours, underlined.
      case .project where onSelection, .context where onSelection:
        spanStyle.underline = true
      case .project: spanStyle = TodosTheme.layered(theme.project, over: style)
      case .context: spanStyle = TodosTheme.layered(theme.context, over: style)
      // A link is underlined (`TodoLinks`), the punctuation around it not.
      case .word, .tag: isPlain = TodoLinks.url(in: span.text) == nil
      case .whitespace: isPlain = true
      }
      let start = span.text.startIndex
      if isPlain, run != nil, utf8[utf8.index(before: start)] < 0x80, utf8[start] < 0x80 {
        continue  // the run goes on
      }
      if let open = run {
        x += buffer.write(rest[open..<start], x: x, y: y, style: style)
        run = nil
      }
      if isPlain {
        run = start
      } else if span.kind == .word || span.kind == .tag {
        x += writeLinking(span.text, x: x, y: y, style: style, into: &buffer)
      } else {
        x += buffer.write(span.text, x: x, y: y, style: spanStyle)
      }
    }
    if let open = run { x += buffer.write(rest[open...], x: x, y: y, style: style) }
    return x
  }

  /// Draws the row being edited: the field, after the todo's creation date in dim (`created`,
  /// shown, never edited: Enter keeps it) when the row is wide enough for both.
  static func drawEditingRow(
    _ editing: Editor.State, y: Int, into buffer: inout ScreenBuffer, isComplete: Bool = false,
    created: TodoDate? = nil
  ) -> CursorPosition {
    buffer.write(">", x: 0, y: y)
    buffer.write(isComplete ? "[x]" : "[ ]", x: checkboxX, y: y)
    var x = textX
    if let created, buffer.width - textX - 1 - 11 >= minimumFieldWidth {
      x += 1 + buffer.write(created.description, x: x, y: y, style: hintStyle)
    }
    let width = buffer.width - x - 1
    let field = FieldLayout(field: editing.field, width: width)
    buffer.fill(x: x, y: y, width: width, height: 1, style: fieldStyle)
    buffer.write(field.text, x: x, y: y, style: fieldStyle, maxWidth: width)
    return CursorPosition(x: x + field.cursorColumn, y: y)
  }

  /// The narrowest field the editor keeps when the creation date is shown beside it.
  static let minimumFieldWidth = 12
}

/// Which part of a text field to show in `width` columns so the cursor stays visible.
struct FieldLayout {
  /// The text to draw (starting with `…` when scrolled).
  var text: String
  /// The cursor's column relative to the start of the field.
  var cursorColumn: Int
  var width: Int

  init(field: TextField, width: Int) {
    self.width = max(width, 1)
    let text = field.text
    var end = text.startIndex
    var columnOfCursor = 0
    let isASCII = TextField.isPrintableASCII(text)
    if isASCII {
      // Printable ASCII, nearly every todo: a character is a byte and a column.
      columnOfCursor = min(max(field.cursor, 0), text.utf8.count)
      end = text.utf8.index(text.startIndex, offsetBy: columnOfCursor)
    } else {
      // Walked through its indices: no array of its characters, no string rebuilt from one.
      var counted = 0
      while counted < field.cursor, end < text.endIndex {
        columnOfCursor += DisplayWidth.of(text[end])
        end = text.index(after: end)
        counted += 1
      }
    }
    // Keep one column for the cursor itself, and one for a `…` on the right.
    let room = self.width - 2
    if columnOfCursor <= room {
      // A byte a column: the text fits when its bytes do, and need not be measured again.
      let fits = isASCII && text.utf8.count <= self.width
      self.text = fits ? text : DisplayWidth.truncate(text, toWidth: self.width)
      cursorColumn = columnOfCursor
      return
    }
    // Scroll: drop characters from the left until the cursor fits after a leading `…`.
    var start = text.startIndex
    var shown = columnOfCursor
    if isASCII {
      shown = min(columnOfCursor, max(room - 1, 0))
      start = text.utf8.index(text.startIndex, offsetBy: columnOfCursor - shown)
    }
    while start < end, shown + 1 > room {
      shown -= DisplayWidth.of(text[start])
      start = text.index(after: start)
    }
    self.text = "…" + DisplayWidth.truncate(String(text[start...]), toWidth: self.width - 1)
    cursorColumn = 1 + shown
  }
}
