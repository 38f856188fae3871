import Architecture
import FoundationEssentials
import TodoTxt

/// The editor feature: the text being typed for a new todo or an edited one. The list presents
/// it (`Todos.Mode.editing`) and, on Enter, makes the change the text describes.
///
/// ```swift
/// var editor = Editor.State(editing: todo)  // "(A) Call Mom", the cursor at the end
/// _ = Editor.reducer.reduce(into: &editor, action: .textEdited(.deleteWordBackward))
/// editor.parsed  // (priority: "A", text: "Call")
/// ```
public enum Editor {
  public struct State: Equatable, Sendable, Identifiable {
    /// The todo being edited, or the id the new todo will get.
    public var id: UUID
    /// Whether this is a new todo (drawn at the top, not in the list until committed).
    public var isNew: Bool
    public var field: TextField
    /// The edited todo as it was, when another program changed or removed it in the file and
    /// the edit became a new todo: Enter gives the new todo its creation date. nil otherwise.
    public var original: Todo.State?
    /// The `+project`/`@context` Tab put in the field, to cycle from (`TagCompletion`).
    public var completion: TagCompletion?

    public init(id: UUID, isNew: Bool, field: TextField, original: Todo.State? = nil) {
      self.id = id
      self.isNew = isNew
      self.field = field
      self.original = original
    }

    /// An empty editor for a new todo that will have `id`.
    public static func new(id: UUID) -> Self { Self(id: id, isNew: true, field: TextField()) }

    /// An editor on `todo`; its priority is edited as todo.txt writes it: "(A) " before the
    /// text.
    public init(editing todo: Todo.State) {
      let text = (todo.priority.map { "(\($0)) " } ?? "") + todo.description
      self.init(id: todo.id, isNew: false, field: TextField(text: text))
    }

    /// The creation date the todo Enter adds gets: the original's (none if it had none) for
    /// an edit the file changed or removed, else `today` (nil: none).
    ///
    /// ```swift
    /// editor.creationDate(else: today)  // the original's, 2026-10-02
    /// ```
    public func creationDate(else today: TodoDate?) -> TodoDate? {
      original.map(\.creationDate) ?? today
    }

    /// What the text says: its priority and its description, trimmed.
    public var parsed: (priority: Character?, text: String) {
      splitPriority(field.text.trimmingWhitespaceAndNewlines())
    }
  }

  /// What the keyboard does to the editor.
  public enum Action: Equatable, Sendable {
    /// A keystroke for the text (a character, Backspace, Ctrl-W, …).
    case textEdited(TextField.Edit)
    /// Enter: the list saves the todo.
    case enterPressed
    /// Esc: the list forgets the text.
    case escapePressed
    /// Tab (`forward`) or Shift-Tab: complete a `+project`/`@context` (the list has the tags).
    case tagCompletionRequested(forward: Bool)
  }

  /// Applies keystrokes to the text; Enter and Esc are the list's to handle.
  @MainActor
  public static let reducer = Reducer<State, Action> { state, action in
    if case .textEdited(let edit) = action {
      state.field.apply(edit)
      state.completion = nil
    }
    return .none
  }
}

/// Splits a leading todo.txt priority off typed text: "(A) Call Mom" → ("A", "Call Mom").
/// Only an uppercase letter in parentheses followed by a space counts, as in the file.
///
/// ```swift
/// splitPriority("(B) Pay rent")  // ("B", "Pay rent")
/// splitPriority("(b) Pay rent")  // (nil, "(b) Pay rent")
/// ```
func splitPriority(_ text: String) -> (priority: Character?, text: String) {
  let scalars = Array(text.unicodeScalars.prefix(4))
  guard scalars.count == 4, scalars[0] == "(", scalars[2] == ")", scalars[3] == " ",
    ("A"..."Z").contains(scalars[1])
  else { return (nil, text) }
  let rest = text.unicodeScalars.dropFirst(4)
  return (
    Character(scalars[1]),
    String(String.UnicodeScalarView(rest)).trimmingWhitespace()
  )
}
