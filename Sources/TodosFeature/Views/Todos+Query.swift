extension Todos.State {
  /// The first term of the search (or of the view in effect) that cannot be read, as an error
  /// for the status line (such a query matches nothing, and this says why); nil when both
  /// read well.
  ///
  /// ```swift
  /// // `/` then `due:<=banana`:
  /// state.queryProblemStatus?.text  // "Not a date: “banana” in due:<=banana. To fix, …"
  /// ```
  public var queryProblemStatus: Todos.StatusMessage? {
    for text in [search?.query ?? "", currentView?.query ?? ""] where !text.isEmpty {
      if let problem = Query(text).problems.first {
        return Todos.StatusMessage(problem.message, kind: .error)
      }
    }
    return nil
  }
}
