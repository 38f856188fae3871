import TodoTxt

/// A `rec:` value: every N days, business days, weeks, months or years, optionally strict.
///
/// `rec:1w` (normal) schedules the next occurrence from the day it is completed; `rec:+1w`
/// (strict) from the old due date, for things tied to the calendar such as paying rent.
///
/// ```swift
/// Recurrence("+2w")  // every 2 weeks, strict
/// Recurrence("3b")   // every 3 business days (Monday to Friday)
/// Recurrence("often")  // nil: malformed
/// ```
public struct Recurrence: Hashable, Sendable {
  /// The unit of a recurrence interval.
  public enum Unit: Hashable, Sendable {
    case days, businessDays, weeks, months, years

    /// The unit a letter names, in either case: `d`, `b` (Monday to Friday), `w`, `m`, `y`.
    /// Typed dates (`3b`) and `rec:` (`rec:1W`) read units the same way.
    ///
    /// ```swift
    /// Recurrence.Unit(letter: UInt8(ascii: "W"))  // .weeks
    /// ```
    public init?(letter: UInt8) {
      switch letter | 0x20 {
      case UInt8(ascii: "d"): self = .days
      case UInt8(ascii: "b"): self = .businessDays
      case UInt8(ascii: "w"): self = .weeks
      case UInt8(ascii: "m"): self = .months
      case UInt8(ascii: "y"): self = .years
      default: return nil
      }
    }

    /// `date` moved on by `count` of this unit, or nil past year 9999.
    ///
    /// ```swift
    /// Recurrence.Unit.businessDays.advance(friday, by: 1)  // the Monday after
    /// ```
    public func advance(_ date: TodoDate, by count: Int) -> TodoDate? {
      switch self {
      case .days: date.adding(days: count)
      case .businessDays: date.adding(businessDays: count)
      case .weeks: date.adding(days: count * 7)
      case .months: date.adding(months: count)
      case .years: date.adding(years: count)
      }
    }
  }

  /// How many units, 1...9999.
  public var count: Int
  /// The unit.
  public var unit: Unit
  /// Strict (`+`): counted from the old due date rather than from the day of completion.
  public var isStrict: Bool

  /// Creates a rule.
  ///
  /// ```swift
  /// Recurrence(count: 1, unit: .months, isStrict: true)  // rec:+1m
  /// ```
  public init(count: Int, unit: Unit, isStrict: Bool = false) {
    self.count = count
    self.unit = unit
    self.isStrict = isStrict
  }

  /// Parses `[+]N<unit>` with unit `d`, `b`, `w`, `m` or `y` (in either case: `1W`) and N from
  /// 1 to 9999; nil for anything else (`0d`, `1`, `1x`, `+`, `-1d`, `1.5w`).
  ///
  /// ```swift
  /// Recurrence("+1m")?.isStrict  // true
  /// ```
  public init?(_ value: some StringProtocol) {
    var bytes = Substring(value).utf8[...]
    let isStrict = bytes.first == UInt8(ascii: "+")
    if isStrict { bytes = bytes.dropFirst() }
    guard let unitByte = bytes.last, bytes.count >= 2, bytes.count <= 5 else { return nil }
    var count = 0
    for byte in bytes.dropLast() {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      count = count * 10 + Int(byte - UInt8(ascii: "0"))
    }
    guard count > 0, let unit = Unit(letter: unitByte) else { return nil }
    self.init(count: count, unit: unit, isStrict: isStrict)
  }

  /// `date` moved on by one interval, or nil past year 9999.
  ///
  /// ```swift
  /// Recurrence("1m")!.advance(TodoDate(string: "2026-01-31")!)  // 2026-02-28
  /// Recurrence("1b")!.advance(TodoDate(string: "2026-11-27")!)  // Monday 2026-11-30
  /// ```
  public func advance(_ date: TodoDate) -> TodoDate? { unit.advance(date, by: count) }

  /// The todo that completing a recurring todo creates, or why there is none.
  ///
  /// The new description is the old one with its date tags moved, each in its place:
  ///
  /// - With `due:` (and maybe `t:`): the new due date is today + interval (strict: old due date
  ///   + interval); `t:` keeps its distance before `due:` (new `t:` = new due − (old due − old
  ///   `t:`)), and a `t:` after `due:` becomes the new due date (a todo shows by its due day).
  /// - With `t:` but no `due:`: the new `t:` is today + interval (strict: old `t:` + interval).
  /// - With neither: ` due:` today + interval (strict: same, there is no old date) is appended,
  ///   as topydo and ttdl do, so the copy is not identical to what was just completed.
  ///
  /// A `due:` or `t:` whose value is not a date counts as absent; when a new due date is set,
  /// such a `due:` value is replaced (the completed line still has it). The new creation date is
  /// `today` when the old todo had one, else none. Priority, projects, contexts and the other
  /// tags are the caller's to copy (they are in the description or in `Todo.State` unchanged).
  /// Pass the description as it was before completing: completing moves a priority into a
  /// `pri:A` tag, which the new, active todo must not carry.
  ///
  /// ```swift
  /// let monday = TodoDate(string: "2026-11-23")!
  /// Recurrence.nextOccurrence(
  ///   of: "Water plants due:2026-11-20 rec:1w", creationDate: nil, today: monday)
  /// // .next(description: "Water plants due:2026-11-30 rec:1w", creationDate: nil)
  /// ```
  public static func nextOccurrence(
    of description: String, creationDate: TodoDate?, today: TodoDate
  ) -> NextOccurrence {
    let tags = DateTags(description)
    guard let recTag = tags.recurrence else { return .notRecurring }
    guard let rule = Recurrence(recTag.value) else {
      return .malformed(String(recTag.value))
    }
    let newCreation = creationDate == nil ? nil : today
    let oldDue = tags.dueDate
    let oldStart = tags.thresholdDate
    var replacements: [(tag: TodoTag, value: String)] = []
    var newDescription: String
    if oldDue == nil, let oldStart, let threshold = tags.threshold {
      guard let newStart = rule.advance(rule.isStrict ? oldStart : today) else {
        return .pastYear9999(String(recTag.value))
      }
      replacements.append((threshold, newStart.description))
      newDescription = TodoTags.replacingValues(replacements, in: description)
    } else {
      let base = rule.isStrict ? (oldDue ?? today) : today
      guard let newDue = rule.advance(base) else { return .pastYear9999(String(recTag.value)) }
      if let oldDue, let oldStart, let threshold = tags.threshold,
        let newStart = newDue.adding(days: -max(0, oldStart.days(to: oldDue)))
      {
        replacements.append((threshold, newStart.description))
      }
      if let due = tags.due {
        replacements.append((due, newDue.description))
        newDescription = TodoTags.replacingValues(replacements, in: description)
      } else {
        newDescription = TodoTags.replacingValues(replacements, in: description)
        newDescription = TodoTags.setting("due", to: newDue.description, in: newDescription)
      }
    }
    return .next(description: newDescription, creationDate: newCreation)
  }
}

/// What completing a todo means for its recurrence.
///
/// ```swift
/// switch Recurrence.nextOccurrence(of: text, creationDate: nil, today: today) {
/// case .notRecurring: break                          // nothing to create
/// case .malformed(let value): status = "“\(value)” …"  // say so, create nothing
/// case .pastYear9999(let value): …                  // say so, create nothing
/// case .next(let description, let created): …       // insert the copy
/// }
/// ```
public enum NextOccurrence: Hashable, Sendable {
  /// The todo has no `rec:` tag.
  case notRecurring
  /// The `rec:` value (given as written) is not understood.
  case malformed(String)
  /// The `rec:` value (given as written) is understood, but the next date would be after
  /// 9999-12-31, which a todo.txt date cannot hold.
  case pastYear9999(String)
  /// The next occurrence's description and creation date.
  case next(description: String, creationDate: TodoDate?)
}
