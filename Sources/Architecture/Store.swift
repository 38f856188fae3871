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
public final class Store<State, Action> {
  /// The current state. Change it only by sending actions.
  public private(set) var state: State
  /// Grows by one for each reduced action that changed state (see `isDuplicate`).
  public private(set) var version: UInt64 = 0

  private let reducer: Reducer<State, Action>
  private let isDuplicate: ((State, State) -> Bool)?
  private var buffer: [Action] = []
  private var bufferStart = 0
  private var isSending = false
  /// Running effects marked `cancellable`, by cancel id.
  private var cancellables: [AnyHashable: [ObjectIdentifier: EffectLifetime]] = [:]
  /// Every effect an action started that is still running, keyed by a number that grows with
  /// each one, so the keys' order is the order the actions were reduced in.
  private var inFlight: [UInt64: InFlightEffect] = [:]
  private var nextInFlightKey: UInt64 = 0

  private struct InFlightEffect {
    var action: Action
    var lifetime: EffectLifetime
  }

  /// A store for `reducer` starting at `initialState`.
  ///
  /// - Parameter isDuplicate: when given, `version` only grows when it says the state before
  ///   and after an action differ.
  public init(
    initialState: State,
    reducer: Reducer<State, Action>,
    isDuplicate: ((State, State) -> Bool)? = nil
  ) {
    self.state = initialState
    self.reducer = reducer
    self.isDuplicate = isDuplicate
  }

  /// Sends an action: reduces it (and everything it feeds back synchronously) before returning,
  /// unless the store is already busy, in which case it is queued behind the current work.
  public func send(_ action: Action) {
    buffer.append(action)
    guard !isSending else { return }
    isSending = true
    defer { isSending = false }
    while bufferStart < buffer.count {
      let next = buffer[bufferStart]
      bufferStart += 1
      process(next)
    }
    buffer.removeAll(keepingCapacity: true)
    bufferStart = 0
  }

  /// How many effects started by actions are still running.
  public var inFlightEffectCount: Int { inFlight.count }

  /// The actions whose effects are still running, oldest first.
  public var actionsWithEffectsInFlight: [Action] {
    inFlight.sorted { $0.key < $1.key }.map(\.value.action)
  }

  /// Cancels every running effect (used when the app quits and by tests that give up).
  public func cancelAllEffects() {
    for (_, entry) in inFlight { entry.lifetime.cancel() }
  }

  private func process(_ action: Action) {
    let effect: Effect<Action>
    if let isDuplicate {
      let before = state
      effect = reducer.reduce(into: &state, action: action)
      if !isDuplicate(before, state) { version &+= 1 }
    } else {
      effect = reducer.reduce(into: &state, action: action)
      version &+= 1
    }
    guard !effect.isNone else { return }
    let lifetime = EffectLifetime()
    let key = nextInFlightKey
    nextInFlightKey &+= 1
    inFlight[key] = InFlightEffect(action: action, lifetime: lifetime)
    lifetime.onFinish { [weak self] in self?.inFlight[key] = nil }
    start(effect, lifetime)
  }

  // MARK: - Effect runtime

  private func start(_ effect: Effect<Action>, _ lifetime: EffectLifetime) {
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
      startSequence(effects[...], lifetime)

    case .cancellable(let id, let cancelInFlight, let inner):
      if cancelInFlight { cancel(id: id) }
      let child = EffectLifetime()
      let childKey = ObjectIdentifier(child)
      cancellables[id, default: [:]][childKey] = child
      child.onFinish { [weak self] in
        self?.removeCancellable(id: id, key: childKey)
        lifetime.finish()
      }
      lifetime.onCancel { child.cancel() }
      start(inner, child)

    case .cancel(let ids):
      for id in ids { cancel(id: id) }
      lifetime.finish()

    case .sleep(let delay, let scheduler):
      let work = scheduler.schedule(after: delay) { lifetime.finish() }
      lifetime.onCancel { work.cancel() }
    }
  }

  private func startSequence(_ effects: ArraySlice<Effect<Action>>, _ lifetime: EffectLifetime) {
    guard let first = effects.first else {
      lifetime.finish()
      return
    }
    if case .sleep(let delay, let scheduler) = first.operation {
      // A wait needs no lifetime of its own (a `deferred` effect is a sleep, then the work):
      // cancelling the sequence cancels the scheduled work.
      let work = scheduler.schedule(after: delay) { [weak self] in
        guard let self, !lifetime.isOver else { return }
        self.startSequence(effects.dropFirst(), lifetime)
      }
      lifetime.onCancel { work.cancel() }
      return
    }
    let child = EffectLifetime()
    lifetime.onCancel { child.cancel() }
    child.onFinish { [weak self] in
      guard let self, !lifetime.isOver else { return }
      self.startSequence(effects.dropFirst(), lifetime)
    }
    start(first, child)
  }

  private func makeSend(_ lifetime: EffectLifetime) -> Send<Action> {
    Send(
      send: { [weak self] action in
        guard !lifetime.isOver else { return }
        self?.send(action)
      },
      finish: { lifetime.finish() },
      isCancelled: { lifetime.isOver }
    )
  }

  private func cancel(id: AnyHashable) {
    guard let lifetimes = cancellables.removeValue(forKey: id) else { return }
    for (_, lifetime) in lifetimes { lifetime.cancel() }
  }

  private func removeCancellable(id: AnyHashable, key: ObjectIdentifier) {
    cancellables[id]?[key] = nil
    if cancellables[id]?.isEmpty == true { cancellables[id] = nil }
  }
}

/// The life of one running effect: it ends once, by finishing or by being cancelled.
@MainActor
final class EffectLifetime {
  private(set) var isFinished = false
  private(set) var isCancelled = false
  /// Finished or cancelled (a cancelled lifetime is over before its cancel handlers run, so
  /// nothing they trigger can start more work under it).
  var isOver: Bool { isFinished || isCancelled }
  private var cancelHandlers: [@MainActor () -> Void] = []
  private var finishHandlers: [@MainActor () -> Void] = []

  func onCancel(_ handler: @escaping @MainActor () -> Void) {
    if isOver { return }
    cancelHandlers.append(handler)
  }

  func onFinish(_ handler: @escaping @MainActor () -> Void) {
    if isFinished {
      handler()
    } else {
      finishHandlers.append(handler)
    }
  }

  func finish() {
    guard !isFinished else { return }
    isFinished = true
    cancelHandlers = []
    let handlers = finishHandlers
    finishHandlers = []
    for handler in handlers { handler() }
  }

  func cancel() {
    guard !isFinished else { return }
    isCancelled = true
    let handlers = cancelHandlers
    cancelHandlers = []
    for handler in handlers { handler() }
    finish()
  }
}
