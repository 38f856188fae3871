extension TOMLReader {
  /// A date, a time or a date-time (RFC 3339, as TOML 1.0 takes it): nil when the word does not
  /// start like one (`dddd-` or `dd:`), a failure when it starts like one but is not.
  ///
  /// ```swift
  /// try reader.dateTime(Array("1979-05-27T07:32:00Z".utf8)[...])  // .offsetDateTime
  /// ```
  func dateTime(_ word: ArraySlice<UInt8>) throws(Failure) -> TOMLValue? {
    let digits = word.prefix { isDigit($0) }.count
    let start = word.startIndex
    let isDate = digits == 4 && word.count > 4 && word[start + 4] == UInt8(ascii: "-")
    let isTime = digits == 2 && word.count > 2 && word[start + 2] == UInt8(ascii: ":")
    guard isDate || isTime else { return nil }
    let text = String(decoding: word, as: UTF8.self)
    var scanner = DateScanner(bytes: word, position: start)
    let kind: TOMLDateTime.Kind?
    if isTime {
      kind = scanner.time() && scanner.atEnd ? .localTime : nil
    } else if !scanner.date() {
      kind = nil
    } else if scanner.atEnd {
      kind = .localDate
    } else if scanner.separator(), scanner.time() {
      kind =
        scanner.atEnd ? .localDateTime : scanner.offset() && scanner.atEnd ? .offsetDateTime : nil
    } else {
      kind = nil
    }
    guard let kind else {
      throw failure(
        "\(text) is not a date or time TOML knows (such as 2026-11-26, 07:32:00, "
          + "2026-11-26T07:32:00 or 2026-11-26T07:32:00+01:00)", at: start)
    }
    return .dateTime(TOMLDateTime(kind: kind, text: text))
  }
}

/// Steps through a date or time's bytes, checking each field's digits and range.
private struct DateScanner {
  let bytes: ArraySlice<UInt8>
  var position: Int

  var atEnd: Bool { position == bytes.endIndex }

  /// `YYYY-MM-DD`, a day that the month has.
  mutating func date() -> Bool {
    guard let year = field(4), literal("-"), let month = field(2), literal("-"),
      let day = field(2), (1...12).contains(month)
    else { return false }
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
    return (1...days).contains(day)
  }

  /// `HH:MM:SS` with an optional fraction (`.5`); a second of 60 (leap) is allowed.
  mutating func time() -> Bool {
    guard let hour = field(2), literal(":"), let minute = field(2), literal(":"),
      let second = field(2), hour < 24, minute < 60, second <= 60
    else { return false }
    if literal(".") {
      let from = position
      while !atEnd, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9") {
        position += 1
      }
      return position > from
    }
    return true
  }

  /// `T`, `t` or a space between the date and the time.
  mutating func separator() -> Bool {
    literal("T") || literal("t") || literal(" ")
  }

  /// `Z`, `z` or `+HH:MM` / `-HH:MM`.
  mutating func offset() -> Bool {
    if literal("Z") || literal("z") { return true }
    guard literal("+") || literal("-"), let hour = field(2), literal(":"),
      let minute = field(2)
    else { return false }
    return hour < 24 && minute < 60
  }

  /// `count` digits' value.
  private mutating func field(_ count: Int) -> Int? {
    guard bytes.endIndex - position >= count else { return nil }
    var value = 0
    for offset in 0..<count {
      let byte = bytes[position + offset]
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    position += count
    return value
  }

  private mutating func literal(_ character: Unicode.Scalar) -> Bool {
    guard !atEnd, bytes[position] == UInt8(character.value) else { return false }
    position += 1
    return true
  }
}
