import Architecture
import FoundationEssentials

// The list's side of several lists: the keys (`L`, `[`, `]`, `M`), the list picker it
// presents, and what it tells the app. Which lists there are is the app's (`ListsFeature`):
// the list only knows its own todos.

extension Todos.Action {
  /// Several lists, as one list sees them.
  public enum Lists: Equatable {
    /// `L`: open the list picker (the app fills it).
    case pickerKeyPressed
    /// `[`: show the previous list.
    case previousKeyPressed
    /// `]`: show the next list.
    case nextKeyPressed
    /// `M`: move the selected todo, or the `v` range, to another list (a picker).
    case moveKeyPressed
    /// `D`: show done.txt (read-only), or, in done.txt, the list again.
    case doneKeyPressed
    /// `r` in done.txt: restore the selected todo to the todo file (a completed one asks).
    case restoreKeyPressed
    /// The answer to `r`'s question: the todo goes back reopened, or still completed.
    case restoreAnswered(reopened: Bool)
    /// Esc at `r`'s question: nothing restored.
    case restoreCancelled
    /// Something happened in the open list picker (`ListPicker`).
    case picker(ListPicker.Action)
  }
}

/// A move of todos to another list (`M`), as its undo step keeps it: undoing it takes the
/// todos back out of `target`.
public struct MoveReceipt: Equatable, Sendable {
  /// The list the todos went to.
  public var target: ListID
  /// The todos moved (they keep their ids in the target list).
  public var ids: [UUID]

  public init(target: ListID, ids: [UUID]) {
    self.target = target
    self.ids = ids
  }
}

extension Todos {
  /// The list picker's Enter and Esc; the keys themselves are the app's to act on.
  ///
  /// ```swift
  /// case .lists(let action): return reduceLists(into: &state, action: action)
  /// ```
  @MainActor
  static func reduceLists(into state: inout State, action: Action.Lists) -> Effect<Action> {
    switch action {
    case .picker(.enterPressed):
      guard case .choosingList(let picker) = state.mode else { return .none }
      state.mode = .normal
      guard let chosen = picker.selected else { return .none }
      if case .move = picker.purpose { state.organise.rangeAnchor = nil }
      return .send(.delegate(.listChosen(chosen, picker.purpose)))

    case .picker(.escapePressed):
      state.mode = .normal
      return .none

    case .picker(.textEdited), .picker(.selectionMoved):
      return .none  // the picker did it

    case .restoreKeyPressed:
      guard let id = state.viewport.selectedID, let todo = state.list[id: id] else {
        return .none
      }
      guard todo.isComplete else {
        return .send(.delegate(.restoreRequested(id, reopened: false)))
      }
      state.mode = .restoring(id)
      state.status = Todos.StatusMessage(
        "Restore \(Todos.quoted(todo)) reopened, or still completed?")
      return .none

    case .restoreAnswered(let reopened):
      guard case .restoring(let id) = state.mode else { return .none }
      state.mode = .normal
      state.status = nil
      return .send(.delegate(.restoreRequested(id, reopened: reopened)))

    case .restoreCancelled:
      guard case .restoring = state.mode else { return .none }
      state.mode = .normal
      state.status = Todos.StatusMessage("Nothing restored")
      return .none

    case .pickerKeyPressed, .previousKeyPressed, .nextKeyPressed, .moveKeyPressed,
      .doneKeyPressed:
      return .none  // the app's (`ListsFeature`)
    }
  }
}

extension Todos.State {
  /// The action of a picker key in the picker that is open: the list picker's or the
  /// `+`/`@` picker's.
  ///
  /// ```swift
  /// state.pickerAction(.selectionMoved(.next))  // .lists(.picker(.selectionMoved(.next)))
  /// ```
  func pickerAction(_ action: TagPicker.Action) -> Todos.Action {
    switch mode {
    case .choosingList: .lists(.picker(action))
    case .pickingView: .picking(.viewPicker(action))
    default: .picking(.picker(action))
    }
  }

  /// The text typed into the open picker so far.
  var pickerText: String {
    switch mode {
    case .picking(let picker): picker.field.text
    case .choosingList(let picker): picker.field.text
    case .pickingView(let picker): picker.field.text
    default: ""
    }
  }
}

extension Todos.Mode {
  /// The list picker case, for `ifCaseLet`.
  @MainActor
  static let listPicker = CasePath<Self, ListPicker.State>(
    embed: Self.choosingList,
    extract: { if case .choosingList(let picker) = $0 { picker } else { nil } })
}

extension Todos.Action {
  @MainActor
  static let listPickerAction = ActionPath<Self, ListPicker.Action>(
    embed: { .lists(.picker($0)) },
    extract: { if case .lists(.picker(let action)) = $0 { action } else { nil } })
}
