import Foundation
import Testing

@testable import TodosFeature

/// Pasted text splits into lines at LF, CR LF and a lone CR, as it did through Foundation's
/// `replacingOccurrences` (CR LF, then CR, to LF), except for a CR before a combining mark,
/// which Foundation kept in the line (a CR in a todo.txt line would split it in the file).
@Suite struct PastedLinesTests {
  static let texts = [
    "Buy milk\r\nEggs\n", "a\rb\nc\r\nd", "\r\r\n", "\r\n\r\n", "\n\r",
    "é\r\nü\r日本\n✓", "", "no line end", "\r", "tab\there\u{2028}not a break",
  ]

  @Test(arguments: texts) func sameLinesAsFoundation(_ text: String) {
    let before = text.replacingOccurrences(of: "\r\n", with: "\n")
      .replacingOccurrences(of: "\r", with: "\n")
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(pastedLines(text) == before)
  }

  @Test func example() {
    #expect(pastedLines("Buy milk\r\nEggs\n") == ["Buy milk", "Eggs", ""])
    #expect(pastedLines("a\r\r\nb") == ["a", "", "b"])
    #expect(pastedLines("x\r\u{301}y") == ["x", "\u{301}y"])
  }
}
