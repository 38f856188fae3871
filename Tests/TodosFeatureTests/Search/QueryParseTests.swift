import Foundation
import Testing
import TodoTxt

@testable import TodosFeature

/// Reading a query's text (`Search/Query+Parse.swift`): the terms it gives, the problems it
/// names, and the normal form it prints back.
@Suite struct QueryParseTests {
  typealias Condition = Query.Condition

  static func term(_ tests: Query.Test...) -> Query.Term { Query.Term(tests.map { .init($0) }) }

  @Test func eachKindOfTermIsReadInAnyCase() {
    let query = Query(
      "Mom +Work @Phone (a) PRI:b-c pri:ANY pri:None DUE:<=Fri t:>=2026-12-01 due:none "
        + "IS:Done is:REC")
    #expect(query.problems == [])
    #expect(
      query.terms == [
        Self.term(.text("mom")), Self.term(.tag("+work")), Self.term(.tag("@phone")),
        Self.term(.priority(.range("A"..."A"))), Self.term(.priority(.range("B"..."C"))),
        Self.term(.priority(.any)), Self.term(.priority(.none)),
        Self.term(.date(.due, .compare(.onOrBefore, "fri"))),
        Self.term(.date(.threshold, .compare(.onOrAfter, "2026-12-01"))),
        Self.term(.date(.due, .none)), Self.term(.state(.done)),
        Self.term(.state(.recurring)),
      ])
  }

  @Test func negationBelongsToTheAlternativeItStarts() {
    let query = Query("-@phone -is:done|pri:A is:done|-pri:any")
    #expect(
      query.terms == [
        Query.Term([Condition(.tag("@phone"), isNegated: true)]),
        Query.Term([
          Condition(.state(.done), isNegated: true), Condition(.priority(.range("A"..."A"))),
        ]),
        Query.Term([
          Condition(.state(.done)), Condition(.priority(.any), isNegated: true),
        ]),
      ])
  }

  @Test func quotesKeepAPhraseWhole() {
    #expect(
      Query("\"Buy  milk\" bread").terms == [
        Self.term(.text("buy  milk")), Self.term(.text("bread")),
      ])
    #expect(Query("\"is:done\"").terms == [Self.term(.text("is:done"))])
    #expect(Query("\"a|b\"|c").terms == [Self.term(.text("a|b"), .text("c"))])
    #expect(Query("-\"+work\"").terms == [Query.Term([Condition(.text("+work"), isNegated: true)])])
    #expect(Query("\"say \"hi\"\"").terms == [Self.term(.text("say \"hi\""))])
    #expect(Query("\"not closed").terms == [Self.term(.text("not closed"))])
    #expect(Query("5\" x").terms == [Self.term(.text("5\"")), Self.term(.text("x"))])
  }

  @Test func otherKeysAndLonelySignsAreText() {
    #expect(
      Query("rec:1w http://x.org + @ - due").terms == [
        Self.term(.text("rec:1w")), Self.term(.text("http://x.org")), Self.term(.text("+")),
        Self.term(.text("@")), Self.term(.text("-")), Self.term(.text("due")),
      ])
  }

  @Test func relationsOfDates() {
    for relation in Query.Relation.allCases {
      let query = Query("due:\(relation.rawValue)3d")
      #expect(query.terms == [Self.term(.date(.due, .compare(relation, "3d")))])
    }
    #expect(Query("t:=TOMORROW").terms == [Self.term(.date(.threshold, .compare(.on, "tomorrow")))])
  }

  /// Every date word the editor reads is read here (`RelativeDate`).
  @Test(arguments: [
    "today", "tomorrow", "fri", "friday", "MON", "3d", "2w", "1m", "1y", "5b", "0d",
    "2026-12-01", "2028-02-29",
  ])
  func everyDateWordTheEditorReads(_ word: String) {
    #expect(Query("due:<=\(word)").problems == [], "\(word)")
    #expect(Query("t:\(word)").problems == [], "\(word)")
  }

  typealias ProblemRow = (query: String, term: String, message: String)

  static let problems: [ProblemRow] = [
    (
      "due:<=banana", "due:<=banana",
      "Not a date: “banana” in due:<=banana. To fix, write a date (2026-12-01), today, "
        + "tomorrow, a weekday (fri) or days, weeks, months or years from today (3d, 2w, 1m, "
        + "1y), after <, <=, >= or > if you like; or any, none."
    ),
    (
      "mom t:2026-02-30", "t:2026-02-30",
      "Not a date: “2026-02-30” in t:2026-02-30. To fix, write a date (2026-12-01), today, "
        + "tomorrow, a weekday (fri) or days, weeks, months or years from today (3d, 2w, 1m, "
        + "1y), after <, <=, >= or > if you like; or any, none."
    ),
    (
      "due:<=", "due:<=",
      "No date in due:<=. To fix, write a date (2026-12-01), today, tomorrow, a weekday (fri) "
        + "or days, weeks, months or years from today (3d, 2w, 1m, 1y), after <, <=, >= or > "
        + "if you like; or any, none."
    ),
    (
      "pri:Z-A", "pri:Z-A",
      "Priority range backwards: “Z-A” in pri:Z-A. To fix, write the higher priority first: "
        + "pri:A-Z."
    ),
    (
      "pri:AB", "pri:AB",
      "Not a priority: “AB” in pri:AB. To fix, write a letter (pri:A), a range (pri:A-C), "
        + "pri:any or pri:none."
    ),
    (
      "pri:1", "pri:1",
      "Not a priority: “1” in pri:1. To fix, write a letter (pri:A), a range (pri:A-C), "
        + "pri:any or pri:none."
    ),
    (
      "is:foo", "is:foo",
      "Not a state: “foo” in is:foo. To fix, write is:active, is:done, is:hidden, is:overdue "
        + "or is:rec."
    ),
    (
      "-is:foo|pri:A", "-is:foo|pri:A",
      "Not a state: “foo” in -is:foo|pri:A. To fix, write is:active, is:done, is:hidden, "
        + "is:overdue or is:rec."
    ),
    (
      "a||b", "a||b",
      "Empty alternative: “a||b”. To fix, write a term on each side of each |."
    ),
    ("a|", "a|", "Empty alternative: “a|”. To fix, write a term on each side of each |."),
    ("|a", "|a", "Empty alternative: “|a”. To fix, write a term on each side of each |."),
    ("\"\"", "\"\"", "Empty quotes: “\"\"”. To fix, write the text to find between them."),
  ]

  @Test(arguments: problems)
  func aTermThatCannotBeReadIsAProblem(_ row: ProblemRow) {
    let query = Query(row.query)
    #expect(query.problems.map(\.term) == [row.term])
    #expect(query.problems.map(\.message) == [row.message])
  }

  @Test func everyProblemIsNamedAndTheGoodTermsKept() {
    let query = Query("mom is:foo +work due:banana")
    #expect(query.terms == [Self.term(.text("mom")), Self.term(.tag("+work"))])
    #expect(query.problems.map(\.term) == ["is:foo", "due:banana"])
    #expect(query.problems.map(\.position) == [1, 2])
    #expect(!query.isEmpty)
  }

  @Test(arguments: [
    ("(a)  DUE:=Fri   -IS:Done", "pri:A due:fri -is:done"),
    ("pri:a-c PRI:B-b pri:ANY", "pri:A-C pri:B pri:any"),
    ("+Work @Phone MOM", "+work @phone mom"),
    ("due:<=today|pri:A -is:done", "due:<=today|pri:A -is:done"),
    ("t:>=2026-12-01 due:none t:ANY", "t:>=2026-12-01 due:none t:any"),
    ("\"buy milk\" \"milk\"", "\"buy milk\" milk"),
    (
      "\"is:done\" \"-x\" \"+work\" \"(a)\" \"a|b\"", "\"is:done\" \"-x\" \"+work\" \"(a)\" \"a|b\""
    ),
    ("- -- rec:1W", "- -- rec:1w"),
    ("mom  is:foo\t+WORK", "mom is:foo +work"),
    ("is:foo", "is:foo"),
    ("", ""),
  ])
  func theNormalForm(_ text: String, _ normal: String) {
    #expect(Query(text).description == normal)
  }

  /// The normal form reads back as the same query.
  @Test(arguments: [
    "(a)  DUE:=Fri   -IS:Done", "\"buy milk\"|+Work -\"-x\"", "-- \"a|b\" pri:b-d t:<3d",
    "Café @CAFÉ is:rec|is:hidden",
  ])
  func theNormalFormReadsBackAsTheSameQuery(_ text: String) {
    let query = Query(text)
    #expect(Query(query.description) == query)
  }

  @Test func anEmptyQueryHasNoTerms() {
    #expect(Query("").isEmpty)
    #expect(Query("  \t ").isEmpty)
    #expect(!Query("is:foo").isEmpty)
  }
}
