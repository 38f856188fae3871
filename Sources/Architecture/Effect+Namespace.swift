/// Effects of one of several copies of a feature, kept apart: every cancel id the effect
/// marks or cancels is made the copy's own, so two copies that both debounce under
/// `CancelID.save` never cancel each other's work.
extension Effect {
  /// This effect with every cancel id it uses (`cancellable(id:)`, `cancel(id:)`) made
  /// `namespace`'s own: the same id in another namespace is another id.
  ///
  /// ```swift
  /// listReducer.reduce(into: &state.lists[id: id]!, action: action)
  ///   .map { .list(.element(id: id, action: $0)) }
  ///   .cancellationNamespaced(id)
  /// ```
  @inlinable  // most actions return no effect: no id is erased for those
  public func cancellationNamespaced<ID: Hashable & Sendable>(_ namespace: ID) -> Self {
    isNone ? self : namespaced(EffectID(namespace))
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

  // Inlinable, so specialised where used: unspecialised, each step looked the metadata of
  // `Effect` and its operation up at run time.
  @inlinable
  func namespaced(_ namespace: EffectID) -> Self {
    switch operation {
    case .none, .send, .run, .callback, .sleep:
      return self
    case .merge(let effects):
      return Self(.merge(effects.map { $0.namespaced(namespace) }))
    case .concatenate(let effects):
      return Self(.concatenate(effects.map { $0.namespaced(namespace) }))
    case .deferred(let delay, let scheduler, let effect):
      return Self(.deferred(delay, scheduler, effect.namespaced(namespace)))
    case .cancellable(let id, let cancelInFlight, let effect):
      return Self(
        .cancellable(
          id: Self.id(id, in: namespace), cancelInFlight: cancelInFlight,
          effect.namespaced(namespace)))
    case .cancel(let ids):
      return Self(.cancel(ids: ids.map { Self.id($0, in: namespace) }))
    }
  }
}
