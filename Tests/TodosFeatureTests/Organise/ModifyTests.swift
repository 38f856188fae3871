import Foundation
import Testing
import TodoTxt

@testable import TodosFeature

/// What modifying does to one todo (`Modify`): the pure part of `m`.
@Suite struct ModifyTests {
  let monday = TodoDate(string: "2026-11-23")!

  func words(_ text: String) -> [Modify.Word] {
    (try? Modify.words(parsing: text, today: monday).get()) ?? []
  }

  func problem(_ text: String) -> String? {
    if case .failure(let problem) = Modify.words(parsing: text, today: monday) {
      return problem.message
    }
    return nil
  }

  func modified(_ description: String, priority: Character? = nil, _ text: String) -> Todo.State {
    let todo = Todo.State(id: UUID(counter: 0), description: description, priority: priority)
    return Modify.modifying(todo, with: words(text))
  }

  @Test func wordsAreReadAsAddsAndRemoves() {
    #expect(
      words("+work @home due:fri t:tomorrow pri:b rec:1w")
        == [
          .addTag("+work"), .addTag("@home"), .setKey("due", "2026-11-27"),
          .setKey("t", "2026-11-24"), .setPriority("B"), .setKey("rec", "1w"),
        ])
    #expect(
      words("-+work  -@home -due -t -pri")
        == [
          .removeTag("+work"), .removeTag("@home"), .removeKey("due"), .removeKey("t"),
          .removePriority,
        ])
  }

  @Test func badWordsSayWhatIsWrong() {
    #expect(
      problem("+work banana")
        == "“banana” is not a tag · To fix, type +project @context key:value pri:B to add, "
        + "-+project -@context -due -t -pri to remove")
    #expect(problem("due:banana") == Postpone.notADate("banana"))
    #expect(problem("pri:1") == "“pri:1” is not a priority · To fix, type pri:A to pri:Z")
    #expect(problem("   ")?.hasPrefix("Nothing to modify · To fix, type +project") == true)
  }

  @Test func addingATagTheTodoHasDoesNothing() {
    let todo = Todo.State(
      id: UUID(counter: 0), description: "Call +work", rawLine: Array("Call +work".utf8))
    #expect(Modify.modifying(todo, with: [.addTag("+work")]) == todo)
    #expect(modified("Call +work", "+work @home").description == "Call +work @home")
  }

  @Test func removingTakesEveryCopyAndKeepsTheSpacing() {
    #expect(modified("+work Call +work Bob", "-+work").description == "Call Bob")
    #expect(modified("Call @home", "-@home -+none").description == "Call")
    #expect(
      modified("Call due:2026-11-20 t:2026-11-18 Bob", "-due -t").description == "Call Bob")
  }

  @Test func aKeySetsTheFirstTagInPlaceOrIsAdded() {
    #expect(
      modified("Call due:2026-11-20 Bob", "due:fri").description == "Call due:2026-11-27 Bob")
    #expect(modified("Call", "due:2026-12-01").description == "Call due:2026-12-01")
  }

  @Test func priSetsTheTodoTxtPriority() {
    let todo = modified("Call", "pri:B")
    #expect(todo.priority == "B")
    #expect(todo.description == "Call")
    #expect(modified("Call", priority: "A", "-pri").priority == nil)
  }

  @Test func statusCountsTheChangedTodos() {
    let todo = Todo.State(id: UUID(counter: 0), description: "Call Bob")
    #expect(Modify.status(count: 4, first: todo) == "Modified 4 todos")
    #expect(Modify.status(count: 1, first: todo) == "Modified “Call Bob”")
    #expect(Modify.status(count: 0, first: nil) == "No todo changed: they have those tags already")
  }
}
