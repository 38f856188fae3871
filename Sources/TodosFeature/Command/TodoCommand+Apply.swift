import FoundationEssentials
import TodoTxt

// A verb applied to the file's document: only the lines it is about change (each line of the
// file is a slot that the change may empty, rewrite, or follow with a new line), and what it
// prints names each changed line by its number in the new file, as `todo.sh` does.

extension TodoCommand {
  /// What a change needs from the config and the clock.
  ///
  /// ```swift
  /// TodoCommand.Settings(today: LocalClock.today())  // config.toml's defaults
  /// ```
  public struct Settings: Equatable, Sendable {
    public var today: TodoDate
    /// `creation_date`.
    public var addsCreationDate: Bool
    /// `keep_priority_on_completion`.
    public var keepsPriorityOnCompletion: Bool
    /// `new_todo_position = "bottom"`.
    public var addsAtBottom: Bool

    public init(
      today: TodoDate, addsCreationDate: Bool = true, keepsPriorityOnCompletion: Bool = true,
      addsAtBottom: Bool = false
    ) {
      self.today = today
      self.addsCreationDate = addsCreationDate
      self.keepsPriorityOnCompletion = keepsPriorityOnCompletion
      self.addsAtBottom = addsAtBottom
    }

    /// The settings of an environment the config was applied to, today from its clock.
    @MainActor
    public init(_ environment: TodosEnvironment) {
      self.init(
        today: environment.today(), addsCreationDate: environment.addsCreationDate,
        keepsPriorityOnCompletion: environment.keepsPriorityOnCompletion,
        addsAtBottom: environment.addsAtBottom)
    }
  }

  /// What a change did: the new document (nil when the file stays as it is), what to print on
  /// standard output and on standard error, and the lines to archive (`archive`).
  public struct Change: Equatable, Sendable {
    public var document: TodoTxtDocument?
    public var output: [String] = []
    public var warnings: [String] = []
    /// For `archive`: the completed todos' lines, in file order, for done.txt.
    public var archived: [[UInt8]] = []
  }

  /// Applies a changing action (`add`, `do`, `undo`, `pri`, `depri`, `del`, `postpone`,
  /// `modify`, `archive`) to
  /// `document`; throws, with nothing changed, when a line number is not a todo or a todo is
  /// not in the state the verb needs.
  ///
  /// ```swift
  /// let change = try TodoCommand.change(.complete([2]), in: document, settings)
  /// change.output  // ["2 x 2026-11-26 Call Mom"]
  /// ```
  public static func change(
    _ action: Action, in document: TodoTxtDocument, _ settings: Settings, path: String = "the file"
  ) throws(CommandError) -> Change {
    try change(action, in: document, settings, path: path, firstLineNumber: 1)
  }

  /// `change` on a part of the file whose first line is line `firstLineNumber` of the file
  /// (`add` reads only the lines the new todo goes between).
  static func change(
    _ action: Action, in document: TodoTxtDocument, _ settings: Settings, path: String,
    firstLineNumber: Int
  ) throws(CommandError) -> Change {
    var slots = document.lines.map { [$0] }
    var printed: [(line: Int, offset: Int)] = []
    var change = Change()
    func todo(_ number: Int, verb: String) throws(CommandError) -> TodoTxtLine {
      guard number <= slots.count, case .todo(let line) = document.lines[number - 1] else {
        throw .notFound(
          "todos-tui \(verb): line \(number) of \(path) is not a todo. To fix, give a number "
            + "that todos-tui ls shows.")
      }
      return line
    }
    switch action {
    case .add(let text):
      let (priority, typed) = splitPriority(text)
      let conversion = RelativeDate.convertDateTags(in: typed, today: settings.today)
      if let message = conversion.statusMessage {
        change.warnings.append("todos-tui add: \(message): kept as typed.")
      }
      guard !conversion.text.isEmpty else {
        throw .usage("todos-tui add: no text given. To fix, use: todos-tui add TEXT...")
      }
      // Read as the editor reads its text: a typed creation or completion date is kept.
      let row = Todos.State.newTodo(
        id: UUID(), priority: priority, text: conversion.text,
        creationDate: settings.addsCreationDate ? settings.today : nil)
      let entry = TodoTxtDocument.Entry.todo(row.line)
      let firstTodo = document.lines.firstIndex { if case .todo = $0 { true } else { false } }
      if slots.isEmpty {
        slots = [[entry]]
        printed.append((0, 0))
      } else if settings.addsAtBottom || firstTodo == nil {
        slots[slots.count - 1].append(entry)
        printed.append((slots.count - 1, slots[slots.count - 1].count - 1))
      } else if let firstTodo {
        slots[firstTodo].insert(entry, at: 0)
        printed.append((firstTodo, 0))
      }

    case .complete(let numbers), .reopen(let numbers):
      let completing = if case .complete = action { true } else { false }
      let verb = completing ? "do" : "undo"
      for number in numbers {
        let line = try todo(number, verb: verb)
        let row = Todo.State(line: line, id: UUID())
        guard row.isComplete != completing else {
          throw .notFound(
            "todos-tui \(verb): the todo on line \(number) is already "
              + (completing ? "done" : "active")
              + ". To fix, give the number of \(completing ? "an active" : "a completed") todo.")
        }
        var after = row
        after.setComplete(
          completing, on: settings.today, keepingPriority: settings.keepsPriorityOnCompletion)
        slots[number - 1] = [.todo(after.line)]
        printed.append((number - 1, 0))
        guard completing else { continue }
        switch Recurrence.nextOccurrence(
          of: row.description, creationDate: row.creationDate, today: settings.today)
        {
        case .notRecurring: break
        case .malformed(let value), .pastYear9999(let value):
          change.warnings.append(
            "todos-tui do: “rec:\(value)” on line \(number) gives no next date, so no next "
              + "occurrence was added.")
        case .next(let description, let creationDate):
          let copy = Todo.State(
            id: UUID(), description: description, priority: row.priority,
            creationDate: creationDate)
          slots[number - 1].append(.todo(copy.line))
          printed.append((number - 1, 1))
        }
      }

    case .prioritize(let number, let letter):
      let line = try todo(number, verb: "pri")
      slots[number - 1] = [.todo(PriorityChange.setting(letter, on: line))]
      printed.append((number - 1, 0))

    case .deprioritize(let numbers):
      for number in numbers {
        let line = try todo(number, verb: "depri")
        slots[number - 1] = [.todo(PriorityChange.setting(nil, on: line))]
        printed.append((number - 1, 0))
      }

    case .delete(let numbers):
      for number in numbers {
        let line = try todo(number, verb: "del")
        slots[number - 1] = []
        change.output.append("Deleted \(number) \(text(of: line))")
      }

    case .postpone(let number, let word):
      let line = try todo(number, verb: "postpone")
      guard let when = Postpone.When(parsing: word, today: settings.today) else {
        throw .usage("todos-tui postpone: " + sentence(Postpone.notADate(word)))
      }
      let row = Todo.State(line: line, id: UUID())
      let after = Postpone.postponing(row, by: when, today: settings.today)
      if after != row { slots[number - 1] = [.todo(after.line)] }
      printed.append((number - 1, 0))

    case .modify(let number, let text):
      let line = try todo(number, verb: "modify")
      let words: [Modify.Word]
      switch Modify.words(parsing: text, today: settings.today) {
      case .success(let parsed): words = parsed
      case .failure(let problem): throw .usage("todos-tui modify: " + sentence(problem.message))
      }
      let row = Todo.State(line: line, id: UUID())
      let after = Modify.modifying(row, with: words)
      if after != row { slots[number - 1] = [.todo(after.line)] }
      printed.append((number - 1, 0))

    case .archive:
      for (index, entry) in document.lines.enumerated() {
        guard case .todo(let line) = entry, line.isComplete else { continue }
        slots[index] = []
        change.archived += Archive.lines(
          of: [Todo.State(line: line, id: UUID())], lineEnding: document.lineEnding)
        change.output.append(text(of: line))
      }
      guard !change.archived.isEmpty else {
        change.output = ["No completed todo to archive."]
        return change
      }

    case .list, .lists:
      return change
    }
    var result = document
    result.lines = slots.flatMap { $0 }
    if document.lines.isEmpty, !result.lines.isEmpty { result.hasFinalNewline = true }
    var starts: [Int] = []
    var next = firstLineNumber
    for slot in slots {
      starts.append(next)
      next += slot.count
    }
    for (line, offset) in printed {
      guard case .todo(let todo) = slots[line][offset] else { continue }
      change.output.append("\(starts[line] + offset) \(text(of: todo))")
    }
    change.document = result
    return change
  }

  /// A status-line message as a sentence for the shell: `“x” is not a date · To fix, type 3d`
  /// becomes `“x” is not a date. To fix, type 3d.`
  static func sentence(_ message: String) -> String {
    let text = message.replacingText(" · ", with: ". ")
    return text.hasSuffix(".") ? text : text + "."
  }

  /// The line as the file holds it, without a CR before its LF.
  static func text(of line: TodoTxtLine) -> String {
    var bytes = line.serialized()
    if bytes.last == ASCII.cr { bytes.removeLast() }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Saves `ours` (a change made to the version `base`, read under `stamp`): `save` writes it
  /// unless the file changed since (it returns false then); each time it did, `reread` gives
  /// the file as another program left it, and the change is merged into that version over the
  /// one it was made from, as the app merges another writer's change. False when the file
  /// kept changing `attempts` times.
  ///
  /// ```swift
  /// try TodoCommand.save(ours, base: read.bytes, stamp: read.stamp, save: …, reread: …)
  /// ```
  public static func save<Stamp>(
    _ ours: [UInt8], base: [UInt8], stamp: Stamp, attempts: Int = 5,
    save: (_ bytes: [UInt8], _ expected: Stamp) throws(CommandError) -> Bool,
    reread: () throws(CommandError) -> (bytes: [UInt8], stamp: Stamp)
  ) throws(CommandError) -> Bool {
    var (base, ours, expected) = (base, ours, stamp)
    for _ in 0..<attempts {
      if try save(ours, expected) { return true }
      let theirs = try reread()
      ours = TodoTxtMerge.merge(base: base, ours: ours, theirs: theirs.bytes).bytes
      (base, expected) = (theirs.bytes, theirs.stamp)
    }
    return false
  }
}
