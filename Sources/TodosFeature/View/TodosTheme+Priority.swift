import TerminalUI

extension TodosTheme {
  /// The style of the priority `(letter)`.
  ///
  /// ```swift
  /// theme.priorityStyle(for: "A")  // bold
  /// ```
  public func priorityStyle(for letter: Character?) -> Style { priority }
}
