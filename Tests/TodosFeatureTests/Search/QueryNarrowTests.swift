import Foundation
import Testing
import TodoTxt

@testable import TodosFeature

/// When a query narrows another (`Query.narrows`): what lets the search read only the previous
/// query's matches (`Search.KeptMatches`).
@Suite struct QueryNarrowTests {
  static let narrowing: [(String, String)] = [
    ("milk", "mil"),
    ("milk", "milk"),
    ("milk +home", "mil"),
    ("+home milk", "milk"),
    ("pri:A", "pri:A"),
    ("pri:A due:today", "pri:A"),
    ("a", "a|b"),
    ("ab|cd", "a|c"),
    ("-mi", "-mil"),
    ("due:<=today|pri:A -is:done x", "due:<=today|pri:A -is:done"),
    ("anything", ""),
  ]

  static let notNarrowing: [(String, String)] = [
    ("mi", "mil"),
    ("+work", "+wor"),  // whole tags: +wor matches nothing +work does
    ("@phone", "@ph"),
    ("-mil", "-mi"),
    ("a|b", "a"),
    ("pri:A", "pri:B"),
    ("due:<=tomorrow", "due:<=today"),
    ("milk", "milk due:<=banana"),
    ("milk due:<=banana", "milk"),
    ("", "milk"),
  ]

  @Test(arguments: narrowing)
  func narrows(_ narrow: String, _ wide: String) {
    #expect(Query(narrow).narrows(Query(wide)))
    // What it promises: its matches are among the wider query's, on the fixture.
    let wider = Set(QueryFixture.matching(wide))
    #expect(Set(QueryFixture.matching(narrow)).isSubset(of: wider))
  }

  @Test(arguments: notNarrowing)
  func doesNotNarrow(_ narrow: String, _ wide: String) {
    #expect(!Query(narrow).narrows(Query(wide)))
  }

  @Test func keptMatchesNarrowAndComeBackOnBackspace() {
    var kept = Search.KeptMatches(token: 1)
    kept.remember(Query("mil"), matches: [0, 4])
    #expect(kept.base(for: Query("milk")) == [0, 4])
    #expect(kept.base(for: Query("mil +home")) == [0, 4])
    #expect(kept.base(for: Query("+mil")) == nil)
    kept.remember(Query("milk"), matches: [4])
    #expect(kept.exact(for: Query("MIL")) == [0, 4])
    #expect(kept.base(for: Query("milky")) == [4])
    // A query that does not narrow the kept ones replaces them.
    kept.remember(Query("pri:A"), matches: [2])
    #expect(kept.exact(for: Query("mil")) == nil)
    // A query with a problem matches nothing and is not kept.
    kept.remember(Query("pri:A due:<=banana"), matches: [])
    #expect(kept.exact(for: Query("pri:A")) == [2])
  }
}
