import Architecture
import Foundation
import TodoTxt

// The list's side of the `+`/`@` picker: opening it, taking its choice, keeping a new todo in
// sight of it. What shows follows from `Visibility` (tag).

extension Todos.Action {
  /// The `+`/`@` picker, as the list sees it.
  public enum Picking: Equatable {
    /// `+` or `@`: open the picker of projects or contexts.
    case keyPressed(TagIndex.Kind)
    /// Something happened in the open picker (`TagPicker`).
    case picker(TagPicker.Action)
    /// Esc in the list with nothing else to close: show every todo again, not only the
    /// picked project's or context's.
    case tagCleared
  }
}

extension Todos {
  /// `+`/`@`, the picker's Enter and Esc, and clearing the choice.
  @MainActor
  static func reducePicking(
    into state: inout State, action: Action.Picking
  ) -> Effect<Action> {
    switch action {
    case .keyPressed(let kind):
      // The first row (every todo) is selected, so `+` Enter clears a choice.
      let entries = state.list.countingHidden(state.list.tagIndex.entries(kind))
      state.mode = .picking(TagPicker.State(kind: kind, entries: entries, selected: 0))

    case .tagCleared:
      state.pickedTag = nil

    case .picker(.enterPressed):
      guard case .picking(let picker) = state.mode else { return .none }
      state.pickedTag = picker.selectedTag
      state.mode = .normal

    case .picker(.escapePressed):
      state.mode = .normal

    case .picker(.textEdited), .picker(.selectionMoved):
      break  // the picker did it
    }
    return .none
  }
}

extension Todos.State {
  /// Saves what the editor holds, as `commitEdit`; a new todo that does not carry the picked
  /// project or context shows every todo again, so it is not added out of sight.
  mutating func commitEditKeepingItShown(
    today: TodoDate, addsCreationDate: Bool = true, atBottom: Bool = false
  ) {
    guard case .editing(let editor) = mode else { return }
    commitEdit(today: today, addsCreationDate: addsCreationDate, atBottom: atBottom)
    guard editor.isNew, let tag = pickedTag, let added = list[id: editor.id],
      !SearchQuery.carries(tag, in: added.description)
    else { return }
    pickedTag = nil
    status = Todos.StatusMessage("\(Todos.quoted(added)) has no \(tag): showing every todo")
  }
}

extension Editor.State {
  /// An editor for a new todo, its text `+project ` (or `@context `) when one is picked, so
  /// the new todo shows under the choice.
  ///
  /// ```swift
  /// Editor.State.new(id: id, carrying: "+work").field.text  // "+work "
  /// ```
  static func new(id: UUID, carrying tag: String?) -> Self {
    guard let tag else { return .new(id: id) }
    return Self(id: id, isNew: true, field: TextField(text: tag + " "))
  }
}

extension Todos.Mode {
  /// The picker case, for `ifCaseLet`.
  @MainActor
  static let picker = CasePath<Self, TagPicker.State>(
    embed: Self.picking, extract: { if case .picking(let picker) = $0 { picker } else { nil } })
}

extension Todos.Action {
  @MainActor
  static let pickerAction = ActionPath<Self, TagPicker.Action>(
    embed: { .picking(.picker($0)) },
    extract: { if case .picking(.picker(let action)) = $0 { action } else { nil } })
}
