import Architecture
import ArchitectureTestSupport
import Testing

/// A child presented by a parent: a counter with a delayed effect.
struct Child: Equatable, Identifiable {
  var id: Int
  var count = 0
}

enum ChildAction: Equatable {
  case tapped
  case delayedTapped
  case delayFinished
}

@MainActor
func childReducer(scheduler: any Scheduler) -> Reducer<Child, ChildAction> {
  Reducer { state, action in
    switch action {
    case .tapped:
      state.count += 1
      return .none
    case .delayedTapped:
      return Effect.send(.delayFinished).deferred(for: .seconds(1), scheduler: scheduler)
    case .delayFinished:
      state.count += 10
      return .none
    }
  }
}

/// A parent with an optional child (`ifLet`) and an enum with a child case (`ifCaseLet`).
struct Parent: Equatable {
  enum Mode: Equatable {
    case browsing
    case editing(Child)
    case searching(Child)
  }
  var child: Child?
  var mode = Mode.browsing
  var log: [String] = []
}

enum ParentAction: Equatable {
  case child(ChildAction)
  case editor(ChildAction)
  case present(id: Int)
  case dismiss
  case edit(id: Int)
  case search(id: Int)
  case browse
  case noop
}

@MainActor
func parentReducer(scheduler: any Scheduler) -> Reducer<Parent, ParentAction> {
  Reducer<Parent, ParentAction> { state, action in
    switch action {
    case .child(let childAction):
      // The parent runs after the child: it sees the child's new state.
      state.log.append("child \(childAction) → count \(state.child?.count ?? -1)")
    case .editor(let childAction):
      state.log.append("editor \(childAction)")
    case .present(let id): state.child = Child(id: id)
    case .dismiss: state.child = nil
    case .edit(let id): state.mode = .editing(Child(id: id))
    case .search(let id): state.mode = .searching(Child(id: id))
    case .browse: state.mode = .browsing
    case .noop: break
    }
    return .none
  }
  .ifLet(
    \.child,
    action: ActionPath(
      embed: ParentAction.child,
      extract: { if case .child(let action) = $0 { action } else { nil } }
    ),
    then: childReducer(scheduler: scheduler)
  )
  .ifCaseLet(
    \.mode,
    case: CasePath(
      embed: Parent.Mode.editing,
      extract: { if case .editing(let child) = $0 { child } else { nil } }
    ),
    action: ActionPath(
      embed: ParentAction.editor,
      extract: { if case .editor(let action) = $0 { action } else { nil } }
    ),
    then: childReducer(scheduler: scheduler)
  )
}

@MainActor
@Suite struct IfLetTests {
  @Test func routesToThePresentChildThenToTheParent() {
    let store = Store(
      initialState: Parent(child: Child(id: 1)),
      reducer: parentReducer(scheduler: TestScheduler())
    )
    store.send(.child(.tapped))
    #expect(store.state.child?.count == 1)
    #expect(store.state.log == ["child tapped → count 1"])
  }

  @Test func anActionForAnAbsentChildIsReported() {
    let store = Store(initialState: Parent(), reducer: parentReducer(scheduler: TestScheduler()))
    let messages = collectIssues { store.send(.child(.tapped)) }
    #expect(messages.count == 1)
    let message = messages.first ?? ""
    #expect(message.hasPrefix(#"An "ifLet" at "ArchitectureTests/IfLetTests.swift:"#))
    #expect(message.contains("received a child action when child state was nil. …"))
    #expect(message.contains("  Action:\n    child(ArchitectureTests.ChildAction.tapped)\n"))
    #expect(
      message.hasSuffix("To fix, make sure the child state is present when its action is sent."))
    // The parent still sees the action; no child state was made up for it.
    #expect(store.state.child == nil)
    #expect(store.state.log == ["child tapped → count -1"])
  }

  @Test func dismissingTheChildCancelsItsEffects() {
    let scheduler = TestScheduler()
    let store = Store(
      initialState: Parent(child: Child(id: 1)), reducer: parentReducer(scheduler: scheduler))
    store.send(.child(.delayedTapped))
    #expect(store.inFlightEffectCount == 1)
    let messages = collectIssues {
      store.send(.dismiss)
      scheduler.advance(by: .seconds(1))
    }
    // The delayed action was cancelled, so nothing reported an action for an absent child.
    #expect(messages == [])
    #expect(store.inFlightEffectCount == 0)
    #expect(scheduler.pendingCount == 0)
  }

  @Test func actionsThatKeepTheChildCancelNothing() {
    let scheduler = TestScheduler()
    let store = Store(
      initialState: Parent(child: Child(id: 1)), reducer: parentReducer(scheduler: scheduler))
    store.send(.child(.delayedTapped))
    store.send(.noop)
    store.send(.child(.tapped))
    store.send(.present(id: 1))  // the same child (same id) presented again
    scheduler.advance(by: .seconds(1))
    #expect(store.state.child?.count == 10)
    #expect(store.inFlightEffectCount == 0)
  }

  @Test func replacingTheChildWithAnotherIdCancelsTheOldChildsEffects() {
    let scheduler = TestScheduler()
    let store = Store(
      initialState: Parent(child: Child(id: 1)), reducer: parentReducer(scheduler: scheduler))
    store.send(.child(.delayedTapped))
    store.send(.present(id: 2))
    scheduler.advance(by: .seconds(1))
    // Child 1's delayed action never reached child 2.
    #expect(store.state.child == Child(id: 2))
    #expect(store.inFlightEffectCount == 0)
  }

  @Test func ifCaseLetRoutesOnlyInItsCase() {
    let store = Store(
      initialState: Parent(mode: .editing(Child(id: 1))),
      reducer: parentReducer(scheduler: TestScheduler())
    )
    store.send(.editor(.tapped))
    #expect(store.state.mode == .editing(Child(id: 1, count: 1)))
    store.send(.search(id: 1))
    let messages = collectIssues { store.send(.editor(.tapped)) }
    #expect(store.state.mode == .searching(Child(id: 1)))
    #expect(messages.count == 1)
    #expect(
      messages.first?.contains(
        #"An "ifCaseLet" at "ArchitectureTests/IfLetTests.swift:"#) == true)
    #expect(
      messages.first?.contains("received a child action when the state was in another case")
        == true)
  }

  @Test func leavingTheCaseCancelsTheChildsEffects() {
    let scheduler = TestScheduler()
    let store = Store(
      initialState: Parent(mode: .editing(Child(id: 1))),
      reducer: parentReducer(scheduler: scheduler)
    )
    store.send(.editor(.delayedTapped))
    // Another case with a child of the same id is still another presentation.
    store.send(.search(id: 1))
    let messages = collectIssues { scheduler.advance(by: .seconds(1)) }
    #expect(messages == [])
    #expect(store.inFlightEffectCount == 0)
    #expect(store.state.mode == .searching(Child(id: 1)))
  }

  @Test func testStoreAssertsChildActionsExhaustively() {
    let scheduler = TestScheduler()
    let store = TestStore(initialState: Parent(), reducer: parentReducer(scheduler: scheduler))
    store.send(.present(id: 1)) { $0.child = Child(id: 1) }
    store.send(.child(.delayedTapped)) { $0.log = ["child delayedTapped → count 0"] }
    scheduler.advance(by: .seconds(1))
    store.receive(.child(.delayFinished)) {
      $0.child?.count = 10
      $0.log.append("child delayFinished → count 10")
    }
    store.send(.child(.delayedTapped)) { $0.log.append("child delayedTapped → count 10") }
    store.send(.dismiss) { $0.child = nil }
    // Dismissing cancelled the second delayed effect: nothing is left running.
    store.finish()
  }
}
