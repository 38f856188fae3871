import Foundation
import Testing
import TodoTxt

@testable import TodosFeature

/// Laws every query keeps, checked over many todos and terms: `a b` is the todos both match,
/// `a|b` those either matches, `-a` those `a` does not; and a word or tag finds exactly what
/// the search finds today.
@Suite struct QueryPropertyTests {
  /// Terms of every kind, each of one alternative.
  static let terms = [
    "mom", "MILK", "é", "café", "-", "rec:1m", "+work", "+workshop", "@phone", "@café", "(A)",
    "pri:B-C", "pri:any", "pri:none", "due:today", "due:<today", "due:<=fri", "due:>=2026-12-01",
    "due:<=7d", "due:any", "due:none", "t:<=today", "t:>today", "t:any", "t:none", "is:active",
    "is:done", "is:hidden", "is:overdue", "is:rec", "\"au lait\"",
  ]

  /// The fixture todos and more: every mix of a few words, tags, priorities and dates.
  static let todos: [Todo.State] = {
    var todos = QueryFixture.todos
    let texts = ["Call mom", "Café au lait MILK"]
    let tags = ["", " +work", " +workshop @phone", " @Café +Work"]
    let dates = [
      "", " due:2026-11-20", " due:2026-11-23 t:2026-11-24", " due:2026-12-01 rec:1w",
      " t:2026-11-01 h:1", " due:later",
    ]
    let priorities: [Character?] = [nil, "A", "C"]
    var n: UInt64 = 100
    for text in texts {
      for tag in tags {
        for date in dates {
          for priority in priorities {
            for done in [false, true] {
              todos.append(
                QueryFixture.row(n, text + tag + date, done: done, priority: priority))
              n += 1
            }
          }
        }
      }
    }
    return todos
  }()

  static let context = Query.Context(today: QueryFixture.monday)

  static func matched(_ text: String) -> [Bool] {
    let matcher = Query(text).matcher(in: context)
    return todos.map(matcher.matches)
  }

  @Test(arguments: terms)
  func aTermAndItsNegationSplitTheTodos(_ term: String) {
    let plain = Self.matched(term)
    let negated = Self.matched("-" + term)
    #expect(negated == plain.map(!), "\(term)")
    #expect(plain.contains(true) && plain.contains(false), "\(term) should split the todos")
  }

  /// Each term with every third term (every pair takes long in a debug build).
  @Test func twoTermsMatchTheTodosBothMatchAndAlternativesThoseEitherMatches() {
    let each = Dictionary(uniqueKeysWithValues: Self.terms.map { ($0, Self.matched($0)) })
    for a in Self.terms {
      for b in stride(from: 0, to: Self.terms.count, by: 3).map({ Self.terms[$0] }) {
        let both = zip(each[a]!, each[b]!).map { $0 && $1 }
        let either = zip(each[a]!, each[b]!).map { $0 || $1 }
        #expect(Self.matched("\(a) \(b)") == both, "\(a) \(b)")
        #expect(Self.matched("\(a)|\(b)") == either, "\(a)|\(b)")
        #expect(Self.matched("-\(a) -\(b)") == either.map(!), "-\(a) -\(b)")
      }
    }
  }

  /// A word, a tag or a priority alone finds what the search finds today (`Search.Pattern`).
  @Test(arguments: [
    "mom", "MILK", "é", "café", "CAFÉ", "-", "rec:1m", "mom's", "au", "+work", "+WORK",
    "+workshop", "@phone", "@café", "@CAFÉ", "Cafe\u{301}",
  ])
  func aWordOrTagFindsWhatTheSearchFinds(_ term: String) {
    let pattern = Search.Pattern(term)
    let searched = Self.todos.map { pattern.matches($0.description, priority: $0.priority) }
    #expect(Self.matched(term) == searched, "\(term)")
  }

  @Test func theNormalFormMatchesWhatTheQueryMatches() {
    for a in Self.terms {
      for b in Self.terms.prefix(8) {
        let query = Query("\(a)|-\(b)")
        #expect(Self.matched(query.description) == Self.matched("\(a)|-\(b)"), "\(a)|-\(b)")
      }
    }
  }
}
