import FoundationEssentials

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
    guard let name else { return query }
    let wanted = name.lowercased().replacing("_", with: " ")
    guard let view = views.first(where: { $0.name.lowercased() == wanted }) else {
      let names = views.map { "“\($0.name)”" }.joined(separator: ", ")
      throw .usage(
        "todos-tui ls: there is no view “\(name)”. To fix, name one of \(names) "
          + "(config.toml's [views] adds more; docs/views.md).")
    }
    return [view.query, query].filter { !$0.isEmpty }.joined(separator: " ")
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
