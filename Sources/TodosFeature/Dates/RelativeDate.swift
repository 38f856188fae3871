/// Reading the dates people type into `due:` and `t:`: `2026-11-27`, `today`, `tomorrow`, `fri`,
/// `friday`, `3d`, `2w`, `1m`, `1y`.
///
/// ```swift
/// let monday = TodoDate(string: "2026-11-23")!
/// RelativeDate.resolve("fri", today: monday)      // 2026-11-27
/// RelativeDate.resolve("someday", today: monday)  // nil: not a date
/// ```
public enum RelativeDate {
  /// The day `value` means when typed on `today`, or nil when it is not a date.
  ///
  /// - `YYYY-MM-DD`: that day, when it exists (`2026-02-30` does not).
  /// - `today`, `tomorrow`.
  /// - `mon` … `sun`, `monday` … `sunday`: the next such day after today (never today itself:
  ///   `mon` typed on a Monday is the Monday after).
  /// - `Nd`, `Nw`, `Nm`, `Ny`: N days, weeks, months or years from today (N is 0 to 9999). A month
  ///   from January 31 is the last day of February; a year from February 29 is February 28.
  ///
  /// Words and units are read in any case (`FRI`, `3D`).
  ///
  /// ```swift
  /// let jan31 = TodoDate(string: "2026-01-31")!
  /// RelativeDate.resolve("1m", today: jan31)  // 2026-02-28
  /// ```
  public static func resolve(_ value: some StringProtocol, today: TodoDate) -> TodoDate? {
    if let date = TodoDate(string: String(value)) { return date }
    let word = value.lowercased()
    switch word {
    case "today": return today
    case "tomorrow": return today.adding(days: 1)
    default: break
    }
    if let weekday = weekday(named: word) {
      var ahead = (weekday.rawValue - today.weekday.rawValue + 7) % 7
      if ahead == 0 { ahead = 7 }
      return today.adding(days: ahead)
    }
    return offset(word, from: today)
  }

  /// The weekday a three-letter or full English name means, or nil.
  ///
  /// ```swift
  /// RelativeDate.weekday(named: "thu")  // .thursday
  /// ```
  static func weekday(named word: String) -> Weekday? {
    Weekday.allCases.first { word == $0.fullName || word == $0.fullName.prefix(3) }
  }

  /// `Nd`/`Nw`/`Nm`/`Ny` (lower-cased) applied to `today`, or nil for anything else.
  private static func offset(_ word: String, from today: TodoDate) -> TodoDate? {
    guard let unit = word.utf8.last, word.utf8.count >= 2, word.utf8.count <= 5 else {
      return nil
    }
    var count = 0
    for byte in word.utf8.dropLast() {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      count = count * 10 + Int(byte - UInt8(ascii: "0"))
    }
    switch unit {
    case UInt8(ascii: "d"): return today.adding(days: count)
    case UInt8(ascii: "w"): return today.adding(days: count * 7)
    case UInt8(ascii: "m"): return today.adding(months: count)
    case UInt8(ascii: "y"): return today.adding(years: count)
    default: return nil
    }
  }

  /// Turns every `due:` and `t:` value in `text` into `YYYY-MM-DD`, leaving each tag where it
  /// was; values that are not dates stay as typed and are listed in `notDates`.
  ///
  /// Run it on the whole edited text when an edit is saved (typed or pasted alike).
  ///
  /// ```swift
  /// let monday = TodoDate(string: "2026-11-23")!
  /// let result = RelativeDate.convertDateTags(in: "Call Bob due:fri t:someday", today: monday)
  /// result.text      // "Call Bob due:2026-11-27 t:someday"
  /// result.notDates  // ["someday"]
  /// ```
  public static func convertDateTags(in text: String, today: TodoDate) -> DateTagConversion {
    var replacements: [(tag: TodoTag, value: String)] = []
    var notDates: [String] = []
    TodoTags.forEach(in: text) { tag in
      guard tag.key == "due" || tag.key == "t" else { return }
      if let date = resolve(tag.value, today: today) {
        let written = date.description
        if tag.value != written { replacements.append((tag, written)) }
      } else {
        notDates.append(String(tag.value))
      }
    }
    return DateTagConversion(
      text: TodoTags.replacingValues(replacements, in: text), notDates: notDates)
  }
}

/// What `RelativeDate.convertDateTags` made of an edited text.
///
/// ```swift
/// let result = DateTagConversion(text: "a due:someday", notDates: ["someday"])
/// result.statusMessage  // "“someday” is not a date"
/// ```
public struct DateTagConversion: Hashable, Sendable {
  /// The text with every understood `due:`/`t:` value written as `YYYY-MM-DD`.
  public var text: String
  /// The `due:`/`t:` values that are not dates, as typed, in line order.
  public var notDates: [String]

  /// Creates a result.
  ///
  /// ```swift
  /// DateTagConversion(text: "a", notDates: [])
  /// ```
  public init(text: String, notDates: [String]) {
    self.text = text
    self.notDates = notDates
  }

  /// A status line naming the values that are not dates, or nil when all were.
  ///
  /// ```swift
  /// DateTagConversion(text: "", notDates: ["someday", "2026-02-30"]).statusMessage
  /// // "“someday” and “2026-02-30” are not dates"
  /// ```
  public var statusMessage: String? {
    let quoted = notDates.map { "“\($0)”" }
    switch quoted.count {
    case 0: return nil
    case 1: return "\(quoted[0]) is not a date"
    default:
      return quoted.dropLast().joined(separator: ", ") + " and \(quoted.last!) are not dates"
    }
  }
}
