extension Todo.State {
  /// Completes or reactivates the todo as `setComplete(_:on:)` does; completing with
  /// `keepingPriority: false` first drops the priority, as todo.sh does (config.toml's
  /// `keep_priority_on_completion = false`), instead of keeping it as `pri:A`.
  ///
  /// ```swift
  /// row.setComplete(true, on: today, keepingPriority: false)  // "x 2024-05-01 Call Mom"
  /// ```
  mutating func setComplete(_ isComplete: Bool, on date: TodoDate, keepingPriority: Bool) {
    // `setComplete` rebuilds the line from the fields (the text's own bytes kept): without a
    // priority, none is written.
    if isComplete, !keepingPriority { priority = nil }
    setComplete(isComplete, on: date)
  }
}
