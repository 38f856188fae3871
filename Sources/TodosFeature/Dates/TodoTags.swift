import TodoTxt

/// One `key:value` extension tag in a todo's description, with where it sits in the text.
///
/// A tag is a whitespace-separated word with exactly one colon, something on both sides of it, a
/// value that does not start with `//` (so `http://example.com` is a link, not a tag), and no
/// leading `+` or `@` (that word is a project or context). This is the rule the codec uses to
/// highlight tags (`TodoTxtText`), so what is highlighted and what is read always agree.
///
/// ```swift
/// let text = "Call Bob due:2026-11-27 +Family"
/// let tag = TodoTags.all(in: text)[0]
/// tag.key    // "due"
/// tag.value  // "2026-11-27"
/// text[tag.range]  // "due:2026-11-27"
/// ```
public struct TodoTag: Hashable, Sendable {
  /// The text before the colon, e.g. `due`.
  public let key: Substring
  /// The text after the colon, e.g. `2026-11-27`.
  public let value: Substring
  /// The whole word, key through value, in the scanned text.
  public var range: Range<String.Index> { key.startIndex..<value.endIndex }
  /// Where the value sits in the scanned text (replace it to change the tag in place).
  public var valueRange: Range<String.Index> { value.startIndex..<value.endIndex }

  // Two tags are the same when they spell the same and sit at the same place.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.range == rhs.range && lhs.key == rhs.key && lhs.value == rhs.value
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(key)
    hasher.combine(value)
  }
}

/// The date tags a todo's description carries: the first `due:`, `t:`, `h:` and `rec:` of each.
///
/// Later duplicates are ignored, as topydo and ttdl do. Values are kept as written; the `…Date`
/// properties read them as `YYYY-MM-DD`.
///
/// ```swift
/// let tags = DateTags("Pay rent due:2026-12-01 t:2026-11-25 rec:+1m")
/// tags.dueDate        // 2026-12-01
/// tags.recurrence     // Recurrence(count: 1, unit: .months, isStrict: true)
/// tags.isHidden(today: TodoDate(string: "2026-11-23")!)  // true: starts on the 25th
/// ```
public struct DateTags: Hashable, Sendable {
  /// `due:` — when the todo is due.
  public var due: TodoTag?
  /// `t:` — the threshold (start) date: before it, the todo is not relevant yet.
  public var threshold: TodoTag?
  /// `h:` — `h:1` hides the todo for good.
  public var hidden: TodoTag?
  /// `rec:` — how the todo recurs when completed.
  public var recurrence: TodoTag?

  /// Scans `text` once; costs one byte scan and no allocation when it has no colon.
  ///
  /// ```swift
  /// DateTags("Milk").due  // nil
  /// ```
  public init(_ text: String) {
    TodoTags.forEach(in: text) { tag in
      switch tag.key {
      case "due": if due == nil { due = tag }
      case "t": if threshold == nil { threshold = tag }
      case "h": if hidden == nil { hidden = tag }
      case "rec": if recurrence == nil { recurrence = tag }
      default: break
      }
    }
  }

  /// True when no date tag was found.
  ///
  /// ```swift
  /// DateTags("Milk @store").isEmpty  // true
  /// ```
  public var isEmpty: Bool {
    due == nil && threshold == nil && hidden == nil && recurrence == nil
  }

  /// The `due:` value as a day, or nil when absent or not `YYYY-MM-DD`.
  ///
  /// ```swift
  /// DateTags("a due:2026-02-30").dueDate  // nil: no such day
  /// ```
  public var dueDate: TodoDate? { due.flatMap { TodoDate(string: String($0.value)) } }

  /// The `t:` value as a day, or nil when absent or not `YYYY-MM-DD`.
  ///
  /// ```swift
  /// DateTags("a t:2026-12-01").thresholdDate  // 2026-12-01
  /// ```
  public var thresholdDate: TodoDate? {
    threshold.flatMap { TodoDate(string: String($0.value)) }
  }

  /// The parsed `rec:` value, or nil when absent or malformed (see `hasMalformedRecurrence`).
  ///
  /// ```swift
  /// DateTags("a rec:2w").recurrence  // 2 weeks, not strict
  /// ```
  public var recurrenceRule: Recurrence? { recurrence.flatMap { Recurrence($0.value) } }

  /// True when a `rec:` tag is present but its value is not understood (`rec:often`).
  ///
  /// ```swift
  /// DateTags("a rec:often").hasMalformedRecurrence  // true
  /// ```
  public var hasMalformedRecurrence: Bool { recurrence != nil && recurrenceRule == nil }

  /// True when the todo carries `h:1`.
  ///
  /// ```swift
  /// DateTags("a h:1").isHiddenForGood  // true
  /// ```
  public var isHiddenForGood: Bool { hidden?.value == "1" }

  /// Whether the list hides this todo today: it has `h:1`, or a `t:` date after `today`.
  ///
  /// A `t:` value that is not a date hides nothing.
  ///
  /// ```swift
  /// let today = TodoDate(string: "2026-11-23")!
  /// DateTags("a t:2026-11-24").isHidden(today: today)  // true
  /// DateTags("a t:2026-11-23").isHidden(today: today)  // false: starts today
  /// ```
  public func isHidden(today: TodoDate) -> Bool {
    if isHiddenForGood { return true }
    if let start = thresholdDate, start > today { return true }
    return false
  }
}

/// Finding, hiding and rewriting `key:value` tags in a todo's description.
///
/// ```swift
/// TodoTags.displayText(hidingDueIn: "Call Bob due:2026-11-27 today")  // "Call Bob today"
/// ```
public enum TodoTags {
  /// Every tag in `text`, in order.
  ///
  /// ```swift
  /// TodoTags.all(in: "see http://x.org due:fri a:b").map(\.key)  // ["due", "a"]
  /// ```
  public static func all(in text: String) -> [TodoTag] {
    var tags: [TodoTag] = []
    forEach(in: text) { tags.append($0) }
    return tags
  }

  /// The first tag with `key` (case-sensitive), or nil.
  ///
  /// ```swift
  /// TodoTags.first("due", in: "a due:x due:y")?.value  // "x"
  /// ```
  public static func first(_ key: String, in text: String) -> TodoTag? {
    var found: TodoTag?
    forEach(in: text) { tag in
      if found == nil, tag.key == key { found = tag }
    }
    return found
  }

  /// Calls `body` for each tag in `text`, in order. Allocates nothing when `text` has no colon.
  ///
  /// ```swift
  /// TodoTags.forEach(in: "a due:x") { print($0.key) }  // due
  /// ```
  public static func forEach(in text: String, _ body: (TodoTag) -> Void) {
    let scanned: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
      forEachTag(in: bytes) { wordStart, colon, end in
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: wordStart)
        let key = utf8.index(start, offsetBy: colon - wordStart)
        let value = utf8.index(after: key)
        body(
          TodoTag(
            key: text[start..<key],
            value: text[value..<utf8.index(value, offsetBy: end - colon - 1)]))
        return true
      }
    }
    if scanned == nil { forEachByIndex(in: text, body) }
  }

  /// `forEach` over a text with no contiguous UTF-8 (a bridged string), by index.
  static func forEachByIndex(in text: String, _ body: (TodoTag) -> Void) {
    let utf8 = text.utf8
    let colon = UInt8(ascii: ":")
    guard utf8.contains(colon) else { return }
    var wordStart = utf8.startIndex
    var index = utf8.startIndex
    while true {
      let atEnd = index == utf8.endIndex
      if atEnd || isSpace(utf8[index]) {
        if wordStart < index, let tag = tag(in: text, from: wordStart, to: index) {
          body(tag)
        }
        if atEnd { return }
        wordStart = utf8.index(after: index)
      }
      index = utf8.index(after: index)
    }
  }

  /// `text` without the `due:` tag that the due badge shows, and without the spaces that would
  /// double up where it was. Unchanged when there is no `due:` tag or its value is not a date
  /// (then the row must still show it, since no badge does).
  ///
  /// ```swift
  /// TodoTags.displayText(hidingDueIn: "due:2026-11-27 Call Bob")  // "Call Bob"
  /// TodoTags.displayText(hidingDueIn: "Call Bob due:someday")     // unchanged
  /// ```
  public static func displayText(hidingDueIn text: String) -> String {
    let tags = DateTags(text)
    guard let due = tags.due, tags.dueDate != nil else { return text }
    return removing(due, from: text)
  }

  /// `text` without `tag`'s word and the whitespace before it (or, at the start of the text, the
  /// whitespace after it), so the words around it stay separated exactly as before.
  ///
  /// ```swift
  /// let text = "Call  h:1 Bob"
  /// TodoTags.removing(TodoTags.first("h", in: text)!, from: text)  // "Call Bob"
  /// ```
  public static func removing(_ tag: TodoTag, from text: String) -> String {
    let utf8 = text.utf8
    var lower = tag.range.lowerBound
    var upper = tag.range.upperBound
    while lower > utf8.startIndex, isSpace(utf8[utf8.index(before: lower)]) {
      lower = utf8.index(before: lower)
    }
    if lower == utf8.startIndex {
      lower = tag.range.lowerBound
      while upper < utf8.endIndex, isSpace(utf8[upper]) { upper = utf8.index(after: upper) }
      // A tag alone on the line, with leading spaces: drop those too.
      if upper == utf8.endIndex { lower = utf8.startIndex }
    }
    var result = String(text[..<lower])
    result += text[upper...]
    return result
  }

  /// `text` with `tag`'s value replaced by `value`, the tag keeping its place in the line.
  ///
  /// ```swift
  /// let text = "Call Bob due:fri +Family"
  /// TodoTags.replacingValue(of: TodoTags.first("due", in: text)!, with: "2026-11-27", in: text)
  /// // "Call Bob due:2026-11-27 +Family"
  /// ```
  public static func replacingValue(
    of tag: TodoTag, with value: String, in text: String
  ) -> String {
    var result = text
    result.replaceSubrange(tag.valueRange, with: value)
    return result
  }

  /// `text` with several tags' values replaced at once (the tags must come from `text` and not
  /// overlap; their order does not matter).
  ///
  /// ```swift
  /// let text = "a due:fri t:mon"
  /// let tags = TodoTags.all(in: text)
  /// TodoTags.replacingValues([(tags[0], "2026-11-27"), (tags[1], "2026-11-30")], in: text)
  /// // "a due:2026-11-27 t:2026-11-30"
  /// ```
  public static func replacingValues(
    _ replacements: [(tag: TodoTag, value: String)], in text: String
  ) -> String {
    guard !replacements.isEmpty else { return text }
    let sorted = replacements.sorted { $0.tag.range.lowerBound < $1.tag.range.lowerBound }
    var result = ""
    result.reserveCapacity(text.utf8.count + 16 * sorted.count)
    var position = text.startIndex
    for (tag, value) in sorted {
      result += text[position..<tag.valueRange.lowerBound]
      result += value
      position = tag.valueRange.upperBound
    }
    result += text[position...]
    return result
  }

  /// `text` with the first `key:` tag set to `value`, or with ` key:value` appended when it has
  /// no such tag.
  ///
  /// ```swift
  /// TodoTags.setting("due", to: "2026-11-30", in: "Water plants rec:1w")
  /// // "Water plants rec:1w due:2026-11-30"
  /// ```
  public static func setting(_ key: String, to value: String, in text: String) -> String {
    if let tag = first(key, in: text) {
      return replacingValue(of: tag, with: value, in: text)
    }
    let separator = text.isEmpty || text.utf8.last.map(isSpace) == true ? "" : " "
    return text + separator + key + ":" + value
  }

  // MARK: - Scanning

  static func isSpace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
  }

  /// The tag spelled by the word `start..<end` of `text`, or nil when the word is not a tag.
  private static func tag(in text: String, from start: String.Index, to end: String.Index)
    -> TodoTag?
  {
    let utf8 = text.utf8
    let colon = UInt8(ascii: ":")
    // A longer word that starts with `+` or `@` is a project or a context.
    let first = utf8[start]
    if first == UInt8(ascii: "+") || first == UInt8(ascii: "@"), utf8.index(after: start) < end {
      return nil
    }
    var index = start
    while index < end, utf8[index] != colon { index = utf8.index(after: index) }
    // The key must be non-empty and the value too.
    guard index > start, index < end else { return nil }
    let valueStart = utf8.index(after: index)
    guard valueStart < end else { return nil }
    // `scheme://…` is a link.
    let slash = UInt8(ascii: "/")
    if utf8[valueStart] == slash {
      let second = utf8.index(after: valueStart)
      if second < end, utf8[second] == slash { return nil }
    }
    var scan = valueStart
    while scan < end {
      if utf8[scan] == colon { return nil }
      scan = utf8.index(after: scan)
    }
    return TodoTag(key: text[start..<index], value: text[valueStart..<end])
  }
}
