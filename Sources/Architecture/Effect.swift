/// Work a reducer asks the store to do after it returns. Effects never touch state: they can
/// only send actions back, which the store reduces like any other.
///
/// ```swift
/// case .checkboxToggled:
///   return Effect.send(.sortCompletedTodos)
///     .deferred(for: .seconds(1), scheduler: scheduler)
///     .cancellable(id: CancelID.sort, cancelInFlight: true)
/// ```
@MainActor
public struct Effect<Action> {
  // Only the cases that hold one effect are boxed: an action sent, a wait or a list of effects
  // sits in the value itself, so building `.send(a)` or a wait allocates nothing.
  @usableFromInline
  enum Operation {
    case none
    case send(Action)
    case run(@MainActor (Send<Action>) -> Void)
    case callback(@MainActor (Send<Action>) -> (@MainActor () -> Void)?)
    case merge([Effect])
    case concatenate([Effect])
    indirect case cancellable(id: EffectID, cancelInFlight: Bool, Effect)
    case cancel(ids: [EffectID])
    /// Over once the delay has passed on the scheduler (see `sleep(for:scheduler:)`).
    case sleep(Duration, any Scheduler)
    /// The effect, started once the delay has passed on the scheduler (`deferred`).
    indirect case deferred(Duration, any Scheduler, Effect)
  }

  @usableFromInline
  let operation: Operation

  @usableFromInline
  init(_ operation: Operation) { self.operation = operation }

  /// No work at all.
  @inlinable
  public static var none: Self { Self(.none) }

  /// Whether this effect is `.none`; the store skips bookkeeping for it.
  @inlinable
  public var isNone: Bool {
    if case .none = operation { return true }
    return false
  }

  /// Feeds `action` straight back into the store, after the current action.
  ///
  /// ```swift
  /// return .send(.sortCompletedTodos)
  /// ```
  @inlinable
  public static func send(_ action: Action) -> Self { Self(.send(action)) }

  /// Synchronous work that may send actions while it runs; it is over when `body` returns.
  ///
  /// ```swift
  /// return .run { send in send(.loaded(try? fileClient.load())) }
  /// ```
  public static func run(_ body: @escaping @MainActor (Send<Action>) -> Void) -> Self {
    Self(.run(body))
  }

  /// Callback-shaped work that may send many actions later (from timers, other file
  /// descriptors, …) and is over only when it calls `send.finish()` or is cancelled. Return a
  /// closure to run on cancellation, or nil.
  ///
  /// ```swift
  /// return .callback { send in
  ///   let work = scheduler.schedule(after: .seconds(3)) { send(.statusExpired); send.finish() }
  ///   return { work.cancel() }
  /// }
  /// ```
  public static func callback(
    _ body: @escaping @MainActor (Send<Action>) -> (@MainActor () -> Void)?
  ) -> Self {
    Self(.callback(body))
  }

  /// Work that sends nothing back, such as writing a file.
  ///
  /// ```swift
  /// return .fireAndForget { try? fileClient.save(text) }
  /// ```
  public static func fireAndForget(_ work: @escaping @MainActor () -> Void) -> Self {
    Self(.run { _ in work() })
  }

  /// Runs effects side by side; over when all of them are.
  ///
  /// ```swift
  /// return .merge(.send(.a), .send(.b))  // a then b, both at once
  /// ```
  @_disfavoredOverload  // two effects take the overload below
  public static func merge(_ effects: Self...) -> Self { merge(effects) }

  /// Two effects side by side: no array is made when one of them does nothing (a reducer's
  /// `.merge(childEffect, parentEffect)` on every action; the variadic form makes one always).
  ///
  /// ```swift
  /// return .merge(listEffect, fileEffect)
  /// ```
  @inlinable
  public static func merge(_ first: Self, _ second: Self) -> Self { first.merge(with: second) }

  /// Runs effects side by side; over when all of them are.
  @inlinable
  public static func merge(_ effects: [Self]) -> Self {
    switch working(effects) {
    case (0, _): return .none
    case (1, let only): return only
    default: return Self(.merge(doingWork(effects)))
    }
  }

  /// Runs effects one after the other: each starts when the previous one is over.
  ///
  /// ```swift
  /// return .concatenate(.send(.saveStarted), save, .send(.saveFinished))
  /// ```
  @inlinable
  @_disfavoredOverload  // two effects take the overload below
  public static func concatenate(_ effects: Self...) -> Self { concatenate(effects) }

  /// Two effects one after the other: no array is made when one of them does nothing.
  ///
  /// ```swift
  /// return .concatenate(saveFirst, listEffect)
  /// ```
  @inlinable
  public static func concatenate(_ first: Self, _ second: Self) -> Self {
    if first.isNone { return second }
    if second.isNone { return first }
    return Self(.concatenate([first, second]))
  }

  /// Runs effects one after the other: each starts when the previous one is over.
  @inlinable  // specialised where used: an unspecialised `filter` looks its types up at run time
  public static func concatenate(_ effects: [Self]) -> Self {
    switch working(effects) {
    case (0, _): return .none
    case (1, let only): return only
    default: return Self(.concatenate(doingWork(effects)))
    }
  }

  /// How many of `effects` do something, and the first that does. Most merges and
  /// concatenations hold one at most: they need no filtered array then (nor a lazy filter,
  /// whose generic types are looked up at run time).
  @inlinable
  static func working(_ effects: [Self]) -> (count: Int, first: Self) {
    var count = 0
    var first = Self.none
    for effect in effects where !effect.isNone {
      count += 1
      if count == 1 { first = effect }
    }
    return (count, first)
  }

  /// The effects that do something, in order.
  @inlinable
  static func doingWork(_ effects: [Self]) -> [Self] {
    var kept: [Self] = []
    for effect in effects where !effect.isNone { kept.append(effect) }
    return kept
  }

  /// This effect and `other` side by side.
  @inlinable
  public func merge(with other: Self) -> Self {
    // No array for the common case of one side doing nothing.
    if other.isNone { return self }
    if isNone { return other }
    return Self(.merge([self, other]))
  }

  /// Makes this effect cancellable with `Effect.cancel(id:)`. With `cancelInFlight`, effects
  /// already running under the same id are cancelled first (debounce, restart a wait).
  ///
  /// ```swift
  /// enum CancelID { case sort }
  /// return effect.cancellable(id: CancelID.sort, cancelInFlight: true)
  /// ```
  @inlinable
  public func cancellable<ID: Hashable & Sendable>(id: ID, cancelInFlight: Bool = false) -> Self {
    if isNone && !cancelInFlight { return self }
    return Self(.cancellable(id: EffectID(id), cancelInFlight: cancelInFlight, self))
  }

  /// The same with an id erased already: a reducer that restarts a wait on every action can
  /// keep its id as a constant instead of erasing it each time.
  ///
  /// ```swift
  /// static let sortID = EffectID(CancelID.sort)
  /// return effect.cancellable(id: sortID, cancelInFlight: true)
  /// ```
  @inlinable
  public func cancellable(id: EffectID, cancelInFlight: Bool = false) -> Self {
    if isNone && !cancelInFlight { return self }
    return Self(.cancellable(id: id, cancelInFlight: cancelInFlight, self))
  }

  /// Cancels every running effect marked with `id`.
  ///
  /// ```swift
  /// return .cancel(id: CancelID.sort)
  /// ```
  public static func cancel<ID: Hashable & Sendable>(id: ID) -> Self {
    Self(.cancel(ids: [EffectID(id)]))
  }

  /// Cancels every running effect marked with any of `ids`.
  public static func cancel<ID: Hashable & Sendable>(ids: [ID]) -> Self {
    Self(.cancel(ids: ids.map { EffectID($0) }))
  }

  /// Starts this effect only after `delay` on `scheduler`; cancelling it before then means it
  /// never starts.
  ///
  /// ```swift
  /// return .send(.sortCompletedTodos).deferred(for: .seconds(1), scheduler: scheduler)
  /// ```
  @inlinable
  public func deferred(for delay: Duration, scheduler: any Scheduler) -> Self {
    if isNone { return self }
    // An operation of its own, not a sleep and the effect concatenated: one box, no array (a
    // toggle restarts its delayed sort with one of these).
    return Self(.deferred(delay, scheduler, self))
  }

  /// Work that is over once `delay` has passed on `scheduler`; cancelling it cancels the wait.
  ///
  /// An operation of its own rather than a `callback`: it sends nothing, so it needs neither
  /// the closures of a `Send` nor a wrapper in `map`, which a toggle's delayed sort paid for.
  static func sleep(for delay: Duration, scheduler: any Scheduler) -> Self {
    Self(.sleep(delay, scheduler))
  }

  /// The same work, with every action it sends transformed by `transform`.
  ///
  /// ```swift
  /// rowEffect.map { Todos.Action.todos(.element(id: id, action: $0)) }
  /// ```
  @inlinable
  public func map<NewAction>(
    _ transform: @escaping @MainActor (Action) -> NewAction
  ) -> Effect<NewAction> {
    mapped(transform, namespace: nil)
  }

  /// `map`, with every cancel id made `namespace`'s own on the way when there is one: the one
  /// pass behind `map`, `cancellationNamespaced` and `map(_:cancellationNamespace:)`.
  @inlinable
  func mapped<NewAction>(
    _ transform: @escaping @MainActor (Action) -> NewAction, namespace: EffectID?
  ) -> Effect<NewAction> {
    switch operation {
    case .none:
      return .none
    case .send(let action):
      // The action embedded now rather than when sent: a transform only wraps the action.
      return .send(transform(action))
    case .run(let body):
      return .run { send in body(send.map(transform)) }
    case .callback(let body):
      return .callback { send in body(send.map(transform)) }
    case .merge(let effects):
      return Effect<NewAction>(.merge(effects.map { $0.mapped(transform, namespace: namespace) }))
    case .concatenate(let effects):
      return Effect<NewAction>(
        .concatenate(effects.map { $0.mapped(transform, namespace: namespace) }))
    case .cancellable(let id, let cancelInFlight, let effect):
      return Effect<NewAction>(
        .cancellable(
          id: Self.id(id, in: namespace), cancelInFlight: cancelInFlight,
          effect.mapped(transform, namespace: namespace)))
    case .cancel(let ids):
      // Without a namespace the ids stay as they are: no new array.
      guard namespace != nil else { return Effect<NewAction>(.cancel(ids: ids)) }
      return Effect<NewAction>(.cancel(ids: ids.map { Self.id($0, in: namespace) }))
    case .sleep(let delay, let scheduler):
      return Effect<NewAction>(.sleep(delay, scheduler))
    case .deferred(let delay, let scheduler, let effect):
      return Effect<NewAction>(
        .deferred(delay, scheduler, effect.mapped(transform, namespace: namespace)))
    }
  }

  /// `id`, made `namespace`'s own when there is a namespace.
  @inlinable
  static func id(_ id: EffectID, in namespace: EffectID?) -> EffectID {
    guard let namespace else { return id }
    return EffectID(ChildCancelID(namespace: namespace, id: id))
  }

  /// Marks this effect as a child's work: cancellable under `ChildCancelID(namespace:id:)`.
  ///
  /// The id is made only when there is work: a `ChildCancelID` is too big for an existential's
  /// inline storage, so erasing one allocates, and most row actions return `.none`.
  ///
  /// ```swift
  /// effect.cancellable(childOf: namespace, id: EffectID(rowID))
  /// ```
  @inlinable
  func cancellable(childOf namespace: EffectID, id: EffectID) -> Self {
    if isNone { return self }
    let childID = EffectID(ChildCancelID(namespace: namespace, id: id))
    return Self(.cancellable(id: childID, cancelInFlight: false, self))
  }

  /// Cancels effects marked with ids already erased to `EffectID`; `.none` when there are none.
  @inlinable
  static func cancel(erasedIDs ids: [EffectID]) -> Self {
    ids.isEmpty ? .none : Self(.cancel(ids: ids))
  }
}

/// The id under which a combinator (`forEach`, `ifLet`, `ifCaseLet`) runs a child's effects:
/// the combinator's own namespace and the child's identity, so that the child's work is
/// cancelled, by ordinary cancellation, when the child goes away.
@usableFromInline
struct ChildCancelID: Hashable, @unchecked Sendable {
  // `@unchecked`: both parts are values made on the main actor from `Sendable` ids or key paths.
  var namespace: EffectID
  var id: EffectID

  @usableFromInline
  init(namespace: EffectID, id: EffectID) {
    self.namespace = namespace
    self.id = id
  }
}

/// What an effect uses to send actions back into the store.
///
/// ```swift
/// .callback { send in
///   send(.started)
///   return nil
/// }
/// ```
@MainActor
public struct Send<Action> {
  let sendAction: @MainActor (Action) -> Void
  let finishEffect: @MainActor () -> Void
  let cancelled: @MainActor () -> Bool

  /// A `Send` that hands actions to `send`; for custom runtimes and tests.
  public init(
    send: @escaping @MainActor (Action) -> Void,
    finish: @escaping @MainActor () -> Void = {},
    isCancelled: @escaping @MainActor () -> Bool = { false }
  ) {
    self.sendAction = send
    self.finishEffect = finish
    self.cancelled = isCancelled
  }

  /// Sends an action back into the store. Does nothing once the effect is over or cancelled.
  public func callAsFunction(_ action: Action) { sendAction(action) }

  /// Ends a `callback` effect. Further sends are ignored.
  public func finish() { finishEffect() }

  /// Whether the effect was cancelled (or is over); long-running work should stop.
  public var isCancelled: Bool { cancelled() }

  @usableFromInline
  func map<NewAction>(_ transform: @escaping @MainActor (NewAction) -> Action) -> Send<NewAction> {
    Send<NewAction>(
      send: { self.sendAction(transform($0)) },
      finish: finishEffect,
      isCancelled: cancelled
    )
  }
}
