// How messages and undo labels name a todo.

extension Todos {
  /// `“description”` for messages and undo labels, shortened when long.
  static func quoted(_ todo: Todo.State) -> String { quoted(todo.description) }

  /// `“text”`, cut to 29 characters and `…` when longer than 30.
  ///
  /// ```swift
  /// Todos.quoted("Buy milk")  // “Buy milk”
  /// ```
  static func quoted(_ text: String) -> String {
    // Every toggle labels its undo step: count no further than the limit (a whole count of a
    // long description was a twentieth of a toggle at 100k todos).
    guard text.utf8.count > 30,
      let cut = text.index(text.startIndex, offsetBy: 29, limitedBy: text.endIndex),
      text.index(cut, offsetBy: 2, limitedBy: text.endIndex) != nil  // over 30 characters
    else { return "“\(text)”" }
    return "“\(text[..<cut])…”"
  }
}
