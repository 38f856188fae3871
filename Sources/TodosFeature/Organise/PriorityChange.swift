import TodoTxt

/// Setting and clearing a todo's priority from the keyboard (`p` then a letter, `p` then Space
/// or Backspace), in the todo.txt form: `(B) ` at the start of an active todo, a `pri:B` tag on
/// a completed one (where todo.txt has no priority), given back as `(B) ` on reopening.
///
/// ```swift
/// PriorityChange.letter(forKey: "b")               // "B"
/// let row = PriorityChange.setting("B", on: todo)  // todo.priority == "B"
/// PriorityChange.status(setting: "B", on: row)     // "Priority B: “Call Mom”"
/// ```
public enum PriorityChange {
  /// The priority a key after `p` gives: `a`…`z` and `A`…`Z` give `A`…`Z`; nil for any other.
  ///
  /// ```swift
  /// PriorityChange.letter(forKey: "B")  // "B"
  /// PriorityChange.letter(forKey: "1")  // nil
  /// ```
  public static func letter(forKey key: Character) -> Character? {
    guard let ascii = key.asciiValue else { return nil }
    switch ascii {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): return key
    case UInt8(ascii: "a")...UInt8(ascii: "z"): return Character(Unicode.Scalar(ascii - 32))
    default: return nil
    }
  }

  /// `line` with priority `letter` (nil clears it). An active line gets `(B) `; a completed
  /// one gets its last `pri:` tag changed in place, ` pri:B` appended when it has none, or the
  /// tag removed when clearing.
  ///
  /// ```swift
  /// let line = TodoTxtLine(parsing: "x 2026-11-23 Call Mom pri:A @phone")!
  /// PriorityChange.setting("B", on: line).description
  /// // "x 2026-11-23 Call Mom pri:B @phone"
  /// ```
  public static func setting(_ letter: Character?, on line: TodoTxtLine) -> TodoTxtLine {
    var line = line
    let letter = letter.flatMap(Self.letter(forKey:))
    guard line.isComplete else {
      if line.priority != letter { line.priority = letter }
      return line
    }
    let tag = lastPriorityTag(in: line.text)
    switch (tag, letter) {
    case (let tag?, let letter?):
      if tag.value != String(letter) {
        line.text = TodoTags.replacingValue(of: tag, with: String(letter), in: line.text)
      }
    case (let tag?, nil):
      line.text = TodoTags.removing(tag, from: line.text)
    case (nil, let letter?):
      let separator = line.text.isEmpty || line.text.utf8.last.map(TodoTags.isSpace) == true
      line.text += (separator ? "" : " ") + "pri:" + String(letter)
    case (nil, nil):
      break
    }
    return line
  }

  /// The row with priority `letter` (nil clears it). A completed row holds its `pri:` tag as
  /// its priority; when its original line had the tag somewhere other than the end, the line
  /// is rewritten with the tag changed in place, so the rest of the line stays as it was.
  ///
  /// ```swift
  /// PriorityChange.setting(nil, on: todo).priority  // nil
  /// ```
  public static func setting(_ letter: Character?, on todo: Todo.State) -> Todo.State {
    let letter = letter.flatMap(Self.letter(forKey:))
    guard todo.priority != letter else { return todo }
    var changed = todo
    changed.priority = letter
    changed.rawLine = nil
    guard todo.isComplete, let raw = todo.rawLine, let line = TodoTxtLine.parse(raw) else {
      return changed
    }
    // Keep the edited original line only if reading it back gives exactly this row.
    let edited = setting(letter, on: line).serialized()
    if let reread = TodoTxtLine.parse(edited), reread.isComplete,
      reread.creationDate == changed.creationDate,
      reread.completionDate == changed.completionDate
    {
      var reopened = reread
      reopened.reopen()
      let description = reopened.priority == nil ? reread.text : reopened.text
      if reopened.priority == letter, description == changed.description {
        changed.rawLine = edited
      }
    }
    return changed
  }

  /// The status line after a change: `Priority B: “Call Mom”`, `Priority cleared: “Call Mom”`.
  ///
  /// ```swift
  /// PriorityChange.status(setting: nil, on: todo)  // "Priority cleared: “Call Mom”"
  /// ```
  public static func status(setting letter: Character?, on todo: Todo.State) -> String {
    heading(letter) + ": " + Todos.quoted(todo.description)
  }

  /// The status line after a change to several todos: `Priority B: 3 todos`.
  ///
  /// ```swift
  /// PriorityChange.status(setting: "A", count: 2)  // "Priority A: 2 todos"
  /// ```
  public static func status(setting letter: Character?, count: Int) -> String {
    heading(letter) + ": \(count) todo" + (count == 1 ? "" : "s")
  }

  private static func heading(_ letter: Character?) -> String {
    letter.flatMap(Self.letter(forKey:)).map { "Priority \($0)" } ?? "Priority cleared"
  }

  /// `“text”`, shortened to 30 characters as the other status messages are.
  /// The last `pri:X` tag (X a capital letter), the one `TodoTxtLine.reopen()` reads.
  private static func lastPriorityTag(in text: String) -> TodoTag? {
    var last: TodoTag?
    TodoTags.forEach(in: text) { tag in
      if tag.key == "pri", tag.value.count == 1, let letter = tag.value.first,
        ("A"..."Z").contains(letter)
      {
        last = tag
      }
    }
    return last
  }
}
