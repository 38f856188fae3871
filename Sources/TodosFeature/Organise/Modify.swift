import TodoTxt

/// Modifying todos by words (`m`, and `todos-tui modify`): `+work @home due:fri pri:B rec:1w`
/// add (a `key:` tag the todo has is set in place; `due:`/`t:` read as the editor reads them),
/// `-+work -@home -due -t -pri` remove. A tag the todo has already is left alone.
///
/// ```swift
/// let words = try Modify.words(parsing: "+work -@home pri:B", today: today).get()
/// Modify.modifying(todo, with: words)  // "(B) Call Bob @home" becomes "(B) Call Bob +work"
/// ```
public enum Modify {
  /// One word of a modification.
  public enum Word: Hashable, Sendable {
    /// `+work`, `@home`: added when the todo does not have it.
    case addTag(String)
    /// `-+work`, `-@home`: every such word removed.
    case removeTag(String)
    /// `due:2026-11-27`, `rec:1w`: the first tag of the key set, else added.
    case setKey(String, String)
    /// `-due`, `-t`, `-rec`: every tag of the key removed.
    case removeKey(String)
    /// `pri:B`: the todo.txt priority `(B) `.
    case setPriority(Character)
    /// `-pri`: no priority.
    case removePriority
  }

  /// Why the words cannot be applied: the message for the status line.
  public struct Problem: Error, Hashable, Sendable {
    public var message: String
  }

  /// The words of `text` typed on `today`, or the first problem: a word that is neither a tag
  /// nor a removal (`banana`), a `due:`/`t:` that is not a date, a `pri:` that is not a letter,
  /// or no words at all.
  ///
  /// ```swift
  /// Modify.words(parsing: "due:fri -t", today: monday)
  /// // .success([.setKey("due", "2026-11-27"), .removeKey("t")])
  /// ```
  public static func words(parsing text: String, today: TodoDate) -> Result<[Word], Problem> {
    var words: [Word] = []
    for word in text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init) {
      switch parse(word, today: today) {
      case .success(let parsed): words.append(parsed)
      case .failure(let problem): return .failure(problem)
      }
    }
    guard !words.isEmpty else {
      return .failure(Problem(message: "Nothing to modify · To fix, " + howTo))
    }
    return .success(words)
  }

  private static let howTo =
    "type +project @context key:value pri:B to add, -+project -@context -due -t -pri to remove"

  private static func parse(_ word: String, today: TodoDate) -> Result<Word, Problem> {
    if word == "-pri" { return .success(.removePriority) }
    if word.hasPrefix("-"), word.count > 1 {
      let rest = String(word.dropFirst())
      if isTagWord(rest) { return .success(.removeTag(rest)) }
      if !rest.contains(":"), !rest.hasPrefix("-") { return .success(.removeKey(rest)) }
    } else if isTagWord(word) {
      return .success(.addTag(word))
    } else if let tag = TodoTags.first(keyOf: word) {
      let (key, value) = (String(tag.key), String(tag.value))
      if key == "pri" {
        guard value.count == 1, let letter = PriorityChange.letter(forKey: value.first!) else {
          return .failure(
            Problem(message: "“\(word)” is not a priority · To fix, type pri:A to pri:Z"))
        }
        return .success(.setPriority(letter))
      }
      if key == "due" || key == "t" {
        guard let date = RelativeDate.resolve(value, today: today) else {
          return .failure(Problem(message: Postpone.notADate(value)))
        }
        return .success(.setKey(key, date.description))
      }
      return .success(.setKey(key, value))
    }
    return .failure(Problem(message: "“\(word)” is not a tag · To fix, " + howTo))
  }

  /// `+x` or `@x`: a project or a context.
  private static func isTagWord(_ word: String) -> Bool {
    (word.hasPrefix("+") || word.hasPrefix("@")) && word.count > 1
  }

  /// The todo with `words` applied in order; the same todo, bytes and all, when none changes
  /// it.
  ///
  /// ```swift
  /// Modify.modifying(todo, with: [.addTag("+work")]).description  // "Call Bob +work"
  /// ```
  public static func modifying(_ todo: Todo.State, with words: [Word]) -> Todo.State {
    var text = todo.description
    var priority: Character?? = nil
    for word in words {
      switch word {
      case .addTag(let tag):
        if !wordRanges(in: text).contains(where: { text[$0] == tag }) {
          text = appending(tag, to: text)
        }
      case .removeTag(let tag):
        while let range = wordRanges(in: text).first(where: { text[$0] == tag }) {
          let word = TodoTag(key: text[range.lowerBound..<range.lowerBound], value: text[range])
          text = TodoTags.removing(word, from: text)
        }
      case .setKey(let key, let value):
        text = TodoTags.setting(key, to: value, in: text)
      case .removeKey(let key):
        while let tag = TodoTags.first(key, in: text) { text = TodoTags.removing(tag, from: text) }
      case .setPriority(let letter): priority = .some(letter)
      case .removePriority: priority = .some(nil)
      }
    }
    var changed = todo
    if text != todo.description {
      changed.description = text
      changed.rawLine = nil
    }
    if let priority { changed = PriorityChange.setting(priority, on: changed) }
    return changed
  }

  /// The status line: `Modified “Call Bob”`, `Modified 4 todos`, `No todo changed`.
  ///
  /// ```swift
  /// Modify.status(count: 4, first: nil)  // "Modified 4 todos"
  /// ```
  public static func status(count: Int, first: Todo.State?) -> String {
    switch count {
    case 0: "No todo changed: they have those tags already"
    case 1: "Modified " + (first.map(Todos.quoted) ?? "1 todo")
    default: "Modified \(count) todos"
    }
  }

  /// `text` with ` word` at its end (no space doubled).
  private static func appending(_ word: String, to text: String) -> String {
    let separator = text.isEmpty || text.utf8.last.map(TodoTags.isSpace) == true ? "" : " "
    return text + separator + word
  }

  /// The ranges of the words of `text` (separated by spaces and tabs).
  private static func wordRanges(in text: String) -> [Range<String.Index>] {
    var ranges: [Range<String.Index>] = []
    var start: String.Index?
    var index = text.startIndex
    while index < text.endIndex {
      let isSpace = text[index] == " " || text[index] == "\t"
      if isSpace, let wordStart = start {
        ranges.append(wordStart..<index)
        start = nil
      } else if !isSpace, start == nil {
        start = index
      }
      index = text.index(after: index)
    }
    if let start { ranges.append(start..<text.endIndex) }
    return ranges
  }
}

extension TodoTags {
  /// The tag `word` spells on its own, or nil when it is not one.
  static func first(keyOf word: String) -> TodoTag? {
    let tags = all(in: word)
    return tags.count == 1 && tags[0].range == word.startIndex..<word.endIndex ? tags[0] : nil
  }
}
