import Testing

@testable import TodosFeature

/// Messages and undo labels quote a todo, cut after 29 characters when it has more than 30.
@Suite struct QuotedTests {
  @Test func thirtyCharactersShowWholeAndThirtyOneAreCut() {
    let thirty = String(repeating: "a", count: 30)
    #expect(Todos.quoted(thirty) == "“\(thirty)”")
    #expect(Todos.quoted(thirty + "b") == "“\(String(repeating: "a", count: 29))…”")
  }

  @Test func charactersNotBytesAreCounted() {
    // 30 characters of two or more bytes each: whole, though far over 30 bytes.
    let accents = String(repeating: "é", count: 30)
    #expect(Todos.quoted(accents) == "“\(accents)”")
    let flags = String(repeating: "🇫🇷", count: 31)
    #expect(Todos.quoted(flags) == "“\(String(repeating: "🇫🇷", count: 29))…”")
    let combining = String(repeating: "e\u{301}", count: 31)
    #expect(Todos.quoted(combining) == "“\(String(repeating: "e\u{301}", count: 29))…”")
  }
}
