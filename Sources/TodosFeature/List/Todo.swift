import Architecture
import FoundationEssentials
import TodoTxt

/// One todo: the row feature of the list.
///
/// ```swift
/// store.send(.todos(.element(id: id, action: .checkboxToggled)))
/// ```
public enum Todo {
  /// A todo and everything the todo.txt file needs to write it back.
  public struct State: Equatable, Identifiable, Sendable {
    // Packed to keep the row small (48 bytes, not 96): 100,000 todos are loaded, and their
    // rows are the largest part of the app's memory. Completion, priorities and dates share
    // one integer (`Fields`).
    public var id: UUID
    /// The text the user sees and edits.
    public var description: String
    /// The bytes to write for this row, when printing its fields would not give them: the
    /// original line, so an untouched todo is written back byte-identical. An edit sets it to
    /// nil; a toggle sets it to the toggled line when the text's own bytes differ from
    /// `description` (control characters, shown as `�`), so only an edit changes them.
    public var rawLine: [UInt8]?
    private var fields: UInt64 = 0

    /// Whether the todo is done (`x `).
    public var isComplete: Bool {
      get { fields & Fields.complete != 0 }
      set { fields = newValue ? fields | Fields.complete : fields & ~Fields.complete }
    }
    /// The todo.txt priority letter, `A`…`Z` (kept in one byte: a character that is not one
    /// ASCII byte, which no todo.txt line holds as a priority, is kept as none).
    public var priority: Character? {
      get { PriorityByte.unpack(UInt8(field(Fields.priority))) }
      set { setField(Fields.priority, UInt64(PriorityByte.pack(newValue))) }
    }
    /// When the todo was added (only the date part matters to the file).
    public var creationDate: TodoDate? {
      get { date(Fields.creation) }
      set { setField(Fields.creation, UInt64(newValue?.packed ?? 0)) }
    }
    /// When the todo was completed; nil while it is active.
    public var completionDate: TodoDate? {
      get { date(Fields.completion) }
      set { setField(Fields.completion, UInt64(newValue?.packed ?? 0)) }
    }
    /// The priority completing took away (`keep_priority_on_completion = false`), given back
    /// when the todo is reopened in this session; never written to the file.
    public var droppedPriority: Character? {
      get { PriorityByte.unpack(UInt8(field(Fields.droppedPriority))) }
      set { setField(Fields.droppedPriority, UInt64(PriorityByte.pack(newValue))) }
    }

    /// A todo; only the id is required.
    ///
    /// ```swift
    /// Todo.State(id: UUID(counter: 0), description: "Milk")
    /// ```
    public init(
      id: UUID,
      description: String = "",
      isComplete: Bool = false,
      priority: Character? = nil,
      creationDate: TodoDate? = nil,
      completionDate: TodoDate? = nil,
      rawLine: [UInt8]? = nil,
      droppedPriority: Character? = nil
    ) {
      self.id = id
      self.description = description
      self.rawLine = rawLine
      self.isComplete = isComplete
      self.priority = priority
      self.creationDate = creationDate
      self.completionDate = completionDate
      self.droppedPriority = droppedPriority
    }

    /// Where each field is in `fields`: (shift, mask). A date takes 23 bits (0: none), a
    /// priority 7 (an ASCII byte, 0: none).
    private enum Fields {
      static let creation = (shift: UInt64(0), mask: UInt64(1 << 23 - 1))
      static let completion = (shift: UInt64(23), mask: UInt64(1 << 23 - 1))
      static let priority = (shift: UInt64(46), mask: UInt64(0x7F))
      static let droppedPriority = (shift: UInt64(53), mask: UInt64(0x7F))
      static let complete: UInt64 = 1 << 60
    }

    private func field(_ at: (shift: UInt64, mask: UInt64)) -> UInt64 {
      fields >> at.shift & at.mask
    }

    private mutating func setField(_ at: (shift: UInt64, mask: UInt64), _ value: UInt64) {
      fields = fields & ~(at.mask << at.shift) | (value & at.mask) << at.shift
    }

    private func date(_ at: (shift: UInt64, mask: UInt64)) -> TodoDate? {
      let packed = field(at)
      return packed == 0 ? nil : TodoDate(packed: UInt32(packed))
    }
  }

  /// What can happen to one row.
  public enum Action: Equatable, Sendable {
    /// The checkbox was toggled (Space, `x`, or a click on `[ ]`).
    case checkboxToggled
  }

  /// The row reducer: toggling stamps or clears the completion date (see `setComplete`).
  ///
  /// ```swift
  /// let row = Todo.reducer(environment)
  /// ```
  @MainActor
  public static func reducer(_ environment: TodosEnvironment) -> Reducer<State, Action> {
    Reducer { state, action in
      switch action {
      case .checkboxToggled:
        state.setComplete(
          !state.isComplete, on: environment.today(),
          keepingPriority: environment.keepsPriorityOnCompletion)
        return .none
      }
    }
  }
}

extension Todo.State: CustomReflectable {
  /// The fields by their public names (a dump, the debug log and a test's diff show
  /// `priority: "A"` and `completionDate`, not the integer they are packed in).
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "id": id, "description": description, "isComplete": isComplete,
        "priority": priority as Any, "creationDate": creationDate as Any,
        "completionDate": completionDate as Any, "rawLine": rawLine as Any,
        "droppedPriority": droppedPriority as Any,
      ], displayStyle: .struct)
  }
}

extension Todo.State {
  /// Completes (stamping `date`) or reactivates the todo, so that its line still means this
  /// todo when read back. The text keeps its bytes (control characters too). Completing a todo
  /// with no priority whose text has a `pri:A` tag gives it that priority, as reading the line
  /// back would (the todo.txt convention); reactivating a todo that would print as a blank line
  /// (no text, priority or creation date) gives it `date` as its creation date.
  ///
  /// ```swift
  /// row.setComplete(true, on: today)  // "x 2024-05-01 Call Mom pri:A" for "(A) Call Mom"
  /// ```
  mutating func setComplete(_ isComplete: Bool, on date: TodoDate, takingPriorityTag: Bool = true) {
    let verbatim = rawLine.flatMap(verbatimText(of:))
    let endsInCR = rawLine?.last == ASCII.cr
    self.isComplete = isComplete
    completionDate = isComplete ? date : nil
    rawLine = nil
    if !isComplete, priority == nil, creationDate == nil,
      description.utf8.allSatisfy(TodoTxtText.isBlank)
    {
      creationDate = date
    }
    // The line to write: the new fields with the text as it was, its bytes and any `pri:A` tag
    // where they were.
    var line = self.line
    if let verbatim { line.text = verbatim }
    var normalized = false
    if isComplete, takingPriorityTag, priority == nil,
      let (tag, text) = Self.priorityTag(of: self.line)
    {
      priority = tag
      description = text
      normalized = true
    }
    guard verbatim != nil || normalized else { return }
    var bytes: [UInt8] = []
    line.appendCanonical(to: &bytes, sanitizingText: verbatim == nil)
    guard bytes != self.line.canonical() else { return }
    // A line kept byte for byte keeps its CR line ending.
    if endsInCR { bytes.append(ASCII.cr) }
    rawLine = bytes
  }

  /// The text of `raw` with its bytes as they are, when they differ from `description` (which
  /// shows control characters as `�`); nil when the text needs nothing kept.
  private func verbatimText(of raw: [UInt8]) -> String? {
    let parsed = raw.withUnsafeBufferPointer {
      TodoTxtLine.parse(utf8: $0[...], keepRaw: false, sanitizing: false)
    }
    guard let parsed else { return nil }
    let text = Self.priorityTag(of: parsed)?.1 ?? parsed.text
    guard text != description, TodoTxtText.sanitized(text) == description else { return nil }
    return text
  }
}
