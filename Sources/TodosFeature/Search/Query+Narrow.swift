import TodoTxt

// When one query's matches are inside another's, as far as the terms show: the search keeps
// the matches of the last queries typed and searches only those (`Search.KeptMatches`).

extension Query {
  /// Whether every todo this query matches also matches `wider`, read from the terms alone:
  /// each term of `wider` has a term here that is as narrow or narrower. Typing a letter
  /// (`mil` → `milk`) or a term (`milk` → `milk +home`) narrows; `+wor` → `+work` does not
  /// (whole tags), nor does `-mi` → `-mil`. A query with a problem narrows nothing.
  ///
  /// ```swift
  /// Query("milk +home").narrows(Query("mil"))  // true
  /// Query("+work").narrows(Query("+wor"))      // false
  /// ```
  public func narrows(_ wider: Query) -> Bool {
    guard problems.isEmpty, wider.problems.isEmpty else { return false }
    return wider.terms.allSatisfy { term in terms.contains { $0.narrows(term) } }
  }
}

extension Query.Term {
  /// Whether this term holds only where `wider` holds: each alternative here is as narrow as
  /// one of `wider`'s (`a` narrows `a|b`).
  func narrows(_ wider: Query.Term) -> Bool {
    alternatives.allSatisfy { condition in wider.alternatives.contains { condition.narrows($0) } }
  }
}

extension Query.Condition {
  /// Whether this condition holds only where `wider` holds: the same, or text that contains
  /// the wider text (`milk` in `mil`), or a negated text contained in the wider negated text
  /// (`-mil` holds only where `-milk` does).
  func narrows(_ wider: Query.Condition) -> Bool {
    if self == wider { return true }
    guard isNegated == wider.isNegated, case .text(let text) = test,
      case .text(let other) = wider.test
    else { return false }
    return isNegated ? other.containsText(text) : text.containsText(other)
  }
}
