import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import TerminalUI
import Testing

@testable import Architecture
@testable import TodosFeature

/// The rows kept from earlier frames (`DrawnRows`) never change what a frame shows: after
/// each key of a long random run, the frame drawn with the kept rows equals the frame drawn
/// from nothing.
@MainActor
@Suite struct DrawnRowsTests {
  /// A list with every kind of row: priorities, tags, links, due and threshold dates, done.
  func store(width: Int, height: Int) -> (Store<Todos.State, Todos.Action>, TestScheduler) {
    let texts: [String] = [
      "Call Mom +family @phone", "Send the report +work due:2024-04-28",
      "Pay rent due:2024-05-01", "Read https://a.example/post soon", "Water the plants",
      "Book flights +trip t:2024-06-01", "Renew passport +trip @town h:1",
      "Fix the bike @garage due:2024-04-30", "Plan the week +work @desk",
      "A long todo that does not fit in forty columns and is cut with an ellipsis +work",
      "日本語のタスク +漢字", "Buy milk @errands",
    ]
    var todos: [Todo.State] = []
    for n in 0..<36 {
      let priority: Character? = n % 7 == 0 ? "A" : (n % 11 == 0 ? "C" : nil)
      todos.append(
        Todo.State(
          id: UUID(counter: UInt64(n)), description: texts[n % texts.count] + " \(n)",
          isComplete: n % 5 == 4, priority: priority))
    }
    let scheduler = TestScheduler()
    let state = Todos.State(
      todos: IdentifiedArray(uniqueElements: todos), selectedID: todos.first?.id,
      size: TerminalSize(width: width, height: height),
      today: TodoDate(year: 2024, month: 4, day: 29)!)
    return (
      Store(initialState: state, reducer: Todos.reducer(.test(scheduler: scheduler))), scheduler
    )
  }

  /// Both selection looks: the marker (the gutter drawn over kept rows) and the bar (the
  /// selected row drawn selected). The keys edit and add todos too (`e`, `a`, then letters,
  /// Enter or Esc), so rows are drawn under an edit, whose row is never kept.
  @Test(arguments: [(80, 24, true), (40, 12, true), (120, 9, true), (80, 24, false)])
  func aFrameWithKeptRowsIsTheFrameDrawnFromNothing(size: (Int, Int, Bool)) {
    let (store, scheduler) = store(width: size.0, height: size.1)
    var theme = TodosTheme.standard
    theme.selectionBar = size.2 ? .marker : .row
    let keys: [Key] = [
      .character("j"), .character("j"), .character("k"), .character(" "), .character("x"),
      .character("v"), .character("G"), .character("g"), .character("J"), .character("K"),
      .character("s"), .character("H"), .character("2"), .character("1"), .pageDown,
      .pageUp, .escape, .character("u"), .character("p"), .character("A"), .character("e"),
      .character("a"), .enter,
    ]
    var random = SplitMix(seed: UInt64(size.0 * 100 + size.1))
    var kept = 0
    var wholeListsKept = 0
    for step in 0..<400 {
      let key = keys[random.next(upTo: keys.count)]
      if let action = Keymap.action(for: key, in: store.state) { store.send(action) }
      if random.next(upTo: 4) == 0 { scheduler.advance(by: .milliseconds(600)) }
      let cache = store.state.list.viewCache
      let (width, height) = (size.0, size.1)
      let wasKept = cache.drawnRows
      let warm = TodosView.frame(for: store.state, width: width, height: height, theme: theme)
      let afterWarm = cache.drawnRows
      kept = max(kept, afterWarm.count)
      if afterWarm.count == wasKept.count, afterWarm.keepsTheSameList(as: wasKept) {
        wholeListsKept += 1
      }
      cache.drawnRows = DrawnRows()
      let cold = TodosView.frame(for: store.state, width: width, height: height, theme: theme)
      cache.drawnRows = afterWarm
      #expect(warm == cold, "step \(step), key \(key)")
      if warm != cold { break }
    }
    // Rows were kept, and whole lists too, so the comparison compared something.
    #expect(kept > 0)
    #expect(wholeListsKept > 0)
    scheduler.advance(by: .seconds(5))
  }

  /// A move draws two rows and copies the others; scrolling far keeps no more than a few
  /// screens of rows.
  @Test func aMoveRedrawsTwoRowsAndScrollingKeepsAFewScreens() {
    let (store, scheduler) = store(width: 80, height: 12)
    _ = TodosView.frame(for: store.state)
    let cache = store.state.list.viewCache
    let before = cache.drawnRows.count
    store.send(.viewport(.selectionMoved(.next)))
    _ = TodosView.frame(for: store.state)
    #expect(cache.drawnRows.count == before)
    for _ in 0..<200 {
      store.send(.viewport(.selectionMoved(.next)))
      _ = TodosView.frame(for: store.state)
    }
    #expect(cache.drawnRows.count <= 3 * 8 + 12)
    scheduler.advance(by: .seconds(5))
  }
}
