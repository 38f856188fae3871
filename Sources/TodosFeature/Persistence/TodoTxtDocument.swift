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
/// var todos = document.todos
/// todos[0].complete(on: today)
/// let output = document.replacingTodos(with: todos).serialized()  // only that line changed
/// ```
public struct TodoTxtDocument: Equatable, Sendable {
  /// One line of the file.
  public enum Entry: Equatable, Sendable {
    /// A todo, shown in the app.
    case todo(TodoTxtLine)
    /// A line kept byte for byte but not shown: blank, `#` comment, or not UTF-8. The bytes
    /// exclude the LF and include a CR before it.
    case opaque([UInt8])
    /// The place of a todo line the list no longer fills (a todo was deleted): nothing is
    /// written for it, but its layout keeps the place, so the todo that comes back (an undo)
    /// gets exactly its old line between the same comments and blank lines.
    case vacant
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

  /// A document; the default is an empty file.
  ///
  /// ```swift
  /// TodoTxtDocument(lines: [.todo(TodoTxtLine(text: "Buy milk"))])
  /// ```
  public init(lines: [Entry] = [], lineEnding: LineEnding = .lf, hasFinalNewline: Bool = true) {
    self.lines = lines
    self.lineEnding = lineEnding
    self.hasFinalNewline = hasFinalNewline
  }

  /// The todos, in file order.
  ///
  /// ```swift
  /// TodoTxtDocument.parse(Array("a\n# note\nb\n".utf8)).todos.map(\.text)  // ["a", "b"]
  /// ```
  public var todos: [TodoTxtLine] {
    lines.compactMap { if case .todo(let line) = $0 { line } else { nil } }
  }

  /// Splits `bytes` into lines at LF and parses each one. Never fails: a line it does not
  /// understand becomes `.opaque`.
  ///
  /// ```swift
  /// TodoTxtDocument.parse(Array("(A) Call Mom\r\n".utf8)).lineEnding  // .crlf
  /// ```
  public static func parse(_ bytes: [UInt8]) -> TodoTxtDocument {
    guard !bytes.isEmpty else { return TodoTxtDocument() }
    var lines: [Entry] = []
    var lineEnding: LineEnding?
    var scratch: [UInt8] = []  // one buffer for every line's round-trip check
    scratch.reserveCapacity(256)
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      var start = 0
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
        if var todo = TodoTxtLine.parse(utf8: slice, keepRaw: false) {
          // Keep the original bytes only when printing the line would not give them back: most
          // lines need no second copy (100k todos: 10 MB less at load).
          let hasCR = end > start && buffer[end - 1] == ASCII.cr
          let content = hasCR ? buffer[start..<(end - 1)] : slice
          scratch.removeAll(keepingCapacity: true)
          todo.appendCanonical(to: &scratch)
          if hasCR != (lineEnding == .crlf) || !scratch.elementsEqual(content) {
            todo.raw = Array(slice)
          }
          lines.append(.todo(todo))
        } else {
          lines.append(.opaque(Array(slice)))
        }
        start = end + 1
      }
    }
    return TodoTxtDocument(
      lines: lines, lineEnding: lineEnding ?? .lf, hasFinalNewline: bytes.last == ASCII.lf)
  }

  /// The file's bytes. Every todo gets its line, even one that prints blank (an active todo
  /// with no text, priority or date, which no todo.txt line can hold; the app never makes one).
  ///
  /// ```swift
  /// TodoTxtDocument.parse(bytes).serialized() == bytes  // always
  /// ```
  public func serialized() -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(lines.count * 48)
    let ending = lineEnding.bytes
    // Bytes from the file carry their own CR, so they get a bare LF; printed lines get the
    // file's line ending. The last ending is dropped when the file had no final newline.
    var lastEnding = 0
    for entry in lines {
      switch entry {
      case .opaque(let bytes):
        out.append(contentsOf: bytes)
        out.append(ASCII.lf)
        lastEnding = 1
      case .vacant:
        continue
      case .todo(let line):
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
    }
    if !hasFinalNewline { out.removeLast(min(lastEnding, out.count)) }
    return out
  }

  /// The document with every todo blanked: only the lines it does not show and the slots of
  /// its todos (filled or vacant alike) are left, which is all `replacingTodos(with:)` needs.
  ///
  /// ```swift
  /// let layout = TodoTxtDocument.parse(Array("# list\nMilk\n".utf8)).layout
  /// layout.replacingTodos(with: [TodoTxtLine(text: "Eggs")]).serialized()  // "# list\nEggs\n"
  /// ```
  public var layout: TodoTxtDocument {
    var result = self
    for index in result.lines.indices {
      switch result.lines[index] {
      case .todo, .vacant: result.lines[index] = .todo(Self.slot)
      case .opaque: break
      }
    }
    return result
  }

  private static let slot = TodoTxtLine(text: "")

  /// This document with its todos replaced by `todos`, in that order: the i-th todo slot of the
  /// file (vacant ones included) gets the i-th todo, opaque lines stay where they are, extra
  /// todos go right after the last slot (or at the end), and surplus slots become vacant:
  /// written as nothing, but kept in the layout, so that putting the same todos back gives the
  /// same bytes as before (a delete then its undo leaves the file as it was).
  ///
  /// ```swift
  /// let layout = TodoTxtDocument.parse(Array("A\n# note\nB\n".utf8)).layout
  /// let shorter = layout.replacingTodos(with: [a])  // "A\n# note\n", B's slot vacant
  /// shorter.layout.replacingTodos(with: [a, b]).serialized()  // "A\n# note\nB\n" again
  /// ```
  public func replacingTodos(with todos: [TodoTxtLine]) -> TodoTxtDocument {
    var result = self
    result.lines.removeAll(keepingCapacity: true)
    var next = todos.makeIterator()
    var lastTodoSlot: Int?
    for entry in lines {
      switch entry {
      case .opaque: result.lines.append(entry)
      case .todo, .vacant:
        if let todo = next.next() {
          result.lines.append(.todo(todo))
        } else {
          result.lines.append(.vacant)
        }
        lastTodoSlot = result.lines.count - 1
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
