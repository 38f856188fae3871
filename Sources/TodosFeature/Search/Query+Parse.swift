import TodoTxt

// Reading a query's text into terms and problems (the grammar is on `Query`).

extension Query {
  /// Splits a query's text into terms (at blanks), each term into alternatives (at `|`), and
  /// reads each alternative; a term with an alternative it cannot read is a problem.
  ///
  /// ```swift
  /// var parser = Query.Parser()
  /// parser.read("due:<=today|pri:A -is:done")
  /// parser.terms.count  // 2
  /// ```
  struct Parser {
    var terms: [Term] = []
    var problems: [Problem] = []

    /// A day any date word resolves from, to tell date words from other words when reading
    /// (matching resolves them against the real today).
    static let reference = TodoDate(year: 2000, month: 1, day: 1)!

    mutating func read(_ text: String) {
      let utf8 = text.utf8
      var index = utf8.startIndex
      while true {
        while index < utf8.endIndex, TodoTxtText.isBlank(utf8[index]) {
          index = utf8.index(after: index)
        }
        guard index < utf8.endIndex else { return }
        let start = index
        var alternatives: [Substring] = []
        while true {
          let end = Self.alternativeEnd(in: text, from: index)
          alternatives.append(text[index..<end])
          index = end
          guard index < utf8.endIndex, utf8[index] == UInt8(ascii: "|") else { break }
          index = utf8.index(after: index)
        }
        let term = text[start..<index]
        var conditions: [Condition] = []
        var problem: String?
        for alternative in alternatives {
          switch condition(alternative, in: term) {
          case .success(let condition): conditions.append(condition)
          case .failure(let message): problem = problem ?? message.text
          }
        }
        if let problem {
          problems.append(Problem(term: String(term), message: problem, position: terms.count))
        } else {
          terms.append(Term(conditions))
        }
      }
    }

    /// Where the alternative starting at `start` ends: at a blank or `|`, or after a quoted
    /// phrase's closing `"` (one followed by a blank, a `|` or the end), or at the end.
    static func alternativeEnd(in text: String, from start: String.Index) -> String.Index {
      let utf8 = text.utf8
      let end = utf8.endIndex
      let quote = UInt8(ascii: "\"")
      let bar = UInt8(ascii: "|")
      func endsAlternative(_ index: String.Index) -> Bool {
        index == end || TodoTxtText.isBlank(utf8[index]) || utf8[index] == bar
      }
      var index = start
      if index < end, utf8[index] == UInt8(ascii: "-") { index = utf8.index(after: index) }
      if index < end, utf8[index] == quote {
        index = utf8.index(after: index)
        while index < end {
          let next = utf8.index(after: index)
          if utf8[index] == quote, endsAlternative(next) { return next }
          index = next
        }
        return end
      }
      while !endsAlternative(index) { index = utf8.index(after: index) }
      return index
    }

    /// Why an alternative cannot be read: the problem's message.
    struct Failure: Error {
      var text: String
    }

    /// One alternative, `-` and all, of `term`.
    func condition(_ alternative: Substring, in term: Substring) -> Result<Condition, Failure> {
      guard !alternative.isEmpty else {
        return .failure(
          Failure(
            text: "Empty alternative: “\(term)”. To fix, write a term on each side of each |."))
      }
      var isNegated = false
      var rest = alternative
      if rest.first == "-", rest.count > 1 {
        isNegated = true
        rest = rest.dropFirst()
      }
      return test(rest, in: term).map { Condition($0, isNegated: isNegated) }
    }

    /// The test a condition (without its `-`) spells.
    func test(_ word: Substring, in term: Substring? = nil) -> Result<Test, Failure> {
      let term = term ?? word
      if word.first == "\"" {
        var phrase = word.dropFirst()
        if phrase.count >= 1, phrase.last == "\"" { phrase = phrase.dropLast() }
        guard !phrase.isEmpty else {
          return .failure(
            Failure(
              text: "Empty quotes: “\(term)”. To fix, write the text to find between them."))
        }
        return .success(.text(phrase.lowercased()))
      }
      if let letter = SearchQuery.priority(ofWord: word) {
        return .success(.priority(.range(letter...letter)))
      }
      switch TodoTxtText.kind(ofWord: word) {
      case .project, .context: return .success(.tag(word.lowercased()))
      default: break
      }
      if let colon = word.firstIndex(of: ":") {
        let value = word[word.index(after: colon)...]
        switch word[..<colon].lowercased() {
        case "pri": return priority(value, in: term).map(Test.priority)
        case "due": return date(value, in: term).map { .date(.due, $0) }
        case "t": return date(value, in: term).map { .date(.threshold, $0) }
        case "is": return state(value, in: term).map(Test.state)
        default: break
        }
      }
      return .success(.text(word.lowercased()))
    }

    /// `pri:` values: `A`, `A-C`, `any`, `none`.
    func priority(_ value: Substring, in term: Substring) -> Result<PriorityTest, Failure> {
      switch value.lowercased() {
      case "any": return .success(.any)
      case "none": return .success(.none)
      default: break
      }
      let letters = Array(value.uppercased())
      let isLetter = { (c: Character) in c.isASCII && c >= "A" && c <= "Z" }
      if letters.count == 1, isLetter(letters[0]) {
        return .success(.range(letters[0]...letters[0]))
      }
      if letters.count == 3, isLetter(letters[0]), letters[1] == "-", isLetter(letters[2]) {
        guard letters[0] <= letters[2] else {
          return .failure(
            Failure(
              text: "Priority range backwards: “\(value)” in \(term). To fix, write the "
                + "higher priority first: pri:\(letters[2])-\(letters[0])."))
        }
        return .success(.range(letters[0]...letters[2]))
      }
      return .failure(
        Failure(
          text: "Not a priority: “\(value)” in \(term). To fix, write a letter (pri:A), "
            + "a range (pri:A-C), pri:any or pri:none."))
    }

    /// `due:`/`t:` values: `any`, `none`, or a date word after an optional `<`, `<=`, `=`,
    /// `>=` or `>`.
    func date(_ value: Substring, in term: Substring) -> Result<DateTest, Failure> {
      let lowered = value.lowercased()
      switch lowered {
      case "any": return .success(.any)
      case "none": return .success(.none)
      default: break
      }
      var relation = Relation.on
      var day = Substring(lowered)
      for candidate in [Relation.onOrBefore, .onOrAfter, .before, .after] {
        if day.hasPrefix(candidate.rawValue) {
          relation = candidate
          day = day.dropFirst(candidate.rawValue.count)
          break
        }
      }
      if relation == .on, day.first == "=" { day = day.dropFirst() }
      guard !day.isEmpty, RelativeDate.resolve(day, today: Self.reference) != nil else {
        let what = day.isEmpty ? "No date" : "Not a date: “\(day)”"
        return .failure(
          Failure(
            text: "\(what) in \(term). To fix, write a date (2026-12-01), today, tomorrow, "
              + "a weekday (fri) or days, weeks, months or years from today (3d, 2w, 1m, 1y), "
              + "after <, <=, >= or > if you like; or any, none."))
      }
      return .success(.compare(relation, String(day)))
    }

    /// `is:` values.
    func state(_ value: Substring, in term: Substring) -> Result<State, Failure> {
      if let state = State(rawValue: value.lowercased()) { return .success(state) }
      return .failure(
        Failure(
          text: "Not a state: “\(value)” in \(term). To fix, write is:active, is:done, "
            + "is:hidden, is:overdue or is:rec."))
    }
  }
}
