import TodoTxt

extension Config {
  /// The configuration as a commented config.toml: every setting with its value, what it does
  /// and its default. Reading it back gives the same `Config`.
  ///
  /// ```swift
  /// print(config.printed(vocabulary: vocabulary))  // todos-tui --print-config
  /// ```
  public func printed(vocabulary: ConfigVocabulary) -> String {
    var out: [String] = [
      "# todos-tui configuration, as in force. Save it as ~/.config/todos-tui/config.toml",
      "# ($XDG_CONFIG_HOME/todos-tui/config.toml), or point --config or $TODOS_TUI_CONFIG at it.",
      "# Every setting is optional: delete the lines you leave as they are. docs/config.md has",
      "# the details.",
      "",
      "[keys]",
      "# action = [\"key\", …]: one or more keys; [] leaves the action without a key. A key is",
      "# \(wrapped(KeyNames.summary, prefix: "# ")).",
      "# Two keys in one string, such as \"g g\", are pressed one after the other.",
    ]
    for action in vocabulary.actions {
      out.append("")
      let summary = action.summary.isEmpty ? "The action \(action.name)." : action.summary
      out.append("# \(summary) Default: \(Config.tomlList(action.defaultKeys))")
      out.append("\(Config.tomlKey(action.name)) = \(Config.tomlList(keys[action.name] ?? []))")
    }
    out += [
      "",
      "[colors]",
      "# A colour is one of the 16 names",
      "# \(wrapped(ColorValue.names.joined(separator: ", "), prefix: "# ")),",
      "# a number 0 … 255 (the 256-colour palette), \"#rrggbb\", or \"default\" (the terminal's",
      "# own). Colours are brought down to what the terminal shows; NO_COLOR turns them off.",
      "# A plain colour sets the text colour; a table sets more:",
      "# { fg = \"black\", bg = \"#5fafff\", bold = true, dim = true, reverse = true, "
        + "underline = true }.",
    ]
    for role in ColorSettings.Role.allCases {
      out.append("")
      out.append("# \(role.summary) Default: \(Config.toml(role.defaultStyle))")
      out.append("\(role.rawValue) = \(Config.toml(colors[role]))")
      if role == .selection {
        out += [
          "",
          "# How much of the selected row that style covers: \"marker\" (the > and the box)",
          "# or \"row\" (a bar across the row). Default: \"marker\"",
          "selection_bar = \"\(colors.selectionBar.rawValue)\"",
        ]
      }
    }
    let b = behavior
    let sortKeys = SortSpec.Key.allCases.map(\.rawValue).joined(separator: ", ")
    let d = BehaviorSettings(
      defaultFilter: vocabulary.filters.first ?? "all",
      defaultSort: vocabulary.sorts.first ?? "file")
    out += [
      "",
      "[behavior]",
      "# Give new todos today's date as their creation date. Default: \(d.creationDate)",
      "creation_date = \(b.creationDate)",
      "",
      "# Completing a todo with a priority keeps it as pri:A (true) or drops it as todo.sh",
      "# does (false). Default: \(d.keepPriorityOnCompletion)",
      "keep_priority_on_completion = \(b.keepPriorityOnCompletion)",
      "",
      "# How long after the last toggle completed todos sink below active ones, in",
      "# milliseconds (0 … \(BehaviorSettings.maxSettleDelayMilliseconds)). "
        + "Default: \(d.settleDelayMilliseconds)",
      "settle_delay_ms = \(b.settleDelayMilliseconds)",
      "",
      "# The filter the app starts with: \(Config.names(vocabulary.filters)). "
        + "Default: \(Config.tomlString(d.defaultFilter))",
      "default_filter = \(Config.tomlString(b.defaultFilter))",
      "",
      "# The order the app starts with: \(Config.names(vocabulary.sorts)). "
        + "Default: \(Config.tomlString(d.defaultSort))",
      "default_sort = \(Config.tomlString(b.defaultSort))",
      "",
      "# The orders s cycles through, each keys apart by commas:",
      "# \(sortKeys); each ascending",
      "# unless followed by desc, ties going to the next key, then to file order.",
      "# Default: [\(Self.specs(d.sortOrders))]",
      "sort_orders = [\(Self.specs(b.sortOrders))]",
      "",
      "# Where archived todos go (~/ is your home folder; a relative path is taken from the",
      "# todo file's folder; --done-file and $DONE_FILE win over it). Default: done.txt beside",
      "# the todo file",
      b.doneFile.map { "done_file = \(Config.tomlString($0))" }
        ?? "# done_file = \"~/todo/done.txt\"",
      "",
      "# Move completed todos to the done file once they have settled. Default: "
        + "\(d.autoArchive)",
      "auto_archive = \(b.autoArchive)",
      "",
      "# Where an added todo goes in the file and the list: \"top\" (before the first todo) or",
      "# \"bottom\" (after the last line, as todo.sh add does). "
        + "Default: \(Config.tomlString(d.newTodoPosition))",
      "new_todo_position = \(Config.tomlString(b.newTodoPosition))",
      "",
      "# The command o opens a link with, run by /bin/sh with the URL as its last argument",
      "# (or in the place of %s). Default: $BROWSER, else xdg-open (open on macOS)",
      b.openCommand.map { "open_command = \(Config.tomlString($0))" }
        ?? "# open_command = \"w3m\"",
      "",
      "# The lists to open when no file is given (L, [ and ] switch between them; the first",
      "# shows first). Default: one list, the todo file",
      b.files.isEmpty
        ? "# files = [\"~/todo/todo.txt\", \"~/todo/work.txt\"]"
        : "files = [\(b.files.map(Config.tomlString).joined(separator: ", "))]",
      "",
      "# \"todo_dir\": every *.txt in $TODO_DIR is a list, except done.txt and report.txt",
      "# (files wins over it). Default: not set",
      b.lists.map { "lists = \(Config.tomlString($0))" } ?? "# lists = \"todo_dir\"",
    ]
    out += printedViews(vocabulary: vocabulary)
    return out.joined(separator: "\n") + "\n"
  }

  /// The `[views]` part: every view in force, and the built-in ones left out.
  func printedViews(vocabulary: ConfigVocabulary) -> [String] {
    var out = [
      "",
      "# Saved views, in the filter bar after All, Active and Completed: a query (the search's",
      "# language, docs/views.md) and an optional key. A table of a built-in view's name",
      "# replaces it; NAME = false under [views] removes it. Built in: "
        + vocabulary.views.map(\.table).joined(separator: ", ") + ".",
    ]
    let removed = vocabulary.views.filter { builtIn in
      !views.contains { $0.table.lowercased() == builtIn.table.lowercased() }
    }
    if !removed.isEmpty {
      out += ["[views]"] + removed.map { "\(Config.tomlKey($0.table)) = false" }
    }
    for view in views {
      out += ["", "[views.\(Config.tomlKey(view.table))]"]
      if let builtIn = vocabulary.views.first(where: { $0.table == view.table }) {
        out.append("# Default: query = \(Config.tomlString(builtIn.query))")
      }
      out.append("query = \(Config.tomlString(view.query))")
      if let key = view.key { out.append("key = \(Config.tomlString(key.description))") }
      if let sort = view.sort { out.append("sort = \(Config.tomlString(sort.description))") }
      if let group = view.group { out.append("group = \(Config.tomlString(group.rawValue))") }
    }
    return out
  }

  /// Sort orders as a TOML list's items: `"file", "priority"`.
  static func specs(_ specs: [SortSpec]) -> String {
    specs.map { tomlString($0.description) }.joined(separator: ", ")
  }

  static func names(_ names: [String]) -> String {
    names.map(tomlString).joined(separator: ", ")
  }

  /// A TOML basic string (`TOMLValue.quoted`).
  static func tomlString(_ text: String) -> String { TOMLValue.quoted(text) }

  /// A bare key when TOML allows one, else a quoted key (`TOMLValue.key`).
  static func tomlKey(_ name: String) -> String { TOMLValue.key(name) }

  static func tomlList(_ sequences: [KeySequence]) -> String {
    "[" + sequences.map { tomlString($0.description) }.joined(separator: ", ") + "]"
  }

  static func toml(_ color: ColorValue) -> String {
    if case .palette(let number) = color { return String(number) }
    return tomlString(color.description)
  }

  static func toml(_ style: StyleSetting) -> String {
    let flags = [
      ("bold", style.bold), ("dim", style.dim), ("reverse", style.reverse),
      ("underline", style.underline),
    ].filter(\.1)
    if flags.isEmpty, style.background == nil {
      return style.foreground.map(toml) ?? "\"default\""
    }
    var parts: [String] = []
    if let foreground = style.foreground { parts.append("fg = \(toml(foreground))") }
    if let background = style.background { parts.append("bg = \(toml(background))") }
    parts += flags.map { "\($0.0) = true" }
    return "{ " + parts.joined(separator: ", ") + " }"
  }
}

/// `text` broken into comment lines of at most 96 columns.
private func wrapped(_ text: String, prefix: String) -> String {
  var lines: [String] = []
  var current = ""
  for word in text.split(separator: " ") {
    if !current.isEmpty, current.count + word.count + prefix.count >= 90 {
      lines.append(current)
      current = ""
    }
    current += current.isEmpty ? String(word) : " " + word
  }
  lines.append(current)
  return lines.joined(separator: "\n" + prefix)
}
