extension ConfigParser {
  static let styleKeys = ["fg", "bg", "bold", "dim", "reverse", "underline"]

  /// `[colors]`: role = "colour" (the foreground) or { fg, bg, bold, dim, reverse, underline }.
  /// A role with anything wrong keeps its default look.
  mutating func parseColors(_ table: TOMLTable) {
    for (name, value) in table {
      let line = lines.line(ofKey: name, inSection: "colors")
      if name == "selection_bar" {
        parseSelectionBar(value, line: line)
        continue
      }
      guard let role = ColorSettings.Role(rawValue: name) else {
        report(
          line: line, .unknownSetting, "There is no colour setting \"\(name)\".",
          value: "\(name) = \(written(value))",
          fix: fixForUnknown(
            name, among: ColorSettings.Role.allCases.map(\.rawValue) + ["selection_bar"],
            kind: "the colours"))
        continue
      }
      if let style = styleSetting(value, name: name, line: line) {
        config.colors[role] = style
      }
    }
  }

  /// `selection_bar = "marker" | "row"`; anything else keeps the marker.
  private mutating func parseSelectionBar(_ value: TOMLValue, line: Int?) {
    let names = ColorSettings.SelectionBar.allCases.map(\.rawValue)
    guard let text = value.string, let bar = ColorSettings.SelectionBar(rawValue: text) else {
      report(
        line: line, .badValue,
        "selection_bar must be \(names.map { "\"\($0)\"" }.joined(separator: " or ")).",
        value: "selection_bar = \(written(value))",
        fix: "To fix, write selection_bar = \"row\" for a bar across the whole row, or "
          + "selection_bar = \"marker\" (the default) for the marker and box only.")
      return
    }
    config.colors.selectionBar = bar
  }

  private mutating func styleSetting(
    _ value: TOMLValue, name: String, line: Int?
  ) -> StyleSetting? {
    if value.string != nil || value.int != nil {
      guard let color = color(value, name: name, line: line) else { return nil }
      return StyleSetting(foreground: color ?? nil)
    }
    guard let table = value.table else {
      report(
        line: line, .badType,
        "The colour \(name) must be a colour or a table, not \(typeName(value)).",
        value: "\(name) = \(written(value))",
        fix: "To fix, write \(name) = \"yellow\" or \(name) = { fg = \"black\", bg = \"cyan\", "
          + "bold = true }; it keeps its default until then.")
      return nil
    }
    var style = StyleSetting.plain
    for (key, part) in table {
      switch key {
      case "fg", "bg":
        guard let color = color(part, name: "\(name).\(key)", line: line) else { return nil }
        if key == "fg" { style.foreground = color } else { style.background = color }
      case "bold", "dim", "reverse", "underline":
        guard let flag = part.bool else {
          report(
            line: line, .badType, "\(name).\(key) must be true or false, not \(typeName(part)).",
            value: "\(key) = \(written(part))",
            fix: "To fix, write \(key) = true or \(key) = false; \(name) keeps its default "
              + "until then.")
          return nil
        }
        switch key {
        case "bold": style.bold = flag
        case "dim": style.dim = flag
        case "reverse": style.reverse = flag
        default: style.underline = flag
        }
      default:
        report(
          line: line, .unknownSetting, "A colour table has no \"\(key)\".",
          value: "\(name) = \(written(value))",
          fix: fixForUnknown(key, among: ConfigParser.styleKeys, kind: "its keys"))
        return nil
      }
    }
    return style
  }

  /// A colour value: `.some(nil)` for "default", nil (reported) when wrong.
  private mutating func color(
    _ value: TOMLValue, name: String, line: Int?
  ) -> ColorValue?? {
    do throws(ColorNameError) {
      if let number = value.int { return .some(try ColorValue(paletteNumber: number)) }
      guard let text = value.string else {
        report(
          line: line, .badType,
          "The colour \(name) must be text or a number, not "
            + "\(typeName(value)).", value: "\(name) = \(written(value))",
          fix: "To fix, write a colour name, a number 0 … 255 or \"#rrggbb\".")
        return nil
      }
      if ["default", "none", ""].contains(text.lowercased()) { return .some(nil) }
      return .some(try ColorValue(parsing: text))
    } catch {
      report(
        line: line, .badColor, "\(error.reason) \(name) keeps its default.",
        value: "\(name) = \(written(value))", fix: error.fix)
      return nil
    }
  }

  static let behaviorKeys = [
    "creation_date", "keep_priority_on_completion", "settle_delay_ms", "default_filter",
    "default_sort", "done_file", "auto_archive", "new_todo_position", "open_command",
    "files", "lists", "sort_orders",
  ]

  /// `[behavior]`: each setting of the wrong type or out of range keeps its default.
  mutating func parseBehavior(_ table: TOMLTable) {
    for (name, value) in table {
      let line = lines.line(ofKey: name, inSection: "behavior")
      switch name {
      case "creation_date", "keep_priority_on_completion", "auto_archive":
        guard let flag = value.bool else {
          report(
            line: line, .badType, "\(name) must be true or false, not \(typeName(value)).",
            value: "\(name) = \(written(value))",
            fix: "To fix, write \(name) = true or \(name) = false (without quotes).")
          continue
        }
        switch name {
        case "creation_date": config.behavior.creationDate = flag
        case "keep_priority_on_completion": config.behavior.keepPriorityOnCompletion = flag
        default: config.behavior.autoArchive = flag
        }
      case "settle_delay_ms":
        let limit = BehaviorSettings.maxSettleDelayMilliseconds
        guard let number = value.int else {
          report(
            line: line, .badType,
            "\(name) must be a whole number of milliseconds, not "
              + "\(typeName(value)).", value: "\(name) = \(written(value))",
            fix: "To fix, write a number without quotes, such as \(name) = 1000.")
          continue
        }
        guard (0...limit).contains(number) else {
          report(
            line: line, .badValue, "\(name) must be from 0 to \(limit) milliseconds.",
            value: "\(name) = \(number)", fix: "To fix, pick a delay from 0 to \(limit).")
          continue
        }
        config.behavior.settleDelayMilliseconds = number
      case "default_filter", "default_sort":
        let names = name == "default_filter" ? vocabulary.filters : vocabulary.sorts
        guard let text = value.string, names.contains(text) else {
          let list = names.map { "\"\($0)\"" }.joined(separator: ", ")
          report(
            line: line, value.string == nil ? .badType : .badValue,
            value.string == nil
              ? "\(name) must be text (one of \(list)), not \(typeName(value))."
              : "\(name) takes one of \(list).",
            value: "\(name) = \(written(value))",
            fix: "To fix, write \(name) = \"\(names.first ?? "")\" or another of those names.")
          continue
        }
        if name == "default_filter" {
          config.behavior.defaultFilter = text
        } else {
          config.behavior.defaultSort = text
        }
      case "new_todo_position":
        let names = BehaviorSettings.newTodoPositions
        guard let text = value.string, names.contains(text) else {
          report(
            line: line, value.string == nil ? .badType : .badValue,
            value.string == nil
              ? "\(name) must be text (\"top\" or \"bottom\"), not \(typeName(value))."
              : "\(name) takes \"top\" or \"bottom\".",
            value: "\(name) = \(written(value))",
            fix: "To fix, write \(name) = \"top\" or \(name) = \"bottom\".")
          continue
        }
        config.behavior.newTodoPosition = text
      case "done_file":
        guard let text = value.string, !text.isEmpty else {
          report(
            line: line, value.string == nil ? .badType : .badValue,
            "done_file must be a file path, not \(value.string == nil ? typeName(value) : "empty").",
            value: "\(name) = \(written(value))",
            fix: "To fix, write a path such as done_file = \"~/todo/done.txt\", or remove the "
              + "line for done.txt beside the todo file.")
          continue
        }
        config.behavior.doneFile = text
      case "open_command":
        guard let text = value.string, !text.allSatisfy(\.isWhitespace) else {
          report(
            line: line, value.string == nil ? .badType : .badValue,
            "open_command must be a command, not "
              + "\(value.string == nil ? typeName(value) : "empty").",
            value: "\(name) = \(written(value))",
            fix: "To fix, write a command such as open_command = \"firefox\", or remove the "
              + "line for $BROWSER, else xdg-open.")
          continue
        }
        config.behavior.openCommand = text
      case "files":
        let paths = value.array.map { array in array.compactMap { $0.string } }
        guard let paths, paths.count == value.array?.count, !paths.contains(where: \.isEmpty)
        else {
          report(
            line: line, .badType, "files must be a list of file paths.",
            value: "\(name) = \(written(value))",
            fix: "To fix, write files = [\"~/todo/todo.txt\", \"~/todo/work.txt\"].")
          continue
        }
        config.behavior.files = paths
      case "lists":
        let names = BehaviorSettings.listsValues
        guard let text = value.string, names.contains(text) else {
          report(
            line: line, value.string == nil ? .badType : .badValue,
            value.string == nil
              ? "\(name) must be text (\"todo_dir\"), not \(typeName(value))."
              : "\(name) takes \"todo_dir\".",
            value: "\(name) = \(written(value))",
            fix: "To fix, write \(name) = \"todo_dir\" (every *.txt in $TODO_DIR), or remove "
              + "the line.")
          continue
        }
        config.behavior.lists = text
      case "sort_orders":
        parseSortOrders(value, line: line)
      default:
        report(
          line: line, .unknownSetting, "There is no behaviour setting \"\(name)\".",
          value: "\(name) = \(written(value))",
          fix: fixForUnknown(name, among: ConfigParser.behaviorKeys, kind: "the settings"))
      }
    }
  }
}
