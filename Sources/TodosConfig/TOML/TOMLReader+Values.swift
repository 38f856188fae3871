extension TOMLReader {
  /// The value at the current byte: text, a list, an inline table, or a bare word (a number,
  /// a boolean, a date or time).
  mutating func readValue() throws(Failure) -> TOMLValue {
    switch current {
    case UInt8(ascii: "\""):
      if peek(1) == UInt8(ascii: "\""), peek(2) == UInt8(ascii: "\"") {
        return .string(try readMultiLineString(literal: false))
      }
      return .string(try readBasicString())
    case UInt8(ascii: "'"):
      if peek(1) == UInt8(ascii: "'"), peek(2) == UInt8(ascii: "'") {
        return .string(try readMultiLineString(literal: true))
      }
      return .string(try readLiteralString())
    case UInt8(ascii: "["), UInt8(ascii: "{"):
      guard depth < Self.maxDepth else {
        throw failure("lists and inline tables nest at most \(Self.maxDepth) deep here")
      }
      depth += 1
      defer { depth -= 1 }
      return current == UInt8(ascii: "[") ? try readArray() : try readInlineTable()
    case let byte? where isWordByte(byte):
      return try readWord()
    case nil, UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "#"):
      throw failure("a value was expected after \"=\", not \(shown(index))")
    default:
      if let byte = current, byte >= 0x80 { try skipScalar() }
      throw failure(
        "a value was expected (text in quotes, a number, true or false, [a list] or "
          + "{ a table }), not \(shown(index))")
    }
  }

  /// `[1, 2, 3]`, over several lines if need be, with comments, and a comma after the last
  /// element if one likes.
  private mutating func readArray() throws(Failure) -> TOMLValue {
    let open = index
    index += 1
    var elements: [TOMLValue] = []
    while true {
      try skipBlank()
      if current == UInt8(ascii: "]") { break }
      guard current != nil else { throw unclosed("the list", "]", open) }
      elements.append(try readValue())
      try skipBlank()
      if current == UInt8(ascii: ",") {
        index += 1
      } else if current == UInt8(ascii: "]") {
        break
      } else if current == nil {
        throw unclosed("the list", "]", open)
      } else {
        throw failure(
          "\",\" or \"]\" was expected after an element of the list, not \(shown(index))")
      }
    }
    index += 1
    return .array(elements)
  }

  /// `{ fg = "red", bold = true }`: on one line, no comma after the last pair; closed once read
  /// (nothing adds to it later).
  private mutating func readInlineTable() throws(Failure) -> TOMLValue {
    let open = index
    index += 1
    var builder = TOMLTableBuilder()
    skipSpaces()
    if current == UInt8(ascii: "}") {
      index += 1
      return .table(TOMLTable())
    }
    while true {
      skipSpaces()
      guard let byte = current, byte != UInt8(ascii: "\n"), byte != UInt8(ascii: "\r") else {
        throw unclosed("the inline table", "}", open, onItsLine: true)
      }
      if byte == UInt8(ascii: "}") {
        throw failure("an inline table cannot have a comma after its last pair")
      }
      let (path, value) = try readKeyValue()
      try builder.assign(value, to: path, in: builder.root)
      skipSpaces()
      if current == UInt8(ascii: ",") {
        index += 1
      } else if current == UInt8(ascii: "}") {
        index += 1
        return .table(builder.frozen(builder.root))
      } else if current == nil || current == UInt8(ascii: "\n") || current == UInt8(ascii: "\r")
        || current == UInt8(ascii: "#")
      {
        throw unclosed("the inline table", "}", open, onItsLine: true)
      } else {
        throw failure("\",\" or \"}\" was expected in the inline table, not \(shown(index))")
      }
    }
  }

  private func unclosed(
    _ what: String, _ closing: String, _ open: Int, onItsLine: Bool = false
  ) -> Failure {
    let opening = error(failure("", at: open))
    let place = "line \(opening.line), column \(opening.column)"
    return failure(
      onItsLine
        ? "\(what) opened at \(place) must close with \"\(closing)\" on the same line"
        : "\(what) opened at \(place) has no closing \"\(closing)\"")
  }

  /// A byte of a bare word: letters, digits and `_ + - . :`.
  private func isWordByte(_ byte: UInt8) -> Bool {
    isBareKeyByte(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
      || byte == UInt8(ascii: ":")
  }

  /// A bare word: `true`, `false`, a number, `inf`, `nan`, a date or a time.
  private mutating func readWord() throws(Failure) -> TOMLValue {
    let start = index
    while let byte = current, isWordByte(byte) { index += 1 }
    // A date and a time may be apart by a space: `1979-05-27 07:32:00`.
    if index - start == 10, bytes[start + 4] == UInt8(ascii: "-"), current == UInt8(ascii: " "),
      let next = peek(1), next >= UInt8(ascii: "0"), next <= UInt8(ascii: "9")
    {
      index += 1
      while let byte = current, isWordByte(byte) { index += 1 }
    }
    let word = bytes[start..<index]
    if word.elementsEqual("true".utf8) { return .boolean(true) }
    if word.elementsEqual("false".utf8) { return .boolean(false) }
    if let value = try dateTime(word) { return value }
    if let value = try number(word) { return value }
    let text = String(decoding: word, as: UTF8.self)
    throw failure(
      "\(text) is not a value TOML knows; text is written in quotes: \"\(text)\"", at: start)
  }
}
