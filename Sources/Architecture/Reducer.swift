import IdentifiedCollections
import OrderedCollections

/// A pure function that evolves state for an action and says what work to do next.
///
/// ```swift
/// let counter = Reducer<Int, CounterAction> { count, action in
///   switch action {
///   case .incrementButtonTapped: count += 1; return .none
///   }
/// }
/// ```
@MainActor
public struct Reducer<State, Action> {
  @usableFromInline
  let body: @MainActor (inout State, Action) -> Effect<Action>

  /// A reducer from a function. The function must only mutate `state` and return effects.
  public init(_ reduce: @escaping @MainActor (inout State, Action) -> Effect<Action>) {
    self.body = reduce
  }

  /// Runs the reducer.
  @MainActor @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body(&state, action)
  }

  /// A reducer that does nothing.
  public static var empty: Self { Self { _, _ in .none } }

  /// Runs reducers one after another on the same state, merging their effects.
  ///
  /// ```swift
  /// let app = Reducer.combine(rowsReducer, listReducer)
  /// ```
  @inlinable  // specialised where it is used: no generic metadata looked up per action
  public static func combine(_ reducers: Self...) -> Self { combine(reducers) }

  /// Runs reducers one after another on the same state, merging their effects.
  @inlinable
  public static func combine(_ reducers: [Self]) -> Self {
    Self { state, action in
      // Fold pairwise: no array per action when at most one reducer returns work.
      var merged = Effect<Action>.none
      for reducer in reducers {
        merged = merged.merge(with: reducer.reduce(into: &state, action: action))
      }
      return merged
    }
  }

  /// Embeds this child reducer in a parent domain: it runs on `state` for actions that
  /// `action` extracts, and its effects' actions are embedded back.
  ///
  /// ```swift
  /// let app = Reducer.combine(
  ///   help.scope(state: \AppState.help, action: ActionPath(embed: AppAction.help, extract: \.help)),
  ///   appCore
  /// )
  /// ```
  @inlinable  // specialised where it is used: no generic metadata looked up per action
  public func scope<ParentState, ParentAction>(
    state toChildState: WritableKeyPath<ParentState, State>,
    action toChildAction: ActionPath<ParentAction, Action>
  ) -> Reducer<ParentState, ParentAction> {
    let path = DirectPath(toChildState)
    return Reducer<ParentState, ParentAction> { parentState, parentAction in
      guard let childAction = toChildAction.extract(parentAction) else { return .none }
      return path.modify(&parentState) { self.reduce(into: &$0, action: childAction) }
        .map(toChildAction.embed)
    }
  }

  /// Runs `element` on the element of a collection that an action names **by id**, before this
  /// (the parent) reducer, which still sees every element action.
  ///
  /// An action for an id that is not in the collection is reported (it is a bug: the element
  /// was removed while something still talked to it). Each element's effects run under a cancel
  /// id made from this `forEach` and the element's id, and are cancelled, by ordinary
  /// cancellation, when the element is removed (an action that leaves the ids alone returns no
  /// cleanup work, so it costs nothing).
  ///
  /// ```swift
  /// let todos = listReducer.forEach(
  ///   \.todos, action: ActionPath(embed: Todos.Action.todo, extract: \.todo), element: todoReducer
  /// )
  /// ```
  @inlinable  // specialised where it is used: no generic metadata looked up per action
  public func forEach<ID: Hashable & Sendable, ElementState, ElementAction>(
    _ toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: ActionPath<Action, IdentifiedAction<ID, ElementAction>>,
    element: Reducer<ElementState, ElementAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    let namespace = EffectID(identity: toElements as AnyKeyPath)
    let path = DirectPath(toElements)
    return Self { state, action in
      // The ids before the parent runs: sharing them costs nothing unless the parent adds or
      // removes elements (then it copies them once, as such a change costs O(n) anyway). The
      // element's reducer cannot change them.
      let idsBefore = path.get(&state).ids
      var elementEffect = Effect<Action>.none
      if let identified = toElementAction.extract(action) {
        let id = identified.id
        if !idsBefore.contains(id) {
          reportMissingElement(
            action, fileID: fileID, filePath: filePath, line: line, column: column)
        } else {
          let effect = path.modify(&state) {
            element.reduce(into: &$0[id: id]!, action: identified.action)
          }
          // Most row actions do no work: no closure made to embed the actions of none.
          if !effect.isNone {
            elementEffect = effect.map {
              toElementAction.embed(IdentifiedAction(id: id, action: $0))
            }
            .cancellable(childOf: namespace, id: EffectID(id))
          }
        }
      }
      let parentEffect = self.reduce(into: &state, action: action)
      let elements = path.get(&state)
      // Same ids (the usual case: an element changed, the selection moved): nothing can have
      // been removed, so no cleanup effect. Unchanged ids share their storage, and comparing
      // shared storage is O(1); otherwise it is O(n), like the change itself.
      guard elements.ids != idsBefore else { return elementEffect.merge(with: parentEffect) }
      // The lookups go to the `OrderedSet`s' own `firstIndex(of:)` (a hash lookup).
      let idsAfter = elements.ids
      let removed = removedIDs(
        before: idsBefore.elements, after: idsAfter.elements,
        positionInBefore: { idsBefore.firstIndex(of: $0) },
        positionInAfter: { idsAfter.firstIndex(of: $0) })
      let cleanup = Effect<Action>.cancel(
        erasedIDs: removed.map { EffectID(ChildCancelID(namespace: namespace, id: EffectID($0))) }
      )
      return .merge(elementEffect, parentEffect, cleanup)
    }
  }
}

/// Reports a `forEach` action for an element that is not there (a bug in the app).
@usableFromInline
func reportMissingElement(
  _ action: Any, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
) {
  RuntimeIssues.report(
    """
    A "forEach" at "\(fileID):\(line)" received an action for a missing element. …

      Action:
        \(String(describing: action))

    This is generally considered an application logic error, and can happen for a few \
    reasons:

    • A parent reducer removed an element with this ID before this reducer ran. This \
    reducer must run before any other reducer removes an element, which ensures that \
    element reducers can handle their actions while their state is still available.

    • An in-flight effect emitted this action when state contained no element at this \
    ID. While it may be perfectly reasonable to ignore this action, consider canceling \
    the associated effect before an element is removed.

    To fix, make sure the element exists when its action is sent.
    """,
    fileID: fileID, filePath: filePath, line: line, column: column
  )
}

/// The ids in `before` that `after` no longer has, in order.
///
/// It walks both in step, like a diff: an insert, a delete, a move or the sort's stable
/// partition cost one comparison per id and lookups only for the ids out of step (when the
/// order changed throughout, a lookup per id, like a plain filter). `positionInBefore` and
/// `positionInAfter` find an id's index; `forEach` passes the `OrderedSet`s' hash lookups.
///
/// It takes arrays: reading an `OrderedSet` through the `Collection` subscript from code that
/// runs unspecialized calls a coroutine witness that mallocs, one malloc per id (220,000 for
/// the delayed sort of 100,000 todos).
///
/// ```swift
/// removedIDs(before: [1, 2, 3], after: [3, 1])  // [2]
/// ```
@usableFromInline
func removedIDs<ID: Hashable>(
  before: [ID], after: [ID],
  positionInBefore: (ID) -> Int?, positionInAfter: (ID) -> Int?
) -> [ID] {
  var removed: [ID] = []
  var old = 0
  var new = 0
  while old < before.count {
    let id = before[old]
    if new < after.count, after[new] == id {
      old += 1
      new += 1
    } else if let indexInAfter = positionInAfter(id) {
      // Both sides are out of step. If the new side's id was inserted, step over it; else step
      // over whichever of the two moved farther.
      guard new < after.count, let otherInBefore = positionInBefore(after[new]) else {
        if new < after.count { new += 1 } else { old += 1 }
        continue
      }
      if indexInAfter - new >= otherInBefore - old { old += 1 } else { new += 1 }
    } else {
      removed.append(id)
      old += 1
    }
  }
  return removed
}

/// `removedIDs` with linear lookups, for arrays (tests).
///
/// ```swift
/// removedIDs(before: [1, 2, 3], after: [3, 1])  // [2]
/// ```
func removedIDs<ID: Hashable>(before: [ID], after: [ID]) -> [ID] {
  removedIDs(
    before: before, after: after,
    positionInBefore: { before.firstIndex(of: $0) },
    positionInAfter: { after.firstIndex(of: $0) })
}

/// An action addressed to one element of a collection, by id.
///
/// ```swift
/// case todos(IdentifiedAction<Todo.ID, Todo.Action>)
/// store.send(.todos(.element(id: id, action: .checkboxToggled)))
/// ```
public struct IdentifiedAction<ID: Hashable & Sendable, Action>: CustomStringConvertible {
  public var id: ID
  public var action: Action

  public init(id: ID, action: Action) {
    self.id = id
    self.action = action
  }

  /// The action `action` for the element `id`.
  public static func element(id: ID, action: Action) -> Self { Self(id: id, action: action) }

  public var description: String { ".element(id: \(id), action: \(action))" }
}

extension IdentifiedAction: Equatable where Action: Equatable {}
extension IdentifiedAction: Sendable where Action: Sendable {}

/// How to put a value into an enum case and get it back out (an enum case path): a child
/// action into a parent action, or a child's state into an enum of the parent's state.
///
/// ```swift
/// CasePath<AppAction, RowAction>(embed: AppAction.row, extract: {
///   if case .row(let action) = $0 { action } else { nil }
/// })
/// ```
@MainActor
public struct CasePath<Root, Value> {
  public let embed: @MainActor (Value) -> Root
  public let extract: @MainActor (Root) -> Value?

  public init(
    embed: @escaping @MainActor (Value) -> Root,
    extract: @escaping @MainActor (Root) -> Value?
  ) {
    self.embed = embed
    self.extract = extract
  }
}

/// A case path into an action: how to embed a child action in a parent action and extract it.
///
/// ```swift
/// ActionPath<AppAction, RowAction>(embed: AppAction.row, extract: {
///   if case .row(let action) = $0 { action } else { nil }
/// })
/// ```
public typealias ActionPath<Root, Value> = CasePath<Root, Value>
