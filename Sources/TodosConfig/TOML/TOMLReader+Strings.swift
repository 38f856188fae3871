extension TOMLReader {
  /// `"text"`, with escapes (`\t`, `\u00E9` …), on one line.
  mutating func readBasicString() throws(Failure) -> String {
    let open = index
    index += 1
    let start = index
    // Most strings have no escape: one slice of the bytes.
    while let byte = current, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"),
      byte >= 0x20 || byte == 0x09, byte != 0x7F
    {
      if byte >= 0x80 { try skipScalar() } else { index += 1 }
    }
    if current == UInt8(ascii: "\"") {
      index += 1
      return String(decoding: bytes[start..<(index - 1)], as: UTF8.self)
    }
    var text = Array(bytes[start..<index])
    while true {
      guard let byte = current, byte != UInt8(ascii: "\n"), byte != UInt8(ascii: "\r") else {
        throw failure(
          "the text that starts at column \(error(failure("", at: open)).column) has no "
            + "closing \" on its line (text on several lines is written in \"\"\")")
      }
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        return String(decoding: text, as: UTF8.self)
      case UInt8(ascii: "\\"):
        try readEscape(into: &text)
      case _ where isControl(byte):
        throw controlFailure(in: "text (write it as an escape, such as \\t or \\u001B)")
      case 0x80...:
        let from = index
        try skipScalar()
        text += bytes[from..<index]
      default:
        text.append(byte)
        index += 1
      }
    }
  }

  /// `'text'`, as written (no escapes), on one line.
  mutating func readLiteralString() throws(Failure) -> String {
    let open = index
    index += 1
    let start = index
    while true {
      guard let byte = current, byte != UInt8(ascii: "\n"), byte != UInt8(ascii: "\r") else {
        throw failure(
          "the text that starts at column \(error(failure("", at: open)).column) has no "
            + "closing ' on its line (text on several lines is written in ''')")
      }
      if byte == UInt8(ascii: "'") { break }
      if byte >= 0x80 {
        try skipScalar()
      } else if isControl(byte) {
        throw controlFailure(in: "a 'literal' string")
      } else {
        index += 1
      }
    }
    index += 1
    return String(decoding: bytes[start..<(index - 1)], as: UTF8.self)
  }

  /// `"""text"""` (escapes, and `\` at the end of a line joins the next) or `'''text'''` (as
  /// written). A newline right after the opening quotes is not part of the text; up to two
  /// quotes may come before the closing three.
  mutating func readMultiLineString(literal: Bool) throws(Failure) -> String {
    let quote = literal ? UInt8(ascii: "'") : UInt8(ascii: "\"")
    let open = index
    index += 3
    if current == UInt8(ascii: "\n") {
      index += 1
    } else if current == UInt8(ascii: "\r"), peek(1) == UInt8(ascii: "\n") {
      index += 2
    }
    var text: [UInt8] = []
    while true {
      guard let byte = current else {
        let opening = error(failure("", at: open))
        let quotes = literal ? "'''" : "\"\"\""
        throw failure(
          "the text that starts with \(quotes) on line \(opening.line) has no closing \(quotes)")
      }
      switch byte {
      case quote where peek(1) == quote && peek(2) == quote:
        var count = 3
        while peek(count) == quote { count += 1 }
        guard count <= 5 else {
          throw failure(
            "there are \(count) quotes in a row; inside the text, write them as escapes or "
              + "use the other kind of quotes", at: index + 5)
        }
        text += repeatElement(quote, count: count - 3)
        index += count
        return String(decoding: text, as: UTF8.self)
      case UInt8(ascii: "\\") where !literal:
        if try !skipLineEndingBackslash() { try readEscape(into: &text) }
      case UInt8(ascii: "\n"):
        text.append(byte)
        index += 1
      case UInt8(ascii: "\r") where peek(1) == UInt8(ascii: "\n"):
        text.append(UInt8(ascii: "\n"))
        index += 2
      case _ where isControl(byte):
        throw controlFailure(in: literal ? "a '''literal''' string" : "text")
      case 0x80...:
        let from = index
        try skipScalar()
        text += bytes[from..<index]
      default:
        text.append(byte)
        index += 1
      }
    }
  }

  /// At a `\` followed by spaces and a newline: skips it, the newline and all the spaces and
  /// newlines after it, and is true. False (nothing skipped) for another `\`.
  private mutating func skipLineEndingBackslash() throws(Failure) -> Bool {
    var ahead = index + 1
    while ahead < bytes.count, bytes[ahead] == UInt8(ascii: " ") || bytes[ahead] == 0x09 {
      ahead += 1
    }
    guard ahead < bytes.count,
      bytes[ahead] == UInt8(ascii: "\n")
        || (bytes[ahead] == UInt8(ascii: "\r") && ahead + 1 < bytes.count
          && bytes[ahead + 1] == UInt8(ascii: "\n"))
    else { return false }
    index = ahead
    while let byte = current {
      if byte == UInt8(ascii: " ") || byte == 0x09 || byte == UInt8(ascii: "\n") {
        index += 1
      } else if byte == UInt8(ascii: "\r"), peek(1) == UInt8(ascii: "\n") {
        index += 2
      } else {
        break
      }
    }
    return true
  }

  /// `\b \t \n \f \r \" \\ \uXXXX \UXXXXXXXX`, appended to `text` as UTF-8.
  private mutating func readEscape(into text: inout [UInt8]) throws(Failure) {
    let start = index
    let simple: UInt8? =
      switch peek(1) {
      case UInt8(ascii: "b"): 0x08
      case UInt8(ascii: "t"): 0x09
      case UInt8(ascii: "n"): 0x0A
      case UInt8(ascii: "f"): 0x0C
      case UInt8(ascii: "r"): 0x0D
      case UInt8(ascii: "\""): UInt8(ascii: "\"")
      case UInt8(ascii: "\\"): UInt8(ascii: "\\")
      default: nil
      }
    if let simple {
      text.append(simple)
      index += 2
      return
    }
    let digits: Int
    switch peek(1) {
    case UInt8(ascii: "u"): digits = 4
    case UInt8(ascii: "U"): digits = 8
    default:
      let written =
        peek(1).map { $0 >= 0x21 && $0 <= 0x7E ? "\\" + String(UnicodeScalar($0)) : "\\" }
        ?? "\\"
      throw failure(
        "\(written) is not an escape TOML knows (\\b \\t \\n \\f \\r \\\" \\\\ \\uXXXX "
          + "\\UXXXXXXXX); a backslash itself is written \\\\", at: start)
    }
    var value: UInt32 = 0
    for offset in 0..<digits {
      guard let digit = peek(2 + offset).flatMap(hexValue) else {
        throw failure(
          "\\\(digits == 4 ? "u" : "U") needs \(digits) hex digits (0-9, A-F)", at: start)
      }
      value = value << 4 | UInt32(digit)
    }
    guard let scalar = Unicode.Scalar(value) else {
      throw failure(
        "U+\(hex4(value)) is not a Unicode character (a surrogate, or past U+10FFFF)",
        at: start)
    }
    text += UTF8.encode(scalar)!
    index += 2 + digits
  }
}

/// The value of one hex digit, nil for another byte.
func hexValue(_ byte: UInt8) -> UInt8? {
  switch byte {
  case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
  case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
  case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
  default: nil
  }
}
