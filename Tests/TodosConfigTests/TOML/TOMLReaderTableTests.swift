import Testing

@testable import TodosConfig

/// Keys and tables: bare, quoted and dotted keys, `[tables]`, `[[arrays of tables]]`, and the
/// file's order of keys.
@Suite struct TOMLReaderTableTests {
  @Test func bareQuotedAndDottedKeysWithCommentsAndBlankLines() throws {
    let root = try TOMLReader.parse(
      """
      # A comment, then a blank line

      bare_key-1 = 1   # after a value
      "quoted key" = 2
      'literal "key"' = 3
      "" = 4
      "\\u00E9t\\u00E9" = 5
      site . "google.com" . path = 6
      1234 = 7
      """)
    #expect(
      root
        == TOMLTable([
          "bare_key-1": .integer(1), "quoted key": .integer(2), #"literal "key""#: .integer(3),
          "": .integer(4), "été": .integer(5),
          "site": .table(TOMLTable(["google.com": .table(TOMLTable(["path": .integer(6)]))])),
          "1234": .integer(7),
        ]))
  }

  @Test func tablesNestedByHeadersAndDottedKeysInTheFilesOrder() throws {
    let root = try TOMLReader.parse(
      """
      top = true

      [keys]
      quit = "Q"

      [ views . "my view" ]
      query = "+work"

      [views.calls]
      key = "8"

      [fruit]
      apple.color = "red"
      apple.taste.sweet = true

      [fruit.apple.texture]  # a table inside one dotted keys made
      smooth = true
      """)
    #expect(root.map(\.key) == ["top", "keys", "views", "fruit"])
    #expect(
      root["views"]
        == .table(
          TOMLTable([
            "my view": .table(TOMLTable(["query": .string("+work")])),
            "calls": .table(TOMLTable(["key": .string("8")])),
          ])))
    #expect(
      root["fruit"]
        == .table(
          TOMLTable([
            "apple": .table(
              TOMLTable([
                "color": .string("red"),
                "taste": .table(TOMLTable(["sweet": .boolean(true)])),
                "texture": .table(TOMLTable(["smooth": .boolean(true)])),
              ]))
          ])))
  }

  @Test func aTableNamedOnTheWayMayBeDefinedLater() throws {
    let root = try TOMLReader.parse("[x.y.z]\na = 1\n[x]\nb = 2\n")
    #expect(
      root
        == TOMLTable([
          "x": .table(
            TOMLTable([
              "y": .table(TOMLTable(["z": .table(TOMLTable(["a": .integer(1)]))])),
              "b": .integer(2),
            ]))
        ]))
  }

  @Test func arraysOfTablesWithTheirSubTables() throws {
    let root = try TOMLReader.parse(
      """
      [[fruits]]
      name = "apple"

      [fruits.physical]
      color = "red"

      [[fruits.varieties]]
      name = "red delicious"

      [[fruits.varieties]]
      name = "granny smith"

      [[fruits]]
      name = "banana"

      [[fruits.varieties]]
      name = "plantain"

      [[empty]]
      [[empty]]
      """)
    let varieties: (String...) -> TOMLValue = { names in
      .array(names.map { .table(TOMLTable(["name": .string($0)])) })
    }
    #expect(
      root
        == TOMLTable([
          "fruits": .array([
            .table(
              TOMLTable([
                "name": .string("apple"),
                "physical": .table(TOMLTable(["color": .string("red")])),
                "varieties": varieties("red delicious", "granny smith"),
              ])),
            .table(
              TOMLTable(["name": .string("banana"), "varieties": varieties("plantain")])),
          ]),
          "empty": .array([.table(TOMLTable()), .table(TOMLTable())]),
        ]))
  }

  @Test func windowsLineEndingsAByteOrderMarkAndNoFinalNewline() throws {
    let root = try TOMLReader.parse(utf8: [0xEF, 0xBB, 0xBF] + Array("[a]\r\nb = 1\r\nc = 2".utf8))
    #expect(root == TOMLTable(["a": .table(TOMLTable(["b": .integer(1), "c": .integer(2)]))]))
    #expect(try TOMLReader.parse("") == TOMLTable())
    #expect(try TOMLReader.parse("\n  \t\n# only a comment") == TOMLTable())
  }
}
