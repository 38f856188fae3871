import TodoTxt

/// Finds the line of a setting in config.toml's text, for problems found after parsing (the TOML
/// reader gives positions only for syntax errors).
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
  /// 1-based line of each `[table]` header (the first, when repeated).
  private var sectionLines: [String: Int] = [:]
  /// 1-based line of each key, by table ("" before the first header): the first occurrence.
  private var keyLines: [String: [String: Int]] = [:]

  /// Indexes the text once: every lookup after that is a dictionary read.
  init(_ text: String) {
    // Split and scan the bytes, not the Characters: a tenth of the work at start-up.
    lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      .map { Substring($0) }
    var section = ""
    for (index, line) in lines.enumerated() {
      let trimmed = line.utf8.drop { $0 == UInt8(ascii: " ") || $0 == 0x09 }
      if trimmed.first == UInt8(ascii: "[") {
        guard trimmed.dropFirst().first != UInt8(ascii: "[") else {
          section = "\u{0}"  // an array of tables: not one of ours
          continue
        }
        var name = trimmed.dropFirst().prefix { $0 != UInt8(ascii: "]") }
          .drop { $0 == UInt8(ascii: " ") || $0 == 0x09 }
        while let last = name.last, last == UInt8(ascii: " ") || last == 0x09 {
          name = name.dropLast()
        }
        let unquoted = SourceLines.unquoted(name)
        section = unquoted
        if sectionLines[unquoted] == nil { sectionLines[unquoted] = index + 1 }
        continue
      }
      guard let key = SourceLines.leadingKey(trimmed) else { continue }
      if keyLines[section, default: [:]][key] == nil {
        keyLines[section, default: [:]][key] = index + 1
      }
    }
  }

  /// The 1-based line of `[section]`.
  func line(ofSection section: String) -> Int? {
    sectionLines[section]
  }

  /// The 1-based line where `key` is set in `[section]`, else the section's line.
  func line(ofKey key: String, inSection section: String) -> Int? {
    if let header = sectionLines[section] {
      return keyLines[section]?[key] ?? header
    }
    // Dotted (`keys.quit = …`) or inline (`keys = { quit = … }`) at the top level.
    return line(ofTopLevelKey: section)
  }

  /// The 1-based line of `key = …` (or `key.x = …`) before the first table header.
  func line(ofTopLevelKey key: String) -> Int? {
    keyLines[""]?[key]
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
      if line.containsText("\"\(text)\"") || line.containsText("'\(text)'") { return index + 1 }
      index += 1
    }
    return start
  }

  /// The key a `key = …` or `key.sub = …` line starts with, unquoted; nil for other lines.
  private static func leadingKey(_ line: Substring.UTF8View) -> String? {
    guard let first = line.first, first != UInt8(ascii: "#"), first != UInt8(ascii: "=") else {
      return nil
    }
    let key: Substring.UTF8View
    let rest: Substring.UTF8View
    if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
      let body = line.dropFirst()
      guard let close = body.firstIndex(of: first) else { return nil }
      key = body[..<close]
      rest = body[body.index(after: close)...]
    } else {
      key = line.prefix { byte in
        byte != UInt8(ascii: " ") && byte != 0x09 && byte != UInt8(ascii: "=")
          && byte != UInt8(ascii: ".")
      }
      rest = line[key.endIndex...]
    }
    let after = rest.drop { $0 == UInt8(ascii: " ") || $0 == 0x09 }
    guard after.first == UInt8(ascii: "=") || after.first == UInt8(ascii: ".") else {
      return nil
    }
    return String(Substring(key))
  }

  /// A `[ "section" ]` header's name without its quotes.
  private static func unquoted(_ name: Substring.UTF8View) -> String {
    if name.count >= 2, let first = name.first,
      first == UInt8(ascii: "\"") || first == UInt8(ascii: "'"), name.last == first
    {
      return String(Substring(name.dropFirst().dropLast()))
    }
    return String(Substring(name))
  }
}

extension Substring {
  fileprivate var trimmingLeadingSpaces: Substring {
    drop(while: { $0 == " " || $0 == "\t" })
  }
}
