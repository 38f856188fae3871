/// How a view's list is cut into sections (config's `group`): by the todo's first `+project`,
/// its first `@context`, its priority, or when it is due.
///
/// ```swift
/// let group = try GroupBy(parsing: "project")  // .project
/// GroupBy.due.rawValue                          // "due"
/// ```
public enum GroupBy: String, CaseIterable, Hashable, Sendable {
  /// `+work · 3` … then `No project`.
  case project
  /// `@phone · 2` … then `No context`.
  case context
  /// `(A) · 1` … `(Z)`, then `No priority`.
  case priority
  /// `Overdue`, `Today`, `This week` (the next 7 days), `Later`, `No date`.
  case due

  /// Reads `"project"`, `"context"`, `"priority"` or `"due"` (case ignored).
  ///
  /// ```swift
  /// try GroupBy(parsing: "tag")  // ParseError: There is no group "tag".
  /// ```
  public init(parsing text: String) throws(SortSpec.ParseError) {
    let name = text.trimmingSpaces.lowercased()
    guard let group = GroupBy(rawValue: name) else {
      let names = Self.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
      throw SortSpec.ParseError(
        message: "There is no group \"\(text)\".",
        fix: "To fix, write group = one of \(names), or remove the line.")
    }
    self = group
  }

  /// The sections of `.due`, in the order they show.
  public enum DueSection: Int, CaseIterable, Sendable {
    case overdue, today, thisWeek, later, noDate

    /// What the header says: `Overdue`, `Today`, `This week`, `Later`, `No date`.
    public var title: String {
      switch self {
      case .overdue: "Overdue"
      case .today: "Today"
      case .thisWeek: "This week"
      case .later: "Later"
      case .noDate: "No date"
      }
    }
  }

  /// The header of the todos without a section's value: `No project`, `No context`,
  /// `No priority`, `No date`.
  public var noneTitle: String {
    switch self {
    case .project: "No project"
    case .context: "No context"
    case .priority: "No priority"
    case .due: "No date"
    }
  }
}

extension String {
  fileprivate var trimmingSpaces: String {
    String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
  }
}
