// The help (`--help`), the usage line, and a usage error as printed: the layout
// swift-argument-parser printed, so the help reads as it always has.

extension CommandSpec {
  /// The full help, wrapped at `width` columns: overview, discussion, usage, arguments,
  /// options.
  ///
  /// ```swift
  /// print(spec.help(width: 80))  // "OVERVIEW: …\n\n…USAGE: todos-tui [<file>] …"
  /// ```
  public func help(width: Int = 80) -> String {
    var out = wrap("OVERVIEW: " + abstract, width: width) + "\n"
    if !discussion.isEmpty {
      out += "\n"
      for line in discussion.split(separator: "\n", omittingEmptySubsequences: false) {
        out += (line.isEmpty ? "" : wrap(String(line), width: width)) + "\n"
      }
    }
    out += "\nUSAGE: \(usage)\n"
    let shown = allArguments.filter { !$0.isHidden }
    let positionals = shown.filter { $0.kind == .positional }
    if !positionals.isEmpty {
      out += "\nARGUMENTS:\n"
      for argument in positionals { out += row(argument, width: width) }
    }
    out += "\nOPTIONS:\n"
    for argument in shown where argument.kind != .positional { out += row(argument, width: width) }
    return out
  }

  /// `todos-tui [<file>] [--file <file>] …`: the name, then each shown argument in order.
  public var usage: String {
    ([name] + arguments.filter { !$0.isHidden }.map(\.usage)).joined(separator: " ")
  }

  /// What a usage error prints on standard error: the error, the option's help for a missing
  /// value, the usage, and where the help is.
  ///
  /// ```swift
  /// spec.errorText(.unexpectedArgument("x"))
  /// // "Error: Unexpected argument 'x'\nUsage: todos-tui doctor …\n  See 'todos-tui doctor …"
  /// ```
  public func errorText(_ error: UsageError) -> String {
    var out = "Error: \(error.message)\n"
    if case .missingValue(let label, let help) = error { out += "Help:  \(label)  \(help)\n" }
    out += "Usage: \(usage)\n"
    out += "  See '\(name) --help' for more information."
    return out
  }

  /// One argument in the help's lists: its label, then its help from column 26, wrapped.
  func row(_ argument: Argument, width: Int) -> String {
    let indent = 26
    let label = "  " + argument.label
    let lines = wrapLines(argument.help, width: max(width - indent, 20))
    var out = label
    if label.count + 1 >= indent {
      out += "\n" + String(repeating: " ", count: indent)
    } else {
      out += String(repeating: " ", count: indent - label.count)
    }
    out += lines.joined(separator: "\n" + String(repeating: " ", count: indent))
    return out + "\n"
  }

  /// `text` wrapped at word boundaries, each line shorter than `width`.
  func wrap(_ text: String, width: Int) -> String {
    wrapLines(text, width: width).joined(separator: "\n")
  }

  func wrapLines(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if line.isEmpty {
        line = String(word)
      } else if line.count + 1 + word.count < width {
        line += " " + word
      } else {
        lines.append(line)
        line = String(word)
      }
    }
    lines.append(line)
    return lines
  }
}
