extension TOMLReader {
  /// A number (`42`, `-1_000`, `0xFF`, `0o17`, `0b101`, `3.14`, `5e-3`, `inf`, `nan`), nil
  /// when the word does not start like one, a failure when it starts like one but is not.
  func number(_ word: ArraySlice<UInt8>) throws(Failure) -> TOMLValue? {
    let start = word.startIndex
    let negative = word.first == UInt8(ascii: "-")
    let signed = negative || word.first == UInt8(ascii: "+")
    let body = signed ? word.dropFirst() : word
    if body.elementsEqual("inf".utf8) { return .float(negative ? -.infinity : .infinity) }
    if body.elementsEqual("nan".utf8) { return .float(.nan) }
    guard let first = body.first, isDigit(first) else { return nil }
    let text = String(decoding: word, as: UTF8.self)
    if first == UInt8(ascii: "0"), body.count > 1, let radix = radix(body[body.startIndex + 1]) {
      guard !signed else {
        throw failure("\(text): a hex, octal or binary number cannot have a sign", at: start)
      }
      let digits = body.dropFirst(2)
      guard try digitsEnd(digits, radix: radix, in: text) == digits.endIndex else {
        throw notANumber(text, at: start)
      }
      return .integer(try integer(digits, radix: radix, negative: false, text: text))
    }
    let integerEnd = try digitsEnd(body, radix: 10, in: text)
    let integerPart = body[..<integerEnd]
    if integerPart.count > 1, integerPart.first == UInt8(ascii: "0") {
      throw failure("\(text): a number cannot start with 0 (but 0 itself)", at: start)
    }
    if integerEnd == body.endIndex {
      return .integer(try integer(integerPart, radix: 10, negative: negative, text: text))
    }
    // A float: a fraction, an exponent, or both.
    var position = integerEnd
    if body[position] == UInt8(ascii: ".") {
      position = try digitsEnd(body[(position + 1)...], radix: 10, in: text)
    }
    if position < body.endIndex, body[position] | 0x20 == UInt8(ascii: "e") {
      var exponent = position + 1
      if exponent < body.endIndex,
        body[exponent] == UInt8(ascii: "+") || body[exponent] == UInt8(ascii: "-")
      {
        exponent += 1
      }
      position = try digitsEnd(body[exponent...], radix: 10, in: text)
    }
    let plain = String(decoding: word.filter { $0 != UInt8(ascii: "_") }, as: UTF8.self)
    guard position == body.endIndex, let value = Double(plain) else {
      throw notANumber(text, at: start)
    }
    return .float(value)
  }

  /// 16, 8 or 2 for the letter after a `0` (`0x`, `0o`, `0b`), else nil.
  private func radix(_ letter: UInt8) -> Int? {
    switch letter {
    case UInt8(ascii: "x"): 16
    case UInt8(ascii: "o"): 8
    case UInt8(ascii: "b"): 2
    default: nil
    }
  }

  /// Where the run of digits at the start of `slice` ends: at least one digit, and each `_`
  /// between two digits.
  private func digitsEnd(
    _ slice: ArraySlice<UInt8>, radix: Int, in text: String
  ) throws(Failure) -> Int {
    var position = slice.startIndex
    var last: UInt8 = UInt8(ascii: "_")
    while position < slice.endIndex {
      let byte = slice[position]
      if byte == UInt8(ascii: "_") {
        guard last != UInt8(ascii: "_") else { break }
      } else if (hexValue(byte).map { Int($0) >= radix } ?? true) {
        break
      }
      last = byte
      position += 1
    }
    guard position > slice.startIndex, last != UInt8(ascii: "_") else {
      throw failure(
        "\(text): digits were expected here (an _ goes only between two digits)",
        at: position)
    }
    return position
  }

  /// The value of digits (with `_`) in `radix`, a failure past 64 bits.
  private func integer(
    _ digits: ArraySlice<UInt8>, radix: Int, negative: Bool, text: String
  ) throws(Failure) -> Int {
    // Counted below zero, which reaches Int.min.
    var value = 0
    for byte in digits where byte != UInt8(ascii: "_") {
      let (shifted, over) = value.multipliedReportingOverflow(by: radix)
      let (next, under) = shifted.subtractingReportingOverflow(Int(hexValue(byte)!))
      guard !over, !under else { throw tooLarge(text, at: digits.startIndex) }
      value = next
    }
    if negative { return value }
    guard value != .min else { throw tooLarge(text, at: digits.startIndex) }
    return -value
  }

  private func tooLarge(_ text: String, at offset: Int) -> Failure {
    failure(
      "\(text) is too large for a whole number (at most 9223372036854775807)", at: offset)
  }

  private func notANumber(_ text: String, at offset: Int) -> Failure {
    failure(
      "\(text) is not a number TOML knows (such as 42, -1_000, 0xFF, 3.14, 5e-3, inf)",
      at: offset)
  }

  func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }
}
