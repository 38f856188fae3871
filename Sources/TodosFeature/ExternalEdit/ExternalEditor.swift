/// The user's own editor, as a dependency: `edit` gets a todo's line and returns what the user
/// saved, or why nothing should change. The live one (in the executable) hands the terminal to
/// `$VISUAL` / `$EDITOR` (falling back to `vi`) on a private temporary file; tests script it.
///
/// ```swift
/// let editor = ExternalEditor { line in .saved(line.uppercased()) }
/// editor.edit("Buy milk")  // .saved("BUY MILK")
/// ```
public struct ExternalEditor: Sendable {
  /// How an edit ended.
  public enum Outcome: Equatable, Sendable {
    /// The editor exited with status 0; the file's text.
    case saved(String)
    /// The editor could not run, crashed or exited non-zero: a sentence saying which.
    case failed(String)
  }

  public var edit: @MainActor @Sendable (String) -> Outcome

  public init(edit: @escaping @MainActor @Sendable (String) -> Outcome) {
    self.edit = edit
  }

  /// No editor (the default in tests that do not press `E`).
  public static let unavailable = ExternalEditor { _ in .failed("no editor is set up") }
}

/// What `E`'s result means for the list: the edited todo's lines, checked.
///
/// ```swift
/// ExternalEditResult(text: "Buy milk\nBuy eggs\n")  // .lines(["Buy milk", "Buy eggs"])
/// ExternalEditResult(text: "\n")                     // .empty
/// ```
enum ExternalEditResult: Equatable {
  /// Nothing but blank lines: the todo goes.
  case empty
  /// One todo per line, in order.
  case lines([TodoTxtLine])
  /// A line that is not a todo (a `# comment`): nothing changes.
  case notATodo(String)

  init(text: String) {
    var lines: [TodoTxtLine] = []
    // Any line ending: LF, CRLF (one Character in Swift) or CR.
    for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      guard line.contains(where: { $0 != " " && $0 != "\t" }) else { continue }
      guard let parsed = TodoTxtLine(parsing: String(line)) else {
        self = .notATodo(String(line))
        return
      }
      lines.append(parsed)
    }
    self = lines.isEmpty ? .empty : .lines(lines)
  }
}
