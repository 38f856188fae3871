/// One todo in todo.txt form: `[(A) ][creation-date ]text` when active,
/// `x completion-date [creation-date ]text` when complete.
///
/// Parsing keeps the line's original bytes in `raw`; printing an untouched line gives those bytes
/// back, so a file round-trips byte for byte. Changing any field drops `raw`, and the line is
/// printed afresh in canonical form.
///
/// ```swift
/// var line = TodoTxtLine.parse(Array("(A) 2011-03-01 Call Mom +Family @phone".utf8))!
/// line.priority      // "A"
/// line.creationDate  // 2011-03-01
/// line.complete(on: TodoDate(string: "2011-03-02")!)
/// String(decoding: line.serialized(), as: UTF8.self)
/// // "x 2011-03-02 2011-03-01 Call Mom +Family @phone pri:A"
/// ```
public struct TodoTxtLine: Sendable, CustomStringConvertible {
  // The stored fields are ordered and the priority packed so that a line takes 40 bytes, not
  // 64: a parsed file holds one per todo.
  /// The description, with `+project`, `@context` and `key:value` kept verbatim. Never holds a
  /// line break or control character when it comes from `parse` (they read as U+FFFD or space).
  public var text: String { didSet { raw = nil } }
  /// The line's original bytes (up to, not including, the LF; a CR before it is included), or
  /// nil once any field changed or for todos made in the app.
  public package(set) var raw: [UInt8]?
  /// `x ` at the start of the line.
  public var isComplete: Bool { didSet { raw = nil } }
  private var priorityByte: UInt8
  /// The date after `x `; only printed when `isComplete`.
  public var completionDate: TodoDate? { didSet { raw = nil } }
  /// The date before the text.
  public var creationDate: TodoDate? { didSet { raw = nil } }
  /// `A`...`Z`. Printed as `(A) ` on an active todo and as a trailing ` pri:A` tag on a
  /// completed one; `x (A) 2016-05-20 …` (the spec's form) reads as a priority too. A
  /// lowercase letter is printed uppercased, anything else is not printed (and a character
  /// that is not one ASCII byte is kept as none).
  public var priority: Character? {
    get { PriorityByte.unpack(priorityByte) }
    set {
      priorityByte = PriorityByte.pack(newValue)
      raw = nil
    }
  }

  /// A todo made in the app.
  ///
  /// ```swift
  /// TodoTxtLine(text: "Buy milk @store", creationDate: TodoDate(string: "2024-05-01"))
  /// ```
  public init(
    text: String,
    isComplete: Bool = false,
    priority: Character? = nil,
    creationDate: TodoDate? = nil,
    completionDate: TodoDate? = nil
  ) {
    self.text = text
    self.isComplete = isComplete
    self.priorityByte = PriorityByte.pack(priority)
    self.creationDate = creationDate
    self.completionDate = completionDate
    self.raw = nil
  }

  /// Parses a line typed by the user or read from a file, or nil when it is not a todo (blank,
  /// `#` comment, invalid UTF-8).
  ///
  /// ```swift
  /// TodoTxtLine(parsing: "(B) Schedule Goodwill pickup +GarageSale")?.priority  // "B"
  /// ```
  public init?(parsing string: String) {
    guard let line = Self.parse(Array(string.utf8)) else { return nil }
    self = line
  }

  /// Parses one line (bytes without the LF), or nil when the line is not a todo and must be
  /// kept as it is: blank or whitespace-only, starting with `#`, or not valid UTF-8.
  ///
  /// ```swift
  /// TodoTxtLine.parse(Array("xylophone lesson".utf8))?.isComplete  // false
  /// TodoTxtLine.parse(Array("# groceries".utf8))                   // nil
  /// ```
  public static func parse(_ bytes: [UInt8]) -> TodoTxtLine? {
    bytes.withUnsafeBufferPointer { parse(utf8: $0[...], raw: bytes) }
  }

  /// The parser proper, on a slice of a larger buffer; `raw` avoids a copy when the caller
  /// already has the line as an array. `sanitizing: false` keeps control characters in `text`
  /// (for rewriting a line without changing its text's bytes).
  package static func parse(
    utf8 line: Slice<UnsafeBufferPointer<UInt8>>, raw: [UInt8]? = nil, keepRaw: Bool = true,
    sanitizing: Bool = true
  ) -> TodoTxtLine? {
    var end = line.endIndex
    if end > line.startIndex, line[end - 1] == ASCII.cr { end -= 1 }
    let content = line[line.startIndex..<end]
    guard content.contains(where: { $0 != ASCII.space && $0 != ASCII.tab }),
      content.first != ASCII.hash
    else { return nil }
    var i = content.startIndex
    var isComplete = false
    var completionDate: TodoDate?
    var creationDate: TodoDate?
    var priority: Character?
    var position = TodoTxtField.Position.lineStart

    if TodoTxtField.isCompletionMark(content, at: i) {
      isComplete = true
      i += 2
      position = .afterCompletionMark
      // The spec's diagram allows a priority right after `x `: `x (A) 2016-05-20 …`.
      if TodoTxtField.isPriority(content, at: i) {
        priority = Character(Unicode.Scalar(content[i + 1]))
        i += 4
        position = .afterPriority
      }
      if let d = TodoTxtField.date(content, at: i) {
        completionDate = d
        i += 11
        position = .afterCompletionDate
        if let d = TodoTxtField.date(content, at: i) {
          creationDate = d
          i += 11
          position = .text
        }
      }
    } else {
      if TodoTxtField.isPriority(content, at: i) {
        priority = Character(Unicode.Scalar(content[i + 1]))
        i += 4
        position = .afterPriority
      }
      if let d = TodoTxtField.date(content, at: i) {
        creationDate = d
        i += 11
        position = .text
      }
    }
    // A space the printer put before text that would otherwise read as a field.
    if TodoTxtField.isEscaped(content[i...], after: position) { i += 1 }

    let rest = UnsafeBufferPointer(rebasing: content[i...])
    guard let decoded = String(validating: rest, as: UTF8.self) else { return nil }
    let text =
      sanitizing && TodoTxtText.needsSanitizing(rest) ? TodoTxtText.sanitized(decoded) : decoded

    var result = TodoTxtLine(
      text: text, isComplete: isComplete, priority: priority,
      creationDate: creationDate, completionDate: completionDate)
    if keepRaw { result.raw = raw ?? Array(line) }
    return result
  }

  /// The bytes to write for this line, without a line ending: `raw` when untouched, else the
  /// canonical form.
  ///
  /// ```swift
  /// TodoTxtLine(text: "Buy milk", priority: "A").serialized()  // "(A) Buy milk"
  /// ```
  public func serialized() -> [UInt8] {
    if let raw { return raw }
    return canonical()
  }

  /// The canonical form, ignoring `raw`. Line breaks and control characters in `text` are
  /// replaced so the line can never break the file.
  public func canonical() -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(text.utf8.count + 32)
    appendCanonical(to: &out)
    return out
  }

  /// Appends the canonical form to `out` (no allocation when `out` has room): what
  /// `TodoTxtDocument.serialized()` and the parser's round-trip check use.
  ///
  /// When the text (with its `pri:A` tag) would read as a field the todo does not have (`x `,
  /// `(A) `, a date, `#`), one space goes before it, which the parser drops again (see
  /// `TodoTxtField.isEscaped`). `sanitizingText: false` writes the text's bytes as they are;
  /// only for text that came from `parse(…, sanitizing: false)`, which holds no line break.
  package func appendCanonical(to out: inout [UInt8], sanitizingText: Bool = true) {
    let printedPriority = priority.flatMap(Self.normalizedPriority)
    var position = TodoTxtField.Position.lineStart
    if isComplete {
      out.append(ASCII.x)
      out.append(ASCII.space)
      position = .afterCompletionMark
      if let completionDate {
        completionDate.append(to: &out)
        out.append(ASCII.space)
        position = .afterCompletionDate
      }
      if let creationDate {
        creationDate.append(to: &out)
        out.append(ASCII.space)
        // Without a completion date, this date reads back as one (not representable).
        position = position == .afterCompletionDate ? .text : .afterCompletionDate
      }
    } else {
      if let printedPriority {
        out.append(ASCII.openParen)
        out.append(printedPriority)
        out.append(ASCII.closeParen)
        out.append(ASCII.space)
        position = .afterPriority
      }
      if let creationDate {
        creationDate.append(to: &out)
        out.append(ASCII.space)
        position = .text
      }
    }
    let textStart = out.count
    if sanitizingText {
      TodoTxtText.appendSanitized(text, to: &out)
    } else {
      out.append(contentsOf: text.utf8)
    }
    if isComplete, let printedPriority {
      for byte in " pri:".utf8 { out.append(byte) }
      out.append(printedPriority)
    }
    if position != .text, TodoTxtField.needsEscape(out, from: textStart, after: position) {
      out.insert(ASCII.space, at: textStart)
    }
  }

  /// The line as text, for debugging and tests.
  public var description: String { String(decoding: serialized(), as: UTF8.self) }

  /// Marks the todo complete on `date`; a priority moves into a trailing `pri:A` tag, the
  /// convention the todo.txt spec suggests.
  ///
  /// ```swift
  /// var line = TodoTxtLine(text: "Call Mom", priority: "A")
  /// line.complete(on: today)  // "x 2024-05-01 Call Mom pri:A"
  /// ```
  public mutating func complete(on date: TodoDate) {
    guard !isComplete else { return }
    if let printed = priority.flatMap(Self.normalizedPriority) {
      text += " pri:" + String(UnicodeScalar(printed))
    }
    priority = nil
    isComplete = true
    completionDate = date
  }

  /// Makes a completed todo active again; the last `pri:A` tag, if any, becomes its priority.
  ///
  /// ```swift
  /// var line = TodoTxtLine(parsing: "x 2024-05-01 Call Mom pri:A")!
  /// line.reopen()  // "(A) Call Mom"
  /// ```
  public mutating func reopen() {
    guard isComplete else { return }
    isComplete = false
    completionDate = nil
    guard let (letter, range) = Self.lastPriorityTag(in: text) else { return }
    priority = letter
    var scalars = text.unicodeScalars
    let lower = scalars.index(scalars.startIndex, offsetBy: range.lowerBound)
    scalars.removeSubrange(lower..<scalars.index(lower, offsetBy: range.count))
    text = String(scalars)
  }

  /// The last `pri:A` tag in `text`, and what reopening removes: the tag and one separating
  /// space before it (or after it, when it starts the text), as Unicode scalar offsets. Words
  /// are split as the text is shown (a line break reads as a space), so the same scalars go
  /// whether `text` is the file's bytes or sanitized.
  ///
  /// ```swift
  /// TodoTxtLine.lastPriorityTag(in: "Call pri:B")  // ("B", 4..<10)
  /// ```
  static func lastPriorityTag(in text: String) -> (Character, Range<Int>)? {
    var text = text
    let shown =
      text.withUTF8 { TodoTxtText.needsSanitizing($0) } ? TodoTxtText.sanitized(text) : text
    let spans = TodoTxtText.spans(in: shown)
    guard
      let index = spans.lastIndex(where: { span in
        span.kind == .tag && span.text.unicodeScalars.count == 5 && span.text.hasPrefix("pri:")
          && span.text.unicodeScalars.last.map { ("A"..."Z").contains($0) } == true
      }), let letter = spans[index].text.unicodeScalars.last
    else { return nil }
    let scalars = shown.unicodeScalars
    var lower = spans[index].text.startIndex
    var upper = spans[index].text.endIndex
    if index > 0, spans[index - 1].kind == .whitespace,
      scalars[scalars.index(before: lower)] == " "
    {
      lower = scalars.index(before: lower)
    } else if index == 0, upper < scalars.endIndex, scalars[upper] == " " {
      upper = scalars.index(after: upper)
    }
    let start = scalars.distance(from: scalars.startIndex, to: lower)
    return (Character(letter), start..<(start + scalars.distance(from: lower, to: upper)))
  }

  /// `+project` names in the text, without the `+`.
  ///
  /// ```swift
  /// TodoTxtLine(text: "Post signs +GarageSale @home").projects  // ["GarageSale"]
  /// ```
  public var projects: [String] {
    TodoTxtText.spans(in: text).filter { $0.kind == .project }.map { String($0.text.dropFirst()) }
  }

  /// `@context` names in the text, without the `@`. `soandso@example.com` is not one.
  public var contexts: [String] {
    TodoTxtText.spans(in: text).filter { $0.kind == .context }.map { String($0.text.dropFirst()) }
  }

  /// `key:value` tags in the text, in order.
  ///
  /// ```swift
  /// TodoTxtLine(text: "Pay rent due:2024-06-01").tags  // [TodoTxtTag(key: "due", ...)]
  /// ```
  public var tags: [TodoTxtTag] {
    TodoTxtText.spans(in: text).compactMap { span in
      guard span.kind == .tag, let colon = span.text.firstIndex(of: ":") else { return nil }
      return TodoTxtTag(
        key: String(span.text[..<colon]),
        value: String(span.text[span.text.index(after: colon)...]))
    }
  }

  static func normalizedPriority(_ c: Character) -> UInt8? {
    guard let a = c.asciiValue else { return nil }
    if (ASCII.upperA...ASCII.upperZ).contains(a) { return a }
    if (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(a) { return a - 32 }
    return nil
  }
}

extension TodoTxtLine: Equatable {
  /// Todos are equal when their content is; `raw` is formatting and does not count.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.isComplete == rhs.isComplete && lhs.completionDate == rhs.completionDate
      && lhs.creationDate == rhs.creationDate && lhs.priorityByte == rhs.priorityByte
      && lhs.text == rhs.text
  }
}

/// A `key:value` tag such as `due:2024-06-01`.
///
/// ```swift
/// TodoTxtTag(key: "due", value: "2024-06-01")
/// ```
public struct TodoTxtTag: Equatable, Hashable, Sendable {
  public var key: String
  public var value: String
  public init(key: String, value: String) {
    self.key = key
    self.value = value
  }
}

package enum ASCII {
  package static let lf = UInt8(ascii: "\n")
  package static let cr = UInt8(ascii: "\r")
  package static let space = UInt8(ascii: " ")
  package static let tab = UInt8(ascii: "\t")
  package static let hash = UInt8(ascii: "#")
  package static let x = UInt8(ascii: "x")
  package static let openParen = UInt8(ascii: "(")
  package static let closeParen = UInt8(ascii: ")")
  package static let upperA = UInt8(ascii: "A")
  package static let upperZ = UInt8(ascii: "Z")
}
