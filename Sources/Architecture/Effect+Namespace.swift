/// Effects of one of several copies of a feature, kept apart: every cancel id the effect
/// marks or cancels is made the copy's own, so two copies that both debounce under
/// `CancelID.save` never cancel each other's work.
extension Effect {
  /// This effect with every cancel id it uses (`cancellable(id:)`, `cancel(id:)`) made
  /// `namespace`'s own: the same id in another namespace is another id. For an effect that is
  /// mapped into the parent's actions as well, `map(_:cancellationNamespace:)` does both at once.
  ///
  /// ```swift
  /// Effect<ListsFeature.Action>.cancel(ids: [AppFeature.CancelID.save]).cancellationNamespaced(id)
  /// ```
  @inlinable  // most actions return no effect: no id is erased for those
  public func cancellationNamespaced<ID: Hashable & Sendable>(_ namespace: ID) -> Self {
    isNone ? self : mapped({ $0 }, namespace: EffectID(namespace))
  }

  /// `map` and `cancellationNamespaced` in one pass: the actions transformed, every cancel id
  /// made `namespace`'s own. A feature run in several copies maps its effects into the parent's
  /// actions and keeps them apart at once; each pass rebuilds the whole effect.
  ///
  /// ```swift
  /// listReducer.reduce(into: &state.lists[id: id]!, action: action)
  ///   .map({ .list(.element(id: id, action: $0)) }, cancellationNamespace: id)
  /// ```
  @inlinable
  public func map<NewAction, ID: Hashable & Sendable>(
    _ transform: @escaping @MainActor (Action) -> NewAction, cancellationNamespace namespace: ID
  ) -> Effect<NewAction> {
    isNone ? .none : mapped(transform, namespace: EffectID(namespace))
  }
}
