import TodoTxt

/// The words at the right of a row that say when a todo is due, relative to today.
///
/// | due date              | text            | kind      |
/// |-----------------------|-----------------|-----------|
/// | 1…99 days ago         | `overdue 3d`    | overdue   |
/// | 100…699 days ago      | `overdue 14w`   | overdue   |
/// | 700 days ago or more  | `overdue 2y`    | overdue   |
/// | today                 | `today`         | today     |
/// | tomorrow              | `tomorrow`      | soon      |
/// | in 2…6 days           | `Fri`           | soon      |
/// | later, this year      | `Dec 1`         | later     |
/// | later, another year   | `Jan 5 2027`    | later     |
///
/// Weeks and years are whole ones, rounded down, so the text never passes 11 columns. Seven
/// days ahead shows the date rather than today's weekday name, which would read as today.
///
/// ```swift
/// let monday = TodoDate(string: "2026-11-23")!
/// DueBadge(due: TodoDate(string: "2026-11-20")!, today: monday)  // overdue 3d, .overdue
/// DueBadge(due: TodoDate(string: "2026-11-27")!, today: monday)  // Fri, .soon
/// ```
public struct DueBadge: Hashable, Sendable {
  /// How urgent the due date is, so the view can style it (the text alone carries the meaning).
  public enum Kind: Hashable, Sendable {
    /// Past: red and bold.
    case overdue
    /// Due today: stands out.
    case today
    /// Tomorrow or within the week.
    case soon
    /// A week or more ahead.
    case later
  }

  /// What the row shows, e.g. `overdue 3d`.
  public var text: String
  /// How to style it.
  public var kind: Kind

  /// Creates a badge with the given text and kind (for tests and previews).
  ///
  /// ```swift
  /// DueBadge(text: "today", kind: .today)
  /// ```
  public init(text: String, kind: Kind) {
    self.text = text
    self.kind = kind
  }

  /// The badge for a todo due on `due`, seen on `today`.
  ///
  /// ```swift
  /// DueBadge(due: today, today: today).text  // "today"
  /// ```
  public init(due: TodoDate, today: TodoDate) {
    let ahead = today.days(to: due)
    switch ahead {
    case ..<0:
      let late = -ahead
      let amount =
        late < 100 ? "\(late)d" : late < 700 ? "\(late / 7)w" : "\(late / 365)y"
      self.init(text: "overdue \(amount)", kind: .overdue)
    case 0: self.init(text: "today", kind: .today)
    case 1: self.init(text: "tomorrow", kind: .soon)
    case 2...6: self.init(text: due.weekday.shortName, kind: .soon)
    default: self.init(text: Self.shortDate(due, today: today), kind: .later)
    }
  }

  /// The badge of a hidden todo shown with `H`: `starts` and when its `t:` date comes, or nil
  /// when that day is today or past (the todo is not waiting any more).
  ///
  /// ```swift
  /// let monday = TodoDate(string: "2026-11-23")!
  /// DueBadge.threshold(TodoDate(string: "2026-12-01")!, today: monday)  // "starts Dec 1"
  /// DueBadge.threshold(TodoDate(string: "2026-11-24")!, today: monday)  // "starts tomorrow"
  /// ```
  public static func threshold(_ start: TodoDate, today: TodoDate) -> String? {
    let ahead = today.days(to: start)
    switch ahead {
    case ..<1: return nil
    case 1: return "starts tomorrow"
    case 2...6: return "starts \(start.weekday.shortName)"
    default: return "starts \(shortDate(start, today: today))"
    }
  }

  /// `Dec 1` in `today`'s year, `Jan 5 2027` in any other (English month names, whatever the
  /// locale, like the rest of the interface).
  ///
  /// ```swift
  /// DueBadge.shortDate(TodoDate(string: "2027-01-05")!, today: monday)  // "Jan 5 2027"
  /// ```
  public static func shortDate(_ date: TodoDate, today: TodoDate) -> String {
    let months = [
      "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]
    let dayAndMonth = "\(months[date.month - 1]) \(date.day)"
    return date.year == today.year ? dayAndMonth : "\(dayAndMonth) \(date.year)"
  }
}
