import Foundation
import TodoTxt

@testable import TodosFeature

/// The todos the query tests ask about, seen on Monday 2026-11-23, each named by its first
/// word.
enum QueryFixture {
  /// Monday 2026-11-23: `fri` is 2026-11-27, `7d` is 2026-11-30.
  static let monday = TodoDate(string: "2026-11-23")!

  static let todos: [Todo.State] = [
    row(0, "Call Mom @phone +Family", priority: "A"),
    row(1, "Report +work due:2026-11-20", priority: "B"),  // overdue
    row(2, "Plan +workshop due:2026-11-27"),  // Friday
    row(3, "Pay rent due:2026-11-23 rec:1m", priority: "C"),  // due today, recurs
    row(4, "Taxes t:2026-12-01 due:2026-12-15"),  // hidden until December
    row(5, "Old idea h:1"),  // hidden for good
    row(6, "Bought milk due:2026-11-01", done: true, priority: "A"),  // done, not overdue
    row(7, "Café au lait @Café due:someday"),  // not a date: no due date
    row(8, "Water plants due:2026-11-30 t:2026-11-23 rec:+1w"),
  ]

  static let names = todos.map { String($0.description.split(separator: " ")[0]) }

  static func row(
    _ n: UInt64, _ description: String, done: Bool = false, priority: Character? = nil
  ) -> Todo.State {
    Todo.State(
      id: UUID(counter: n), description: description, isComplete: done, priority: priority,
      completionDate: done ? TodoDate(string: "2026-11-02") : nil)
  }

  /// The names of the todos `text` matches on `today`, in fixture order.
  static func matching(_ text: String, today: TodoDate = monday) -> [String] {
    let matcher = Query(text).matcher(in: Query.Context(today: today))
    return todos.filter(matcher.matches).map { String($0.description.split(separator: " ")[0]) }
  }

  /// Every name but `excluded`, in fixture order.
  static func all(but excluded: [String] = []) -> [String] {
    names.filter { !excluded.contains($0) }
  }
}
