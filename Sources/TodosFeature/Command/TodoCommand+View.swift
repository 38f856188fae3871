import IdentifiedCollections
import TodoTxt

// `ls --view NAME`: the todos of a saved view (config's `[views]`), as the list shows them.

extension TodoCommand {
  /// `query` with the query of the view named `name` before it (nil: `query` alone). The name
  /// is the view's (`"No date"`) or its table's (`no_date`), case ignored; an unknown one is a
  /// usage error naming the views there are.
  ///
  /// ```swift
  /// try TodoCommand.query("+work", inView: "today", SavedView.builtIn)
  /// // "due:<=today|pri:A is:active +work"
  /// ```
  public static func query(
    _ query: String, inView name: String?, _ views: [SavedView]
  ) throws(CommandError) -> String {
    guard let view = try view(named: name, views) else { return query }
    return [view.query, query].filter { !$0.isEmpty }.joined(separator: " ")
  }

  /// The view named `name` (nil: none), by its name or its table's, case ignored; an unknown
  /// one is a usage error naming the views there are.
  ///
  /// ```swift
  /// try TodoCommand.view(named: "no_date", SavedView.builtIn)?.name  // "No date"
  /// ```
  public static func view(
    named name: String?, _ views: [SavedView]
  ) throws(CommandError) -> SavedView? {
    guard let name else { return nil }
    let wanted = name.lowercased().replacingText("_", with: " ")
    guard let view = views.first(where: { $0.name.lowercased() == wanted }) else {
      let names = views.map { "“\($0.name)”" }.joined(separator: ", ")
      throw .usage(
        "todos-tui ls: there is no view “\(name)”. To fix, name one of \(names) "
          + "(config.toml's [views] adds more; docs/views.md).")
    }
    return view
  }

  /// `rows` (the todos `ls` prints, in file order) as `view` shows them when it has a `sort`
  /// or a `group`: the positions in `rows`, top to bottom (completed todos below the active
  /// ones, as in the list), and each section's title and count; nil when the view keeps the
  /// file's order.
  ///
  /// ```swift
  /// TodoCommand.ordered(rows, as: SavedView(name: "Work", query: "", group: .project),
  ///   today: today)
  /// // ([2, 0, 1], [("+home", 1), ("+work", 2)])
  /// ```
  static func ordered(
    _ rows: [Todo.State], as view: SavedView?, today: TodoDate
  ) -> (positions: [Int], groups: [VisibleTodos.Group]?)? {
    guard let view, view.sort != nil || view.group != nil else { return nil }
    var order = TodoSortOrder.fileOrder
    var sort = view.sort
    if let spec = view.sort, let builtIn = TodoSortOrder(exactly: spec) {
      (order, sort) = (builtIn, nil)
    }
    let list = TodoList(todos: IdentifiedArray(uniqueElements: rows), today: today)
    // Every todo matched shows: `ls` does not hide the ones whose `t:` is later.
    let visibility = Visibility(
      showsHidden: true, order: order, sort: sort, group: view.group)
    let shown = VisibleTodos(todos: list.rows, order: list.visibleOrder(for: visibility))
    return ((0..<shown.count).map { list.index(id: shown[$0].id)! }, shown.groups)
  }

  /// The value of `--view NAME` or `--view=NAME` at `word`, taking the next argument for the
  /// first form.
  static func viewName(
    _ word: String, next index: inout Int, in arguments: [String]
  ) throws(CommandError) -> String {
    if let equals = word.firstIndex(of: "=") { return String(word[word.index(after: equals)...]) }
    guard index < arguments.count else {
      throw .usage("todos-tui ls: --view needs a value. To fix, use --view NAME (--view today).")
    }
    index += 1
    return arguments[index - 1]
  }
}
