import Architecture
import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import TerminalUI
import Testing

@testable import TodosFeature

/// The order with nothing chosen (completed todos below active ones, each in file order) is
/// kept in the list's value between keys (`FileView`): a toggle keeps it as it is, and what it
/// shows is always what the organise cache works out.
@MainActor
@Suite struct FileViewTests {
  static let (a, b, c, d, e) = (id(0), id(1), id(2), id(3), id(4))
  let scheduler = TestScheduler()

  /// A, x B, C, x D, E: shown A C E B D.
  func start() -> Store<Todos.State, Todos.Action> {
    let todos = ["A", "x B", "C", "x D", "E"].enumerated().map { n, text in
      Todo.State(
        id: id(UInt64(n)), description: String(text.trimmingPrefix("x ")),
        isComplete: text.hasPrefix("x "))
    }
    let store = Store(
      initialState: Todos.State(
        todos: IdentifiedArray(uniqueElements: todos), selectedID: Self.a,
        size: TerminalSize(width: 80, height: 24)),
      reducer: Todos.reducer(TodosEnvironment.test(scheduler: scheduler)))
    store.send(.viewport(.selectionMoved(.next)))
    return store
  }

  @Test func aToggleKeepsTheViewAsItIs() throws {
    let store = start()
    #expect(store.state.visible.ids == [Self.a, Self.c, Self.e, Self.b, Self.d])
    let kept = try #require(store.state.list.fileView?.rows)
    store.send(.todos(.element(id: Self.c, action: .checkboxToggled)))
    let view = try #require(store.state.list.fileView)
    #expect(view.describes(store.state.list.contentToken, settling: [Self.c]))
    // The same arrays: the toggle did not rebuild the order.
    let address = { (array: [Int]) in array.withUnsafeBufferPointer { $0.baseAddress } }
    #expect(address(try #require(view.rows).indices) == address(kept.indices))
    #expect(store.state.visible.ids == [Self.a, Self.c, Self.e, Self.b, Self.d])
    scheduler.advance(by: .seconds(2))
    #expect(store.state.visible.ids == [Self.a, Self.e, Self.b, Self.c, Self.d])
  }

  @Test func aSettleUnderAFilterShowsOnceTheFilterIsCleared() {
    let store = start()
    store.send(.todos(.element(id: Self.c, action: .checkboxToggled)))
    store.send(.filterPicked(.active))
    #expect(store.state.visible.ids == [Self.a, Self.c, Self.e])
    scheduler.advance(by: .seconds(2))
    #expect(store.state.visible.ids == [Self.a, Self.e])
    store.send(.filterPicked(.all))
    #expect(store.state.visible.ids == [Self.a, Self.e, Self.b, Self.c, Self.d])
  }
}
