import Architecture
import FoundationEssentials

/// The organising keys of the list: `p` then a letter (priority), `v` (a range of todos to act
/// on at once) and `A` (archive to done.txt). Not a child feature: they change rows, record undo
/// steps and settle as toggles do, so they are the list's methods (`Organise+Changes.swift`),
/// and the list's reducer handles their actions (`Todos.reduceOrganise`); `Organise.State`
/// groups the two fields of the list's state they keep. Archiving itself writes files, so the
/// list only says which todos go (`.delegate(.archive(ids))`) and the app does the rest
/// (`AppFeature+Archive.swift`).
///
/// ```swift
/// store.send(.organise(.priorityKeyPressed))        // p: the hint line says what it waits for
/// store.send(.organise(.priorityLetterTyped("b")))  // (B)
/// ```
public enum Organise {
  public struct State: Equatable, Sendable {
    /// Where `v` was pressed: the fixed end of the range; the selection is the other end.
    /// nil: no range.
    public var rangeAnchor: UUID?
    /// `p` was pressed: the next key is a priority letter, Space or Backspace (clear) or Esc.
    public var isAwaitingPriority: Bool
    /// `z` or `m` was pressed: the prompt being typed into (`ActPrompt`).
    public var prompt: ActPrompt?
    /// `i`: the detail pane shows the whole selected todo (`TodosView+Detail.swift`).
    public var showsDetail = false
    /// `o` found several links: the picker of them (`Todos+Links.swift`).
    public var linkPicker: LinkPicker?

    public init(
      rangeAnchor: UUID? = nil, isAwaitingPriority: Bool = false, prompt: ActPrompt? = nil
    ) {
      self.rangeAnchor = rangeAnchor
      self.isAwaitingPriority = isAwaitingPriority
      self.prompt = prompt
    }
  }

  public enum Action: Equatable {
    /// `p`: wait for a priority letter.
    case priorityKeyPressed
    /// A character after `p`: a letter sets that priority (`b` and `B` give `(B)`).
    case priorityLetterTyped(Character)
    /// Space or Backspace after `p`: clear the priority.
    case priorityClearPressed
    /// Esc after `p`.
    case priorityCancelled
    /// `v`: start a range on the selected todo.
    case rangeKeyPressed
    /// `v` or Esc in a range.
    case rangeEnded
    /// Space or `x` in a range: complete every todo of it, or reactivate them all when none is
    /// active.
    case rangeToggled
    /// `d` in a range.
    case rangeDeleted
    /// `A`: archive the completed todos (of the range, if any).
    case archiveKeyPressed
    /// `z`: ask how far to postpone (`ActPrompt`).
    case postponeKeyPressed
    /// `m`: ask for the words to add or remove.
    case modifyKeyPressed
    /// A keystroke for the prompt's field.
    case promptEdited(TextField.Edit)
    /// Enter in the prompt: apply it.
    case promptConfirmed
    /// Esc in the prompt.
    case promptCancelled
    /// `i`: open or close the detail pane; Esc closes it (`detailClosed`).
    case detailKeyPressed
    case detailClosed
    /// `o` and the link picker (`Todos+Links.swift`).
    case link(Link)
  }

}

extension Todos {
  /// The organising keys, on the list's state (a toggled range settles as the list's toggles
  /// do, so its effects are the list's).
  ///
  /// ```swift
  /// case .organise(let action): return reduceOrganise(into: &state, action: action, environment)
  /// ```
  @MainActor
  static func reduceOrganise(
    into state: inout State, action: Organise.Action, _ environment: TodosEnvironment
  ) -> Effect<Action> {
    switch action {
    case .priorityKeyPressed:
      guard state.viewport.selectedID != nil else { return .none }
      state.organise.isAwaitingPriority = true
      return .none

    case .priorityLetterTyped(let key):
      state.organise.isAwaitingPriority = false
      guard let letter = PriorityChange.letter(forKey: key) else { return .none }
      state.setPriority(letter)
      return .none

    case .priorityClearPressed:
      state.organise.isAwaitingPriority = false
      state.setPriority(nil)
      return .none

    case .priorityCancelled:
      state.organise.isAwaitingPriority = false
      return .none

    case .rangeKeyPressed:
      state.organise.rangeAnchor = state.viewport.selectedID
      return .none

    case .rangeEnded:
      state.organise.rangeAnchor = nil
      return .none

    case .rangeToggled:
      let before = state.targetIDs.compactMap { state.list[id: $0] }
      guard
        state.toggleRange(
          today: environment.today(), keepingPriority: environment.keepsPriorityOnCompletion)
      else { return .none }
      state.addNextOccurrences(completing: before, environment)
      return sortCompletedTodos(after: environment.settleDelay, environment)

    case .rangeDeleted:
      state.deleteRange()
      return .none

    case .archiveKeyPressed:
      let ids = state.idsToArchive()
      state.organise.rangeAnchor = nil
      guard !ids.isEmpty else {
        state.status = StatusMessage("No completed todos to archive")
        return .none
      }
      return .send(.delegate(.archive(ids)))

    case .postponeKeyPressed, .modifyKeyPressed, .promptEdited, .promptConfirmed,
      .promptCancelled:
      return reducePrompt(into: &state, action: action, environment)

    case .detailKeyPressed:
      state.organise.showsDetail.toggle()
      return .none

    case .detailClosed:
      state.organise.showsDetail = false
      return .none

    case .link(let action):
      return reduceLink(into: &state, action: action, environment)
    }
  }
}
