import FoundationEssentials
import TodoTxt

// What the organising keys do to the list: a priority, and a change to every todo of a `v`
// range as one undo step. A range costs what it holds (its ends are found in O(log n)), never
// a pass over the whole list.

extension Todos.State {
  /// The `v` range: from where `v` was pressed to the selection. nil: no range.
  ///
  /// ```swift
  /// state.range?.anchor  // where v was pressed
  /// ```
  public var range: RangeSelection? {
    guard let anchor = organise.rangeAnchor else { return nil }
    return RangeSelection(anchor: anchor, current: viewport.selectedID ?? anchor)
  }

  /// The positions of the range among `visible` (top first): its two ends as they are shown
  /// now; one end alone when the other is not shown; nil when neither is, or with no range.
  /// Two lookups by id, O(log n) each.
  ///
  /// ```swift
  /// state.rangePositions(in: state.visible)  // 2...4
  /// ```
  public func rangePositions(in visible: VisibleTodos) -> ClosedRange<Int>? {
    guard let range else { return nil }
    switch (visible.position(of: range.anchor), visible.position(of: range.current)) {
    case (let a?, let c?): return min(a, c)...max(a, c)
    case (let a?, nil): return a...a
    case (nil, let c?): return c...c
    case (nil, nil): return nil
    }
  }

  /// The todos the organising keys act on, top to bottom as shown: the range's, else the
  /// selected todo.
  ///
  /// ```swift
  /// state.targetIDs  // [b, c, d] with a range from b to d
  /// ```
  public var targetIDs: [UUID] {
    guard organise.rangeAnchor != nil else { return viewport.selectedID.map { [$0] } ?? [] }
    let visible = self.visible
    guard let positions = rangePositions(in: visible) else { return [] }
    return positions.map { visible[$0].id }
  }

  /// `p` then a letter (nil: Space or Backspace): the priority of the selected todo, or of
  /// every todo of the range, as one undo step. A todo that has it already is left as it is,
  /// bytes and all; when none changes, there is no undo step.
  mutating func setPriority(_ letter: Character?) {
    let ids = targetIDs
    let isRange = organise.rangeAnchor != nil
    organise.rangeAnchor = nil
    guard !ids.isEmpty else { return }
    var changed: [Todo.State] = []
    for id in ids {
      guard let todo = list[id: id] else { continue }
      let updated = PriorityChange.setting(letter, on: todo)
      if updated != todo { changed.append(updated) }
    }
    if isRange {
      status = Todos.StatusMessage(PriorityChange.status(setting: letter, count: ids.count))
    } else if let todo = list[id: ids[0]] {
      status = Todos.StatusMessage(PriorityChange.status(setting: letter, on: todo))
    }
    guard !changed.isEmpty else { return }
    // Undo says "Undid priority C on 3 todos".
    let heading = letter.map { "priority \($0) on" } ?? "clear priority on"
    record(heading, changed.count, first: ids.count == 1 ? list[id: ids[0]] : nil) {
      $0.apply([.update(changed)])
    }
  }

  /// Space or `x` in a range: completes its active todos, or reactivates them all when none is
  /// active, as one undo step; they settle as a toggled todo does. The range ends. False when
  /// there was nothing to toggle.
  mutating func toggleRange(today: TodoDate, keepingPriority: Bool = true) -> Bool {
    let ids = targetIDs
    organise.rangeAnchor = nil
    let todos = ids.compactMap { list[id: $0] }
    guard !todos.isEmpty else { return false }
    let complete = todos.contains { !$0.isComplete }
    let changed = todos.filter { $0.isComplete != complete }.map { todo in
      var todo = todo
      todo.setComplete(complete, on: today, keepingPriority: keepingPriority)
      return todo
    }
    record(complete ? "complete" : "reactivate", changed.count, first: changed.first) {
      $0.apply([.update(changed)])
    }
    settling.formUnion(changed.map(\.id))
    let noun = changed.count == 1 ? "todo" : "todos"
    status = Todos.StatusMessage(
      "\(complete ? "Completed" : "Reactivated") \(changed.count) \(noun) · u to undo")
    return true
  }

  /// `d` in a range: deletes every todo of it, as one undo step. The range ends.
  mutating func deleteRange() {
    let ids = targetIDs
    organise.rangeAnchor = nil
    guard !ids.isEmpty else { return }
    let first = list[id: ids[0]]
    record("delete", ids.count, first: first) { $0.apply([.remove(ids)]) }
    settling.subtract(ids)
    let what = ids.count == 1 ? first.map(Todos.quoted) ?? "1 todo" : "\(ids.count) todos"
    status = Todos.StatusMessage("Deleted \(what) · u to undo")
  }

  /// The completed todos `A` archives, in list order: those of the range, else those shown
  /// (never one a search, a filter, a chosen tag or the dates hide).
  func idsToArchive() -> [UUID] {
    if organise.rangeAnchor != nil {
      return Archive.completed(in: list.rows, among: Set(targetIDs)).map(\.id)
    }
    let visible = self.visible
    guard visible.indices != nil else { return Archive.completed(in: list.rows).map(\.id) }
    let shown = Set((0..<visible.count).map { visible[$0].id })
    return Archive.completed(in: list.rows, among: shown).map(\.id)
  }

  /// The todos with `ids` were appended to done.txt (`receipt`) and the todo file saved
  /// without them: they leave the list, as one undo step that takes them back out of
  /// done.txt. The selection stays on a visible todo.
  ///
  /// ```swift
  /// state.archived(ids, receipt: receipt, doneFileName: "done.txt")
  /// ```
  public mutating func archived(_ ids: [UUID], receipt: AppendReceipt, doneFileName: String) {
    let before = snapshot
    let selectedID = viewport.selectedID
    let first = ids.count == 1 ? list[id: ids[0]] : nil
    let inverse = list.apply([.remove(ids)])
    let label = "archive " + (first.map(Todos.quoted) ?? "of \(ids.count) todos")
    history.record(label, inverse, selectedID: selectedID, archive: receipt)
    settling.subtract(ids)
    let noun = ids.count == 1 ? "todo" : "todos"
    status = Todos.StatusMessage("Archived \(ids.count) \(noun) to \(doneFileName) · u to undo")
    viewport.follow(visible, previous: before.visibleIDs)
  }

  /// Makes a change (`change` returns what undoes it) and records it as one undo step named
  /// "`verb` “text”" for one todo (`first`), else "`verb` N todos".
  private mutating func record(
    _ verb: String, _ count: Int, first: Todo.State?,
    _ change: (inout TodoList) -> [TodoList.Change]
  ) {
    guard count > 0 else { return }
    let selectedID = viewport.selectedID
    let inverse = change(&list)
    let what = count == 1 ? first.map(Todos.quoted) ?? "1 todo" : "\(count) todos"
    history.record("\(verb) \(what)", inverse, selectedID: selectedID)
  }
}
