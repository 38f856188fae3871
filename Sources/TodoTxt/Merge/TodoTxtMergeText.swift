#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One version of todo.txt cut into lines for the merge: each line's bytes without its line
/// break, whether it ended in CR LF, and the shape of the file (line ending, final newline).
///
/// Lines are compared without their CR, so a file an editor converted from LF to CR LF has
/// the same lines as before. Bytes that are not UTF-8 are kept as they are.
///
/// ```swift
/// let text = MergeText(Array("a\r\nb\r\n".utf8))
/// text.lines.map { Array($0) }  // ["a", "b"] as bytes
/// text.ending                   // .crlf
/// ```
struct MergeText {
  /// How a file ends its lines, when it does so the same way everywhere.
  enum Ending: Equatable {
    case lf
    case crlf
  }

  /// Each line's bytes, without the LF and without a CR before it.
  var lines: [ArraySlice<UInt8>] = []
  /// Whether each line ended in CR LF.
  var crlf: [Bool] = []
  /// Each line as a dictionary key (its bytes and their hash).
  var keys: [MergeLineKey] = []
  /// The ending every line break of the file uses, or nil when the file has none or mixes
  /// them.
  var ending: Ending?
  /// Whether the file ends with a line break (false for an empty file).
  var endsWithNewline = false
  /// Whether the file has no bytes at all.
  var isEmpty: Bool

  /// Splits `bytes` at every LF. A last line without a line break is a line too; an empty
  /// file has no lines, a file holding only `\n` has one blank line.
  ///
  /// ```swift
  /// MergeText(Array("a\nb".utf8)).endsWithNewline  // false
  /// ```
  init(_ bytes: [UInt8]) {
    isEmpty = bytes.isEmpty
    guard !bytes.isEmpty else { return }
    var sawLF = false
    var sawCRLF = false
    var starts: [(start: Int, end: Int, cr: Bool)] = []
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      var start = 0
      let count = buffer.count
      while start < count {
        guard let hit = memchr(base + start, 0x0A, count - start) else {
          // A CR with no LF after it is not a line break: it stays part of the line.
          starts.append((start, count, false))
          break
        }
        let end = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        let cr = end > start && buffer[end - 1] == 0x0D
        if cr { sawCRLF = true } else { sawLF = true }
        starts.append((start, cr ? end - 1 : end, cr))
        start = end + 1
      }
    }
    lines.reserveCapacity(starts.count)
    crlf.reserveCapacity(starts.count)
    keys.reserveCapacity(starts.count)
    for line in starts {
      let slice = bytes[line.start..<line.end]
      lines.append(slice)
      crlf.append(line.cr)
      keys.append(MergeLineKey(slice))
    }
    endsWithNewline = bytes.last == 0x0A
    switch (sawLF, sawCRLF) {
    case (true, false): ending = .lf
    case (false, true): ending = .crlf
    default: ending = nil
    }
  }

  /// Joins `lines` into a file. Every line but the last gets a line break; the last gets one
  /// when `finalNewline` is true or when it is blank (a blank last line without a break would
  /// not read back). With an `ending`, every break uses it; without one, each line keeps the
  /// CR it came with.
  ///
  /// ```swift
  /// MergeText.join([(ArraySlice("a".utf8), false)], ending: .crlf, finalNewline: true)
  /// // "a\r\n"
  /// ```
  static func join(
    _ lines: [(bytes: ArraySlice<UInt8>, crlf: Bool)], ending: Ending?, finalNewline: Bool
  ) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(lines.reduce(0) { $0 + $1.bytes.count + 2 })
    for (offset, line) in lines.enumerated() {
      out.append(contentsOf: line.bytes)
      let isLast = offset == lines.count - 1
      guard !isLast || finalNewline || line.bytes.isEmpty else { break }
      if ending.map({ $0 == .crlf }) ?? line.crlf { out.append(0x0D) }
      out.append(0x0A)
    }
    return out
  }
}
