extension Reducer {
  /// Runs `react` after this reducer when it changed a value of the state: the value is read
  /// before and after the reducer, and `react` gets the value from before and the state as it
  /// is now (it may change it further), and returns more work.
  ///
  /// ```swift
  /// editor.onChange(of: { $0.isEditing }) { wasEditing, state in
  ///   wasEditing ? .send(.editEnded) : .none
  /// }
  /// ```
  ///
  /// Unlike TCA's, `react` is a function rather than a reducer: it never needs the action.
  /// `value` runs twice per action, so it should be cheap: read a field, never build a copy of
  /// a large collection (that would copy it on the reducer's next change of it). Inlinable, so
  /// a caller's `Value` is known where it is used (no generic metadata looked up per action).
  @inlinable
  public func onChange<Value: Equatable>(
    of value: @escaping @MainActor (State) -> Value,
    _ react: @escaping @MainActor (_ oldValue: Value, _ state: inout State) -> Effect<Action>
  ) -> Self {
    onChange(of: value, removeDuplicates: ==, react)
  }

  /// Runs `react` after this reducer when it changed a value of the state, with
  /// `isDuplicate` saying when two values count as the same.
  ///
  /// ```swift
  /// list.onChange(of: { $0.status }, removeDuplicates: { $0?.id == $1?.id }) { old, state in
  ///   .send(.statusShown)
  /// }
  /// ```
  @inlinable
  public func onChange<Value>(
    of value: @escaping @MainActor (State) -> Value,
    removeDuplicates isDuplicate: @escaping @MainActor (Value, Value) -> Bool,
    _ react: @escaping @MainActor (_ oldValue: Value, _ state: inout State) -> Effect<Action>
  ) -> Self {
    Self { state, action in
      let oldValue = value(state)
      let effect = self.reduce(into: &state, action: action)
      guard !isDuplicate(oldValue, value(state)) else { return effect }
      return effect.merge(with: react(oldValue, &state))
    }
  }
}
