import Architecture
import DequeModule
import TodoTxt

// The list's date rules (docs/dates.md): the day the list is seen on and its change
// at midnight, `H`, dates typed into the editor, and the next occurrence of a recurring todo.

extension Todos.Action {
  /// `H` and the day change.
  public enum Dates: Equatable {
    /// `H`: show or hide the todos hidden by their dates.
    case toggleHiddenKeyPressed
    /// Midnight passed (a scheduled effect): thresholds arrive, badges move on.
    case dayChanged
  }
}

extension Todos {
  /// `H` and the day change.
  @MainActor
  static func reduceDates(
    into state: inout State, action: Action.Dates, environment: TodosEnvironment
  ) -> Effect<Action> {
    switch action {
    case .toggleHiddenKeyPressed:
      state.showsHidden.toggle()
      if state.showsHidden, state.list.dates.hidden.isEmpty {
        state.status = StatusMessage("No todo is hidden (t: after today, or h:1)")
      }
      return .none
    case .dayChanged:
      state.today = environment.today()
      return scheduleDayChange(environment)
    }
  }

  /// Sends `.dates(.dayChanged)` at the next day change on the user's clock (the environment's
  /// `untilNextDay`), once: each `.dayChanged` schedules the next. Nothing when the
  /// environment has no clock for it (most tests).
  ///
  /// ```swift
  /// case .started: return .merge(load, Todos.scheduleDayChange(env.todos).map(Action.todos))
  /// ```
  @MainActor
  public static func scheduleDayChange(_ environment: TodosEnvironment) -> Effect<Action> {
    guard let untilNextDay = environment.untilNextDay else { return .none }
    return Effect.send(.dates(.dayChanged))
      .deferred(for: untilNextDay(), scheduler: environment.scheduler)
      .cancellable(id: CancelID.dayChange, cancelInFlight: true)
  }
}

extension Todos.State {
  /// The day dates are seen on: what is overdue, what is hidden. Set from the environment at
  /// start and at each day change.
  public var today: TodoDate {
    get { list.dates.today }
    set {
      guard newValue != list.dates.today else { return }
      list.setToday(newValue)
      // The views' date terms read against the new day: worked out again now, not on a key.
      list.prepare(views)
    }
  }

  /// The editor's text with its `due:` and `t:` values written as dates (`due:fri` →
  /// `due:2026-11-27`); a value that is not a date is kept as typed and the status line says so.
  mutating func convertingDates(
    _ parsed: (priority: Character?, text: String), today: TodoDate
  ) -> (priority: Character?, text: String) {
    let conversion = RelativeDate.convertDateTags(in: parsed.text, today: today)
    let rec = Self.recNotUnderstood(conversion.text)
    if let message = conversion.statusMessage {
      status = Todos.StatusMessage(message + (rec.map { " · \($0)" } ?? ""))
    } else if let rec {
      status = Todos.StatusMessage(rec + ": rec: takes N and d, b, w, m or y (rec:1w, rec:+1m)")
    } else if !showsHidden, let hidden = Self.hiddenMessage(conversion.text, today: today) {
      status = Todos.StatusMessage(hidden)
    }
    return (parsed.priority, conversion.text)
  }

  /// After `completed` (the rows as they were before a toggle) changed: each one that was
  /// active, is now complete and has a `rec:` gets its next occurrence on the line right below
  /// it (it keeps its own line), unless the copy it made before is still in the list. The
  /// copies are part of the undo step just recorded, so one undo removes them and reopens the
  /// todos.
  @MainActor
  mutating func addNextOccurrences(
    completing completed: some Collection<Todo.State>, _ environment: TodosEnvironment
  ) {
    var added: [Todo.State] = []
    var notUnderstood: [String] = []
    var pastYear9999: [String] = []
    let today = environment.today()
    let completedCount = completed.count { !$0.isComplete && list[id: $0.id]?.isComplete == true }
    for before in completed where !before.isComplete {
      guard list[id: before.id]?.isComplete == true,
        recurrenceCopies[before.id].flatMap({ list[id: $0] }) == nil
      else { continue }
      switch Recurrence.nextOccurrence(
        of: before.description, creationDate: before.creationDate, today: today)
      {
      case .notRecurring:
        continue
      case .malformed(let value):
        notUnderstood.append(value)
      case .pastYear9999(let value):
        pastYear9999.append(value)
      case .next(let description, let creationDate):
        guard let index = list.index(id: before.id) else { continue }
        let copy = Todo.State(
          id: environment.uuid(), description: description, priority: before.priority,
          creationDate: creationDate)
        // The selection stays on the completed todo: Space again reopens it.
        list.insert(copy, at: index + 1)
        recurrenceCopies[before.id] = copy.id
        added.append(copy)
      }
    }
    if !added.isEmpty, !history.undoStack.isEmpty {
      history.undoStack[history.undoStack.count - 1].changes.append(.remove(added.map(\.id)))
    }
    if let value = notUnderstood.first {
      status = Todos.StatusMessage(
        "“rec:\(value)” is not understood, so no next occurrence was added")
    } else if let value = pastYear9999.first {
      status = Todos.StatusMessage(
        "“rec:\(value)” would put the next date past year 9999, so no next occurrence was added")
    } else if added.count == 1, completedCount == 1 {
      status = Todos.StatusMessage("Added the next one: \(when(added[0], today: today))")
    } else if !added.isEmpty {
      let next = added.count == 1 ? "1 next occurrence" : "\(added.count) next occurrences"
      status = Todos.StatusMessage("Completed \(completedCount) todos · added \(next) · u to undo")
    }
  }

  /// After `reopened` (the row as it was before a toggle) became active again while still
  /// settling: the next occurrence its completion made goes again, if nothing changed it, so
  /// Space twice gives the file back as it was. Part of the undo step just recorded.
  ///
  /// ```swift
  /// // Space on "Water plants rec:1w", Space again within a second: one line, as before
  /// ```
  @MainActor
  mutating func removeNextOccurrence(
    reopening reopened: Todo.State, _ environment: TodosEnvironment
  ) {
    guard reopened.isComplete, settling.contains(reopened.id),
      let todo = list[id: reopened.id], !todo.isComplete,
      let copyID = recurrenceCopies[reopened.id], let copy = list[id: copyID],
      let index = list.index(id: copyID),
      case .next(let description, let creationDate) = Recurrence.nextOccurrence(
        of: todo.description, creationDate: todo.creationDate, today: environment.today()),
      copy
        == Todo.State(
          id: copyID, description: description, priority: todo.priority,
          creationDate: creationDate)
    else { return }
    list.remove(id: copyID)
    recurrenceCopies[reopened.id] = nil
    settling.remove(copyID)
    // "Added the next one" no longer holds.
    status = Todos.StatusMessage("Took back the next one")
    if !history.undoStack.isEmpty {
      history.undoStack[history.undoStack.count - 1].changes.append(
        .insert([TodoList.IndexedTodo(copy, at: index)]))
    }
  }

  /// The lines saved in $EDITOR (`E`, as `ExternalEditResult.lines(of:original:)` cuts them)
  /// with their `due:`/`t:` values written as dates, as the edit field does; the status line
  /// names the values that are not dates.
  ///
  /// ```swift
  /// state.convertingDates(inLines: ["Call Bob due:fri"], today: monday)
  /// // ["Call Bob due:2026-11-27"]
  /// ```
  mutating func convertingDates(inLines lines: [String], today: TodoDate) -> [String] {
    var notDates: [String] = []
    var moved: DateTagConversion.MovedThreshold?
    let converted = lines.map {
      let conversion = RelativeDate.convertDateTags(in: $0, today: today)
      notDates += conversion.notDates
      moved = moved ?? conversion.movedThreshold
      return conversion.text
    }
    let all = DateTagConversion(text: "", notDates: notDates, movedThreshold: moved)
    if let message = all.statusMessage {
      status = Todos.StatusMessage(message)
    }
    return converted
  }

  /// `“rec:often” is not understood` when `text` has a `rec:` tag that is not a recurrence;
  /// nil when it has none or it is understood.
  ///
  /// ```swift
  /// Todos.State.recNotUnderstood("Water rec:often")  // "“rec:often” is not understood"
  /// ```
  static func recNotUnderstood(_ text: String) -> String? {
    guard let tag = DateTags(text).recurrence, Recurrence(tag.value) == nil else { return nil }
    return "“rec:\(tag.value)” is not understood"
  }

  /// Why a todo just saved with `text` will not show: `Hidden until Dec 1 · H shows hidden
  /// todos`; nil when it shows.
  static func hiddenMessage(_ text: String, today: TodoDate) -> String? {
    let tags = DateTags(text)
    guard tags.isHidden(today: today) else { return nil }
    let until =
      tags.isHiddenForGood
      ? "Hidden (h:1)"
      : "Hidden until \(DueBadge.shortDate(tags.thresholdDate!, today: today))"
    return until + " · H shows hidden todos"
  }

  /// `due Nov 30`, `starts Dec 1`: when a next occurrence is due (or starts); `due Nov 30,
  /// hidden until Nov 25 · H shows hidden todos` when its `t:` hides it.
  func when(_ todo: Todo.State, today: TodoDate) -> String {
    let tags = DateTags(todo.description)
    if let due = tags.dueDate {
      let when = "due " + DueBadge.shortDate(due, today: today)
      guard !showsHidden, let start = tags.thresholdDate, tags.isHidden(today: today) else {
        return when
      }
      let until = DueBadge.shortDate(start, today: today)
      return when + ", hidden until \(until) · H shows hidden todos"
    }
    if let start = tags.thresholdDate {
      return "starts " + DueBadge.shortDate(start, today: today)
    }
    return Todos.quoted(todo)
  }
}
