import TodoTxt

extension Query {
  /// What matching needs besides the todo: the day dates are compared with.
  ///
  /// ```swift
  /// Query.Context(today: TodoDate(string: "2026-11-23")!)
  /// ```
  public struct Context: Hashable, Sendable {
    /// The day `today`, `fri`, `3d` and `is:overdue` are read against.
    public var today: TodoDate

    public init(today: TodoDate) { self.today = today }
  }

  /// The query made ready for `context`: date words resolved, text folded. Make one per query
  /// and day, then ask it of every todo.
  ///
  /// ```swift
  /// let matcher = Query("+work -is:done").matcher(in: Query.Context(today: today))
  /// let shown = todos.filter(matcher.matches)
  /// ```
  public func matcher(in context: Context) -> Matcher { Matcher(self, context) }

  /// Whether `todo` satisfies every term on `context.today` (false when the query has a
  /// problem). Resolves the query each call: for many todos, use `matcher(in:)`.
  ///
  /// ```swift
  /// Query("@phone").matches(Todo.State(id: id, description: "Call Mom @Phone"), in: context)
  /// // true
  /// ```
  public func matches(_ todo: Todo.State, in context: Context) -> Bool {
    matcher(in: context).matches(todo)
  }

  /// A query resolved for one day, to ask of many todos. Words (ASCII), tags, priorities and
  /// `is:active`/`is:done` allocate nothing per todo, even in a debug build: the text is read
  /// in place. Date terms read the todo's date tags once, as the list does (`RowDates`).
  ///
  /// ```swift
  /// matcher.matches(Todo.State(id: id, description: "Call Mom @phone"))
  /// ```
  public struct Matcher: Sendable {
    /// What one alternative checks, resolved.
    enum Check {
      case text(TextPattern)
      case tag(TagPattern)
      case priority(ClosedRange<Character>)
      case hasPriority
      case compare(DateField, Relation, TodoDate)
      case hasDate(DateField)
      case state(State)
      /// A date word that names no day today (`9999y`): never holds.
      case never
    }

    /// The terms (all must hold), each its alternatives (one must) with their sign.
    let terms: [[(check: Check, isNegated: Bool)]]
    let today: TodoDate
    /// A query with a problem matches nothing.
    let matchesNothing: Bool

    init(_ query: Query, _ context: Context) {
      today = context.today
      matchesNothing = !query.problems.isEmpty
      terms = query.terms.map { term in
        term.alternatives.map { condition in
          let (check, flips) = Self.check(condition.test, today: context.today)
          return (check, condition.isNegated != flips)
        }
      }
    }

    /// The check for `test`, and whether it is the negation of that check (`pri:none`).
    static func check(_ test: Test, today: TodoDate) -> (Check, Bool) {
      switch test {
      case .text(let text): return (.text(TextPattern(text)), false)
      case .tag(let tag): return (.tag(TagPattern(tag)), false)
      case .priority(.range(let letters)): return (.priority(letters), false)
      case .priority(.any): return (.hasPriority, false)
      case .priority(.none): return (.hasPriority, true)
      case .date(let field, .any): return (.hasDate(field), false)
      case .date(let field, .none): return (.hasDate(field), true)
      case .date(let field, .compare(let relation, let word)):
        guard let day = RelativeDate.resolve(word, today: today) else { return (.never, false) }
        return (.compare(field, relation, day), false)
      case .state(let state): return (.state(state), false)
      }
    }

    /// Whether `todo` satisfies every term.
    public func matches(_ todo: borrowing Todo.State) -> Bool {
      var facts = Facts(today: today)
      return matches(todo, facts: &facts)
    }

    /// Whether `todo` satisfies every term, with what is known of it already (`facts`, for
    /// the same todo and day): several queries over one todo read its dates once.
    func matches(_ todo: borrowing Todo.State, facts: inout Facts) -> Bool {
      if matchesNothing { return false }
      // Indices, not iterators: a debug build allocates for each iterator.
      for term in 0..<terms.count {
        var holds = false
        for alternative in 0..<terms[term].count {
          let (check, isNegated) = terms[term][alternative]
          if facts.holds(check, todo) != isNegated {
            holds = true
            break
          }
        }
        if !holds { return false }
      }
      return true
    }
  }

  /// One todo's answers, its date tags read at most once.
  struct Facts {
    let today: TodoDate
    private var dates: RowDates??

    init(today: TodoDate) { self.today = today }

    /// The todo's dates, as the list reads them (nil: none).
    mutating func rowDates(_ todo: Todo.State) -> RowDates? {
      if let dates { return dates }
      let read = RowDates(todo)
      dates = .some(read)
      return read
    }

    mutating func holds(_ check: Matcher.Check, _ todo: Todo.State) -> Bool {
      switch check {
      case .text(let pattern): return pattern.matches(todo.description)
      case .tag(let pattern): return pattern.matches(todo.description)
      case .priority(let letters):
        guard let priority = todo.priority else { return false }
        return letters.contains(priority)
      case .hasPriority: return todo.priority != nil
      case .compare(let field, let relation, let day):
        guard let date = date(field, todo) else { return false }
        return relation.holds(date, day)
      case .hasDate(let field): return date(field, todo) != nil
      case .state(.active): return !todo.isComplete
      case .state(.done): return todo.isComplete
      case .state(.hidden): return rowDates(todo)?.isHidden(today: today) ?? false
      case .state(.overdue): return rowDates(todo)?.isOverdue(today: today) ?? false
      case .state(.recurring): return DateTags(todo.description).recurrenceRule != nil
      case .never: return false
      }
    }

    mutating func date(_ field: DateField, _ todo: Todo.State) -> TodoDate? {
      switch field {
      case .due: rowDates(todo)?.due
      case .threshold: rowDates(todo)?.start
      }
    }
  }

  /// Text a description must contain, case ignored, by the search's own rules
  /// (`Search.Pattern`): ASCII compared byte by byte with letters folded, anything else
  /// lowercased.
  ///
  /// ```swift
  /// Query.TextPattern("milk").matches("Buy MILK")  // true
  /// ```
  struct TextPattern {
    let folded: String
    let ascii: [UInt8]?
    let canMatchASCIIText: Bool

    init(_ text: String) {
      folded = text.lowercased()
      ascii = folded.utf8.allSatisfy { $0 < 0x80 } ? Array(folded.utf8) : nil
      canMatchASCIIText =
        ascii != nil
        || Search.Pattern.decomposesToASCII(folded)
    }

    func matches(_ text: String) -> Bool {
      guard let ascii else {
        if !canMatchASCIIText, Search.Pattern.isASCII(text) { return false }
        return text.lowercased().containsText(folded)
      }
      if ascii.isEmpty { return true }
      if let found = text.utf8.withContiguousStorageIfAvailable({
        Search.Pattern.find(ascii, in: $0)
      }) {
        return found
      }
      return Array(text.utf8).withUnsafeBufferPointer { Search.Pattern.find(ascii, in: $0) }
    }
  }

  /// A project or context a description must carry, whole, case ignored (`+work` is not
  /// `+workshop`), found as the search finds tags (`TagIndex.forEachTag`).
  ///
  /// ```swift
  /// Query.TagPattern("+work").matches("Report +Work")  // true
  /// ```
  struct TagPattern {
    let folded: String
    let ascii: [UInt8]?

    init(_ tag: String) {
      folded = tag.lowercased()
      ascii = folded.utf8.allSatisfy { $0 < 0x80 } ? Array(folded.utf8) : nil
    }

    func matches(_ text: String) -> Bool {
      if let ascii, ascii.count > 1,
        let found = text.utf8.withContiguousStorageIfAvailable({ Self.find(ascii, in: $0) }),
        let found
      {
        return found
      }
      var found = false
      TagIndex.forEachTag(in: text) { _, word in
        if !found, isTag(word) { found = true }
      }
      return found
    }

    /// Whether a word of `bytes` (split at spaces and tabs) is `tag` (ASCII, folded, `+…` or
    /// `@…`), letters compared folded, with no word made: `memchr` jumps to each `+` or `@` (the
    /// tag's own sign; a word with the other sign is never the tag), so a saved view's `@phone`
    /// is matched against every todo in a few instructions each. Nil when a word with the tag's
    /// sign holds a byte outside ASCII: `isTag` decides those (a Kelvin sign lowercases to `k`).
    static func find(_ tag: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
      guard let sign = tag.first else { return false }
      var found: Bool? = false
      TagIndex.forEachWord(startingWith: sign, in: bytes) { start, end, isASCII in
        guard isASCII else {
          found = nil
          return false
        }
        guard end - start == tag.count else { return true }
        var offset = 1
        while offset < tag.count, Search.Pattern.fold(bytes[start + offset]) == tag[offset] {
          offset += 1
        }
        if offset == tag.count { found = true }
        return found != true
      }
      return found
    }

    /// Whether `word` is the tag: ASCII words compared in place, others lowercased (so that
    /// `+wor\u{212A}`, a Kelvin sign, is `+work` as the search's lowercasing says).
    func isTag(_ word: Substring) -> Bool {
      var isASCII = true
      for byte in word.utf8 where byte >= 0x80 {
        isASCII = false
        break
      }
      guard isASCII else { return word.lowercased() == folded }
      guard let ascii, word.utf8.count == ascii.count else { return false }
      var offset = 0
      for byte in word.utf8 {
        if Search.Pattern.fold(byte) != ascii[offset] { return false }
        offset += 1
      }
      return true
    }
  }
}
