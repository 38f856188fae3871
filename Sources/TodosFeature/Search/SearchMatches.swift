extension Search {
  /// The matches of the last queries typed, kept between keys so that a search stays quick on
  /// a big list: typing a letter searches only the matches of a shorter query it contains
  /// (typing narrows), and Backspace finds the matches of an earlier query kept. A chain: each
  /// kept query contains the one before it. Valid for one content of the list (`token`).
  ///
  /// ```swift
  /// var kept = Search.KeptMatches(token: list.contentToken)
  /// kept.remember("mil", matches: [0, 4])
  /// kept.base(for: Search.Pattern("milk"))  // [0, 4]: only these are searched
  /// ```
  struct KeptMatches: Sendable {
    /// The list contents (`TodoList.contentToken`) the matches are list indices of.
    var token: UInt64 = 0
    /// Queries (folded) and the list indices of the todos that match them (no filter), each
    /// query contained in the next one. 32-bit: half the memory for a million matches.
    private(set) var searches: [(query: String, indices: [Int32])] = []

    /// The most queries kept.
    static let limit = 12

    var isEmpty: Bool { searches.isEmpty }

    /// The matches of the longest kept query that `pattern` contains, to search instead of
    /// every todo; nil when none is kept, or when `pattern` has tag terms (`+wor` does not
    /// contain `+work`'s matches, so narrowing would be unsound).
    func base(for pattern: Pattern) -> [Int32]? {
      guard !pattern.isEmpty, pattern.tagged == nil else { return nil }
      return searches.last { pattern.folded.contains($0.query) }?.indices
    }

    /// The matches of exactly this query, when kept (a backspace back to an earlier query):
    /// nothing to search again.
    ///
    /// ```swift
    /// kept.exact(for: Search.Pattern("plant"))  // the matches "plant" had
    /// ```
    func exact(for pattern: Pattern) -> [Int32]? {
      guard !pattern.isEmpty, pattern.tagged == nil else { return nil }
      return searches.last { $0.query == pattern.folded }?.indices
    }

    /// Keeps `matches` for `query` (folded), with the kept queries it contains.
    mutating func remember(_ query: String, matches: [Int32]) {
      searches.removeAll { !query.contains($0.query) || $0.query == query }
      searches.append((query, matches))
      if searches.count > Self.limit { searches.removeFirst() }
    }
  }
}
