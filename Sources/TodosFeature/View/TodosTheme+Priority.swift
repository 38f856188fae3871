import TerminalUI

extension TodosTheme {
  /// `(A)`, `(B)` and `(C)` by default: todo.sh's colours, bold, so without colour (NO_COLOR)
  /// a priority still stands out as it always did.
  static let priorityAStyle = Style(bold: true, foreground: .yellow)
  static let priorityBStyle = Style(bold: true, foreground: .green)
  static let priorityCStyle = Style(bold: true, foreground: .brightBlue)

  /// The style of the priority `(letter)`: A, B and C their own, the others `priority`'s.
  ///
  /// ```swift
  /// TodosTheme.standard.priorityStyle(for: "A")  // bold yellow
  /// TodosTheme.standard.priorityStyle(for: "D")  // bold
  /// ```
  public func priorityStyle(for letter: Character?) -> Style {
    switch letter {
    case "A": priorityA
    case "B": priorityB
    case "C": priorityC
    default: priority
    }
  }
}
