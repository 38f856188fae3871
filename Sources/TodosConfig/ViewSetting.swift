import TodoTxt

/// One `[views.NAME]` table: a saved view's query and its key. The built-in views come from
/// the vocabulary (`ConfigVocabulary.views`); a table of the same name replaces one, and
/// `NAME = false` under `[views]` removes it.
///
/// ```swift
/// ViewSetting(table: "today", query: "due:<=today|pri:A is:active", key: KeySequence(.character("4")))
/// ```
public struct ViewSetting: Hashable, Sendable {
  /// The table's name (`no_date`); the view shows as `No date`.
  public var table: String
  /// Which todos show, in the query language (docs/views.md).
  public var query: String
  /// The key that picks the view in the list, if any.
  public var key: KeySequence?
  /// The order the view shows in (`sort = "due,priority"`), if any.
  public var sort: SortSpec?
  /// The view's sections (`group = "project"`), if any.
  public var group: GroupBy?

  public init(
    table: String, query: String, key: KeySequence? = nil, sort: SortSpec? = nil,
    group: GroupBy? = nil
  ) {
    self.group = group
    self.sort = sort
    self.table = table
    self.query = query
    self.key = key
  }
}

extension ConfigParser {
  static let viewKeys = ["query", "key", "sort", "group"]

  /// `[views]`: `[views.NAME]` tables with `query` and an optional `key`, replacing the
  /// built-in view of that name or adding one after them (in the file's order);
  /// `NAME = false` removes one. A table without a readable query, or with a bad key, changes
  /// nothing; a setting a view does not have is reported and left out.
  mutating func parseViews(_ table: TOMLTable) {
    var added: [(line: Int, view: ViewSetting)] = []
    for (name, value) in table {
      let section = "views.\(name)"
      if let keep = value.bool {
        let line = lines.line(ofKey: name, inSection: "views")
        if !keep {
          config.views.removeAll { $0.table.lowercased() == name.lowercased() }
        } else if !config.views.contains(where: { $0.table.lowercased() == name.lowercased() }) {
          report(
            line: line, .badValue, "There is no view \"\(name)\" to keep.",
            value: "\(name) = true",
            fix: "To fix, write a table [views.\(name)] with a query, or remove the line.")
        }
        continue
      }
      let line = lines.line(ofSection: section)
      guard let settings = value.table else {
        report(
          line: lines.line(ofKey: name, inSection: "views"), .badType,
          "The view \(name) must be a table or false, not \(typeName(value)).",
          value: "\(name) = \(written(value))",
          fix: "To fix, write [\(section)] on a line of its own with query = \"…\" below it, "
            + "or \(name) = false to remove a built-in view.")
        continue
      }
      guard let view = viewSetting(name, settings, line: line) else { continue }
      if let index = config.views.firstIndex(where: { $0.table.lowercased() == name.lowercased() })
      {
        config.views[index] = view
      } else {
        added.append((line ?? Int.max, view))
      }
    }
    config.views += added.sorted { $0.line < $1.line }.map(\.view)
  }

  private mutating func viewSetting(
    _ name: String, _ settings: TOMLTable, line: Int?
  ) -> ViewSetting? {
    var query: String?
    var key: KeySequence?
    var sort: SortSpec?
    var group: GroupBy?
    for (setting, value) in settings {
      switch setting {
      case "query":
        guard let text = value.string else {
          report(
            line: line, .badType, "views.\(name).query must be text, not \(typeName(value)).",
            value: "query = \(written(value))",
            fix: "To fix, write query = \"due:<=today -is:done\" (docs/views.md).")
          return nil
        }
        query = text
      case "key":
        guard let text = value.string, let parsed = try? KeySequence(parsing: text),
          parsed.keys.count == 1
        else {
          report(
            line: line, .badValue, "views.\(name).key must be one key, such as \"4\".",
            value: "key = \(written(value))",
            fix: "To fix, write key = \"4\" (a key is named as in [keys]), or remove it.")
          return nil
        }
        key = parsed
      case "sort":
        // A bad order is left out; the view is kept in the list's order.
        sort = sortSpec(value, named: "views.\(name).sort", line: line)
      case "group":
        // A bad group is left out; the view is kept without sections.
        group = groupBy(value, named: "views.\(name).group", line: line)
      default:
        report(
          line: line, .unknownSetting, "A view has no setting \"\(setting)\".",
          value: "\(setting) = \(written(value))",
          fix: fixForUnknown(setting, among: ConfigParser.viewKeys, kind: "its settings")
            + " The view is kept without it.")
      }
    }
    guard let query else {
      report(
        line: line, .badValue, "The view \(name) has no query.", value: "[views.\(name)]",
        fix: "To fix, write query = \"…\" below [views.\(name)] (docs/views.md).")
      return nil
    }
    return ViewSetting(table: name, query: query, key: key, sort: sort, group: group)
  }
}
