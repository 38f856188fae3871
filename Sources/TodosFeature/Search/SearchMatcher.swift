import TodoTxt

extension Search {
  /// The search's query made ready for one day. A query of plain words (what people type most)
  /// is matched word by word straight from the text, with nothing built per todo; any other
  /// query goes through `Query.Matcher`. Both give the same answer.
  ///
  /// ```swift
  /// let matcher = Search.Matcher(Query("milk"), Query.Context(today: today))
  /// matcher.matches(Todo.State(id: id, description: "Buy MILK"))  // true
  /// ```
  struct Matcher {
    /// The words, when every term is one word without `-` or `|`.
    let words: [Query.TextPattern]?
    let query: Query.Matcher

    init(_ query: Query, _ context: Query.Context) {
      self.query = query.matcher(in: context)
      var words: [Query.TextPattern] = []
      for term in query.terms {
        guard term.alternatives.count == 1, !term.alternatives[0].isNegated,
          case .text(let text) = term.alternatives[0].test
        else {
          self.words = nil
          return
        }
        words.append(Query.TextPattern(text))
      }
      self.words = query.problems.isEmpty ? words : nil
    }

    /// Whether `todo` satisfies every term.
    func matches(_ todo: Todo.State) -> Bool {
      guard let words else { return query.matches(todo) }
      return Self.matches(words, todo.description)
    }

    /// Whether `description` holds every one of `words`.
    @inline(__always)
    static func matches(_ words: [Query.TextPattern], _ description: String) -> Bool {
      // Indices, not iterators: a debug build allocates for each iterator.
      for index in 0..<words.count where !words[index].matches(description) { return false }
      return true
    }
  }
}
