import ArchitectureTestSupport
import Foundation
import TerminalUI
import Testing

@testable import TodosFeature

/// The first key of a two-key sequence shows in the hint line (`g…`) until the second key
/// completes it or the wait times out.
@MainActor
@Suite struct PendingKeyTests {
  let keys = KeyBindings.standard.remapped([
    "first": [[.character("g"), .character("g")], [.home]],
    "last": [[.character("g"), .character("e")], [.end]],
  ])
  let list = Todos.State(
    todos: [todo(0, "Milk"), todo(1, "Eggs")], selectedID: id(1),
    size: TerminalSize(width: 60, height: 8))

  @Test func thePendingKeyShowsUntilTheSecondKeyCompletesIt() {
    let scheduler = TestScheduler()
    let input = KeyInput(scheduler: scheduler)
    #expect(input.action(for: .character("g"), in: list, keys: keys) == nil)
    #expect(input.pending == .character("g"))
    #expect(input.changes == 1)
    let hint = TodosView.frame(
      for: list, width: 60, height: 8, keys: keys, pendingKey: input.pending
    ).buffer.text(ofRow: 7)
    #expect(hint == " g… · g first · e last")
    #expect(
      input.action(for: .character("g"), in: list, keys: keys)
        == .viewport(.selectionMoved(.first)))
    #expect(input.pending == nil)
    #expect(input.changes == 2)
    // The expiry of the finished wait does nothing.
    scheduler.advance(by: KeyInput.timeout)
    #expect(input.changes == 2)
    #expect(
      TodosView.frame(for: list, width: 60, height: 8, keys: keys, pendingKey: nil)
        .buffer.text(ofRow: 7).hasPrefix(" ? help"))
  }

  @Test func thePendingKeyGoesAfterTheTimeout() {
    let scheduler = TestScheduler()
    let input = KeyInput(scheduler: scheduler)
    _ = input.action(for: .character("g"), in: list, keys: keys)
    scheduler.advance(by: KeyInput.timeout - .milliseconds(1))
    #expect(input.pending == .character("g"))
    scheduler.advance(by: .milliseconds(1))
    #expect(input.pending == nil)
    #expect(input.changes == 2)
    // After the timeout, g starts a new wait rather than finishing the old one.
    #expect(input.action(for: .character("g"), in: list, keys: keys) == nil)
    #expect(input.pending == .character("g"))
    scheduler.run()
  }
}
