/// The life of one running effect: it ends once, by finishing or by being cancelled.
///
/// The first handler of each kind, the scheduled work a wait holds and the first cancel id
/// are fields of their own, not arrays: most lifetimes have one of each at most, and each
/// array would be one more allocation per effect.
@MainActor @usableFromInline
class EffectLifetime {
  private(set) var isFinished = false
  private(set) var isCancelled = false
  /// Finished or cancelled (a cancelled lifetime is over before its cancel handlers run, so
  /// nothing they trigger can start more work under it).
  @usableFromInline var isOver: Bool { isFinished || isCancelled }
  private var cancelHandler: (@MainActor () -> Void)?
  private var moreCancelHandlers: [@MainActor () -> Void] = []
  private var finishHandler: (@MainActor () -> Void)?
  private var moreFinishHandlers: [@MainActor () -> Void] = []
  private var waiting: ScheduledWork?
  /// The store told when this lifetime ends, for the two facts below.
  @usableFromInline weak var owner: (any EffectLifetimeOwner)?
  /// The store's key of the action that started this effect, for a top-level lifetime.
  @usableFromInline var inFlightKey: UInt64?
  private var cancelID: EffectID?
  private var moreCancelIDs: [EffectID] = []

  @usableFromInline init() {}

  @usableFromInline
  func onCancel(_ handler: @escaping @MainActor () -> Void) {
    if isOver { return }
    if cancelHandler == nil {
      cancelHandler = handler
    } else {
      moreCancelHandlers.append(handler)
    }
  }

  /// Cancels `work` if this lifetime is cancelled before it runs.
  @usableFromInline
  func cancelOnCancel(_ work: ScheduledWork) {
    if isOver {
      work.cancel()
    } else if waiting == nil {
      waiting = work
    } else {
      onCancel { work.cancel() }
    }
  }

  @usableFromInline
  func onFinish(_ handler: @escaping @MainActor () -> Void) {
    if isFinished {
      handler()
    } else if finishHandler == nil {
      finishHandler = handler
    } else {
      moreFinishHandlers.append(handler)
    }
  }

  /// Marks this lifetime as running under `id` (`cancellable`).
  func addCancelID(_ id: EffectID) {
    if cancelID == nil { cancelID = id } else { moreCancelIDs.append(id) }
  }

  /// Drops `id`, under which the store registered this lifetime and has just unregistered
  /// it itself (a cancel by id): the lifetime's end need not look it up.
  func forgetCancelID(_ id: EffectID) {
    if moreCancelIDs.isEmpty {
      cancelID = nil  // registered under `id` alone: no comparison needed
    } else if let index = moreCancelIDs.firstIndex(of: id) {
      moreCancelIDs.remove(at: index)
    } else if cancelID == id {
      cancelID = moreCancelIDs.removeFirst()
    }
  }

  func forEachCancelID(_ body: (EffectID) -> Void) {
    guard let cancelID else { return }
    body(cancelID)
    for id in moreCancelIDs { body(id) }
  }

  @usableFromInline
  func finish() {
    guard !isFinished else { return }
    isFinished = true
    cancelHandler = nil
    moreCancelHandlers = []
    waiting = nil
    owner?.lifetimeEnded(self)
    let first = finishHandler
    let more = moreFinishHandlers
    finishHandler = nil
    moreFinishHandlers = []
    first?()
    for handler in more { handler() }
  }

  @usableFromInline
  func cancel() {
    guard !isFinished else { return }
    isCancelled = true
    let waiting = self.waiting
    let first = cancelHandler
    let more = moreCancelHandlers
    self.waiting = nil
    cancelHandler = nil
    moreCancelHandlers = []
    waiting?.cancel()
    first?()
    for handler in more { handler() }
    finish()
  }
}

/// What a store does when one of its effects' lifetimes ends: forget it.
@MainActor @usableFromInline
protocol EffectLifetimeOwner: AnyObject {
  func lifetimeEnded(_ lifetime: EffectLifetime)
}

/// The lifetime of the whole effect an action returned, with the action
/// (`actionsWithEffectsInFlight`).
@MainActor @usableFromInline
final class ActionLifetime<Action>: EffectLifetime {
  let action: Action

  @usableFromInline
  init(_ action: Action) { self.action = action }
}

/// The effects running under one cancel id: nearly always one, kept without a dictionary.
@usableFromInline
enum RegisteredLifetimes {
  case one(EffectLifetime)
  case many([ObjectIdentifier: EffectLifetime])
}
