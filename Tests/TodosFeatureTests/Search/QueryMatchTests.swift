import Foundation
import Testing
import TodoTxt

@testable import TodosFeature

/// What each term of the query language matches (`Search/Query+Match.swift`), against the
/// fixture todos on Monday 2026-11-23.
@Suite struct QueryMatchTests {
  typealias Row = (query: String, names: [String])

  static let wordsRows: [Row] = [
    ("mom", ["Call"]),
    ("MOM", ["Call"]),
    ("ePoR", ["Report"]),
    ("milk", ["Bought"]),
    ("rec:1m", ["Pay"]),  // a tag with another key is text
    ("au lait", ["Café"]),  // two terms, both in the text
    ("lait au", ["Café"]),
    ("\"au lait\"", ["Café"]),  // one phrase
    ("\"lait au\"", []),
    ("mom milk", []),
    ("-", ["Report", "Plan", "Pay", "Taxes", "Bought", "Water"]),  // a lone minus is text
    ("zzz", []),
  ]

  static let tagsRows: [Row] = [
    ("+work", ["Report"]),  // not +workshop
    ("+workshop", ["Plan"]),
    ("+wor", []),  // whole tags only
    ("+WORK", ["Report"]),
    ("+family", ["Call"]),
    ("@phone", ["Call"]),
    ("@PHONE", ["Call"]),
    ("@café", ["Café"]),
    ("@CAFÉ", ["Café"]),
    ("work", ["Report", "Plan"]),  // a word finds the tags' text too
  ]

  static let prioritiesRows: [Row] = [
    ("(A)", ["Call", "Bought"]),
    ("(a)", ["Call", "Bought"]),
    ("pri:A", ["Call", "Bought"]),
    ("PRI:b", ["Report"]),
    ("pri:A-B", ["Call", "Report", "Bought"]),
    ("pri:b-c", ["Report", "Pay"]),
    ("pri:A-Z", ["Call", "Report", "Pay", "Bought"]),
    ("pri:any", ["Call", "Report", "Pay", "Bought"]),
    ("pri:none", ["Plan", "Taxes", "Old", "Café", "Water"]),
    ("pri:Z", []),
  ]

  static let duesRows: [Row] = [
    ("due:today", ["Pay"]),
    ("due:=today", ["Pay"]),
    ("due:2026-11-23", ["Pay"]),
    ("DUE:TODAY", ["Pay"]),
    ("due:<today", ["Report", "Bought"]),
    ("due:<=today", ["Report", "Pay", "Bought"]),
    ("due:>today", ["Plan", "Taxes", "Water"]),
    ("due:>=today", ["Plan", "Pay", "Taxes", "Water"]),
    ("due:tomorrow", []),
    ("due:>tomorrow", ["Plan", "Taxes", "Water"]),
    ("due:fri", ["Plan"]),
    ("due:friday", ["Plan"]),
    ("due:<=fri", ["Report", "Plan", "Pay", "Bought"]),
    ("due:>=2026-12-01", ["Taxes"]),
    ("due:<=7d", ["Report", "Plan", "Pay", "Bought", "Water"]),
    ("due:<7d", ["Report", "Plan", "Pay", "Bought"]),
    ("due:<=2w", ["Report", "Plan", "Pay", "Bought", "Water"]),
    ("due:<=1m", ["Report", "Plan", "Pay", "Taxes", "Bought", "Water"]),
    ("due:5b", ["Water"]),  // five business days from Monday: the next Monday
    ("due:any", ["Report", "Plan", "Pay", "Taxes", "Bought", "Water"]),
    ("due:none", ["Call", "Old", "Café"]),  // `due:someday` is no date
  ]

  static let thresholdsRows: [Row] = [
    ("t:today", ["Water"]),
    ("t:<=today", ["Water"]),
    ("t:>today", ["Taxes"]),
    ("t:2026-12-01", ["Taxes"]),
    ("t:<=1w", ["Water"]),
    ("t:<=2w", ["Taxes", "Water"]),
    ("t:any", ["Taxes", "Water"]),
    ("t:none", ["Call", "Report", "Plan", "Pay", "Old", "Bought", "Café"]),
  ]

  static let statesRows: [Row] = [
    ("is:active", QueryFixture.all(but: ["Bought"])),
    ("is:done", ["Bought"]),
    ("IS:DONE", ["Bought"]),
    ("is:hidden", ["Taxes", "Old"]),
    ("is:overdue", ["Report"]),  // not Bought: done
    ("is:rec", ["Pay", "Water"]),
  ]

  static let negationsRows: [Row] = [
    ("-@phone", QueryFixture.all(but: ["Call"])),
    ("-+work", QueryFixture.all(but: ["Report"])),
    ("-is:done", QueryFixture.all(but: ["Bought"])),
    ("-is:active", ["Bought"]),
    ("-is:hidden", QueryFixture.all(but: ["Taxes", "Old"])),
    ("-is:overdue", QueryFixture.all(but: ["Report"])),
    ("-is:rec", QueryFixture.all(but: ["Pay", "Water"])),
    ("-pri:any", ["Plan", "Taxes", "Old", "Café", "Water"]),
    ("-pri:none", ["Call", "Report", "Pay", "Bought"]),
    ("-(A)", QueryFixture.all(but: ["Call", "Bought"])),
    ("-due:any", ["Call", "Old", "Café"]),
    ("-due:<=today", QueryFixture.all(but: ["Report", "Pay", "Bought"])),
    ("-t:any", QueryFixture.all(but: ["Taxes", "Water"])),
    ("-mom", QueryFixture.all(but: ["Call"])),
    ("-\"au lait\"", QueryFixture.all(but: ["Café"])),
    ("--", ["Call", "Old", "Café"]),  // not "-": the text holds no minus
  ]

  static let orsRows: [Row] = [
    ("due:<=today|pri:A", ["Call", "Report", "Pay", "Bought"]),
    ("due:<=today|pri:A -is:done", ["Call", "Report", "Pay"]),
    ("is:overdue|due:today|pri:A is:active", ["Call", "Report", "Pay"]),
    ("+work|+workshop", ["Report", "Plan"]),
    ("mom|milk", ["Call", "Bought"]),
    ("-is:done|pri:A", QueryFixture.all()),  // each alternative has its own sign
    ("-@phone -is:done", QueryFixture.all(but: ["Call", "Bought"])),
    ("is:hidden|is:rec -t:any", ["Pay", "Old"]),
  ]

  @Test(arguments: wordsRows + tagsRows)
  func wordsAndTags(_ row: Row) {
    #expect(QueryFixture.matching(row.query) == row.names, "\(row.query)")
  }

  @Test(arguments: prioritiesRows)
  func priorities(_ row: Row) {
    #expect(QueryFixture.matching(row.query) == row.names, "\(row.query)")
  }

  @Test(arguments: duesRows + thresholdsRows)
  func datesComparedWithToday(_ row: Row) {
    #expect(QueryFixture.matching(row.query) == row.names, "\(row.query)")
  }

  @Test func aWeekdayIsTheNextOneNeverToday() {
    // `mon` on a Monday is the Monday after: Water is due then.
    #expect(QueryFixture.matching("due:mon") == ["Water"])
    #expect(QueryFixture.matching("due:<mon") == ["Report", "Plan", "Pay", "Bought"])
  }

  @Test(arguments: statesRows)
  func states(_ row: Row) {
    #expect(QueryFixture.matching(row.query) == row.names, "\(row.query)")
  }

  @Test(arguments: negationsRows)
  func negations(_ row: Row) {
    #expect(QueryFixture.matching(row.query) == row.names, "\(row.query)")
  }

  @Test(arguments: orsRows)
  func ors(_ row: Row) {
    #expect(QueryFixture.matching(row.query) == row.names, "\(row.query)")
  }

  @Test(arguments: [
    "due:<=banana", "pri:Z-A", "is:foo", "a||b", "mom due:banana", "-due:banana",
    "due:banana|pri:A", "-is:foo", "\"\"", "due:", "pri:",
  ])
  func aQueryWithAProblemMatchesNothing(_ query: String) {
    #expect(QueryFixture.matching(query) == [], "\(query)")
  }

  @Test(arguments: ["", "   ", "\t"])
  func anEmptyQueryMatchesEverything(_ query: String) {
    #expect(QueryFixture.matching(query) == QueryFixture.all())
  }

  @Test(arguments: [
    ("café", ["Café"]), ("CAFÉ", ["Café"]), ("é", ["Café"]), ("cafe", []),
    ("Cafe\u{301}", ["Café"]),  // decomposed in the query, precomposed in the text
  ])
  func unicodeTextAsTheSearchFindsIt(_ row: Row) {
    #expect(QueryFixture.matching(row.query) == row.names, "\(row.query)")
  }

  @Test func unicodeInTheTodosText() {
    let todos = [
      QueryFixture.row(0, "ΣΟΦΊΑ +Ταξίδι"), QueryFixture.row(1, "Cafe\u{301} crème"),
      QueryFixture.row(2, "plain ascii"),
    ]
    func names(_ text: String) -> [UUID] {
      let matcher = Query(text).matcher(in: Query.Context(today: QueryFixture.monday))
      return todos.filter(matcher.matches).map(\.id)
    }
    #expect(names("σοφία") == [UUID(counter: 0)])
    #expect(names("+ταξίδι") == [UUID(counter: 0)])
    #expect(names("+ταξ") == [])
    #expect(names("crème") == [UUID(counter: 1)])
    #expect(names("cafe") == [], "an e followed by a combining accent is not e")
    #expect(names("-σοφία") == [UUID(counter: 1), UUID(counter: 2)])
  }

  /// Dates in a query resolved across month and year ends, as the editor resolves them.
  @Test(arguments: [
    ("2026-01-31", "due:<=1m", ["Feb28", "Feb1"]),  // a month from January 31: the last of February
    ("2026-01-31", "due:tomorrow", ["Feb1"]),
    ("2026-01-31", "due:>1m", ["Mar1", "Jan1"]),
    ("2026-02-28", "due:tomorrow", ["Mar1"]),
    ("2026-12-31", "due:tomorrow", ["Jan1"]),
    ("2026-12-31", "due:<today", ["Feb28", "Feb1", "Mar1"]),
    ("2027-01-01", "due:<today", ["Feb28", "Feb1", "Mar1"]),
    ("2028-02-28", "due:tomorrow", []),  // 2028-02-29: a leap year
  ])
  func datesAtMonthEnds(_ today: String, _ query: String, _ expected: [String]) {
    let todos = [
      QueryFixture.row(0, "Feb28 due:2026-02-28"), QueryFixture.row(1, "Feb1 due:2026-02-01"),
      QueryFixture.row(2, "Mar1 due:2026-03-01"), QueryFixture.row(3, "Jan1 due:2027-01-01"),
    ]
    let matcher = Query(query).matcher(in: Query.Context(today: TodoDate(string: today)!))
    let names = todos.filter(matcher.matches).map { String($0.description.prefix { $0 != " " }) }
    #expect(names == expected, "\(query) on \(today)")
  }

  @Test func theLeapDayIsTomorrowOnFebruary28OfALeapYear() {
    let leap = QueryFixture.row(0, "Leap due:2028-02-29")
    let context = Query.Context(today: TodoDate(string: "2028-02-28")!)
    #expect(Query("due:tomorrow").matches(leap, in: context))
    #expect(Query("due:1d").matches(leap, in: context))
    #expect(!Query("due:<=today").matches(leap, in: context))
  }

  @Test func todayComesFromTheContextNotTheClock() {
    let todo = QueryFixture.row(0, "Report due:2026-11-20")
    let query = Query("is:overdue")
    #expect(query.matches(todo, in: Query.Context(today: TodoDate(string: "2026-11-21")!)))
    #expect(!query.matches(todo, in: Query.Context(today: TodoDate(string: "2026-11-20")!)))
  }

  @Test func aDateWordBeyondTheCalendarMatchesNothing() {
    // 7999 years from 2026 is past 9999: read as a date word, but it names no day then.
    let todo = QueryFixture.row(0, "Far due:2026-11-20")
    let context = Query.Context(today: QueryFixture.monday)
    #expect(Query("due:<7999y").problems == [])
    #expect(!Query("due:<7999y").matches(todo, in: context))
  }
}
