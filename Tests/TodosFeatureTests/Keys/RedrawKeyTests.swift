import ArchitectureTestSupport
import Foundation
import TerminalUI
import Testing

@testable import TodosFeature

/// Ctrl-L redraws every cell, as in vim, mutt and htop: in every focus, even on a terminal
/// too small for the list, and the help lists it.
@MainActor
@Suite struct RedrawKeyTests {
  @Test func ctrlLAsksForARedrawInEveryFocus() {
    var states: [Todos.State] = [
      Todos.State(todos: [todo(0, "Milk")], selectedID: id(0)),
      Todos.State(todos: [todo(0, "Milk")], selectedID: id(0), mode: .help),
      Todos.State(
        todos: [todo(0, "Milk")], selectedID: id(0),
        mode: .editing(Editor.State(editing: todo(0, "Milk")))),
      Todos.State(todos: [todo(0, "Milk")], search: Search.State()),
      Todos.State(todos: [todo(0, "Milk")], size: TerminalSize(width: 20, height: 4)),
    ]
    var picking = Todos.State(todos: [todo(0, "Milk +a")], selectedID: id(0))
    picking.mode = .picking(TagPicker.State(kind: .project, entries: []))
    states.append(picking)
    var range = Todos.State(todos: [todo(0, "Milk")], selectedID: id(0))
    range.organise.rangeAnchor = id(0)
    states.append(range)
    for state in states {
      #expect(Keymap.action(for: .ctrl("l"), in: state) == .redrawKeyPressed, "\(state.focus)")
    }
  }

  @Test func theRedrawIsARequestTheRunLoopSees() {
    let (store, _) = makeStore(Todos.State(todos: [todo(0, "Milk")], selectedID: id(0)))
    store.send(.redrawKeyPressed) { $0.redrawRequests = 1 }
    store.send(.redrawKeyPressed) { $0.redrawRequests = 2 }
    store.finish()
  }

  @Test func theHelpListsIt() {
    let lines = KeyTable.helpLines(KeyBindings.standard.sections)
    #expect(lines.contains { $0.keys == "^L" && $0.meaning == "redraw the screen" })
  }
}
