import Architecture
import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import Testing

@testable import TodosFeature

/// `E`: the selected todo's line goes to the editor dependency; what comes back replaces it.
@MainActor
@Suite struct ExternalEditTests {
  /// A store whose editor records the text it was given and answers `outcome`.
  func makeStore(
    _ state: Todos.State, outcome: ExternalEditor.Outcome, seen: Box? = nil
  ) -> TestStore<Todos.State, Todos.Action> {
    var environment = TodosEnvironment.test(scheduler: scheduler)
    environment.uuid = UUID.incrementing(from: 10)
    environment.editor = ExternalEditor { text in
      seen?.value = text
      return outcome
    }
    return TestStore(initialState: state, reducer: Todos.reducer(environment))
  }

  final class Box: @unchecked Sendable { var value: String? }

  /// The status line's 3 s run on it; `expire` lets them pass.
  let scheduler = TestScheduler()

  /// The status message goes after its 3 s.
  func expire(_ store: TestStore<Todos.State, Todos.Action>) {
    scheduler.advance(by: Todos.statusDuration)
    store.receive(.statusMessageExpired) { $0.status = nil }
  }

  let start = Todos.State(
    todos: [todo(0, "Alpha"), Todo.State(id: id(1), description: "Beta", priority: "A")],
    selectedID: id(1))

  @Test func theEditorGetsTheTodosLineAndItsTextReplacesTheTodo() {
    let seen = Box()
    let store = makeStore(start, outcome: .saved("(B) Beta +work\n"), seen: seen)
    store.send(.externalEdit(.keyPressed))
    #expect(seen.value == "(A) Beta\n")
    let edited = Todo.State(
      id: id(1), description: "Beta +work", priority: "B",
      rawLine: Array("(B) Beta +work".utf8))
    store.receive(.externalEdit(.finished(id(1), .saved("(B) Beta +work\n")))) {
      $0.list.rows = [todo(0, "Alpha"), edited]
      $0.list.revision = 1
      $0.history.undoStack = [
        History.Entry(
          label: "edit “Beta” in the editor",
          changes: [.update([self.start.list[id: id(1)]!]), .remove([])], selectedID: id(1))
      ]
      // A one-line edit says so too, not only one that makes several todos.
      $0.status = Todos.StatusMessage("Edited “Beta +work” · u to undo")
    }
    store.send(.history(.undoKeyPressed)) {
      $0.list.rows = self.start.list.rows
      $0.list.revision = 2
      $0.history.undoStack = []
      $0.history.redoStack = [
        History.Entry(
          label: "edit “Beta” in the editor",
          changes: [.insert([]), .update([edited])], selectedID: id(1))
      ]
      $0.status = Todos.StatusMessage("Undid edit “Beta” in the editor · Ctrl-R to redo")
    }
    expire(store)
  }

  @Test func severalLinesBecomeSeveralTodosInItsPlaceAsOneUndoStep() {
    let text = "Beta one\n\nBeta two\r\nBeta three\n"
    let store = makeStore(start, outcome: .saved(text))
    store.send(.externalEdit(.keyPressed))
    store.receive(.externalEdit(.finished(id(1), .saved(text)))) {
      $0.list.rows = [
        todo(0, "Alpha"), todo(1, "Beta one", raw: "Beta one"),
        todo(10, "Beta two", raw: "Beta two"), todo(11, "Beta three", raw: "Beta three"),
      ]
      $0.list.revision = 1
      $0.history.undoStack = [
        History.Entry(
          label: "edit “Beta” in the editor",
          changes: [.update([self.start.list[id: id(1)]!]), .remove([id(10), id(11)])],
          selectedID: id(1))
      ]
      $0.status = Todos.StatusMessage("Edited “Beta” into 3 todos · u to undo")
    }
    store.send(.history(.undoKeyPressed)) {
      $0.list.rows = self.start.list.rows
      $0.list.revision = 2
      $0.history.undoStack = []
      $0.history.redoStack = [
        History.Entry(
          label: "edit “Beta” in the editor",
          changes: [
            .insert([
              TodoList.IndexedTodo(todo(10, "Beta two", raw: "Beta two"), at: 2),
              TodoList.IndexedTodo(todo(11, "Beta three", raw: "Beta three"), at: 3),
            ]),
            .update([todo(1, "Beta one", raw: "Beta one")]),
          ], selectedID: id(1))
      ]
      $0.status = Todos.StatusMessage("Undid edit “Beta” in the editor · Ctrl-R to redo")
    }
    expire(store)
  }

  @Test func aTodoCompletedInTheEditorSettlesLikeAToggledOne() {
    let text = "x 2024-05-01 Beta pri:A\n"
    let store = makeStore(start, outcome: .saved(text))
    store.send(.externalEdit(.keyPressed))
    let done = Todo.State(
      id: id(1), description: "Beta", isComplete: true, priority: "A",
      completionDate: testDay, rawLine: Array("x 2024-05-01 Beta pri:A".utf8))
    store.exhaustivity = .off  // the undo steps are the History tests' to assert
    store.receive(.externalEdit(.finished(id(1), .saved(text)))) {
      $0.list.rows = [todo(0, "Alpha"), done]
      $0.list.revision = 1
      $0.settling = [id(1)]
      $0.status = Todos.StatusMessage("Edited “Beta” · u to undo")
    }
    scheduler.advance(by: Todos.settleDelay)
    store.receive(.sortCompletedTodos) { $0.settling = [] }
    scheduler.advance(by: Todos.statusDuration - Todos.settleDelay)
    store.receive(.statusMessageExpired) { $0.status = nil }
  }

  @Test func anEmptyFileDeletesTheTodo() {
    let store = makeStore(start, outcome: .saved("\n  \n"))
    store.send(.externalEdit(.keyPressed))
    store.exhaustivity = .off  // the undo steps are the History tests' to assert
    store.receive(.externalEdit(.finished(id(1), .saved("\n  \n")))) {
      $0.list.rows = [todo(0, "Alpha")]
      $0.list.revision = 1
      $0.viewport.selectedID = id(0)
      $0.status = Todos.StatusMessage("Deleted “Beta” · u to undo")
    }
    expire(store)
  }

  @Test func aFailedEditorOrACommentLineChangesNothingAndSaysSo() {
    let failed = makeStore(start, outcome: .failed("vi exited with status 1"))
    failed.send(.externalEdit(.keyPressed))
    failed.receive(.externalEdit(.finished(id(1), .failed("vi exited with status 1")))) {
      $0.status = Todos.StatusMessage(
        "Editor: vi exited with status 1 · nothing changed", kind: .error)
    }
    expire(failed)
    let comment = makeStore(start, outcome: .saved("# Beta\n"))
    comment.send(.externalEdit(.keyPressed))
    comment.receive(.externalEdit(.finished(id(1), .saved("# Beta\n")))) {
      $0.status = Todos.StatusMessage(
        "Not a todo line: “# Beta” · nothing changed (a todo line cannot start with #)",
        kind: .error)
    }
    expire(comment)
  }

  @Test func controlCharactersFromTheEditorBecomeReplacementsAndALoneCRASpace() {
    // NUL, ESC, BEL, a C1 control, a lone CR inside a line, then a CR LF line end.
    let text = "Beta\u{0}one\u{1B}[31m\u{7}\rtwo\r\nGamma\u{9B}x\n"
    let store = makeStore(start, outcome: .saved(text))
    store.send(.externalEdit(.keyPressed))
    let first = "Beta\u{FFFD}one\u{FFFD}[31m\u{FFFD} two"
    let second = "Gamma\u{FFFD}x"
    store.receive(.externalEdit(.finished(id(1), .saved(text)))) {
      $0.list.rows = [todo(0, "Alpha"), todo(1, first, raw: first), todo(10, second, raw: second)]
      $0.list.revision = 1
      $0.history.undoStack = [
        History.Entry(
          label: "edit “Beta” in the editor",
          changes: [.update([self.start.list[id: id(1)]!]), .remove([id(10)])],
          selectedID: id(1))
      ]
      $0.status = Todos.StatusMessage("Edited “Beta” into 2 todos · u to undo")
    }
    // What the file gets: no control byte at all (a tab would be kept, as typed).
    let written: [UInt8] = store.state.list.rows.flatMap { $0.line.serialized() + [0x0A] }
    #expect(!written.contains { byte in byte < 0x20 && byte != 0x0A || byte == 0x7F })
    #expect(
      String(decoding: written, as: UTF8.self) == "Alpha\n\(first)\n\(second)\n")
    expire(store)
  }

  @Test(arguments: ["", "\r"])
  func aLineBackUntouchedKeepsItsControlCharactersAndIsNoChange(lineEnd: String) {
    // Kept byte for byte, in a CR LF file the todo's bytes end in its CR.
    let bell = Todo.State(
      id: id(1), description: "Beta\u{FFFD}", rawLine: Array("Beta\u{7}\(lineEnd)".utf8))
    let state = Todos.State(todos: [todo(0, "Alpha"), bell], selectedID: id(1))
    let seen = Box()
    let back = "Beta\u{7}\(lineEnd)\n"
    let store = makeStore(state, outcome: .saved(back), seen: seen)
    store.send(.externalEdit(.keyPressed))
    #expect(seen.value == back)
    store.receive(.externalEdit(.finished(id(1), .saved(back)))) {
      $0.status = Todos.StatusMessage("No change")
    }
    expire(store)
  }

  @Test func bytesThatAreNotUTF8ReadAsReplacementCharacters() {
    let text = ExternalEditor.text(ofFile: [0x42, 0xFF, 0x65, 0xC3, 0x0A])
    #expect(text == "B\u{FFFD}e\u{FFFD}\n")
    #expect(ExternalEditResult.lines(of: text, original: "") == ["B\u{FFFD}e\u{FFFD}", ""])
  }

  @Test func theSameLineBackIsNoChangeAndNoSelectionIsNoEdit() {
    let store = makeStore(start, outcome: .saved("(A) Beta\n"))
    store.send(.externalEdit(.keyPressed))
    store.receive(.externalEdit(.finished(id(1), .saved("(A) Beta\n")))) {
      $0.status = Todos.StatusMessage("No change")
    }
    expire(store)
    var none = start
    none.viewport.selectedID = nil
    let seen = Box()
    let unselected = makeStore(none, outcome: .saved("x"), seen: seen)
    unselected.send(.externalEdit(.keyPressed))
    #expect(seen.value == nil)
    #expect(Keymap.action(for: .character("E"), in: none) == nil)
    #expect(Keymap.action(for: .character("E"), in: start) == .externalEdit(.keyPressed))
  }
}

extension UUID {
  /// Like `incrementing()`, from `first`.
  @MainActor
  static func incrementing(from first: UInt64) -> @MainActor () -> UUID {
    var next = first
    return {
      defer { next += 1 }
      return UUID(counter: next)
    }
  }
}
