extension Reducer {
  /// Runs `child` on optional child state while it is present, before this (the parent)
  /// reducer, which still sees every child action.
  ///
  /// A child action while the child state is nil is reported (it is a bug: the child was
  /// dismissed while something still talked to it). The child's effects run under a cancel id
  /// made from this `ifLet` and the child's identity (its `id` when it is `Identifiable`), and
  /// are cancelled when the parent sets the child state to nil or to a child with another id.
  ///
  /// ```swift
  /// let todos = listReducer.ifLet(
  ///   \.editor,
  ///   action: ActionPath(embed: Todos.Action.editor, extract: {
  ///     if case .editor(let action) = $0 { action } else { nil }
  ///   }),
  ///   then: Editor.reducer
  /// )
  /// ```
  @inlinable  // specialised where it is used: no generic metadata or copies looked up per action
  public func ifLet<ChildState, ChildAction>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toChildAction: CasePath<Action, ChildAction>,
    then child: Reducer<ChildState, ChildAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    ifLet(
      toChildState, action: toChildAction, then: child, identity: typeIdentity(ChildState.self),
      location: (fileID, filePath, line, column))
  }

  /// `ifLet` for an `Identifiable` child: a child with another `id` is another presentation,
  /// so setting one in place of another cancels the first one's effects.
  ///
  /// ```swift
  /// let todos = listReducer.ifLet(\.editor, action: editorActions, then: Editor.reducer)
  /// ```
  @inlinable
  public func ifLet<ChildState: Identifiable, ChildAction>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toChildAction: CasePath<Action, ChildAction>,
    then child: Reducer<ChildState, ChildAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    ifLet(
      toChildState, action: toChildAction, then: child,
      identity: { $0.id }, location: (fileID, filePath, line, column))
  }

  /// Runs `child` on one case of an enum in this reducer's state while the enum is in that case,
  /// before this (the parent) reducer, which still sees every child action. Pass `\.self` when
  /// the state itself is the enum.
  ///
  /// A child action while the enum is in another case is reported. The child's effects run
  /// under a cancel id made from this `ifCaseLet` and the child's identity, and are cancelled
  /// when the parent moves the enum to another case (or to a child with another id).
  ///
  /// ```swift
  /// let todos = listReducer.ifCaseLet(
  ///   \.mode,
  ///   case: CasePath(embed: Todos.Mode.editing, extract: {
  ///     if case .editing(let editor) = $0 { editor } else { nil }
  ///   }),
  ///   action: ActionPath(embed: Todos.Action.editor, extract: {
  ///     if case .editor(let action) = $0 { action } else { nil }
  ///   }),
  ///   then: Editor.reducer
  /// )
  /// ```
  @inlinable  // specialised where it is used, as `ifLet`
  public func ifCaseLet<Enum, CaseState, CaseAction>(
    _ toEnum: WritableKeyPath<State, Enum>,
    case toCaseState: CasePath<Enum, CaseState>,
    action toCaseAction: CasePath<Action, CaseAction>,
    then child: Reducer<CaseState, CaseAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    ifCaseLet(
      toEnum, case: toCaseState, action: toCaseAction, then: child,
      identity: typeIdentity(CaseState.self), location: (fileID, filePath, line, column))
  }

  /// `ifCaseLet` for an `Identifiable` case: a child with another `id` is another
  /// presentation, so moving to one cancels the effects of the one before.
  ///
  /// ```swift
  /// let todos = listReducer.ifCaseLet(
  ///   \.mode, case: Mode.editor, action: Action.editorAction, then: Editor.reducer)
  /// ```
  @inlinable
  public func ifCaseLet<Enum, CaseState: Identifiable, CaseAction>(
    _ toEnum: WritableKeyPath<State, Enum>,
    case toCaseState: CasePath<Enum, CaseState>,
    action toCaseAction: CasePath<Action, CaseAction>,
    then child: Reducer<CaseState, CaseAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    ifCaseLet(
      toEnum, case: toCaseState, action: toCaseAction, then: child,
      identity: { $0.id }, location: (fileID, filePath, line, column))
  }

  // `ifLet` with the child's identity given: its two overloads differ only in that.
  @inlinable
  func ifLet<ChildState, ChildAction, ID: Hashable>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toChildAction: CasePath<Action, ChildAction>,
    then child: Reducer<ChildState, ChildAction>,
    identity: @escaping (ChildState) -> ID,
    location: (fileID: StaticString, filePath: StaticString, line: UInt, column: UInt)
  ) -> Self {
    let path = DirectPath(toChildState)
    return presenting(
      child,
      combinator: "ifLet",
      absence: "child state was nil",
      namespace: PresentationNamespace(
        path: toChildState, fileID: "\(location.fileID)", line: location.line,
        column: location.column),
      identity: identity,
      extract: { path.get(&$0) },
      update: { state, body in
        path.modify(&state) { child in
          // Taken out while it runs: the child is the only reference to its storage, and
          // changes it in place (a copy left in the parent made each change copy it again).
          guard var taken = child.take() else { return false }
          body(&taken)
          child = taken
          return true
        }
      },
      action: toChildAction,
      location: location
    )
  }

  // `ifCaseLet` with the child's identity given: its two overloads differ only in that.
  @inlinable
  func ifCaseLet<Enum, CaseState, CaseAction, ID: Hashable>(
    _ toEnum: WritableKeyPath<State, Enum>,
    case toCaseState: CasePath<Enum, CaseState>,
    action toCaseAction: CasePath<Action, CaseAction>,
    then child: Reducer<CaseState, CaseAction>,
    identity: @escaping (CaseState) -> ID,
    location: (fileID: StaticString, filePath: StaticString, line: UInt, column: UInt)
  ) -> Self {
    let path = DirectPath(toEnum)
    return presenting(
      child,
      combinator: "ifCaseLet",
      absence: "the state was in another case",
      namespace: PresentationNamespace(
        path: toEnum, fileID: "\(location.fileID)", line: location.line,
        column: location.column),
      identity: identity,
      // The enum is read in place: a copy of it would copy the payload of whatever case it
      // is in, at every `ifCaseLet` on it, for every action.
      extract: { path.modify(&$0) { toCaseState.extract($0) } },
      update: { state, body in
        path.modify(&state) { value in
          // The enum is moved out while its case runs: the case's state is then the only
          // reference to its storage, and changes it in place (a copy left in the enum made
          // each change copy it again: a typed letter copied the edited text). Nothing reads
          // the parent meanwhile: the child reducer is given its own state alone.
          withUnsafeMutablePointer(to: &value) { pointer in
            let whole = pointer.move()
            guard var child = toCaseState.extract(whole) else {
              pointer.initialize(to: whole)
              return false
            }
            _ = consume whole
            body(&child)
            pointer.initialize(to: toCaseState.embed(child))
            return true
          }
        }
      },
      action: toCaseAction,
      location: location
    )
  }

  // The one implementation of `ifLet` and `ifCaseLet`: child first, then the parent, then the
  // child's effects cancelled if the parent dismissed or replaced it.
  @inlinable
  func presenting<ChildState, ChildAction, ID: Hashable>(
    _ child: Reducer<ChildState, ChildAction>,
    combinator: String,
    absence: String,
    namespace: PresentationNamespace,
    identity: @escaping (ChildState) -> ID,
    extract: @escaping @MainActor (inout State) -> ChildState?,
    update: @escaping @MainActor (inout State, (inout ChildState) -> Void) -> Bool,
    action toChildAction: CasePath<Action, ChildAction>,
    location: (fileID: StaticString, filePath: StaticString, line: UInt, column: UInt)
  ) -> Self {
    // The child's identity comes from the overload chosen at compile time (`Identifiable` or
    // not): no cast to `any Identifiable`, which looks the conformance up at run time. It stays
    // its own type (a todo's `UUID`, say) for the comparisons every action makes, and is erased
    // to an `EffectID` only for a cancel id: an erased id is copied, compared and destroyed
    // through its type's metadata, whose pages a cold key paid for at every level.
    let namespace = EffectID(namespace)
    return Self { state, action in
      var childEffect = Effect<Action>.none
      // The child's identity once it has run (and before the parent runs), read from the copy
      // the child ran on where there is one: extracting the child again copies it.
      var before: ID?
      if let childAction = toChildAction.extract(action) {
        var presented: ID?
        var effect = Effect<ChildAction>.none
        let found = update(&state) { childState in
          // The child's identity is read before the child runs; erased only when there is work.
          presented = identity(childState)
          effect = child.reduce(into: &childState, action: childAction)
          before = identity(childState)
        }
        if !found {
          reportAbsentChild(
            action, combinator: combinator, absence: absence, location: location)
        } else if !effect.isNone, let presented {
          childEffect = effect.map(toChildAction.embed)
            .cancellable(childOf: namespace, id: EffectID(identity: presented))
        }
      } else {
        before = extract(&state).map(identity)
      }
      guard let before else {
        // Nothing was presented, so nothing of the child's can be running.
        return childEffect.merge(with: self.reduce(into: &state, action: action))
      }
      let parentEffect = self.reduce(into: &state, action: action)
      guard extract(&state).map(identity) != before else {
        return childEffect.merge(with: parentEffect)
      }
      let dismissed = EffectID(ChildCancelID(namespace: namespace, id: EffectID(identity: before)))
      return .merge(childEffect, parentEffect, .cancel(erasedIDs: [dismissed]))
    }
  }
}

/// Reports a child action that came while the child was not presented (a bug in the app).
@usableFromInline
func reportAbsentChild(
  _ action: Any, combinator: String, absence: String,
  location: (fileID: StaticString, filePath: StaticString, line: UInt, column: UInt)
) {
  RuntimeIssues.report(
    """
    An "\(combinator)" at "\(location.fileID):\(location.line)" received a child action \
    when \(absence). …

      Action:
        \(String(describing: action))

    Either a reducer dismissed the child before this one ran (this one must run first, \
    so the child can handle its actions while its state is there), or an effect sent \
    the action after the child was dismissed by a reducer that this one does not wrap \
    (effects of a child dismissed by the wrapped parent are cancelled).

    To fix, make sure the child state is present when its action is sent.
    """,
    fileID: location.fileID, filePath: location.filePath,
    line: location.line, column: location.column
  )
}

/// Where an `ifLet`/`ifCaseLet` sits: its state path and its call site, so two of them on the
/// same state (two cases of one enum) never share cancel ids.
@usableFromInline
struct PresentationNamespace: Hashable, @unchecked Sendable {
  // `@unchecked`: key paths made from stored properties are immutable values.
  var path: AnyKeyPath
  var fileID: String
  var line: UInt
  var column: UInt

  @usableFromInline
  init(path: AnyKeyPath, fileID: String, line: UInt, column: UInt) {
    self.path = path
    self.fileID = fileID
    self.line = line
    self.column = column
  }
}

/// The identity of a child that is not `Identifiable`: one for every value of its type.
///
/// ```swift
/// let identity = typeIdentity(Search.State.self)
/// identity(search)  // ObjectIdentifier(Search.State.self)
/// ```
@usableFromInline
func typeIdentity<Child>(_ type: Child.Type) -> (Child) -> ObjectIdentifier {
  let identity = ObjectIdentifier(type)
  return { _ in identity }
}
