import TodoTxt

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
  /// - `Nd`, `Nb`, `Nw`, `Nm`, `Ny`: N days, business days (Monday to Friday), weeks, months or
  ///   years from today (N is 0 to 9999), the units of `rec:`. A month from January 31 is the
  ///   last day of February; a year from February 29 is February 28.
  ///
  /// Words and units are read in any case (`FRI`, `3D`, `3B`).
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

  /// `Nd`/`Nb`/`Nw`/`Nm`/`Ny` applied to `today`, or nil for anything else.
  private static func offset(_ word: String, from today: TodoDate) -> TodoDate? {
    guard let unit = word.utf8.last, word.utf8.count >= 2, word.utf8.count <= 5 else {
      return nil
    }
    var count = 0
    for byte in word.utf8.dropLast() {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      count = count * 10 + Int(byte - UInt8(ascii: "0"))
    }
    return Recurrence.Unit(letter: unit)?.advance(today, by: count)
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
    var dates: [(tag: TodoTag, date: TodoDate)] = []
    var notDates: [String] = []
    TodoTags.forEach(in: text) { tag in
      guard tag.key == "due" || tag.key == "t" else { return }
      if let date = resolve(tag.value, today: today) {
        dates.append((tag, date))
      } else {
        notDates.append(String(tag.value))
      }
    }
    // A `t:` after `due:` (the first of each, as the list reads them) moves to the due date: a
    // todo shows by the day it is due.
    var moved: DateTagConversion.MovedThreshold?
    if let due = dates.firstIndex(where: { $0.tag.key == "due" }),
      let start = dates.firstIndex(where: { $0.tag.key == "t" }),
      dates[start].date > dates[due].date
    {
      moved = .init(from: dates[start].date, to: dates[due].date)
      dates[start].date = dates[due].date
    }
    let replacements = dates.compactMap { tag, date in
      tag.value == date.description ? nil : (tag: tag, value: date.description)
    }
    return DateTagConversion(
      text: TodoTags.replacingValues(replacements, in: text), notDates: notDates,
      movedThreshold: moved)
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
  /// A `t:` that was after `due:`, moved to the due date.
  public var movedThreshold: MovedThreshold?

  /// A threshold moved back to the due date.
  public struct MovedThreshold: Hashable, Sendable {
    public var from: TodoDate
    public var to: TodoDate
  }

  /// Creates a result.
  ///
  /// ```swift
  /// DateTagConversion(text: "a", notDates: [])
  /// ```
  public init(text: String, notDates: [String], movedThreshold: MovedThreshold? = nil) {
    self.text = text
    self.notDates = notDates
    self.movedThreshold = movedThreshold
  }

  /// A status line naming the values that are not dates and a `t:` moved back to the due date,
  /// or nil when there is nothing to say.
  ///
  /// ```swift
  /// DateTagConversion(text: "", notDates: ["someday", "2026-02-30"]).statusMessage
  /// // "“someday” and “2026-02-30” are not dates"
  /// ```
  public var statusMessage: String? {
    let quoted = notDates.map { "“\($0)”" }
    var parts: [String] = []
    switch quoted.count {
    case 0: break
    case 1: parts.append("\(quoted[0]) is not a date")
    default:
      parts.append(
        quoted.dropLast().joined(separator: ", ") + " and \(quoted.last!) are not dates")
    }
    if let movedThreshold {
      parts.append(
        "t:\(movedThreshold.from) was after the due date: moved to t:\(movedThreshold.to)")
    }
    return parts.isEmpty ? nil : parts.joined(separator: " · ")
  }
}
