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
    store.send(.todos(.element(id: Self.c, action: .checkboxToggled)))
    // Kept after the action, for the next key's reads: C still shows among the active ones.
    let view = try #require(store.state.list.fileView)
    #expect(view.describes(store.state.list.contentToken, settling: [Self.c]))
    #expect(view.partition.position(ofIndex: 2) == 1)
    #expect(store.state.visible.ids == [Self.a, Self.c, Self.e, Self.b, Self.d])
    scheduler.advance(by: .seconds(2))
    #expect(store.state.visible.ids == [Self.a, Self.e, Self.b, Self.c, Self.d])
  }

  @Test func movingDeletingAndSettlingKeepTheViewRowByRow() {
    let store = start()
    #expect(store.state.viewport.selectedID == Self.c)
    let isKept = {
      store.state.list.fileView?.describes(
        store.state.list.contentToken, settling: store.state.settling) == true
    }
    store.send(.moveKeyPressed(.down))  // the file: A, x B, E, x D, C
    #expect(store.state.visible.ids == [Self.a, Self.e, Self.c, Self.b, Self.d])
    #expect(isKept())
    store.send(.deleteKeyPressed)  // C
    #expect(store.state.visible.ids == [Self.a, Self.e, Self.b, Self.d])
    #expect(isKept())
    store.send(.todos(.element(id: Self.e, action: .checkboxToggled)))
    #expect(store.state.visible.ids == [Self.a, Self.e, Self.b, Self.d])
    #expect(isKept())
    scheduler.advance(by: .seconds(2))
    #expect(store.state.visible.ids == [Self.a, Self.b, Self.e, Self.d])
    #expect(isKept())
  }

  @Test func aSearchShowsItsMatchesInTheKeptOrderWithoutTheOrganiseCache() {
    let store = start()
    store.send(.todos(.element(id: Self.c, action: .checkboxToggled)))
    store.send(.searchKeyPressed)
    store.send(.search(.textEdited(.insert("c"))))
    #expect(store.state.visible.ids == [Self.c])
    store.send(.search(.textEdited(.deleteBackward)))
    #expect(store.state.visible.ids == [Self.a, Self.c, Self.e, Self.b, Self.d])
    store.send(.todos(.element(id: Self.a, action: .checkboxToggled)))
    store.send(.search(.textEdited(.insert("a"))))
    // The search reads the order kept in the value; the organise cache never made one.
    #expect(store.state.list.viewCache.organise.display == nil)
    #expect(store.state.visible.ids == [Self.a])
    scheduler.advance(by: .seconds(2))
    store.send(.search(.textEdited(.deleteBackward)))
    #expect(store.state.visible.ids == [Self.e, Self.a, Self.b, Self.c, Self.d])
    #expect(store.state.list.viewCache.organise.display == nil)
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

/// The completed-last order as bits: every edit agrees with the order worked out again.
@Suite struct CompletedLastTests {
  @Test func everyEditAgreesWithTheOrderMadeAgain() {
    var generator = SplitMix(seed: 7)
    var rows = (0..<150).map { _ in generator.next(upTo: 5) == 0 }
    var order = CompletedLast(count: rows.count) { rows[$0] }
    for step in 0..<600 {
      let index = generator.next(upTo: max(rows.count, 1))
      switch generator.next(upTo: 4) {
      case 0:
        let completed = generator.next(upTo: 3) == 0
        rows.insert(completed, at: index)
        order.insert(at: index, completed: completed)
      case 1 where !rows.isEmpty:
        rows.remove(at: index)
        order.remove(at: index)
      case 2 where !rows.isEmpty:
        let other = generator.next(upTo: rows.count)
        rows.swapAt(index, other)
        order.swap(index, other)
      default:
        guard !rows.isEmpty else { continue }
        rows[index].toggle()
        order.set(index, completed: rows[index])
      }
      let expected = rows.indices.filter { !rows[$0] } + rows.indices.filter { rows[$0] }
      #expect(order.orderedIndices() == expected, "step \(step)")
      #expect(expected.indices.allSatisfy { order.index(atPosition: $0) == expected[$0] })
      #expect(expected.indices.allSatisfy { order.position(ofIndex: expected[$0]) == $0 })
      #expect(order.isFileOrder == (expected == Array(rows.indices)))
      // A search's matches (some rows) in the same order, each with its place among them.
      let some = rows.indices.filter { _ in generator.next(upTo: 3) == 0 }
      let shown = order.ordered(some)
      #expect(shown.indices == expected.filter(some.contains), "step \(step)")
      #expect(
        rows.indices.allSatisfy {
          shown.positions[$0] == Int32(shown.indices.firstIndex(of: $0) ?? -1)
        })
    }
  }

  /// The row at each place, in a list of many words, at every share of completed rows (in
  /// thousandths): none, a few far apart, some, half, most, all.
  @Test(arguments: [0, 1, 100, 500, 900, 1000])
  func theRowAtAPlaceIsFoundInALongList(completedPerMille: Int) {
    var generator = SplitMix(seed: UInt64(completedPerMille))
    let rows = (0..<5_000).map { _ in generator.next(upTo: 1000) < completedPerMille }
    let order = CompletedLast(count: rows.count) { rows[$0] }
    let expected = rows.indices.filter { !rows[$0] } + rows.indices.filter { rows[$0] }
    let found = expected.indices.map { order.index(atPosition: $0) }
    #expect(found == expected)
  }
}
