import FoundationEssentials
import TodoTxt

// `ls` and `lists`: what the file holds, printed for a shell or a script.

extension TodoCommand {
  /// The todos matching `query` (every todo when it is empty), one `N line` each, N being the
  /// line's number in the file (blank and comment lines counted, as todo.sh counts them); with
  /// `json`, one JSON object per todo (`jsonObject`). With `view` (`ls --view`) that has a
  /// `sort` or a `group`, the todos come in its order, completed ones last, and a grouped
  /// view's sections each start with a line `# +work (3)` (in JSON, each object has its
  /// section as `group`). Throws a usage error for a query the query language does not read.
  ///
  /// ```swift
  /// try TodoCommand.list(document, query: "+family", json: false, today: today)
  /// // ["3 Call Mom +family"]
  /// ```
  public static func list(
    _ document: TodoTxtDocument, query queryText: String, json: Bool, today: TodoDate,
    view: SavedView? = nil
  ) throws(CommandError) -> [String] {
    let query = Query(queryText)
    // The query's own message names the term and how to write it.
    if let problem = query.problems.first { throw .usage("todos-tui ls: \(problem.message)") }
    let matcher = query.matcher(in: .init(today: today))
    var matched: [(number: Int, line: TodoTxtLine, row: Todo.State)] = []
    for (index, entry) in document.lines.enumerated() {
      guard case .todo(let line) = entry else { continue }
      let row = Todo.State(line: line, id: UUID())
      if matcher.matches(row) { matched.append((index + 1, line, row)) }
    }
    let ordered = Self.ordered(matched.map(\.row), as: view, today: today)
    var sections = ordered?.groups ?? []
    var output: [String] = []
    for (place, position) in (ordered?.positions ?? Array(matched.indices)).enumerated() {
      let (number, line, row) = matched[position]
      var section: String?
      if let group = sections.first, place >= group.start {
        section = group.title
        if place == group.start, !json { output.append("# \(group.title) (\(group.count))") }
        if place == group.start + group.count - 1 { sections.removeFirst() }
      }
      if json {
        var object = jsonObject(line, number: number, row: row)
        if let section, case .object(var members) = object {
          members["group"] = .string(section)
          object = .object(members)
        }
        output.append(object.text)
      } else {
        output.append("\(number) \(text(of: line))")
      }
    }
    return output
  }

  /// One todo for `ls --json`: `line` (its number), `text` (the line as in the file),
  /// `description`, `done`, `priority`, `created`, `completed`, `due`, `threshold` (dates as
  /// `YYYY-MM-DD`, null when absent), `projects`, `contexts`, and `tags` (every `key:value`).
  ///
  /// ```swift
  /// // {"line":3,"text":"(A) Call Mom due:2026-11-27 +family","priority":"A",…}
  /// ```
  static func jsonObject(_ line: TodoTxtLine, number: Int, row: Todo.State) -> JSONText {
    let dates = DateTags(row.description)
    var tags: [String: JSONText] = [:]
    for tag in line.tags where tags[tag.key] == nil { tags[tag.key] = .string(tag.value) }
    func date(_ date: TodoDate?) -> JSONText { date.map { .string($0.description) } ?? .null }
    return .object([
      "line": .number(number),
      "text": .string(text(of: line)),
      "description": .string(row.description),
      "done": .bool(row.isComplete),
      "priority": row.priority.map { .string(String($0)) } ?? .null,
      "created": date(row.creationDate),
      "completed": date(row.completionDate),
      "due": date(dates.dueDate),
      "threshold": date(dates.thresholdDate),
      "projects": .array(line.projects.map { .string($0) }),
      "contexts": .array(line.contexts.map { .string($0) }),
      "tags": .object(tags),
    ])
  }

  /// `lists`: the list (one for now) with its count of active todos.
  ///
  /// ```swift
  /// TodoCommand.lists(document, path: "/home/me/todo.txt")  // ["/home/me/todo.txt: 3 active"]
  /// ```
  public static func lists(_ document: TodoTxtDocument, path: String) -> [String] {
    let active = document.todos.count { !$0.isComplete }
    return ["\(path): \(active) active"]
  }
}
