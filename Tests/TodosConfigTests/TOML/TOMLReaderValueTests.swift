import Testing

@testable import TodosConfig

/// Every kind of value `TOMLReader` reads, each as TOML 1.0 writes it.
@Suite struct TOMLReaderValueTests {
  /// The value of `v` in `v = <written>`.
  func value(_ written: String) throws -> TOMLValue? {
    try TOMLReader.parse("v = \(written)\n")["v"]
  }

  @Test func basicStringsWithEveryEscape() throws {
    #expect(try value(#""plain text, é and 😀""#) == .string("plain text, é and 😀"))
    #expect(try value(#""""#) == .string(""))
    #expect(
      try value(#""\b\t\n\f\r\"\\ \u00E9 \U0001F600""#)
        == .string("\u{8}\t\n\u{C}\r\"\\ é 😀"))
    #expect(try value("\"a\ttab\"") == .string("a\ttab"))  // a real tab is allowed
  }

  @Test func literalStringsAreAsWritten() throws {
    #expect(try value(#"'C:\Users\me\todo.txt'"#) == .string(#"C:\Users\me\todo.txt"#))
    #expect(try value(#"'say "hi"'"#) == .string(#"say "hi""#))
    #expect(try value("''") == .string(""))
  }

  @Test func multiLineBasicStrings() throws {
    // The newline right after the opening quotes is not part of the text.
    #expect(try value("\"\"\"\nRoses\nViolets\"\"\"") == .string("Roses\nViolets"))
    #expect(try value("\"\"\"\r\nCRLF\r\nlines\"\"\"") == .string("CRLF\nlines"))
    // A backslash at the end of a line joins the next, without the spaces and blank lines.
    #expect(
      try value("\"\"\"\nThe quick \\\n\n    brown \\   \n  fox.\"\"\"")
        == .string("The quick brown fox."))
    #expect(try value(#""""tab\there \u00E9""""#) == .string("tab\there é"))
    // One or two quotes may come right before the closing three.
    #expect(try value(#""""He said "yes"""""#) == .string(#"He said "yes""#))
    #expect(try value(#"""""quoted"""""#) == .string(#""quoted""#))
    #expect(try value(#""""a "" b""""#) == .string(#"a "" b"#))
  }

  @Test func multiLineLiteralStrings() throws {
    #expect(
      try value("'''\nThe first newline is\ntrimmed \\n as written\n'''")
        == .string("The first newline is\ntrimmed \\n as written\n"))
    #expect(try value("'''It's ''fine'''''") == .string("It's ''fine''"))
  }

  @Test func integers() throws {
    #expect(try value("42") == .integer(42))
    #expect(try value("+17") == .integer(17))
    #expect(try value("-17") == .integer(-17))
    #expect(try value("0") == .integer(0))
    #expect(try value("-0") == .integer(0))
    #expect(try value("1_000_000") == .integer(1_000_000))
    #expect(try value("0xDEAD_beef") == .integer(0xDEAD_BEEF))
    #expect(try value("0o755") == .integer(0o755))
    #expect(try value("0b1101_0110") == .integer(0b1101_0110))
    #expect(try value("0x00ff") == .integer(255))
    #expect(try value("9223372036854775807") == .integer(.max))
    #expect(try value("-9223372036854775808") == .integer(.min))
    #expect(try value("0x7FFFFFFFFFFFFFFF") == .integer(.max))
  }

  @Test func floats() throws {
    #expect(try value("3.1415") == .float(3.1415))
    #expect(try value("-0.01") == .float(-0.01))
    #expect(try value("+1.5") == .float(1.5))
    #expect(try value("5e+22") == .float(5e22))
    #expect(try value("1e06") == .float(1e6))
    #expect(try value("-2E-2") == .float(-0.02))
    #expect(try value("6.626e-34") == .float(6.626e-34))
    #expect(try value("224_617.445_991") == .float(224_617.445_991))
    #expect(try value("inf") == .float(.infinity))
    #expect(try value("+inf") == .float(.infinity))
    #expect(try value("-inf") == .float(-.infinity))
    #expect(try value("nan")?.double?.isNaN == true)
    #expect(try value("-nan")?.double?.isNaN == true)
    #expect(try value("-0.0")?.double?.sign == .minus)
  }

  @Test func booleans() throws {
    #expect(try value("true") == .boolean(true))
    #expect(try value("false") == .boolean(false))
  }

  @Test func datesAndTimesAreKeptAsWrittenWithTheirKind() throws {
    let cases: [(String, TOMLDateTime.Kind)] = [
      ("1979-05-27T07:32:00Z", .offsetDateTime),
      ("1979-05-27T00:32:00-07:00", .offsetDateTime),
      ("1979-05-27 00:32:00.999999+01:30", .offsetDateTime),
      ("1979-05-27t07:32:00z", .offsetDateTime),
      ("1979-05-27T07:32:00", .localDateTime),
      ("1979-05-27 07:32:00.5", .localDateTime),
      ("1979-05-27", .localDate),
      ("2024-02-29", .localDate),
      ("07:32:00", .localTime),
      ("00:32:00.999999", .localTime),
      ("23:59:60", .localTime),
    ]
    for (text, kind) in cases {
      #expect(try value(text) == .dateTime(TOMLDateTime(kind: kind, text: text)), "\(text)")
    }
    // A date and a comment after it: the space does not start a time.
    #expect(
      try TOMLReader.parse("d = 2026-11-26 # today\n")["d"]
        == .dateTime(TOMLDateTime(kind: .localDate, text: "2026-11-26")))
  }

  @Test func arraysOverLinesWithCommentsAndATrailingComma() throws {
    #expect(try value("[]") == .array([]))
    #expect(try value("[ 1, 2, 3 ]") == .array([.integer(1), .integer(2), .integer(3)]))
    #expect(
      try value("[\n  \"q\",  # the usual\n  'ctrl-c',\n\n]\n")
        == .array([.string("q"), .string("ctrl-c")]))
    #expect(
      try value("[[1, 2], ['a'], [], 1.5, true, { x = 1 }]")
        == .array([
          .array([.integer(1), .integer(2)]), .array([.string("a")]), .array([]), .float(1.5),
          .boolean(true), .table(TOMLTable(["x": .integer(1)])),
        ]))
  }

  @Test func inlineTablesWithDottedKeysAndNesting() throws {
    #expect(try value("{}") == .table(TOMLTable()))
    #expect(
      try value(##"{ fg = "black", bg = "#5fafff", bold = true }"##)
        == .table(
          TOMLTable(["fg": .string("black"), "bg": .string("#5fafff"), "bold": .boolean(true)])))
    #expect(
      try value(#"{ a.b = 1, a.c = 2, "d e" = { f = [] } }"#)
        == .table(
          TOMLTable([
            "a": .table(TOMLTable(["b": .integer(1), "c": .integer(2)])),
            "d e": .table(TOMLTable(["f": .array([])])),
          ])))
  }

  @Test func aValueIsWrittenBackAsTOMLOnOneLine() throws {
    let root = try TOMLReader.parse(
      #"v = [1, 2.5, "a\"b", true, { fg = "red", "my key" = [] }, 1979-05-27, inf]"#)
    #expect(
      root["v"]?.tomlText
        == #"[1, 2.5, "a\"b", true, { fg = "red", "my key" = [] }, 1979-05-27, inf]"#)
  }
}
