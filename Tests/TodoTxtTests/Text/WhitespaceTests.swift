import Foundation
import Testing
import TodoTxt

/// Trimming without Foundation trims exactly what Foundation's character sets trim.
@Suite struct WhitespaceTests {
  /// Every scalar of the Basic Multilingual Plane and a few above it, alone and around text.
  @Test func sameCharactersAsFoundation() {
    let scalars = (0...0xFFFF).compactMap(Unicode.Scalar.init) + ["\u{1F600}", "\u{E0020}"]
    var differences: [String] = []
    for scalar in scalars {
      let text = "\(scalar)a b\(scalar)"
      if text.trimmingWhitespace() != text.trimmingCharacters(in: .whitespaces) {
        differences.append("whitespaces U+\(String(scalar.value, radix: 16))")
      }
      if text.trimmingWhitespaceAndNewlines()
        != text.trimmingCharacters(in: .whitespacesAndNewlines)
      {
        differences.append("whitespacesAndNewlines U+\(String(scalar.value, radix: 16))")
      }
    }
    #expect(differences == [])
  }

  @Test func examples() {
    #expect("\t buy milk \u{3000}".trimmingWhitespace() == "buy milk")
    #expect(" a\n".trimmingWhitespace() == "a\n")
    #expect("\r\n todo.txt \n\u{2028}".trimmingWhitespaceAndNewlines() == "todo.txt")
    #expect("   ".trimmingWhitespace() == "")
    #expect("".trimmingWhitespaceAndNewlines() == "")
    #expect(" é ".trimmingWhitespace() == "é")
    #expect("  Call Mom "[...].trimmingWhitespace() == "Call Mom")
    // By scalar, as Foundation: a combining mark on a space stays.
    #expect(" \u{301}x".trimmingWhitespace() == " \u{301}x".trimmingCharacters(in: .whitespaces))
  }
}
