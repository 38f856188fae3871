import Architecture
import FoundationEssentials
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
    /// `w`: open the picker of the filters and views (`ViewPicker`).
    case viewKeyPressed
    /// Something happened in the open `w` picker (the `+`/`@` picker's keys).
    case viewPicker(TagPicker.Action)
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

    case .viewKeyPressed:
      let rows = state.viewPickerRows()
      let current = state.currentFilterBarEntry
      let selected = rows.firstIndex { $0.entry == current } ?? 0
      state.mode = .pickingView(ViewPicker.State(rows: rows, selected: selected))

    case .viewPicker(.enterPressed):
      guard case .pickingView(let picker) = state.mode else { return .none }
      state.mode = .normal
      if let row = picker.selectedRow { state.pick(row.entry) }

    case .viewPicker(.escapePressed):
      state.mode = .normal

    case .viewPicker(.textEdited), .viewPicker(.selectionMoved):
      break  // the picker did it
    }
    return .none
  }
}

extension Todos.State {
  /// Saves what the editor holds, as `commitEdit`; a new todo that the view in effect leaves
  /// out, or that does not carry the picked project or context, shows every todo again, so it
  /// is not added out of sight.
  mutating func commitEditKeepingItShown(
    today: TodoDate, addsCreationDate: Bool = true, atBottom: Bool = false
  ) {
    guard case .editing(let editor) = mode else { return }
    commitEdit(today: today, addsCreationDate: addsCreationDate, atBottom: atBottom)
    if editor.isNew, let view = currentView, let added = list[id: editor.id],
      !Query(view.query).matches(added, in: Query.Context(today: list.dates.today))
    {
      self.view = nil
      status = Todos.StatusMessage("\(Todos.quoted(added)) is not in \(view.name): showing all")
    }
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

extension Todos.Mode {
  /// The `w` picker case, for `ifCaseLet`.
  @MainActor
  static let viewPicker = CasePath<Self, ViewPicker.State>(
    embed: Self.pickingView,
    extract: { if case .pickingView(let picker) = $0 { picker } else { nil } })
}

extension Todos.Action {
  @MainActor
  static let viewPickerAction = ActionPath<Self, TagPicker.Action>(
    embed: { .picking(.viewPicker($0)) },
    extract: { if case .picking(.viewPicker(let action)) = $0 { action } else { nil } })

  /// A picker key's action for the picker that is open: the `+`/`@` picker's keys work the
  /// `w` picker too.
  func forOpenPicker(in state: Todos.State) -> Self {
    guard case .pickingView = state.mode, case .picking(.picker(let action)) = self else {
      return self
    }
    return .picking(.viewPicker(action))
  }

  @MainActor
  static let pickerAction = ActionPath<Self, TagPicker.Action>(
    embed: { .picking(.picker($0)) },
    extract: { if case .picking(.picker(let action)) = $0 { action } else { nil } })
}
