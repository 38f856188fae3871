extension Search {
  /// The matches of the last queries typed, kept between keys so that a search stays quick on
  /// a big list: a query that narrows a kept one (`Query.narrows`: a letter or a term typed)
  /// searches only its matches, and Backspace finds the matches of an earlier query kept. A
  /// chain: each kept query narrows the one before it. Valid for one content of the list
  /// (`token`, renewed by a new day too, as date terms read the day).
  ///
  /// ```swift
  /// var kept = Search.KeptMatches(token: list.contentToken)
  /// kept.remember(Query("mil"), matches: [0, 4])
  /// kept.base(for: Query("milk"))  // [0, 4]: only these are searched
  /// ```
  struct KeptMatches: Sendable {
    /// The list contents (`TodoList.contentToken`) the matches are list indices of.
    var token: UInt64 = 0
    /// Queries and the list indices of the todos that match them (no filter), each query
    /// narrowing the one before. 32-bit: half the memory for a million matches.
    private(set) var searches: [(query: Query, indices: [Int32])] = []

    /// The most queries kept.
    static let limit = 12

    var isEmpty: Bool { searches.isEmpty }

    /// The matches of the latest kept query that `query` narrows, to search instead of every
    /// todo; nil when none is kept.
    func base(for query: Query) -> [Int32]? {
      guard !query.isEmpty else { return nil }
      return searches.last { query.narrows($0.query) }?.indices
    }

    /// The matches of exactly this query, when kept (a backspace back to an earlier query):
    /// nothing to search again.
    ///
    /// ```swift
    /// kept.exact(for: Query("plant"))  // the matches "plant" had
    /// ```
    func exact(for query: Query) -> [Int32]? {
      guard !query.isEmpty else { return nil }
      return searches.last { $0.query == query }?.indices
    }

    /// Keeps `matches` for `query`, with the kept queries it narrows.
    mutating func remember(_ query: Query, matches: [Int32]) {
      guard query.problems.isEmpty else { return }
      searches.removeAll { !query.narrows($0.query) || $0.query == query }
      searches.append((query, matches))
      if searches.count > Self.limit { searches.removeFirst() }
    }
  }
}
