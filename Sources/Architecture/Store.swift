/// Owns the state, runs the reducer for each action, and runs the effects it returns.
///
/// Single-threaded, on the main actor. `send` is re-entrancy safe: an action sent while the
/// store is reducing or starting effects is queued and reduced after the current one, never
/// recursively. The `version` grows whenever state may have changed, so a run loop re-renders
/// only when it must.
///
/// ```swift
/// let store = Store(initialState: Todos.State(), reducer: Todos.reducer(environment))
/// store.send(.addButtonTapped)
/// render(store.state)
/// ```
@MainActor
public final class Store<State, Action>: EffectLifetimeOwner {
  /// The current state. Change it only by sending actions.
  ///
  /// A copy: handed to a function of another module, the whole state is copied first (every
  /// reference in it retained and released), since the store could change while it runs. To
  /// read a few things on a hot path, use `withState`.
  @inlinable public var state: State { currentState }
  /// The state itself: `reduce` changes it, `withState` lends it.
  @usableFromInline var currentState: State
  /// Grows by one for each reduced action that changed state (see `isDuplicate`).
  public private(set) var version: UInt64 = 0

  private let reducer: Reducer<State, Action>
  private let isDuplicate: ((State, State) -> Bool)?
  // Read by `send`, which is inlined where the store is used (specialised there: generic, its
  // array work looked metadata up on every key).
  @usableFromInline var buffer: [Action] = []
  @usableFromInline var bufferStart = 0
  @usableFromInline var isSending = false
  // Both tables hold types that do not depend on `State` or `Action`, so their dictionary
  // operations are specialised here rather than run generically (with metadata looked up).
  /// Running effects marked `cancellable`, by cancel id.
  @usableFromInline var cancellables: [EffectID: RegisteredLifetimes] = [:]
  /// Every effect an action started that is still running (an `ActionLifetime`), keyed by a
  /// number that grows with each one, so the keys' order is the order the actions were
  /// reduced in.
  @usableFromInline var inFlight: [UInt64: EffectLifetime] = [:]
  @usableFromInline var nextInFlightKey: UInt64 = 0

  /// A store for `reducer` starting at `initialState`.
  ///
  /// - Parameter isDuplicate: when given, `version` only grows when it says the state before
  ///   and after an action differ.
  public init(
    initialState: State,
    reducer: Reducer<State, Action>,
    isDuplicate: ((State, State) -> Bool)? = nil
  ) {
    self.currentState = initialState
    self.reducer = reducer
    self.isDuplicate = isDuplicate
  }

  /// Runs `body` on the state where it is, without copying it.
  ///
  /// ```swift
  /// let quitting = store.withState { $0.isQuitting }
  /// ```
  @inlinable
  public func withState<Result>(_ body: (borrowing State) -> Result) -> Result {
    Self.lend(&currentState, to: body)
  }

  // Lent through `inout`: memory the callee holds exclusively, so the optimiser passes it on in
  // place. Passed straight from the store's property, it is copied (measured: every reference in
  // it retained and released), as the store could change while `body` runs.
  @inlinable
  static func lend<Result>(_ state: inout State, to body: (borrowing State) -> Result) -> Result {
    body(state)
  }

  /// Sends an action: reduces it (and everything it feeds back synchronously) before returning,
  /// unless the store is already busy, in which case it is queued behind the current work.
  @inlinable
  public func send(_ action: Action) {
    guard !isSending else { return buffer.append(action) }
    isSending = true
    defer { isSending = false }
    // The action sent goes straight in; only what it feeds back waits in the queue.
    process(action)
    while bufferStart < buffer.count {
      let next = buffer[bufferStart]
      bufferStart += 1
      process(next)
    }
    guard !buffer.isEmpty else { return }
    buffer.removeAll(keepingCapacity: true)
    bufferStart = 0
  }

  /// How many effects started by actions are still running.
  public var inFlightEffectCount: Int { inFlight.count }

  /// The actions whose effects are still running, oldest first.
  public var actionsWithEffectsInFlight: [Action] {
    inFlight.sorted { $0.key < $1.key }.map { ($0.value as! ActionLifetime<Action>).action }
  }

  /// Cancels every running effect (used when the app quits and by tests that give up).
  public func cancelAllEffects() {
    for (_, lifetime) in inFlight { lifetime.cancel() }
  }

  // Inlined with `send`, so specialised where the store is used: most actions return no
  // effect, and seeing that in unspecialised code took the effect's generic metadata each time.
  @inlinable
  func process(_ action: Action) {
    let effect = reduce(action)
    guard !effect.isNone else { return }
    run(effect, of: action)
  }

  /// Runs the reducer on `action`; the effect it returns is the caller's to start.
  @usableFromInline
  func reduce(_ action: Action) -> Effect<Action> {
    let effect: Effect<Action>
    if let isDuplicate {
      let before = currentState
      effect = reducer.reduce(into: &currentState, action: action)
      if !isDuplicate(before, currentState) { version &+= 1 }
    } else {
      effect = reducer.reduce(into: &currentState, action: action)
      version &+= 1
    }
    return effect
  }

  /// Starts the effects of `action`, tracked until they are over.
  @inlinable
  func run(_ effect: Effect<Action>, of action: Action) {
    let lifetime = ActionLifetime(action)
    let key = nextInFlightKey
    nextInFlightKey &+= 1
    inFlight[key] = lifetime
    // The store hears of the end through `lifetimeEnded` (no closure per effect).
    lifetime.inFlightKey = key
    lifetime.owner = self
    start(effect, lifetime)
  }

  /// A lifetime this store watches is over: it is no longer in flight, nor cancellable.
  @usableFromInline
  func lifetimeEnded(_ lifetime: EffectLifetime) {
    if let key = lifetime.inFlightKey { inFlight[key] = nil }
    lifetime.forEachCancelID { unregister(lifetime, id: $0) }
  }

  // MARK: - Effect runtime

  // Each effect runs under a lifetime of its own (a merge or a sequence makes one per part),
  // so a `cancellable` marks the lifetime it was given, and a `deferred` starts its effect
  // under it: a toggle's delayed sort costs one lifetime and one scheduled closure.
  //
  // Inlinable, like everything it calls that knows `Action`: specialised where the store is
  // used, it knows the effect's layout; unspecialised, it looked the metadata of `Effect` and
  // its operation up at run time at every step (28 lookups a toggle, 16 % of its instructions
  // with the namespacing below).
  @inlinable
  func start(_ effect: Effect<Action>, _ lifetime: EffectLifetime) {
    switch effect.operation {
    case .none:
      lifetime.finish()

    case .send(let action):
      send(action)
      lifetime.finish()

    case .run(let body):
      body(makeSend(lifetime))
      lifetime.finish()

    case .callback(let body):
      if let onCancel = body(makeSend(lifetime)) { lifetime.onCancel(onCancel) }

    case .merge(let effects):
      var remaining = effects.count
      for effect in effects {
        guard !lifetime.isOver else { return }
        let child = EffectLifetime()
        lifetime.onCancel { child.cancel() }
        child.onFinish {
          remaining -= 1
          if remaining == 0 { lifetime.finish() }
        }
        start(effect, child)
      }

    case .concatenate(let effects):
      startSequence(effects, from: 0, lifetime)

    case .cancellable(let id, let cancelInFlight, let inner):
      if cancelInFlight { cancel(id: id) }
      guard !lifetime.isOver else { return }
      register(lifetime, id: id)
      start(inner, lifetime)

    case .cancel(let ids):
      for id in ids { cancel(id: id) }
      lifetime.finish()

    case .sleep(let delay, let scheduler):
      lifetime.cancelOnCancel(scheduler.schedule(after: delay) { lifetime.finish() })

    case .deferred(let delay, let scheduler, let inner):
      let work = scheduler.schedule(after: delay) { [weak self] in
        guard let self, !lifetime.isOver else { return }
        self.start(inner, lifetime)
      }
      lifetime.cancelOnCancel(work)
    }
  }

  @inlinable
  func startSequence(
    _ effects: [Effect<Action>], from index: Int, _ lifetime: EffectLifetime
  ) {
    guard index < effects.count else {
      lifetime.finish()
      return
    }
    if case .sleep(let delay, let scheduler) = effects[index].operation {
      // A wait needs no lifetime of its own: cancelling the sequence cancels the scheduled work.
      let work = scheduler.schedule(after: delay) { [weak self] in
        guard let self, !lifetime.isOver else { return }
        self.startSequence(effects, from: index + 1, lifetime)
      }
      lifetime.cancelOnCancel(work)
      return
    }
    let child = EffectLifetime()
    lifetime.onCancel { child.cancel() }
    child.onFinish { [weak self] in
      guard let self, !lifetime.isOver else { return }
      self.startSequence(effects, from: index + 1, lifetime)
    }
    start(effects[index], child)
  }

  @inlinable
  func makeSend(_ lifetime: EffectLifetime) -> Send<Action> {
    Send(
      send: { [weak self] action in
        guard !lifetime.isOver else { return }
        self?.send(action)
      },
      finish: { lifetime.finish() },
      isCancelled: { lifetime.isOver }
    )
  }

  @usableFromInline
  func cancel(id: EffectID) {
    // The entry goes here, so each lifetime forgets the id first: its end would look the id up
    // again to unregister it (hashing an id is most of a cancel's work).
    switch cancellables.removeValue(forKey: id) {
    case nil: return
    case .one(let lifetime):
      lifetime.forgetCancelID(id)
      lifetime.cancel()
    case .many(let lifetimes):
      for (_, lifetime) in lifetimes {
        lifetime.forgetCancelID(id)
        lifetime.cancel()
      }
    }
  }

  // Both change the entry where it is: one look-up of the id, where reading it and then
  // writing it hashed the id twice (or three times).
  @usableFromInline
  func register(_ lifetime: EffectLifetime, id: EffectID) {
    lifetime.owner = self
    lifetime.addCancelID(id)
    Self.add(lifetime, to: &cancellables[id])
  }

  private func unregister(_ lifetime: EffectLifetime, id: EffectID) {
    Self.remove(lifetime, from: &cancellables[id])
  }

  private static func add(_ lifetime: EffectLifetime, to entry: inout RegisteredLifetimes?) {
    switch entry {
    case nil:
      entry = .one(lifetime)
    case .one(let other):
      entry = .many([ObjectIdentifier(other): other, ObjectIdentifier(lifetime): lifetime])
    case .many(var lifetimes):
      entry = nil  // the only reference to `lifetimes`: changed in place
      lifetimes[ObjectIdentifier(lifetime)] = lifetime
      entry = .many(lifetimes)
    }
  }

  private static func remove(_ lifetime: EffectLifetime, from entry: inout RegisteredLifetimes?) {
    switch entry {
    case nil:
      return
    case .one(let other):
      if other === lifetime { entry = nil }
    case .many(var lifetimes):
      entry = nil
      lifetimes[ObjectIdentifier(lifetime)] = nil
      if lifetimes.count == 1, let only = lifetimes.first?.value {
        entry = .one(only)
      } else if !lifetimes.isEmpty {
        entry = .many(lifetimes)
      }
    }
  }
}
