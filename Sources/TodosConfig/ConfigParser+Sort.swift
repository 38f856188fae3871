import TodoTxt

extension ConfigParser {
  /// `sort_orders = ["file", "priority,due"]`: the orders `s` cycles through. A list that is
  /// not text, empty, or has an order that cannot be read keeps the default cycle.
  ///
  /// ```swift
  /// parser.parseSortOrders(value, line: 12)
  /// ```
  mutating func parseSortOrders(_ value: TOMLValue, line: Int?) {
    let example = "sort_orders = [\"file\", \"priority,due\", \"due,priority\"]"
    guard let array = value.array, !array.isEmpty else {
      report(
        line: line, value.array == nil ? .badType : .badValue,
        value.array == nil
          ? "sort_orders must be a list of sort orders, not \(typeName(value))."
          : "sort_orders needs at least one order.",
        value: "sort_orders = \(written(value))",
        fix: "To fix, write \(example) (docs/views.md).")
      return
    }
    var orders: [SortSpec] = []
    for item in array {
      guard let spec = sortSpec(item, named: "sort_orders", line: line) else { return }
      orders.append(spec)
    }
    config.behavior.sortOrders = orders
  }

  /// A view's sections, `"project"`, `"context"`, `"priority"` or `"due"`, or nil (reported)
  /// when `value` is not text or names no group.
  mutating func groupBy(_ value: TOMLValue, named name: String, line: Int?)
    -> GroupBy?
  {
    let example = "group = \"project\""
    guard let text = value.string else {
      report(
        line: line, .badType,
        "\(name) must be text, such as \"project\", not \(typeName(value)).",
        value: "group = \(written(value))",
        fix: "To fix, write \(example) (or context, priority, due); the view is kept without "
          + "sections until then.")
      return nil
    }
    do {
      return try GroupBy(parsing: text)
    } catch {
      report(
        line: line, .badValue, "\(name): \(error.message)",
        value: "group = \(Config.tomlString(text))",
        fix: error.fix + " The view is kept without sections until then.")
      return nil
    }
  }

  /// A sort order such as `"due desc,priority"`, or nil (reported) when `value` is not text
  /// or names a key there is not.
  mutating func sortSpec(_ value: TOMLValue, named name: String, line: Int?)
    -> SortSpec?
  {
    guard let text = value.string else {
      report(
        line: line, .badType,
        "\(name) must be text, such as \"due,priority\", not "
          + "\(typeName(value)).", value: "\(written(value))",
        fix: "To fix, write the keys in quotes: \"due,priority\" (docs/views.md).")
      return nil
    }
    do {
      return try SortSpec(parsing: text)
    } catch {
      report(
        line: line, .badValue, "\(name): \(error.message)", value: Config.tomlString(text),
        fix: error.fix)
      return nil
    }
  }
}
