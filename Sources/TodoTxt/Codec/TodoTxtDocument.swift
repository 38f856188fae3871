import struct FoundationEssentials.UUID

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A whole todo.txt file: its todos and the lines kept but not shown (blank lines, `#`
/// comments, invalid UTF-8), in file order, with the file's line ending.
///
/// `parse` then `serialized` with no edits gives the same bytes back.
///
/// ```swift
/// var document = TodoTxtDocument.parse(bytes)
/// let layout = document.layout(ids: ids)  // what the app keeps between saves (TodosFeature)
/// let output = layout.filled(with: rows).document.serialized()  // only changed lines differ
/// ```
public struct TodoTxtDocument: Equatable, Sendable {
  /// One line of the file.
  public enum Entry: Equatable, Sendable {
    /// A todo, shown in the app. Boxed, so that an entry takes 24 bytes, not 40: the app
    /// keeps a layout of `.slot`s and `.opaque`s, one entry per line of the file, and its todos
    /// in its rows, never here.
    indirect case todo(TodoTxtLine)
    /// A line kept byte for byte but not shown: blank, `#` comment, or not UTF-8. The bytes
    /// exclude the LF and include a CR before it.
    case opaque([UInt8])
    /// In a layout (the app's `layout(ids:)`): the place of the row with this id. It prints
    /// nothing; a place whose row is gone (deleted, archived) stays, so an undo puts the row
    /// back there.
    case slot(UUID)
  }

  /// How new or edited lines end. Untouched lines keep their own ending.
  public enum LineEnding: Equatable, Sendable {
    case lf
    case crlf

    var bytes: [UInt8] { self == .lf ? [ASCII.lf] : [ASCII.cr, ASCII.lf] }
  }

  /// The lines, in file order.
  public var lines: [Entry]
  /// The ending of the file's first line (LF for a file without one).
  public var lineEnding: LineEnding
  /// Whether the last line ends with a line break. True for an empty file, so lines added to
  /// it get one.
  public var hasFinalNewline: Bool
  /// Whether the file starts with a UTF-8 byte order mark (EF BB BF, as Notepad writes). It is
  /// the file's, not its first line's: it stays first when a todo is added above that line,
  /// and that line reads as a todo without it (`(A)` is a priority).
  public var startsWithByteOrderMark: Bool

  /// A document; the default is an empty file.
  ///
  /// ```swift
  /// TodoTxtDocument(lines: [.todo(TodoTxtLine(text: "Buy milk"))])
  /// ```
  public init(
    lines: [Entry] = [], lineEnding: LineEnding = .lf, hasFinalNewline: Bool = true,
    startsWithByteOrderMark: Bool = false
  ) {
    self.lines = lines
    self.lineEnding = lineEnding
    self.hasFinalNewline = hasFinalNewline
    self.startsWithByteOrderMark = startsWithByteOrderMark
  }

  /// UTF-8's byte order mark.
  static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// The todos, in file order.
  ///
  /// ```swift
  /// TodoTxtDocument.parse(Array("a\n# note\nb\n".utf8)).todos.map(\.text)  // ["a", "b"]
  /// ```
  public var todos: [TodoTxtLine] {
    lines.compactMap { if case .todo(let line) = $0 { line } else { nil } }
  }

  /// Splits `bytes` into lines at LF and parses each one. Never fails: a line it does not
  /// understand becomes `.opaque`. `lineEnding`, when given, is the ending of the file these
  /// lines are part of (its first line's), for a part that does not start the file.
  ///
  /// ```swift
  /// TodoTxtDocument.parse(Array("(A) Call Mom\r\n".utf8)).lineEnding  // .crlf
  /// ```
  public static func parse(_ bytes: [UInt8], lineEnding known: LineEnding? = nil) -> TodoTxtDocument
  {
    parse(bytes, lineEnding: known, todo: { .todo($0) })
  }

  /// Parses `bytes` as `parse(_:lineEnding:)` does, each todo line's entry being what `todo`
  /// makes of it, in file order: a caller that keeps the todos elsewhere (the app's rows) gets
  /// a layout without a second copy of them (`.slot(id)`), and no document of lines between.
  ///
  /// ```swift
  /// var rows: [Row] = []
  /// let layout = TodoTxtDocument.parse(bytes) { line in
  ///   rows.append(Row(line))
  ///   return .slot(rows.last!.id)
  /// }
  /// ```
  public static func parse(
    _ bytes: [UInt8], lineEnding known: LineEnding? = nil, todo: (TodoTxtLine) -> Entry
  ) -> TodoTxtDocument {
    guard !bytes.isEmpty else { return TodoTxtDocument(lineEnding: known ?? .lf) }
    let hasMark = bytes.starts(with: byteOrderMark)
    var lines: [Entry] = []
    // Exactly as many entries as lines: a growing array would hold up to twice that, and two
    // buffers at once while it grows.
    lines.reserveCapacity(lineCount(bytes))
    var lineEnding: LineEnding? = known
    var scratch: [UInt8] = []  // one buffer for every line's round-trip check
    scratch.reserveCapacity(256)
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      var start = hasMark ? byteOrderMark.count : 0
      let count = buffer.count
      while start < count {
        let end: Int
        if let hit = memchr(base + start, Int32(ASCII.lf), count - start) {
          end = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
          if lineEnding == nil {
            lineEnding = end > start && buffer[end - 1] == ASCII.cr ? .crlf : .lf
          }
        } else {
          end = count
        }
        let slice = buffer[start..<end]
        if var line = TodoTxtLine.parse(utf8: slice, keepRaw: false) {
          // Keep the original bytes only when printing the line would not give them back: most
          // lines need no second copy (100k todos: 10 MB less at load).
          let hasCR = end > start && buffer[end - 1] == ASCII.cr
          let content = hasCR ? buffer[start..<(end - 1)] : slice
          scratch.removeAll(keepingCapacity: true)
          line.appendCanonical(to: &scratch)
          if hasCR != (lineEnding == .crlf) || !scratch.elementsEqual(content) {
            line.raw = Array(slice)
          }
          lines.append(todo(line))
        } else {
          lines.append(.opaque(Array(slice)))
        }
        start = end + 1
      }
    }
    return TodoTxtDocument(
      lines: lines, lineEnding: lineEnding ?? .lf,
      hasFinalNewline: lines.isEmpty || bytes.last == ASCII.lf, startsWithByteOrderMark: hasMark)
  }

  /// How many lines `parse` makes of `bytes`: one per LF, and one more for a last line
  /// without one.
  ///
  /// ```swift
  /// TodoTxtDocument.lineCount(Array("a\nb".utf8))  // 2
  /// ```
  public static func lineCount(_ bytes: [UInt8]) -> Int {
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return 0 }
      var lines = 0
      var start = 0
      while start < buffer.count,
        let hit = memchr(base + start, Int32(ASCII.lf), buffer.count - start)
      {
        lines += 1
        start = base.distance(to: hit.assumingMemoryBound(to: UInt8.self)) + 1
      }
      return start < buffer.count ? lines + 1 : lines
    }
  }

  /// The file's bytes. Every todo gets its line, even one that prints blank (an active todo
  /// with no text, priority or date, which no todo.txt line can hold; the app never makes one).
  /// `capacity`, when given, is room for them (the size of the file's last version and some):
  /// an array that outgrows its guess takes twice the room, and holds it while it is kept.
  ///
  /// ```swift
  /// TodoTxtDocument.parse(bytes).serialized() == bytes  // always
  /// ```
  public func serialized(capacity: Int? = nil) -> [UInt8] {
    var writer = Writer(self, capacity: capacity)
    for entry in lines { writer.append(entry) }
    return writer.finish()
  }

  /// A file's bytes written line by line as `serialized()` writes a document's, for a caller
  /// that holds the todos elsewhere (the app's rows): no document of them is made to save.
  ///
  /// ```swift
  /// var writer = TodoTxtDocument.Writer(layout, capacity: 4096)
  /// writer.append(TodoTxtLine(text: "Buy milk"))
  /// let bytes = writer.finish()  // "Buy milk\n"
  /// ```
  public struct Writer {
    private var out: [UInt8]
    private let ending: [UInt8]
    private let hasFinalNewline: Bool
    /// How many bytes the last line's ending took: dropped when the file had no final newline.
    private var lastEnding = 0

    /// A writer of a file with `document`'s line ending, final newline and byte order mark;
    /// `capacity` as in `serialized(capacity:)`.
    public init(_ document: TodoTxtDocument, capacity: Int? = nil) {
      out = document.startsWithByteOrderMark ? TodoTxtDocument.byteOrderMark : []
      out.reserveCapacity(capacity ?? document.lines.count * 48)
      ending = document.lineEnding.bytes
      hasFinalNewline = document.hasFinalNewline
    }

    /// Writes a line (a place prints nothing). Bytes from the file carry their own CR, so they
    /// get a bare LF; printed lines get the file's line ending.
    public mutating func append(_ entry: Entry) {
      switch entry {
      case .opaque(let bytes):
        out.append(contentsOf: bytes)
        out.append(ASCII.lf)
        lastEnding = 1
      case .slot: return
      case .todo(let line): append(line)
      }
    }

    /// Writes a todo's line: its bytes from the file when untouched, else printed.
    public mutating func append(_ line: TodoTxtLine) {
      if let raw = line.raw {
        out.append(contentsOf: raw)
        out.append(ASCII.lf)
        lastEnding = 1
      } else {
        line.appendCanonical(to: &out)
        out.append(contentsOf: ending)
        lastEnding = ending.count
      }
    }

    /// The bytes written, the last line's ending dropped when the file had no final newline.
    public consuming func finish() -> [UInt8] {
      if !hasFinalNewline { out.removeLast(lastEnding) }
      return out
    }
  }

  /// This document with its todos replaced by `todos`, in that order: the i-th todo line of the
  /// file gets the i-th todo, opaque lines stay where they are, extra todos go right after the
  /// last todo line (or at the end), and surplus todo lines are removed. (The app saves through
  /// a layout instead, `filled(with:)`, which knows which line is which row.)
  ///
  /// ```swift
  /// document.replacingTodos(with: lines).serialized()
  /// ```
  public func replacingTodos(with todos: [TodoTxtLine]) -> TodoTxtDocument {
    var result = self
    result.lines.removeAll(keepingCapacity: true)
    var next = todos.makeIterator()
    var lastTodoSlot: Int?
    for entry in lines {
      switch entry {
      case .opaque, .slot: result.lines.append(entry)
      case .todo:
        if let todo = next.next() {
          result.lines.append(.todo(todo))
          lastTodoSlot = result.lines.count - 1
        }
      }
    }
    var extra: [Entry] = []
    while let todo = next.next() { extra.append(.todo(todo)) }
    if !extra.isEmpty {
      let at = lastTodoSlot.map { $0 + 1 } ?? result.lines.count
      result.lines.insert(contentsOf: extra, at: at)
    }
    return result
  }
}
