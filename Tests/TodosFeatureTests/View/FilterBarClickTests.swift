import Foundation
import TerminalUI
import Testing

@testable import TodosFeature

/// The filter bar looks like tabs, and works like them: a click on All, Active or Completed
/// shows that filter.
@MainActor
@Suite struct FilterBarClickTests {
  func click(x: Int, y: Int) -> Key { .mouse(MouseEvent(x: x, y: y, kind: .press(button: 1))) }

  @Test func aClickOnAFilterNamePicksIt() {
    let state = Todos.State(todos: [todo(0, "Milk")], selectedID: id(0))
    // "[All] Active  Completed ": All at 0-4, Active at 5-12, Completed at 13-23.
    #expect(TodosView.render(state).text(ofRow: 1).hasPrefix("[All] Active  Completed"))
    #expect(Keymap.action(for: click(x: 2, y: 1), in: state) == .filterPicked(.all))
    #expect(Keymap.action(for: click(x: 5, y: 1), in: state) == .filterPicked(.active))
    #expect(Keymap.action(for: click(x: 12, y: 1), in: state) == .filterPicked(.active))
    #expect(Keymap.action(for: click(x: 13, y: 1), in: state) == .filterPicked(.completed))
    #expect(Keymap.action(for: click(x: 23, y: 1), in: state) == .filterPicked(.completed))
    #expect(Keymap.action(for: click(x: 24, y: 1), in: state) == nil)
    #expect(Keymap.action(for: click(x: 5, y: 0), in: state) == nil)
    // Only the left button.
    let right = Key.mouse(MouseEvent(x: 5, y: 1, kind: .press(button: 3)))
    #expect(Keymap.action(for: right, in: state) == nil)
  }
}
