import Testing

@testable import TodosConfig

/// What TOML rejects, each with the line and column of the first thing wrong and what it is.
@Suite struct TOMLReaderErrorTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let text: String
    let line: Int
    let column: Int
    let message: String
    var testDescription: String { text.debugDescription }
  }

  static let tables: [Case] = [
    Case(
      text: "a = 1\nb = 2\na = 3\n", line: 3, column: 1,
      message: "the key a is set twice (a key can be set only once in a table)"),
    Case(
      text: "[keys]\nquit = \"Q\"\n\"quit\" = \"X\"\n", line: 3, column: 1,
      message: "the key quit is set twice (a key can be set only once in a table)"),
    Case(
      text: "[keys]\nquit = 1\n[colors]\n[keys]\n", line: 4, column: 2,
      message: "the table [keys] is defined twice (a table has one header; put its keys "
        + "under the first)"),
    Case(
      text: "[a]\nb.c = 1\n[a.b]\n", line: 3, column: 4,
      message: "the table [a.b] is already defined by dotted keys (a.b.… = …); a table is "
        + "defined only once"),
    Case(
      text: "[a.b]\nc = 1\n[a]\nb.d = 2\n", line: 4, column: 1,
      message: "the table b is defined by its own [header]: its keys go below that header, "
        + "not in a dotted key here"),
    Case(
      text: "a.b = 1\na.b.c = 2\n", line: 2, column: 3,
      message: "a.b is already set to a value, so it cannot also be a table"),
    Case(
      text: "colors = { due = \"red\" }\n[colors]\n", line: 2, column: 2,
      message: "colors is already set to a value, so [colors] cannot define it"),
    Case(
      text: "colors = { due = \"red\" }\n[colors.due]\n", line: 2, column: 2,
      message: "colors is already set to a value (an inline table or a list is closed), so "
        + "[colors.due] cannot go inside it"),
    Case(
      text: "a = { b = 1 }\na.c = 2\n", line: 2, column: 1,
      message: "a is already set to a value, so it cannot also be a table"),
    Case(
      text: "a = { b = 1, b = 2 }\n", line: 1, column: 14,
      message: "the key b is set twice (a key can be set only once in a table)"),
    Case(
      text: "list = []\n[[list]]\n", line: 2, column: 3,
      message: "list is already set to a value (a list written with [ ] is closed), so "
        + "[[list]] cannot add to it"),
    Case(
      text: "[[views]]\n[views]\n", line: 2, column: 2,
      message: "views is an array of tables ([[views]]), so [views] cannot define it"),
    Case(
      text: "[views]\n[[views]]\n", line: 2, column: 3,
      message: "views is already a table, so [[views]] cannot make it an array of tables"),
    Case(
      text: "[[a]]\n[a.b]\nc = 1\n[a]\n", line: 4, column: 2,
      message: "a is an array of tables ([[a]]), so [a] cannot define it"),
  ]

  static let syntax: [Case] = [
    Case(
      text: "[behavior]\ncreation_date = = false\n", line: 2, column: 17,
      message: "a value was expected (text in quotes, a number, true or false, [a list] or "
        + "{ a table }), not \"=\""),
    Case(
      text: "quit = Q\n", line: 1, column: 8,
      message: "Q is not a value TOML knows; text is written in quotes: \"Q\""),
    Case(
      text: "quit =\n", line: 1, column: 7,
      message: "a value was expected after \"=\", not the end of the line"),
    Case(text: "quit\n", line: 1, column: 5, message: "the key quit needs \"= value\" after it"),
    Case(
      text: "a = 1 b = 2\n", line: 1, column: 7,
      message: "the line should end here (a new key goes on a line of its own), not with \"b\""),
    Case(
      text: "[keys\nquit = 1\n", line: 1, column: 6,
      message: "the table header must end with ] after its name, not the end of the line"),
    Case(
      text: "a = [1, 2\n", line: 2, column: 1,
      message: "the list opened at line 1, column 5 has no closing \"]\""),
    Case(
      text: "a = [1 2]\n", line: 1, column: 8,
      message: "\",\" or \"]\" was expected after an element of the list, not \"2\""),
    Case(
      text: "a = { b = 1,\n c = 2 }\n", line: 1, column: 13,
      message: "the inline table opened at line 1, column 5 must close with \"}\" on the same "
        + "line"),
    Case(
      text: "a = { b = 1, }\n", line: 1, column: 14,
      message: "an inline table cannot have a comma after its last pair"),
    Case(
      text: "a = \"open\nb = 1\n", line: 1, column: 10,
      message: "the text that starts at column 5 has no closing \" on its line (text on "
        + "several lines is written in \"\"\")"),
    Case(
      text: "a = '''\nopen\n", line: 3, column: 1,
      message: "the text that starts with ''' on line 1 has no closing '''"),
    Case(
      text: "a = \"C:\\Users\"\n", line: 1, column: 8,
      message: "\\U needs 8 hex digits (0-9, A-F)"),
    Case(
      text: "a = \"tab\\qb\"\n", line: 1, column: 9,
      message: "\\q is not an escape TOML knows (\\b \\t \\n \\f \\r \\\" \\\\ \\uXXXX "
        + "\\UXXXXXXXX); a backslash itself is written \\\\"),
    Case(
      text: "a = \"\\e\"\n", line: 1, column: 6,
      message: "\\e is not an escape TOML knows (\\b \\t \\n \\f \\r \\\" \\\\ \\uXXXX "
        + "\\UXXXXXXXX); a backslash itself is written \\\\"),
    Case(
      text: "a = \"\\uD800\"\n", line: 1, column: 6,
      message: "U+D800 is not a Unicode character (a surrogate, or past U+10FFFF)"),
    Case(
      text: "a = \"bell \u{7}\"\n", line: 1, column: 11,
      message: "a control character (U+0007) cannot be written in text (write it as an "
        + "escape, such as \\t or \\u001B)"),
    Case(
      text: "a = 'x\u{7F}'\n", line: 1, column: 7,
      message: "a control character (U+007F) cannot be written in a 'literal' string"),
    Case(
      text: "# escape \u{1B}[0m\n", line: 1, column: 10,
      message: "a control character (U+001B) cannot be written in a comment"),
    Case(
      text: "a = \"x\u{0}\"\n", line: 1, column: 7,
      message: "a NUL byte cannot be written in text (write it as an escape, such as \\t or "
        + "\\u001B)"),
    Case(
      text: "a = 1\rb = 2\n", line: 1, column: 6,
      message: "a carriage return (U+000D) must be followed by a line feed"),
    Case(
      text: "a = 012\n", line: 1, column: 5,
      message: "012: a number cannot start with 0 (but 0 itself)"),
    Case(
      text: "a = 1__000\n", line: 1, column: 7,
      message: "1__000: digits were expected here (an _ goes only between two digits)"),
    Case(
      text: "a = -0x1F\n", line: 1, column: 5,
      message: "-0x1F: a hex, octal or binary number cannot have a sign"),
    Case(
      text: "a = 9223372036854775808\n", line: 1, column: 5,
      message: "9223372036854775808 is too large for a whole number (at most "
        + "9223372036854775807)"),
    Case(
      text: "a = 1.\n", line: 1, column: 7,
      message: "1.: digits were expected here (an _ goes only between two digits)"),
    Case(
      text: "a = 2026-02-30\n", line: 1, column: 5,
      message: "2026-02-30 is not a date or time TOML knows (such as 2026-11-26, 07:32:00, "
        + "2026-11-26T07:32:00 or 2026-11-26T07:32:00+01:00)"),
    Case(
      text: "a = 07:32\n", line: 1, column: 5,
      message: "07:32 is not a date or time TOML knows (such as 2026-11-26, 07:32:00, "
        + "2026-11-26T07:32:00 or 2026-11-26T07:32:00+01:00)"),
    Case(
      text: "[keys]\n\"caf\u{E9}\" = 1\ncaf\u{E9} = 2\n", line: 3, column: 4,
      message: "\"é\" cannot be in a bare key (only A-Z a-z 0-9 _ -): put the key in quotes"),
  ]

  @Test(arguments: tables + syntax) func isRejectedWithItsPlaceAndReason(_ wrong: Case) {
    #expect(throws: TOMLError(line: wrong.line, column: wrong.column, message: wrong.message)) {
      try TOMLReader.parse(wrong.text)
    }
  }

  @Test func valuesNestedTooDeepAreAnErrorNotACrash() throws {
    let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
    #expect(try TOMLReader.parse("a = \(deep)\n")["a"] != nil)
    #expect(
      throws: TOMLError(
        line: 1, column: 355, message: "lists and inline tables nest at most 100 deep here")
    ) {
      try TOMLReader.parse("a = " + String(repeating: "[{ b = ", count: 1_000))
    }
  }

  @Test func bytesThatAreNotUTF8AreRejected() {
    let cases: [([UInt8], Int, Int, String)] = [
      // A lone continuation byte in a comment.
      (Array("a = 1 # caf".utf8) + [0xA9] + [0x0A], 1, 12, "the byte 0xA9 is not UTF-8"),
      // Latin-1 é in text, on the second line.
      (
        Array("a = 1\nb = \"caf".utf8) + [0xE9, 0x22, 0x0A], 2, 9,
        "the bytes here are not UTF-8 (a file must be saved as UTF-8)"
      ),
      // An overlong "/" (C0 AF) and an encoded surrogate (ED A0 80).
      (Array("a = '".utf8) + [0xC0, 0xAF, 0x27], 1, 6, "the byte 0xC0 is not UTF-8"),
      (
        Array("a = '".utf8) + [0xED, 0xA0, 0x80, 0x27], 1, 6,
        "the bytes here are not UTF-8 (a file must be saved as UTF-8)"
      ),
      (Array("a = ".utf8) + [0xFF], 1, 5, "the byte 0xFF is not UTF-8"),
      (
        Array("".utf8) + [0xC3, 0x28, 0x20, 0x3D, 0x20, 0x31], 1, 1,
        "the bytes here are not UTF-8 (a file must be saved as UTF-8)"
      ),
    ]
    for (bytes, line, column, message) in cases {
      #expect(throws: TOMLError(line: line, column: column, message: message)) {
        try TOMLReader.parse(utf8: bytes)
      }
    }
  }
}
