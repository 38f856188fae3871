import TodoTxt

/// A query: the terms a todo must all satisfy, read from text like
/// `due:<=today|pri:A -is:done +work`.
///
/// Terms are separated by spaces (or tabs) and must all hold (AND). Keys, words, tags and
/// priority letters are read in any case (`PRI:a` is `pri:A`).
///
/// ```text
/// query       = term { blank term }
/// term        = condition { "|" condition }          (OR: any alternative holds)
/// condition   = [ "-" ] test                         (NOT: the test does not hold)
/// test        = "+" name | "@" name                  the todo has that tag, whole
///             | "(" letter ")"                       priority letter, as pri:letter
///             | "pri:" ( letter | letter "-" letter | "any" | "none" )
///             | ( "due:" | "t:" ) ( [ op ] date | "any" | "none" )
///             | "is:" ( "active" | "done" | "hidden" | "overdue" | "rec" )
///             | '"' phrase '"'                       the text contains phrase (spaces kept)
///             | word                                 the text contains word
/// op          = "<" | "<=" | "=" | ">=" | ">"        against the date (none: on it)
/// date        = YYYY-MM-DD | today | tomorrow | mon … sun | monday … sunday
///             | N ( d | b | w | m | y )              every word the editor reads for due:
/// ```
///
/// - A word is matched as the search matches it (`Search.Pattern`): the description contains
///   it, case ignored. A `key:value` word with another key (`rec:1w`, `http://x`) is a word.
/// - Dates are compared with today (`Context.today`), resolved as the editor resolves them
///   (`RelativeDate`): on a Monday, `due:<=fri` is due on or before Friday that week. A todo
///   whose `due:`/`t:` value is not a date has none: only `due:none` (or `t:none`) holds.
/// - `is:active` and `is:done` read the checkbox; `is:hidden` is the list's rule (`h:1`, or a
///   `t:` date after today); `is:overdue` the title's (active, not hidden, due before today);
///   `is:rec` a readable `rec:` tag.
/// - `-` belongs to the alternative it starts: `-a|b` is "not a, or b" (for "neither", write
///   `-a -b`). A lone `-` is a word.
/// - A `"` at the start of an alternative opens a phrase, closed by the next `"` before a
///   space, a `|` or the end (or by the end of the query).
/// - A term that cannot be read (`due:<=banana`, `pri:Z-A`, `is:foo`, `a||b`) is a problem
///   (`problems`), and a query with a problem matches nothing, never everything. An empty
///   query matches everything.
///
/// ```swift
/// let query = Query("due:<=today|pri:A -is:done")
/// query.problems  // []
/// let matcher = query.matcher(in: Query.Context(today: TodoDate(string: "2026-11-23")!))
/// matcher.matches(Todo.State(id: id, description: "Pay rent due:2026-11-20"))  // true
/// query.description  // "due:<=today|pri:A -is:done"
/// ```
public struct Query: Hashable, Sendable, CustomStringConvertible {
  /// The terms, all of which must hold.
  public private(set) var terms: [Term]
  /// The terms that could not be read, in the order typed; any makes the query match nothing.
  public private(set) var problems: [Problem]

  /// Reads `text` (surrounding blanks ignored).
  ///
  /// ```swift
  /// Query("-@phone +work").terms.count  // 2
  /// ```
  public init(_ text: String) {
    var parser = Parser()
    parser.read(text)
    terms = parser.terms
    problems = parser.problems
  }

  /// Creates a query from terms already read (tests, built-in views).
  ///
  /// ```swift
  /// Query(terms: [Query.Term([.init(.state(.done), isNegated: true)])])  // -is:done
  /// ```
  public init(terms: [Term], problems: [Problem] = []) {
    self.terms = terms
    self.problems = problems
  }

  /// True when the query has no terms and no problems: every todo matches.
  public var isEmpty: Bool { terms.isEmpty && problems.isEmpty }

  /// The query in its normal form: terms in the order typed, keys and words in lower case,
  /// priority letters in upper case, `(A)` as `pri:A`, `due:=x` as `due:x`; problem terms
  /// as typed, where they were.
  ///
  /// ```swift
  /// Query("(a)  DUE:=Fri   -IS:Done").description  // "pri:A due:fri -is:done"
  /// ```
  public var description: String {
    var parts = terms.map(\.description)
    for problem in problems {
      parts.insert(problem.term, at: min(problem.position, parts.count))
    }
    return parts.joined(separator: " ")
  }

  /// One term: alternatives of which at least one must hold (`a|b`).
  public struct Term: Hashable, Sendable, CustomStringConvertible {
    /// At least one.
    public var alternatives: [Condition]

    /// A term of one or more alternatives.
    ///
    /// ```swift
    /// Query.Term([.init(.state(.overdue)), .init(.priority(.range("A"..."A")))])
    /// ```
    public init(_ alternatives: [Condition]) { self.alternatives = alternatives }

    /// `a|b`, each alternative in its normal form.
    public var description: String { alternatives.map(\.description).joined(separator: "|") }
  }

  /// A test, or its negation (`-test`).
  public struct Condition: Hashable, Sendable, CustomStringConvertible {
    public var test: Test
    public var isNegated: Bool

    /// A condition on `test`.
    ///
    /// ```swift
    /// Query.Condition(.tag("@phone"), isNegated: true)  // -@phone
    /// ```
    public init(_ test: Test, isNegated: Bool = false) {
      self.test = test
      self.isNegated = isNegated
    }

    public var description: String { (isNegated ? "-" : "") + test.description }
  }

  /// What one condition looks at.
  public enum Test: Hashable, Sendable, CustomStringConvertible {
    /// The description contains this text (lowercased), as the search finds it.
    case text(String)
    /// The todo has this project or context (lowercased, with its sign), whole.
    case tag(String)
    /// The todo's priority.
    case priority(PriorityTest)
    /// The todo's due date (`due:`) or threshold date (`t:`).
    case date(DateField, DateTest)
    /// The todo's state (`is:`).
    case state(State)

    public var description: String {
      switch self {
      case .text(let text): Self.needsQuotes(text) ? "\"\(text)\"" : text
      case .tag(let tag): tag
      case .priority(let test): "pri:\(test)"
      case .date(let field, let test): "\(field.rawValue):\(test)"
      case .state(let state): "is:\(state.rawValue)"
      }
    }

    /// Whether `text`, written bare, would be read as something else than that text.
    static func needsQuotes(_ text: String) -> Bool {
      guard let first = text.first else { return true }
      if text.contains(where: { $0 == " " || $0 == "\t" || $0 == "|" }) { return true }
      if first == "\"" || (first == "-" && text.count > 1) { return true }
      guard case .success(.text(let read)) = Parser().test(Substring(text)) else { return true }
      return read != text
    }
  }

  /// `pri:` values.
  public enum PriorityTest: Hashable, Sendable, CustomStringConvertible {
    /// A priority from the first letter to the last (`pri:A-C`; `pri:A` is `A...A`).
    case range(ClosedRange<Character>)
    /// Any priority (`pri:any`).
    case any
    /// No priority (`pri:none`).
    case none

    public var description: String {
      switch self {
      case .range(let letters):
        letters.lowerBound == letters.upperBound
          ? "\(letters.lowerBound)" : "\(letters.lowerBound)-\(letters.upperBound)"
      case .any: "any"
      case .none: "none"
      }
    }
  }

  /// The date tags a query compares.
  public enum DateField: String, Hashable, Sendable {
    /// `due:`.
    case due
    /// `t:`, the threshold (start) date.
    case threshold = "t"
  }

  /// `due:` and `t:` values.
  public enum DateTest: Hashable, Sendable, CustomStringConvertible {
    /// Compared with a day, written as the editor reads it (`today`, `fri`, `3d`, a date),
    /// lowercased; resolved against today when matching.
    case compare(Relation, String)
    /// Has a date (`due:any`).
    case any
    /// Has none, or one that is not a date (`due:none`).
    case none

    public var description: String {
      switch self {
      case .compare(let relation, let day): relation.rawValue + day
      case .any: "any"
      case .none: "none"
      }
    }
  }

  /// How a date compares with the day in the query.
  public enum Relation: String, Hashable, Sendable, CaseIterable {
    case before = "<"
    case onOrBefore = "<="
    case on = ""
    case onOrAfter = ">="
    case after = ">"

    /// Whether `date` stands so to `day`.
    @inline(__always) func holds(_ date: TodoDate, _ day: TodoDate) -> Bool {
      switch self {
      case .before: date < day
      case .onOrBefore: date <= day
      case .on: date == day
      case .onOrAfter: date >= day
      case .after: date > day
      }
    }
  }

  /// `is:` values.
  public enum State: String, Hashable, Sendable, CaseIterable {
    /// Not completed.
    case active
    /// Completed.
    case done
    /// Hidden by its dates today: `h:1`, or a `t:` date after today.
    case hidden
    /// Active, not hidden, and due before today.
    case overdue
    /// Has a readable `rec:` tag.
    case recurring = "rec"
  }

  /// A term that could not be read.
  ///
  /// ```swift
  /// Query("due:<=banana").problems[0].message
  /// // "Not a date: “banana” in due:<=banana. To fix, write a date like 2026-12-01, …"
  /// ```
  public struct Problem: Hashable, Sendable, CustomStringConvertible {
    /// The whole term, as typed.
    public var term: String
    /// What is wrong and how to fix it.
    public var message: String
    /// How many readable terms come before it (where `description` prints it back).
    public var position: Int

    /// A problem with `term`.
    ///
    /// ```swift
    /// Query.Problem(term: "is:foo", message: "…", position: 0)
    /// ```
    public init(term: String, message: String, position: Int = 0) {
      self.term = term
      self.message = message
      self.position = position
    }

    public var description: String { message }
  }
}
