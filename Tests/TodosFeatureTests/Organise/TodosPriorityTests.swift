import ArchitectureTestSupport
import Foundation
import Testing

@testable import TodosFeature

/// A todo.txt priority is typed and edited as the file writes it: "(A) " before the text.
@MainActor
@Suite struct TodosPriorityTests {
  @Test func typingAPriorityPrefixSetsThePriority() {
    let (store, _) = makeStore()
    store.send(.addKeyPressed) {
      $0.mode = .editing(Editor.State(id: id(0), isNew: true, field: TextField()))
    }
    store.send(.editor(.textEdited(.insert("(A) Call Mom")))) {
      $0.mode = .editing(
        Editor.State(id: id(0), isNew: true, field: TextField(text: "(A) Call Mom")))
    }
    store.send(.editor(.enterPressed)) {
      $0.mode = .normal
      $0.list.rows = [
        Todo.State(id: id(0), description: "Call Mom", priority: "A", creationDate: testDay)
      ]
      $0.viewport.selectedID = id(0)
      $0.list.revision = 1
      $0.history.undoStack = [
        History.Entry(label: "add “Call Mom”", changes: [.remove([id(0)])], selectedID: nil)
      ]
    }
    store.finish()
  }

  @Test func editingShowsThePriorityAndRemovingItClearsIt() {
    var call = todo(0, "Call Mom", raw: "(B) Call Mom")
    call.priority = "B"
    let (store, _) = makeStore(Todos.State(todos: [call], selectedID: id(0)))
    store.send(.editKeyPressed) {
      $0.mode = .editing(
        Editor.State(id: id(0), isNew: false, field: TextField(text: "(B) Call Mom")))
    }
    store.send(.editor(.textEdited(.moveToStart))) {
      $0.mode = .editing(
        Editor.State(
          id: id(0), isNew: false, field: TextField(text: "(B) Call Mom", cursor: 0)))
    }
    for remaining in ["B) Call Mom", ") Call Mom", " Call Mom", "Call Mom"] {
      store.send(.editor(.textEdited(.deleteForward))) {
        $0.mode = .editing(
          Editor.State(id: id(0), isNew: false, field: TextField(text: remaining, cursor: 0)))
      }
    }
    store.send(.editor(.enterPressed)) {
      $0.mode = .normal
      $0.list.rows[id: id(0)]?.priority = nil
      $0.list.rows[id: id(0)]?.rawLine = nil
      $0.list.revision = 1
      $0.history.undoStack = [
        History.Entry(label: "edit “Call Mom”", changes: [.update([call])], selectedID: id(0))
      ]
    }
    store.finish()
  }

  @Test func onlyAnUppercaseLetterInParenthesesFollowedByASpaceIsAPriority() {
    #expect(splitPriority("(A) Call Mom") == ("A", "Call Mom"))
    #expect(splitPriority("(Z) x") == ("Z", "x"))
    #expect(splitPriority("(b) lower case") == (nil, "(b) lower case"))
    #expect(splitPriority("(A)->no space") == (nil, "(A)->no space"))
    #expect(splitPriority("(A)") == (nil, "(A)"))
    #expect(splitPriority("(AB) two letters") == (nil, "(AB) two letters"))
  }
}
