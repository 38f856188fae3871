/// Reads a TOML 1.0 document into its root table, in one pass over the UTF-8 bytes; the first
/// thing that is not valid TOML stops it with its line, column and what is wrong.
///
/// Dates and times are checked and kept as written (`TOMLDateTime`); tables keep the file's
/// order of keys.
///
/// ```swift
/// let root = try TOMLReader.parse("[behavior]\nauto_archive = true\n")
/// root["behavior"]?.table?["auto_archive"]  // .boolean(true)
/// ```
struct TOMLReader {
  let bytes: [UInt8]
  var index = 0
  var tables = TOMLTableBuilder()
  /// How many lists and inline tables the current value is inside.
  var depth = 0
  /// The deepest a value may nest: deeper is an error, not a stack overflow.
  static let maxDepth = 100

  /// The root table of `text`.
  static func parse(_ text: String) throws(TOMLError) -> TOMLTable {
    try parse(utf8: Array(text.utf8))
  }

  /// The root table of `bytes`, which must be UTF-8 (a byte that is not is an error).
  static func parse(utf8 bytes: [UInt8]) throws(TOMLError) -> TOMLTable {
    var reader = TOMLReader(bytes: bytes)
    do {
      try reader.readDocument()
    } catch {
      throw reader.error(error)
    }
    return reader.tables.frozen(reader.tables.root)
  }

  /// The byte at the current offset, nil at the end.
  var current: UInt8? { index < bytes.count ? bytes[index] : nil }

  /// The byte `ahead` bytes after the current one, nil past the end.
  func peek(_ ahead: Int) -> UInt8? {
    index + ahead < bytes.count ? bytes[index + ahead] : nil
  }

  private mutating func readDocument() throws(Failure) {
    // A byte order mark is not part of the document.
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    var table = tables.root
    while true {
      skipSpaces()
      guard let byte = current else { return }
      switch byte {
      case UInt8(ascii: "#"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
        break
      case UInt8(ascii: "["):
        table = try readHeader()
      default:
        let (path, value) = try readKeyValue()
        try tables.assign(value, to: path, in: table)
      }
      try endLine()
    }
  }

  /// `[a.b]` or `[[a.b]]`: the table the lines below go into.
  private mutating func readHeader() throws(Failure) -> Int {
    let isArray = peek(1) == UInt8(ascii: "[")
    index += isArray ? 2 : 1
    skipSpaces()
    let path = try readKey()
    skipSpaces()
    let closing = isArray ? "]]" : "]"
    guard current == UInt8(ascii: "]"), !isArray || peek(1) == UInt8(ascii: "]") else {
      throw failure(
        "the table header must end with \(closing) after its name, not \(shown(index))")
    }
    index += isArray ? 2 : 1
    return isArray
      ? try tables.appendTable(path) : try tables.defineTable(path)
  }

  /// `key = value` (or `a.b.c = value`).
  mutating func readKeyValue() throws(Failure) -> (path: [TOMLKey], value: TOMLValue) {
    let path = try readKey()
    skipSpaces()
    guard current == UInt8(ascii: "=") else {
      throw failure(
        current == nil || current == UInt8(ascii: "\n") || current == UInt8(ascii: "\r")
          ? "the key \(dotted(path)) needs \"= value\" after it"
          : "\"=\" was expected after the key \(dotted(path)), not \(shown(index))")
    }
    index += 1
    skipSpaces()
    return (path, try readValue())
  }

  /// After a header or a value: spaces, perhaps a comment, then the end of the line or file.
  mutating func endLine() throws(Failure) {
    skipSpaces()
    if current == UInt8(ascii: "#") { try skipComment() }
    guard let byte = current else { return }
    if byte == UInt8(ascii: "\n") {
      index += 1
    } else if byte == UInt8(ascii: "\r"), peek(1) == UInt8(ascii: "\n") {
      index += 2
    } else if byte == UInt8(ascii: "\r") {
      throw failure("a carriage return (U+000D) must be followed by a line feed")
    } else {
      throw failure(
        "the line should end here (a new key goes on a line of its own), not with \(shown(index))"
      )
    }
  }

  /// Skips spaces and tabs.
  mutating func skipSpaces() {
    while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == 0x09 {
      index += 1
    }
  }

  /// Skips `# …` up to the end of its line: any character but a control character (tab is fine).
  mutating func skipComment() throws(Failure) {
    index += 1
    while let byte = current, byte != UInt8(ascii: "\n") {
      if byte >= 0x80 {
        try skipScalar()
      } else if byte == UInt8(ascii: "\r"), peek(1) == UInt8(ascii: "\n") {
        return
      } else if isControl(byte) {
        throw controlFailure(in: "a comment")
      } else {
        index += 1
      }
    }
  }

  /// Skips spaces, newlines and comments (inside a list).
  mutating func skipBlank() throws(Failure) {
    while true {
      skipSpaces()
      switch current {
      case UInt8(ascii: "#"): try skipComment()
      case UInt8(ascii: "\n"): index += 1
      case UInt8(ascii: "\r") where peek(1) == UInt8(ascii: "\n"): index += 2
      default: return
      }
    }
  }

  /// A control character TOML does not allow written as is: U+0000 … U+001F but tab, and U+007F.
  func isControl(_ byte: UInt8) -> Bool {
    (byte < 0x20 && byte != 0x09) || byte == 0x7F
  }

  func controlFailure(in place: String) -> Failure {
    let byte = bytes[index]
    let name = byte == 0 ? "a NUL byte" : "a control character (U+\(hex4(UInt32(byte))))"
    return failure("\(name) cannot be written in \(place)")
  }

  /// Checks the UTF-8 sequence at the current byte (at least 0x80) and steps over it.
  mutating func skipScalar() throws(Failure) {
    let lead = bytes[index]
    let length: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0: (length, low) = (3, 0xA0)
    case 0xED: (length, high) = (3, 0x9F)  // not a surrogate
    case 0xE1...0xEF: length = 3
    case 0xF0: (length, low) = (4, 0x90)
    case 0xF4: (length, high) = (4, 0x8F)  // at most U+10FFFF
    case 0xF1...0xF3: length = 4
    default: throw failure("the byte 0x\(String(lead, radix: 16, uppercase: true)) is not UTF-8")
    }
    for offset in 1..<length {
      let byte = peek(offset)
      let (min, max) = offset == 1 ? (low, high) : (0x80, 0xBF)
      guard let byte, byte >= min, byte <= max else {
        throw failure("the bytes here are not UTF-8 (a file must be saved as UTF-8)")
      }
    }
    index += length
  }
}
