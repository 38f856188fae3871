import Architecture
import ArchitectureTestSupport
import CustomDump
import IdentifiedCollections
import Testing

@testable import TodosFeature

/// TestStore failures print todos as a reader knows them (see CustomDump+TodosFeature.swift).
@MainActor
@Suite struct StateDumpTests {
  @Test func aDiffShowsDaysAsTodoTxtWritesThem() {
    let before = Todos.State(todos: [Todo.State(id: id(0), description: "Milk")])
    var after = before
    after.list.rows[id: id(0)]?.completionDate = testDay
    let difference = diff(before, after) ?? ""
    #expect(difference.contains("completionDate: 2024-05-01"))
    #expect(!difference.contains("packed"))
  }

  @Test func aDumpNamesTheTodosByTheirPublicName() {
    var output = ""
    customDump(Todos.State(todos: [Todo.State(id: id(0), description: "Milk")]), to: &output)
    #expect(output.contains("    rows: [\n"))
    #expect(!output.contains("storage"))
  }
}
