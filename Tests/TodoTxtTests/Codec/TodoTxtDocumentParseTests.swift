import Testing

@testable import TodoTxt

/// The parse that hands each todo line to the caller, and the line count it reserves with.
@Suite struct TodoTxtDocumentParseTests {
  @Test func theLineCountIsTheLinesParseMakes() {
    for text in ["", "a", "a\n", "a\nb", "a\nb\n", "\n\n", "\r\n", "# one\n\nthree"] {
      let bytes = Array(text.utf8)
      #expect(
        TodoTxtDocument.lineCount(bytes) == TodoTxtDocument.parse(bytes).lines.count,
        "\(text.debugDescription)")
    }
  }

  /// Each todo line becomes what the caller makes of it, in file order; the other lines and
  /// the file's facts are parse's own.
  @Test func eachTodoLineBecomesWhatTheCallerMakesOfIt() {
    let bytes = Array("\u{FEFF}(A) one\r\n# note\r\nx 2024-05-01 two\r\n\r\nthree".utf8)
    var seen: [String] = []
    let document = TodoTxtDocument.parse(bytes) { line in
      seen.append(line.text)
      return .opaque(Array("#\(seen.count)".utf8))
    }
    let parsed = TodoTxtDocument.parse(bytes)
    #expect(seen == ["one", "two", "three"])
    #expect(document.lines.count == parsed.lines.count)
    #expect(document.lines[1] == parsed.lines[1])
    #expect(document.lines[2] == .opaque(Array("#2".utf8)))
    #expect(
      (document.lineEnding, document.hasFinalNewline, document.startsWithByteOrderMark)
        == (.crlf, false, true))
  }
}
