import Foundation
import Testing
import TodoTxt
import TodosFeatureTestSupport

@testable import TodosFeature

private func row(_ n: UInt64, _ text: String, priority: Character? = nil, done: Bool = false)
  -> Todo.State
{
  var row = todo(n, text, done: done)
  row.priority = priority
  return row
}

private func texts(_ display: DisplayOrder, _ rows: [Todo.State]) -> [String] {
  display.fileIndices.map { rows[$0].description }
}

@Suite struct SortOrderTests {
  @Test func sCyclesFileOrderPriorityDueDate() {
    #expect(TodoSortOrder.fileOrder.cycled == .priority)
    #expect(TodoSortOrder.priority.cycled == .dueDate)
    #expect(TodoSortOrder.dueDate.cycled == .fileOrder)
    #expect(TodoSortOrder.fileOrder.title == nil)
    #expect(TodoSortOrder.priority.title == "by priority")
    #expect(TodoSortOrder.dueDate.title == "by due date")
  }

  @Test func priorityOrderIsAThenZThenNoneTiesInFileOrder() {
    let rows = [
      row(0, "none 1"), row(1, "C", priority: "C"), row(2, "A 1", priority: "A"), row(3, "none 2"),
      row(4, "A 2", priority: "A"), row(5, "Z", priority: "Z"),
    ]
    let display = DisplayOrder(.priority, todos: rows)
    #expect(texts(display, rows) == ["A 1", "A 2", "C", "Z", "none 1", "none 2"])
  }

  @Test func dueDateOrderIsEarliestFirstNoneLast() {
    let rows = [
      row(0, "no date"), row(1, "late due:2026-12-24"), row(2, "soon due:2026-11-25"),
      row(3, "bad due:someday"), row(4, "also soon due:2026-11-25 due:2020-01-01"),
      row(5, "next year due:2027-01-01"),
    ]
    let display = DisplayOrder(.dueDate, todos: rows)
    // The first due: counts; a due: that is not a date is no date.
    #expect(
      texts(display, rows) == [
        "soon due:2026-11-25", "also soon due:2026-11-25 due:2020-01-01",
        "late due:2026-12-24", "next year due:2027-01-01", "no date", "bad due:someday",
      ])
  }

  @Test func theDueDateOrderIsTheDateOrderForEveryDayOfTwoYears() {
    // Every day of 2027 and 2028 (a leap year), and the days around the ends of the range: a key
    // that packs a date into too few bits per field (month and day overlapping) fails here.
    let start = TodoDate(string: "2027-01-01")!
    var days = (0..<731).map { start.adding(days: $0)! }
    days += ["0001-01-01", "0999-12-31", "1000-01-01", "9999-12-30", "9999-12-31"].map {
      TodoDate(string: $0)!
    }
    days.sort()
    // Shuffled into the file, they come out in date order, none below the rows with no date.
    var generator = SeededGenerator(seed: 0x5EED_D0E)
    let shuffled = days.shuffled(using: &generator)
    let rows =
      shuffled.enumerated().map { row(UInt64($0.offset), "a due:\($0.element)") }
      + [row(UInt64(shuffled.count), "no date")]
    let shown = texts(DisplayOrder(.dueDate, todos: rows), rows)
    let expected = days.map { "a due:\($0)" } + ["no date"]
    let wrong = Array(zip(shown, expected)).firstIndex { $0 != $1 }
    #expect(shown.count == expected.count)
    #expect(wrong == nil, "row \(wrong ?? 0) shows \(wrong.map { shown[$0] } ?? "")")
    // Each day's key is below the next day's (one report, for the first that is not).
    let unordered = zip(days, days.dropFirst()).first { earlier, later in
      let lhs = SortKey(priority: nil, dueDate: earlier, isComplete: false, fileIndex: 1)
      let rhs = SortKey(priority: nil, dueDate: later, isComplete: false, fileIndex: 0)
      return !(lhs.dueRank < rhs.dueRank && TodoSortOrder.dueDate.areInIncreasingOrder(lhs, rhs))
    }
    #expect(unordered == nil, "\(unordered.map { "\($0.0) is not keyed below \($0.1)" } ?? "")")
  }

  @Test func completedTodosSinkBelowActiveOnesInEveryOrder() {
    let rows = [
      row(0, "done A due:2026-11-24", priority: "A", done: true),
      row(1, "active B due:2026-12-01", priority: "B"), row(2, "active none"),
    ]
    #expect(
      texts(DisplayOrder(.priority, todos: rows), rows) == [
        "active B due:2026-12-01", "active none", "done A due:2026-11-24",
      ])
    #expect(
      texts(DisplayOrder(.dueDate, todos: rows), rows) == [
        "active B due:2026-12-01", "active none", "done A due:2026-11-24",
      ])
    // File order: the completed todos below the active ones, each in the file's order.
    #expect(
      texts(DisplayOrder(.fileOrder, todos: rows), rows) == [
        "active B due:2026-12-01", "active none", "done A due:2026-11-24",
      ])
  }

  @Test func aLowercasePriorityRanksAsItsCapital() {
    let key = SortKey(priority: "b", dueDate: nil, isComplete: false, fileIndex: 0)
    #expect(key.priorityRank == 1)
    #expect(
      SortKey(priority: "1", dueDate: nil, isComplete: false, fileIndex: 0).priorityRank == 26)
  }

  @Test func updateMovesOneRowWhereAFullSortWouldPutIt() {
    let rows = [row(0, "a"), row(1, "b", priority: "B"), row(2, "c"), row(3, "d")]
    var display = DisplayOrder(.priority, todos: rows)
    #expect(display.fileIndices == [1, 0, 2, 3])
    var changed = rows[3]
    changed.priority = "A"
    display.update(from: SortKey(rows[3], fileIndex: 3), to: SortKey(changed, fileIndex: 3))
    #expect(display.fileIndices == [3, 1, 0, 2])
    var cleared = rows[1]
    cleared.priority = nil
    display.update(from: SortKey(rows[1], fileIndex: 1), to: SortKey(cleared, fileIndex: 1))
    #expect(display.fileIndices == [3, 0, 1, 2])
  }

  @Test func insertAndRemoveShiftFileIndices() {
    let rows = [row(0, "a", priority: "B"), row(1, "b"), row(2, "c", priority: "A")]
    var display = DisplayOrder(.priority, todos: rows)
    #expect(display.fileIndices == [2, 0, 1])
    // A todo added at the top of the file with (B): it ties with "a" and comes first in file.
    display.insert(SortKey(priority: "B", dueDate: nil, isComplete: false, fileIndex: 0))
    #expect(display.fileIndices == [3, 0, 1, 2])
    display.remove(SortKey(priority: "B", dueDate: nil, isComplete: false, fileIndex: 1))
    #expect(display.fileIndices == [2, 0, 1])
    #expect(display.count == 3)
  }

  @Test func aKeyThatIsNotThereChangesNothing() {
    let rows = [row(0, "a"), row(1, "b")]
    var display = DisplayOrder(.priority, todos: rows)
    let stale = SortKey(priority: "Q", dueDate: nil, isComplete: false, fileIndex: 1)
    display.update(from: stale, to: SortKey(rows[1], fileIndex: 1))
    display.remove(stale)
    #expect(display.fileIndices == [0, 1])
    #expect(display.position(of: stale) == nil)
    #expect(display.position(of: SortKey(rows[1], fileIndex: 1)) == 1)
  }

  /// The fast path (file indices 0..<n, sorted as integers) and the comparator path (any other
  /// file indices) give the same order.
  @Test(arguments: [TodoSortOrder.priority, .dueDate, .fileOrder])
  func bothWaysOfSortingAgree(order: TodoSortOrder) {
    var generator = SplitMix(seed: 7)
    var keys = (0..<300).map { index in
      SortKey(
        priority: generator.next(upTo: 3) == 0
          ? nil : Character(Unicode.Scalar(UInt8(65 + generator.next(upTo: 26)))),
        dueDate: TodoDate(year: 2026, month: 1 + generator.next(upTo: 12), day: 1),
        isComplete: generator.next(upTo: 5) == 0, fileIndex: index)
    }
    for index in keys.indices.reversed() { keys.swapAt(index, generator.next(upTo: index + 1)) }
    let fast = DisplayOrder(order, keys: keys)
    var spread = keys
    for index in spread.indices { spread[index].fileIndex *= 2 }
    let slow = DisplayOrder(order, keys: spread)
    #expect(slow.fileIndices.map { $0 / 2 } == fast.fileIndices)
    let sorted = keys.sorted { a, b in
      if a.isComplete != b.isComplete { return b.isComplete }
      let (x, y): (UInt32, UInt32) =
        switch order {
        case .fileOrder: (0, 0)
        case .priority: (UInt32(a.priorityRank), UInt32(b.priorityRank))
        case .dueDate: (a.dueRank, b.dueRank)
        }
      return x != y ? x < y : a.fileIndex < b.fileIndex
    }
    #expect(fast.fileIndices == sorted.map(\.fileIndex))
  }

  /// Random edits, additions and deletions, each applied incrementally, always agree with
  /// sorting the whole list from scratch.
  @Test(arguments: [TodoSortOrder.priority, .dueDate, .fileOrder])
  func theIncrementalPathAgreesWithAFullSort(order: TodoSortOrder) {
    var generator = SplitMix(seed: 13)
    func randomKey(at index: Int) -> SortKey {
      let letter = generator.next(upTo: 5)
      let day = generator.next(upTo: 6)
      return SortKey(
        priority: letter == 4 ? nil : Character(Unicode.Scalar(UInt8(65 + letter))),
        dueDate: day == 5 ? nil : TodoDate(year: 2026, month: 11, day: 20 + day),
        isComplete: generator.next(upTo: 4) == 0, fileIndex: index)
    }
    var keys = (0..<200).map(randomKey(at:))
    var display = DisplayOrder(order, keys: keys)
    for step in 0..<600 {
      switch generator.next(upTo: 3) {
      case 0:
        let index = generator.next(upTo: keys.count)
        let new = randomKey(at: index)
        display.update(from: keys[index], to: new)
        keys[index] = new
      case 1:
        let index = generator.next(upTo: keys.count + 1)
        let new = randomKey(at: index)
        display.insert(new)
        for i in keys.indices where keys[i].fileIndex >= index { keys[i].fileIndex += 1 }
        keys.insert(new, at: index)
      default:
        guard keys.count > 1 else { continue }
        let index = generator.next(upTo: keys.count)
        display.remove(keys[index])
        keys.remove(at: index)
        for i in keys.indices where keys[i].fileIndex > index { keys[i].fileIndex -= 1 }
      }
      let expected = DisplayOrder(order, keys: keys)
      guard display == expected else {
        Issue.record("differs from a full sort after \(step + 1) changes")
        #expect(display.fileIndices == expected.fileIndices)
        return
      }
    }
  }
}

/// A small seeded generator, so the random test is the same on every run.
struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next(upTo bound: Int) -> Int {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return Int((z ^ (z >> 31)) % UInt64(bound))
  }
}
