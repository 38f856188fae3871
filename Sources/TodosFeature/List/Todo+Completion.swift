import TodoTxt

extension Todo.State {
  /// Completes or reactivates the todo as `setComplete(_:on:)` does; completing with
  /// `keepingPriority: false` first drops the priority, as todo.sh does (config.toml's
  /// `keep_priority_on_completion = false`), instead of keeping it as `pri:A`. Either way a
  /// toggle round trip gives the priority back: a dropped one is remembered until the todo is
  /// reopened, and a `pri:B` in the text of a todo whose priority was dropped stays text.
  ///
  /// ```swift
  /// row.setComplete(true, on: today, keepingPriority: false)  // "x 2024-05-01 Call Mom"
  /// row.setComplete(false, on: today, keepingPriority: false)  // "(A) Call Mom"
  /// ```
  mutating func setComplete(_ isComplete: Bool, on date: TodoDate, keepingPriority: Bool) {
    if isComplete, !self.isComplete, !keepingPriority, let priority {
      // `setComplete` rebuilds the line from the fields (the text's own bytes kept): without a
      // priority, none is written.
      droppedPriority = priority
      self.priority = nil
      setComplete(true, on: date, takingPriorityTag: false)
      return
    }
    if !isComplete, self.isComplete, priority == nil, let dropped = droppedPriority {
      priority = dropped
    }
    droppedPriority = nil
    setComplete(isComplete, on: date)
  }
}
