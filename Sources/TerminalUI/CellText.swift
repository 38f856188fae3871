import Synchronization

/// A cell's grapheme as two words: its UTF-8 bytes when they fit in 15 (nearly every
/// grapheme), else a number in a table of the longer ones, so a `Cell` is a plain value.
///
/// ```swift
/// CellText("é").string       // "é", held in the words
/// CellText("👨‍👩‍👧‍👦").string  // 25 bytes: held in the table, the words say where
/// ```
struct CellText: Hashable, Sendable {
  /// Bytes 0 … 7.
  private var low: UInt64
  /// Bytes 8 … 14, and in the top byte the count (0 … 15), or `tableTag` for a table entry
  /// whose number is `low`.
  private var high: UInt64

  private static let tableTag: UInt64 = 0xFF

  init(ascii byte: UInt8) {
    low = UInt64(byte)
    high = 1 << 56
  }

  /// The grapheme of `bytes` (at most 15 of them: one code point and a few marks).
  init(utf8 bytes: UnsafeBufferPointer<UInt8>) {
    var low: UInt64 = 0
    var high = UInt64(bytes.count) << 56
    for (offset, byte) in bytes.enumerated() {
      if offset < 8 {
        low |= UInt64(byte) << (offset * 8)
      } else {
        high |= UInt64(byte) << ((offset - 8) * 8)
      }
    }
    self.low = low
    self.high = high
  }

  init(_ string: String) {
    let utf8 = string.utf8
    let count = utf8.count
    guard count <= 15 else {
      low = UInt64(LongGraphemes.number(of: string))
      high = Self.tableTag << 56
      return
    }
    var low: UInt64 = 0
    var high = UInt64(count) << 56
    var shift: UInt64 = 0
    for (offset, byte) in utf8.enumerated() {
      if offset < 8 {
        low |= UInt64(byte) << shift
      } else {
        high |= UInt64(byte) << (shift - 64)
      }
      shift += 8
    }
    self.low = low
    self.high = high
  }

  /// The byte when the grapheme is one ASCII byte, else nil.
  var asciiByte: UInt8? {
    high == 1 << 56 && low < 0x80 ? UInt8(truncatingIfNeeded: low) : nil
  }

  /// The grapheme.
  var string: String {
    let count = Int(high >> 56)
    if UInt64(count) == Self.tableTag { return LongGraphemes.string(numbered: Int(low)) }
    if count == 1 { return String(UnicodeScalar(UInt8(truncatingIfNeeded: low))) }
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 15) { bytes in
      for offset in 0..<count {
        let word = offset < 8 ? low : high
        bytes[offset] = UInt8(truncatingIfNeeded: word >> UInt64((offset % 8) * 8))
      }
      return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<count]), as: UTF8.self)
    }
  }
}

/// The graphemes longer than 15 UTF-8 bytes (emoji families and the like) cells have shown,
/// each numbered once for the process; shared by every thread, behind a lock.
enum LongGraphemes {
  private struct Table {
    var strings: [String] = []
    var numbers: [String: Int] = [:]
  }

  private static let table = Mutex(Table())

  /// The number of `string`, given it the first time.
  static func number(of string: String) -> Int {
    table.withLock { table in
      if let number = table.numbers[string] { return number }
      table.strings.append(string)
      table.numbers[string] = table.strings.count - 1
      return table.strings.count - 1
    }
  }

  static func string(numbered number: Int) -> String {
    table.withLock { $0.strings[number] }
  }
}
