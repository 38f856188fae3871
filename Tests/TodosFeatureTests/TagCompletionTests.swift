import Architecture
import ArchitectureTestSupport
import Foundation
import SnapshotTesting
import TerminalUI
import TerminalUITestSupport
import Testing
import TodoTxt

@testable import TodosFeature

/// Typing help in the editor: Tab completes a `+project`/`@context` from the file's tags,
/// and the hint line reads a `due:`/`t:` word under the caret.
@MainActor
@Suite struct TagCompletionTests {
  let tags: [TagIndex.Kind: [String]] = [
    .project: ["+home", "+work", "+Workshop"], .context: ["@phone"],
  ]

  func editor(_ text: String, cursor: Int? = nil) -> Editor.State {
    Editor.State(id: id(9), isNew: true, field: TextField(text: text, cursor: cursor))
  }

  func tab(_ editor: inout Editor.State, forward: Bool = true) {
    editor.completeTag(forward: forward) { tags[$0] ?? [] }
  }

  @Test func tabCompletesTheFirstMatchThenCyclesAndShiftTabGoesBack() {
    var state = editor("Call +wo")
    tab(&state)
    #expect(state.field == TextField(text: "Call +work", cursor: 10))
    tab(&state)
    #expect(state.field == TextField(text: "Call +Workshop", cursor: 14))
    tab(&state)
    #expect(state.field == TextField(text: "Call +work", cursor: 10))
    tab(&state, forward: false)
    #expect(state.field == TextField(text: "Call +Workshop", cursor: 14))
    #expect(
      state.completion == TagCompletion(start: 5, candidates: ["+work", "+Workshop"], index: 1))
  }

  @Test func shiftTabStartsFromTheLastMatchAndContextsComplete() {
    var state = editor("+wo")
    tab(&state, forward: false)
    #expect(state.field.text == "+Workshop")
    var call = editor("@p now", cursor: 2)
    tab(&call)
    #expect(call.field == TextField(text: "@phone now", cursor: 6))
  }

  @Test func nothingToCompleteLeavesTheFieldAsItIs() {
    for text in ["Call", "Call +", "Call +zz", "Call ", "a+wo", "Call +home", "@work"] {
      var state = editor(text)
      tab(&state)
      #expect(state == editor(text), "\(text)")
    }
  }

  @Test func typingAfterACompletionStartsAFreshOne() {
    var state = editor("+h")
    tab(&state)
    #expect(state.field.text == "+home")
    _ = Editor.reducer.reduce(into: &state, action: .textEdited(.insert(" +w")))
    #expect(state.completion == nil)
    tab(&state)
    #expect(state.field.text == "+home +work")
  }

  @Test func tabInTheEditorCompletesFromTheList() {
    let (store, _) = makeStore(
      Todos.State(todos: [todo(0, "Plan +home"), todo(1, "Fix +house")], selectedID: id(0)))
    #expect(
      Keymap.action(for: .tab, in: editingState())
        == .editor(.tagCompletionRequested(forward: true)))
    #expect(
      Keymap.action(for: .backTab, in: editingState())
        == .editor(.tagCompletionRequested(forward: false)))
    store.send(.addKeyPressed) { $0.mode = .editing(.new(id: id(0))) }
    store.send(.editor(.textEdited(.insert("Paint +ho")))) {
      $0.mode = .editing(Editor.State(id: id(0), isNew: true, field: TextField(text: "Paint +ho")))
    }
    store.send(.editor(.tagCompletionRequested(forward: true))) {
      var editor = Editor.State(id: id(0), isNew: true, field: TextField(text: "Paint +home"))
      editor.completion = TagCompletion(start: 6, candidates: ["+home", "+house"], index: 0)
      $0.mode = .editing(editor)
    }
    store.send(.editor(.tagCompletionRequested(forward: true))) {
      var editor = Editor.State(id: id(0), isNew: true, field: TextField(text: "Paint +house"))
      editor.completion = TagCompletion(start: 6, candidates: ["+home", "+house"], index: 1)
      $0.mode = .editing(editor)
    }
    store.send(.editor(.escapePressed)) { $0.mode = .normal }
    store.finish()
  }

  func editingState() -> Todos.State {
    var state = Todos.State(todos: [todo(0, "A")], selectedID: id(0))
    state.mode = .editing(Editor.State(editing: todo(0, "A")))
    return state
  }

  @Test func theHintLineSaysWhatADueOrTWordMeans() {
    let monday = TodoDate(string: "2026-11-23")!
    #expect(editor("Call due:fri").dateHint(today: monday) == "due:fri → Fri Nov 27")
    #expect(editor("due:banana x", cursor: 3).dateHint(today: monday) == "due:banana → not a date")
    #expect(
      editor("a t:2027-01-05 b", cursor: 4).dateHint(today: monday)
        == "t:2027-01-05 → Tue Jan 5 2027")
    #expect(editor("Call due:fri now").dateHint(today: monday) == nil)
    #expect(editor("rec:1w").dateHint(today: monday) == nil)
    // Only a word that is a `due:` or `t:` tag, in ASCII text as in any other.
    #expect(editor("overdue:fri").dateHint(today: monday) == nil)
    #expect(editor("Due:fri").dateHint(today: monday) == nil)
    #expect(editor("due:").dateHint(today: monday) == nil)
    #expect(editor("café due:fri").dateHint(today: monday) == "due:fri → Fri Nov 27")
    #expect(editor("t:fri café", cursor: 1).dateHint(today: monday) == "t:fri → Fri Nov 27")
  }

  @Test func theDateHintLeadsTheEditorsHintLine() {
    var state = Todos.State(
      todos: [todo(0, "Call Mom")], selectedID: id(0), size: TerminalSize(width: 60, height: 6))
    state.mode = .editing(
      Editor.State(id: id(1), isNew: true, field: TextField(text: "Pay due:fri")))
    let frame = TodosView.frame(for: state)
    // The test day is Wednesday 2024-05-01.
    #expect(frame.buffer.text(ofRow: 5).hasPrefix(" due:fri → Fri May 3 · Enter save"))
    assertSnapshot(of: frame, as: .styledScreen)
  }
}
