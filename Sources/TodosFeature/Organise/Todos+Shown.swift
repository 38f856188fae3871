import TodoTxt

// `T` and `C` act on the todos shown, as a range over the whole list would: what the filter,
// the search, the chosen tag or the dates (`t:` later, `h:1`, unless `H` shows them) hide is
// never changed by a key pressed while it is hidden.

extension Todos.State {
  /// `T`: completes every todo shown, or reactivates them all when none of them is active, as
  /// one undo step; they settle as a toggled todo does, and the status line gives the count.
  /// Returns the rows that changed, as they were (for their next occurrences); empty when
  /// nothing is shown.
  ///
  /// ```swift
  /// // a search shows 3 of 54 todos
  /// state.toggleShown(today: today)  // the 3 are completed: "Completed 3 todos · u to undo"
  /// ```
  mutating func toggleShown(today: TodoDate, keepingPriority: Bool = true) -> [Todo.State] {
    // The rows are read in a scope of their own: no second reference to them is left when
    // they change (which would copy them all).
    let (complete, before, after) = { (visible: VisibleTodos) in
      let complete = (0..<visible.count).contains { !visible[$0].isComplete }
      var before: [Todo.State] = []
      var after: [Todo.State] = []
      for position in 0..<visible.count where visible[position].isComplete != complete {
        var todo = visible[position]
        before.append(todo)
        todo.setComplete(complete, on: today, keepingPriority: keepingPriority)
        after.append(todo)
      }
      return (complete, before, after)
    }(visible)
    guard !after.isEmpty else { return [] }
    recordHistory(complete ? "complete all" : "reactivate all", [.update(before)])
    _ = list.apply([.update(after)])
    settling.formUnion(after.map(\.id))
    let noun = after.count == 1 ? "todo" : "todos"
    status = Todos.StatusMessage(
      "\(complete ? "Completed" : "Reactivated") \(after.count) \(noun) · u to undo")
    return before
  }

  /// `C`: deletes the completed todos shown, as one undo step, saying how many and how to get
  /// them back.
  ///
  /// ```swift
  /// state.clearShownCompleted()  // "Cleared 2 completed todos · u to undo"
  /// ```
  mutating func clearShownCompleted() {
    let ids = { (visible: VisibleTodos) in
      (0..<visible.count).compactMap { visible[$0].isComplete ? visible[$0].id : nil }
    }(visible)
    guard !ids.isEmpty else {
      status = Todos.StatusMessage("No completed todos to clear")
      return
    }
    let selectedID = viewport.selectedID
    let inverse = list.apply([.remove(ids)])
    history.record("clear completed", inverse, selectedID: selectedID)
    settling.subtract(ids)
    let noun = ids.count == 1 ? "todo" : "todos"
    status = Todos.StatusMessage("Cleared \(ids.count) completed \(noun) · u to undo")
  }
}
