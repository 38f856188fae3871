import TodoTxt

/// Postponing a todo (`z`, and `todos-tui postpone`): a number of days, weeks or months moves
/// its `due:` date from the old one; a day name or a date sets it; a `t:` moves by as many days
/// as the due date did, keeping the gap; a todo with no `due:` gets one counted from today.
///
/// ```swift
/// let friday = TodoDate(string: "2026-11-20")!
/// let when = Postpone.When(parsing: "3d", today: friday)!  // .by(3, .days)
/// Postpone.postponing("Call Bob due:2026-11-20 t:2026-11-18", by: when, today: friday)
/// // "Call Bob due:2026-11-23 t:2026-11-21"
/// ```
public enum Postpone {
  /// How far to postpone: by a count of a unit (from each todo's own due date) or to a day.
  public enum When: Hashable, Sendable {
    case by(Int, Recurrence.Unit)
    case on(TodoDate)

    /// What `word` means typed on `today`, or nil when it is not a date: `3d`, `2b`, `1w`,
    /// `1m`, `1y` move; `today`, `tomorrow`, `fri`, `2026-12-01` set.
    ///
    /// ```swift
    /// Postpone.When(parsing: "1w", today: today)   // .by(1, .weeks)
    /// Postpone.When(parsing: "banana", today: today)  // nil
    /// ```
    public init?(parsing word: some StringProtocol, today: TodoDate) {
      let word = word.trimmingWhitespace()
      guard let date = RelativeDate.resolve(word, today: today) else { return nil }
      let utf8 = Array(word.utf8)
      if utf8.count >= 2, let unit = Recurrence.Unit(letter: utf8[utf8.count - 1]),
        utf8.dropLast().allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
        let count = Int(String(word.dropLast()))
      {
        self = .by(count, unit)
      } else {
        self = .on(date)
      }
    }

    /// The words after `Postponed … `: `by 3 days`, `by 1 week`, `to Fri Nov 27`.
    ///
    /// ```swift
    /// Postpone.When.by(2, .businessDays).phrase(today: today)  // "by 2 business days"
    /// ```
    public func phrase(today: TodoDate) -> String {
      switch self {
      case .by(let count, let unit):
        let names: (String, String) =
          switch unit {
          case .days: ("day", "days")
          case .businessDays: ("business day", "business days")
          case .weeks: ("week", "weeks")
          case .months: ("month", "months")
          case .years: ("year", "years")
          }
        return "by \(count) \(count == 1 ? names.0 : names.1)"
      case .on(let date):
        return "to " + Postpone.longDate(date, today: today)
      }
    }
  }

  /// `Fri Nov 27` (with the year when it is not `today`'s).
  ///
  /// ```swift
  /// Postpone.longDate(TodoDate(string: "2026-11-27")!, today: today)  // "Fri Nov 27"
  /// ```
  public static func longDate(_ date: TodoDate, today: TodoDate) -> String {
    date.weekday.shortName + " " + DueBadge.shortDate(date, today: today)
  }

  /// The message for a word that is not a date: heading, the value, how to fix it.
  ///
  /// ```swift
  /// Postpone.notADate("banana")
  /// // "“banana” is not a date · To fix, type 3d, 1w, 1m, fri, tomorrow or 2026-12-01"
  /// ```
  public static func notADate(_ word: String) -> String {
    let shown = word.trimmingWhitespace()
    return "“\(shown)” is not a date · To fix, type 3d, 1w, 1m, fri, tomorrow or 2026-12-01"
  }

  /// `text` (a todo's description) postponed: its first `due:` moved or set (added, counted
  /// from today, when it has none or it is not a date), its first `t:` moved by as many days
  /// as the due date (when both were dates); a `t:` that would be after the due date is set to
  /// it. Unchanged when the date would pass year 9999.
  ///
  /// ```swift
  /// Postpone.postponing("Pay rent", by: .by(1, .weeks), today: monday)
  /// // "Pay rent due:2026-11-30"
  /// ```
  public static func postponing(_ text: String, by when: When, today: TodoDate) -> String {
    let tags = DateTags(text)
    let oldDue = tags.dueDate
    let newDue: TodoDate?
    switch when {
    case .by(let count, let unit): newDue = unit.advance(oldDue ?? today, by: count)
    case .on(let date): newDue = date
    }
    guard let newDue else { return text }
    var text = TodoTags.setting("due", to: newDue.description, in: text)
    if let threshold = DateTags(text).threshold, let start = DateTags(text).thresholdDate {
      var moved = start
      if let oldDue { moved = start.adding(days: oldDue.days(to: newDue)) ?? start }
      if moved > newDue { moved = newDue }
      if moved != start {
        text = TodoTags.replacingValue(of: threshold, with: moved.description, in: text)
      }
    }
    return text
  }

  /// The todo postponed (see `postponing(_:by:today:)`); the same todo, bytes and all, when
  /// nothing changes.
  ///
  /// ```swift
  /// Postpone.postponing(todo, by: .on(friday), today: monday).description
  /// ```
  public static func postponing(_ todo: Todo.State, by when: When, today: TodoDate)
    -> Todo.State
  {
    let text = postponing(todo.description, by: when, today: today)
    guard text != todo.description else { return todo }
    var changed = todo
    changed.description = text
    changed.rawLine = nil
    return changed
  }

  /// The status line: `Postponed “Call Bob” by 3 days`, `Postponed 3 todos to Fri Nov 27`.
  ///
  /// ```swift
  /// Postpone.status(.by(3, .days), count: 3, first: nil, today: today)
  /// // "Postponed 3 todos by 3 days"
  /// ```
  public static func status(_ when: When, count: Int, first: Todo.State?, today: TodoDate)
    -> String
  {
    guard count > 0 else { return "No todo changed" }
    let what = count == 1 ? first.map(Todos.quoted) ?? "1 todo" : "\(count) todos"
    return "Postponed \(what) \(when.phrase(today: today))"
  }
}
