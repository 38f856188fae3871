/// A sort order written as keys with tie-breaks, as config's `sort` and `sort_orders` take it:
/// each key ascending unless followed by `desc`, ties going to the next key, then to file order.
///
/// ```swift
/// let spec = try SortSpec(parsing: "due desc, priority")
/// spec.description  // "due desc,priority"
/// ```
public struct SortSpec: Hashable, Sendable, CustomStringConvertible {
  /// What a sort key compares.
  public enum Key: String, CaseIterable, Hashable, Sendable {
    /// `(A)` first … `(Z)`, then no priority.
    case priority
    /// The `due:` date, earliest first.
    case due
    /// The `t:` (threshold) date.
    case t
    /// The creation date.
    case created
    /// The completion date.
    case completed
    /// The description, ignoring case.
    case text
    /// The place in the file.
    case file
  }

  /// One key and its direction. A todo without the key's value (no priority, no date) comes
  /// after those with one, in either direction.
  public struct Field: Hashable, Sendable {
    public var key: Key
    public var descending: Bool

    public init(_ key: Key, descending: Bool = false) {
      self.key = key
      self.descending = descending
    }
  }

  /// Why a sort order cannot be read: what is wrong, and how to fix it.
  public struct ParseError: Error, Equatable, Sendable {
    public var message: String
    public var fix: String

    public init(message: String, fix: String) {
      self.message = message
      self.fix = fix
    }
  }

  public var fields: [Field]

  public init(_ fields: [Field]) {
    self.fields = fields
  }

  /// Reads `"due,priority desc,file"`: keys apart by commas, each optionally followed by
  /// `asc` or `desc`.
  ///
  /// ```swift
  /// try SortSpec(parsing: "prio")  // ParseError: There is no sort key "prio".
  /// ```
  public init(parsing text: String) throws(ParseError) {
    let keys = Key.allCases.map(\.rawValue).joined(separator: ", ")
    var fields: [Field] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      let words = part.split(whereSeparator: { $0 == " " || $0 == "\t" }).map {
        $0.lowercased()
      }
      guard let name = words.first else {
        throw ParseError(
          message: "The sort order \"\(text)\" has an empty key.",
          fix: "To fix, write keys apart by single commas, such as \"due,priority\".")
      }
      guard let key = Key(rawValue: name) else {
        throw ParseError(
          message: "There is no sort key \"\(name)\".",
          fix: "To fix, use \(keys) (each may be followed by asc or desc), "
            + "such as \"due,priority desc\".")
      }
      guard words.count <= 2, words.count == 1 || ["asc", "desc"].contains(words[1]) else {
        throw ParseError(
          message: "The sort key \"\(part.trimmed)\" can only be followed by asc or desc.",
          fix: "To fix, write \"\(name)\" or \"\(name) desc\", and a comma before the next key.")
      }
      fields.append(Field(key, descending: words.count == 2 && words[1] == "desc"))
    }
    self.fields = fields
  }

  /// The order written back as it is read: `"due desc,priority"`.
  public var description: String {
    fields.map { $0.key.rawValue + ($0.descending ? " desc" : "") }.joined(separator: ",")
  }

  /// What the title shows: `"by due desc, priority"`.
  ///
  /// ```swift
  /// try SortSpec(parsing: "due,priority").title  // "by due, priority"
  /// ```
  public var title: String {
    "by " + fields.map { $0.key.rawValue + ($0.descending ? " desc" : "") }.joined(separator: ", ")
  }

  /// The orders `s` cycles through when config does not say: file order, by priority, by due
  /// date (the app's three built-in orders).
  public static let defaultCycle: [SortSpec] = [
    SortSpec([Field(.file)]), SortSpec([Field(.priority)]), SortSpec([Field(.due)]),
  ]
}

extension Substring {
  fileprivate var trimmed: String {
    String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
  }
}
