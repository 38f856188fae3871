/// Finds the line of a setting in config.toml's text, for problems found after parsing (TOMLKit
/// gives positions only for syntax errors).
///
/// It scans the text: the `[section]` header, then, up to the next header, the first line whose
/// key (bare, "quoted" or 'quoted') is the one asked for. Dotted keys (`keys.quit = …`) and inline
/// tables (`keys = { quit = … }`) are found by their first line. A value inside a list that spans
/// lines is found by its quoted text after the key's line.
///
/// ```swift
/// let lines = SourceLines("[keys]\nquit = \"Q\"\n")
/// lines.line(ofKey: "quit", inSection: "keys")  // 2
/// ```
struct SourceLines {
  private let lines: [Substring]

  init(_ text: String) {
    lines = text.split(separator: "\n", omittingEmptySubsequences: false)
  }

  /// The 1-based line of `[section]`.
  func line(ofSection section: String) -> Int? {
    for (index, line) in lines.enumerated() {
      let trimmed = line.trimmingLeadingSpaces
      guard trimmed.hasPrefix("["), !trimmed.hasPrefix("[[") else { continue }
      let name = trimmed.dropFirst().prefix(while: { $0 != "]" })
      if SourceLines.unquoted(name.trimmed) == section { return index + 1 }
    }
    return nil
  }

  /// The 1-based line where `key` is set in `[section]`, else the section's line.
  func line(ofKey key: String, inSection section: String) -> Int? {
    if let header = line(ofSection: section) {
      var index = header
      while index < lines.count {
        let trimmed = lines[index].trimmingLeadingSpaces
        if trimmed.hasPrefix("[") { break }
        if SourceLines.startsWithKey(trimmed, key) { return index + 1 }
        index += 1
      }
      return header
    }
    // Dotted (`keys.quit = …`) or inline (`keys = { quit = … }`) at the top level.
    return line(ofTopLevelKey: section)
  }

  /// The 1-based line of `key = …` (or `key.x = …`) before the first table header.
  func line(ofTopLevelKey key: String) -> Int? {
    for (index, line) in lines.enumerated() {
      let trimmed = line.trimmingLeadingSpaces
      if trimmed.hasPrefix("[") { break }
      if SourceLines.startsWithKey(trimmed, key) { return index + 1 }
    }
    return nil
  }

  /// The line of a value written as `"text"` or `'text'` at or after `start` (the key's line),
  /// before the next key; `start` when not found.
  func line(ofValue text: String, from start: Int?) -> Int? {
    guard let start else { return nil }
    var index = start - 1
    while index < lines.count {
      let line = lines[index]
      if index > start - 1, line.contains("=") || line.trimmingLeadingSpaces.hasPrefix("[") {
        break
      }
      if line.contains("\"\(text)\"") || line.contains("'\(text)'") { return index + 1 }
      index += 1
    }
    return start
  }

  private static func startsWithKey(_ line: Substring, _ key: String) -> Bool {
    for written in [key, "\"\(key)\"", "'\(key)'"] where line.hasPrefix(written) {
      let rest = line.dropFirst(written.count).trimmingLeadingSpaces
      if rest.hasPrefix("=") || rest.hasPrefix(".") { return true }
    }
    return false
  }

  private static func unquoted(_ name: Substring) -> String {
    if name.count >= 2, let first = name.first, first == "\"" || first == "'",
      name.last == first
    {
      return String(name.dropFirst().dropLast())
    }
    return String(name)
  }
}

extension Substring {
  fileprivate var trimmingLeadingSpaces: Substring {
    drop(while: { $0 == " " || $0 == "\t" })
  }

  fileprivate var trimmed: Substring {
    var result = trimmingLeadingSpaces
    while let last = result.last, last == " " || last == "\t" { result = result.dropLast() }
    return result
  }
}
