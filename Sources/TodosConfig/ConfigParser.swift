import FoundationEssentials
import TodoTxt

extension Config {
  /// Reads config.toml's text over the defaults. Never fails: whatever is wrong keeps its default
  /// and becomes a problem with the file, the line and "To fix, …".
  ///
  /// ```swift
  /// let loaded = Config.parse("[behavior]\nauto_archive = true\n", file: path,
  ///   vocabulary: vocabulary)
  /// loaded.config.behavior.autoArchive  // true
  /// ```
  public static func parse(
    _ text: String, file: String, vocabulary: ConfigVocabulary
  ) -> LoadedConfig {
    var parser = ConfigParser(text: text, file: file, vocabulary: vocabulary)
    parser.run()
    // The tables are checked one by one: the problems go in the file's order, as a person reads
    // it.
    let problems = parser.problems.enumerated().sorted { left, right in
      let l = left.element.line ?? 0
      let r = right.element.line ?? 0
      return l != r ? l < r : left.offset < right.offset
    }.map(\.element)
    return LoadedConfig(config: parser.config, problems: problems, file: file)
  }
}

/// The pass over the parsed TOML tables; one method per table.
struct ConfigParser {
  let text: String
  let file: String
  let vocabulary: ConfigVocabulary
  let lines: SourceLines
  var config: Config
  var problems: [ConfigProblem] = []

  init(text: String, file: String, vocabulary: ConfigVocabulary) {
    self.text = text
    self.file = file
    self.vocabulary = vocabulary
    self.lines = SourceLines(text)
    self.config = Config.defaults(for: vocabulary)
  }

  static let sections = ["keys", "colors", "behavior", "views"]

  mutating func run() {
    let root: TOMLTable
    do {
      root = try TOMLReader.parse(text)
    } catch {
      // A NUL byte (which no TOML file holds) gets its own wording, as editors hide it.
      guard !hasNUL() else { return }
      report(
        line: error.line, .syntax,
        "This is not valid TOML (column \(error.column)): \(error.message).",
        value: sourceLine(error.line),
        fix: "To fix, correct that line (TOML's rules are at toml.io); until then every "
          + "setting keeps its default.")
      return
    }
    for (name, value) in root {
      guard ConfigParser.sections.contains(name) || value.table == nil else {
        report(
          line: lines.line(ofSection: name) ?? lines.line(ofTopLevelKey: name),
          .unknownSection, "There is no table [\(name)] in the config.", value: name,
          fix: fixForUnknown(
            name, among: ConfigParser.sections.map { "[\($0)]" }, kind: "the tables"))
        continue
      }
      guard ConfigParser.sections.contains(name) else {
        report(
          line: lines.line(ofTopLevelKey: name), .unknownSetting,
          "There is no setting \"\(name)\" outside the tables.",
          value: "\(name) = \(written(value))",
          fix: "To fix, move it under [keys], [colors], [behavior] or [views], or remove it.")
        continue
      }
      guard let table = value.table else {
        report(
          line: lines.line(ofTopLevelKey: name), .badType,
          "\(name) must be a table ([\(name)]), not \(typeName(value)).", value: "\(name)",
          fix: "To fix, write [\(name)] on a line of its own and its settings below it.")
        continue
      }
      switch name {
      case "keys": parseKeys(table)
      case "colors": parseColors(table)
      case "views": parseViews(table)
      default: parseBehavior(table)
      }
    }
    // Once the keys and the views are both read, whichever table came first.
    reportViewKeyClashes()
  }

  /// Reports a NUL byte (TOML allows none); true when there is one: then, as for any syntax
  /// error, every setting keeps its default.
  mutating func hasNUL() -> Bool {
    guard text.utf8.contains(0) else { return false }
    let written = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard let index = written.firstIndex(where: { $0.contains("\u{0}") }) else { return false }
    let line = written[index]
    let column = line.unicodeScalars.prefix { $0 != "\u{0}" }.count + 1
    report(
      line: index + 1, .syntax,
      "This is not valid TOML (column \(column)): a NUL byte (shown as ␀), which a TOML file "
        + "cannot hold.",
      value: String(line).replacingText("\u{0}", with: "␀"),
      fix: "To fix, delete that byte (editors show it as ^@ or <00>); until then every setting "
        + "keeps its default.")
    return true
  }

  /// Line `number` (1-based) of the text as written, without its line ending; "" past the end.
  func sourceLine(_ number: Int) -> String {
    var line = 1
    var start = text.utf8.startIndex
    for index in text.utf8.indices where text.utf8[index] == UInt8(ascii: "\n") {
      if line == number { return Self.withoutCR(text.utf8[start..<index]) }
      line += 1
      start = text.utf8.index(after: index)
    }
    return line == number ? Self.withoutCR(text.utf8[start...]) : ""
  }

  private static func withoutCR(_ bytes: Substring.UTF8View) -> String {
    String(Substring(bytes.last == UInt8(ascii: "\r") ? bytes.dropLast() : bytes))
  }

  mutating func report(
    line: Int?, _ kind: ConfigProblem.Kind, _ heading: String, value: String, fix: String
  ) {
    problems.append(
      ConfigProblem(
        file: file, line: line, kind: kind, heading: heading, value: value, fix: fix))
  }

  /// "To fix, rename it to X (the settings are …)." when a known name is one or two edits
  /// away, else "To fix, remove it or rename it (the settings are …)."
  func fixForUnknown(_ name: String, among names: [String], kind: String) -> String {
    let bare = names.map { name in
      let start = name.drop { $0 == "[" || $0 == "]" }
      return String(start.dropLast(start.reversed().prefix { $0 == "[" || $0 == "]" }.count))
    }
    let close = zip(names, bare).map { ($0.0, editDistance(name.lowercased(), $0.1.lowercased())) }
      .filter { $0.1 <= 2 }.min(by: { $0.1 < $1.1 })
    let list = names.count > 12 ? "see docs/config.md" : names.joined(separator: ", ")
    if let close { return "To fix, rename it to \(close.0) (\(kind): \(list))." }
    return "To fix, remove it or rename it (\(kind): \(list))."
  }

  func typeName(_ value: TOMLValue) -> String {
    switch value {
    case .string: "text"
    case .integer: "a whole number"
    case .float: "a decimal number"
    case .boolean: "true/false"
    case .table: "a table"
    case .array: "a list"
    case .dateTime: "a date or time"
    }
  }

  /// The TOML source of a value, for the dumped value in a problem.
  func written(_ value: TOMLValue) -> String {
    switch value {
    case .string(let text): "\"\(text)\""
    default: value.tomlText
    }
  }
}

/// Levenshtein distance, for "did you mean".
func editDistance(_ a: String, _ b: String) -> Int {
  let a = Array(a)
  let b = Array(b)
  guard !a.isEmpty else { return b.count }
  var previous = Array(0...b.count)
  for i in 1...a.count {
    var current = [i] + Array(repeating: 0, count: b.count)
    for j in stride(from: 1, through: b.count, by: 1) {
      let cost = a[i - 1] == b[j - 1] ? 0 : 1
      current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
    }
    previous = current
  }
  return previous[b.count]
}
