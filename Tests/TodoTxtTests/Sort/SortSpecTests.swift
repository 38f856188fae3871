import Testing
import TodoTxt

/// Reading sort orders: keys with tie-breaks, `asc`/`desc`, and what a bad one says.
@Suite struct SortSpecTests {
  @Test func keysAreReadInOrderEachAscendingUnlessDesc() throws {
    let spec = try SortSpec(parsing: "due desc, Priority ,file asc")
    #expect(
      spec.fields == [
        SortSpec.Field(.due, descending: true), SortSpec.Field(.priority), SortSpec.Field(.file),
      ])
    #expect(spec.description == "due desc,priority,file")
    #expect(spec.title == "by due desc, priority, file")
    #expect(try SortSpec(parsing: spec.description) == spec)
  }

  @Test func everyKeyIsRead() throws {
    let spec = try SortSpec(parsing: "priority,due,t,created,completed,text,file")
    #expect(spec.fields.map(\.key) == SortSpec.Key.allCases)
  }

  @Test func anUnknownKeySaysWhichAndHowToFix() {
    #expect(
      throws: SortSpec.ParseError(
        message: "There is no sort key \"prio\".",
        fix: "To fix, use priority, due, t, created, completed, text, file (each may be "
          + "followed by asc or desc), such as \"due,priority desc\".")
    ) { try SortSpec(parsing: "due,prio") }
  }

  @Test func aBadDirectionOrAMissingCommaIsSaid() {
    #expect(
      throws: SortSpec.ParseError(
        message: "The sort key \"due priority\" can only be followed by asc or desc.",
        fix: "To fix, write \"due\" or \"due desc\", and a comma before the next key.")
    ) { try SortSpec(parsing: "due priority") }
  }

  @Test func anEmptyKeyIsSaid() {
    #expect(
      throws: SortSpec.ParseError(
        message: "The sort order \"due,,file\" has an empty key.",
        fix: "To fix, write keys apart by single commas, such as \"due,priority\".")
    ) { try SortSpec(parsing: "due,,file") }
    #expect(throws: SortSpec.ParseError.self) { try SortSpec(parsing: "") }
  }

  @Test func theDefaultCycleIsFilePriorityDue() {
    #expect(SortSpec.defaultCycle.map(\.description) == ["file", "priority", "due"])
  }
}
