import Architecture

extension Todos {
  /// The settle a text edit held back: when an edit ends with todos still settling, they sink
  /// `environment.settleDelay` later, as after a toggle. (A settle that comes due while a todo is being
  /// added or edited does nothing, so no row moves under the cursor.)
  ///
  /// ```swift
  /// // toggle "Milk", press e within a second, wait, press Enter: Milk sinks 1 s later
  /// ```
  @MainActor
  static func settleAfterEdit(
    _ state: State, _ environment: TodosEnvironment
  ) -> Effect<Action> {
    guard !state.settling.isEmpty else { return .none }
    return sortCompletedTodos(after: environment.settleDelay, environment)
  }
}

extension Todos.State {
  /// Whether a todo is being added or edited (the keyboard drives its text field).
  public var isEditing: Bool {
    if case .editing = mode { return true }
    return false
  }
}
