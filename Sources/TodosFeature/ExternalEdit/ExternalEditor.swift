import TodoTxt

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

  /// The text of the file the editor saved: bytes that are not UTF-8 each read as `�`
  /// (U+FFFD, one per invalid sequence), so nothing the editor wrote can make the list's file
  /// anything but text.
  ///
  /// ```swift
  /// ExternalEditor.text(ofFile: [0x42, 0xFF, 0x0A])  // "B\u{FFFD}\n"
  /// ```
  public static func text(ofFile bytes: some Collection<UInt8>) -> String {
    String(decoding: bytes, as: UTF8.self)
  }

  /// No editor (the default in tests that do not press `E`).
  public static let unavailable = ExternalEditor { _ in .failed("no editor is set up") }
}

/// What `E`'s result means for the list: the edited todo's lines, checked.
///
/// ```swift
/// ExternalEditResult(lines: ["Buy milk", "Buy eggs"])  // .lines([Buy milk, Buy eggs])
/// ExternalEditResult(lines: ["", " "])                 // .empty
/// ```
enum ExternalEditResult: Equatable {
  /// Nothing but blank lines: the todo goes.
  case empty
  /// One todo per line, in order.
  case lines([TodoTxtLine])
  /// A line that is not a todo (a `# comment`): nothing changes.
  case notATodo(String)

  /// `lines` as `ExternalEditResult.lines(of:original:)` gives them.
  init(lines text: [String]) {
    var lines: [TodoTxtLine] = []
    for line in text {
      guard line.contains(where: { $0 != " " && $0 != "\t" }) else { continue }
      guard let parsed = TodoTxtLine(parsing: line) else {
        self = .notATodo(line)
        return
      }
      lines.append(parsed)
    }
    self = lines.isEmpty ? .empty : .lines(lines)
  }

  /// The editor's text cut into lines at LF and CR LF only, each made safe for a todo.txt line
  /// exactly as typed text is when it is written (`TodoTxtText.sanitized`): control characters
  /// (NUL, ESC, BEL…) become `�`, and a lone CR, like any other line break inside a line,
  /// a space. A line that is exactly `original` (the todo's line as it was handed over, its
  /// CR line ending aside) is kept byte for byte, so saving an untouched line changes nothing.
  ///
  /// ```swift
  /// ExternalEditResult.lines(of: "Buy\u{7}milk\rnow\r\nPay\n", original: "")
  /// // ["Buy�milk now", "Pay", ""]
  /// ```
  static func lines(of text: String, original: String) -> [String] {
    func droppingCR(_ line: String) -> String {
      var line = line
      if line.unicodeScalars.last == "\r" { line.unicodeScalars.removeLast() }
      return line
    }
    let original = droppingCR(original)
    return text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map {
      let line = droppingCR(String(String.UnicodeScalarView($0)))
      return line == original ? line : TodoTxtText.sanitized(line)
    }
  }
}
