import Architecture
import TodoTxt

/// The one-line prompt that `z` (postpone) and `m` (modify) open on the status line, for the
/// selected todo or every todo of a `v` range: Enter applies what was typed as one undo step,
/// Esc closes it.
///
/// ```swift
/// store.send(.organise(.postponeKeyPressed))            // "Postpone by: "
/// store.send(.organise(.promptEdited(.insert("3d"))))
/// store.send(.organise(.promptConfirmed))               // "Postponed “Call Bob” by 3 days"
/// ```
public struct ActPrompt: Equatable, Sendable {
  /// What the prompt does with its words.
  public enum Kind: Equatable, Sendable {
    case postpone, modify
  }

  public var kind: Kind
  public var field: TextField

  /// An empty prompt of `kind`.
  ///
  /// ```swift
  /// ActPrompt(.modify)
  /// ```
  public init(_ kind: Kind, field: TextField = TextField()) {
    self.kind = kind
    self.field = field
  }

  /// The words before the field: `Postpone by`, `Modify`.
  public var title: String {
    switch kind {
    case .postpone: "Postpone by"
    case .modify: "Modify"
    }
  }
}

extension Todos {
  /// `z`, `m` and their prompt, on the list's state.
  ///
  /// ```swift
  /// case .postponeKeyPressed: return reducePrompt(into: &state, action: action, environment)
  /// ```
  @MainActor
  static func reducePrompt(
    into state: inout State, action: Organise.Action, _ environment: TodosEnvironment
  ) -> Effect<Action> {
    switch action {
    case .postponeKeyPressed:
      guard !state.targetIDs.isEmpty else { return .none }
      state.organise.prompt = ActPrompt(.postpone)
    case .modifyKeyPressed:
      guard !state.targetIDs.isEmpty else { return .none }
      state.organise.prompt = ActPrompt(.modify)
    case .promptEdited(let edit):
      state.organise.prompt?.field.apply(edit)
    case .promptCancelled:
      state.organise.prompt = nil
    case .promptConfirmed:
      guard let prompt = state.organise.prompt else { return .none }
      state.organise.prompt = nil
      let text = prompt.field.text
      guard !text.allSatisfy({ $0 == " " || $0 == "\t" }) else { return .none }
      switch prompt.kind {
      case .postpone: state.postpone(text, today: environment.today())
      case .modify: state.modify(text, today: environment.today())
      }
    default:
      break
    }
    return .none
  }
}

extension Todos.State {
  /// Postpones the selected todo, or every todo of the range, by `word` (`3d`, `fri`), as one
  /// undo step; the range ends. A word that is not a date changes nothing and says so.
  mutating func postpone(_ word: String, today: TodoDate) {
    guard let when = Postpone.When(parsing: word, today: today) else {
      status = Todos.StatusMessage(Postpone.notADate(word), kind: .error)
      return
    }
    let (count, first) = change("postpone") { Postpone.postponing($0, by: when, today: today) }
    status = Todos.StatusMessage(
      Postpone.status(when, count: count, first: first, today: today))
  }

  /// Adds and removes `words` (`+work -@home due:fri pri:B`) on the selected todo, or every
  /// todo of the range, as one undo step; the range ends. Words it cannot read change nothing
  /// and say why.
  mutating func modify(_ words: String, today: TodoDate) {
    switch Modify.words(parsing: words, today: today) {
    case .failure(let problem):
      status = Todos.StatusMessage(problem.message, kind: .error)
    case .success(let parsed):
      let (count, first) = change("modify") { Modify.modifying($0, with: parsed) }
      status = Todos.StatusMessage(Modify.status(count: count, first: first))
    }
  }

  /// Applies `transform` to every target todo, records the changed ones as one undo step
  /// (`verb “text”` or `verb N todos`) and ends the range; gives how many changed and the
  /// first of them as it is now.
  private mutating func change(
    _ verb: String, _ transform: (Todo.State) -> Todo.State
  ) -> (count: Int, first: Todo.State?) {
    let ids = targetIDs
    organise.rangeAnchor = nil
    let changed = ids.compactMap { id -> Todo.State? in
      guard let todo = list[id: id] else { return nil }
      let updated = transform(todo)
      return updated == todo ? nil : updated
    }
    guard let first = changed.first else { return (0, nil) }
    let selectedID = viewport.selectedID
    let inverse = list.apply([.update(changed)])
    let what = changed.count == 1 ? Todos.quoted(first) : "\(changed.count) todos"
    history.record("\(verb) \(what)", inverse, selectedID: selectedID)
    return (changed.count, first)
  }
}
