import TodoTxt

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// A verb applied to the file's bytes. `add` reads only the lines around the new todo (up to
// the first todo line, or the last line) and copies the rest of the file as it is: on a file
// of 100k lines that is a copy instead of parsing and printing every line. The other verbs
// read the whole file (`change(_:in:_:path:)`).

extension TodoCommand {
  /// What a verb did to the file: its new bytes (nil when the file stays as it is), what to
  /// print on standard output and on standard error, and the lines to archive (`archive`).
  ///
  /// ```swift
  /// let edit = try TodoCommand.edit(.add("Call Mom"), file: bytes, settings)
  /// edit.output  // ["1 2026-11-26 Call Mom"]
  /// ```
  public struct Edit: Equatable, Sendable {
    public var bytes: [UInt8]?
    public var output: [String]
    public var warnings: [String]
    public var archived: [[UInt8]]
  }

  /// Applies a changing action to the file's `bytes`, exactly as `change(_:in:_:path:)` does
  /// to the parsed file; throws, with nothing changed, as it does.
  ///
  /// ```swift
  /// try TodoCommand.edit(.complete([2]), file: bytes, settings).bytes  // the new file
  /// ```
  public static func edit(
    _ action: Action, file bytes: [UInt8], _ settings: Settings, path: String = "the file"
  ) throws(CommandError) -> Edit {
    if case .add = action, let part = addPart(of: bytes, atBottom: settings.addsAtBottom) {
      let document = TodoTxtDocument.parse(
        Array(bytes[part.range]), lineEnding: part.lineEnding)
      let change = try TodoCommand.change(
        action, in: document, settings, path: path, firstLineNumber: part.firstLineNumber)
      var result: [UInt8]?
      if let changed = change.document?.serialized() {
        var file: [UInt8] = []
        file.reserveCapacity(bytes.count - part.range.count + changed.count)
        file.append(contentsOf: bytes[..<part.range.lowerBound])
        file.append(contentsOf: changed)
        file.append(contentsOf: bytes[part.range.upperBound...])
        result = file
      }
      return Edit(
        bytes: result, output: change.output, warnings: change.warnings,
        archived: change.archived)
    }
    let change = try TodoCommand.change(
      action, in: TodoTxtDocument.parse(bytes), settings, path: path)
    return Edit(
      bytes: change.document?.serialized(), output: change.output, warnings: change.warnings,
      archived: change.archived)
  }

  /// The part of the file a new todo goes into, as a file of its own: at the top, the lines
  /// up to and including the first todo line; at the bottom, the last line. Nil when the
  /// whole file must be read: it is empty, has one line or no todo line (at the top), or the
  /// part would start with the bytes of a byte order mark that are not the file's.
  static func addPart(
    of bytes: [UInt8], atBottom: Bool
  ) -> (range: Range<Int>, firstLineNumber: Int, lineEnding: TodoTxtDocument.LineEnding)? {
    let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
    let contentStart = bytes.starts(with: mark) ? mark.count : 0
    return bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress, buffer.count > contentStart else { return nil }
      let count = buffer.count
      /// The index of the LF at or after `start`, or `count`.
      func lineEnd(_ start: Int) -> Int {
        guard start < count, let hit = memchr(base + start, Int32(ASCII.lf), count - start)
        else { return count }
        return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
      }
      let firstEnd = lineEnd(contentStart)
      let lineEnding: TodoTxtDocument.LineEnding =
        firstEnd < count && firstEnd > contentStart && buffer[firstEnd - 1] == ASCII.cr
        ? .crlf : .lf
      if atBottom {
        // The last line starts after the last LF that is not the file's final byte.
        var end = count
        if buffer[count - 1] == ASCII.lf { end -= 1 }
        var start = end
        while start > contentStart, buffer[start - 1] != ASCII.lf { start -= 1 }
        guard start > contentStart, !buffer[start...].starts(with: mark) else { return nil }
        var lines = 0
        var next = contentStart
        while next < start {
          next = lineEnd(next) + 1
          lines += 1
        }
        return (start..<count, lines + 1, lineEnding)
      }
      var start = contentStart
      while start < count {
        let end = lineEnd(start)
        if TodoTxtLine.parse(Array(buffer[start..<end])) != nil {
          guard end < count else { return nil }
          return (0..<(end + 1), 1, lineEnding)
        }
        start = end + 1
      }
      return nil
    }
  }
}
