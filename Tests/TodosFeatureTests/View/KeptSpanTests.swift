import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import TerminalUI
import Testing

@testable import Architecture
@testable import TodosFeature

/// The title, the filter bar (its names and position, and the whole line) and the key hints
/// kept from earlier frames (`KeptSpan`) never change what a frame shows: after each key of a
/// long random run (filters, views, search, toggles, editing with a date hint), the frame drawn
/// with them equals the frame drawn from nothing.
@MainActor
@Suite struct KeptSpanTests {
  func store(width: Int, height: Int) -> (Store<Todos.State, Todos.Action>, TestScheduler) {
    let texts = [
      "Call Mom +family @phone", "Send the report +work due:2024-04-28", "Water the plants",
      "Book flights +trip t:2024-06-01", "日本語のタスク +漢字", "Buy milk @errands",
    ]
    let todos = (0..<24).map { n in
      Todo.State(
        id: UUID(counter: UInt64(n)), description: texts[n % texts.count] + " \(n)",
        isComplete: n % 5 == 4)
    }
    var state = Todos.State(
      todos: IdentifiedArray(uniqueElements: todos), selectedID: todos.first?.id,
      size: TerminalSize(width: width, height: height),
      today: TodoDate(year: 2024, month: 4, day: 29)!)
    state.views = [
      SavedView(name: "Phone", query: "@phone"), SavedView(name: "Trip", query: "+trip"),
    ]
    let scheduler = TestScheduler()
    return (
      Store(initialState: state, reducer: Todos.reducer(.test(scheduler: scheduler))), scheduler
    )
  }

  @Test(arguments: [(80, 24), (40, 12), (30, 8)])
  func aFrameWithKeptSpansIsTheFrameDrawnFromNothing(size: (Int, Int)) {
    let (store, scheduler) = store(width: size.0, height: size.1)
    let keys: [Key] = [
      .character("j"), .character("k"), .character("f"), .character("1"), .character("2"),
      .character("3"), .character("/"), .character("e"), .character("a"), .character("d"),
      .character("u"), .character(":"), .character("m"), .character("o"), .character(" "),
      .character("+"), .character("@"), .character("H"), .character("?"), .backspace, .enter,
      .escape, .tab, .character("t"), .character("r"),
    ]
    // First an edit that types a date (the hints then start with what it means), then
    // random keys.
    let typed: [Key] = [.character("e"), .end] + " due:fri x".map { .character($0) }
    let script = typed + [.backspace, .backspace, .backspace, .escape]
    var random = SplitMix(seed: UInt64(size.0 * 100 + size.1))
    var reused = 0
    var titlesReused = 0
    var positionsReused = 0
    var barsReused = 0
    for step in 0..<600 {
      let key = step < script.count ? script[step] : keys[random.next(upTo: keys.count)]
      if let action = Keymap.action(for: key, in: store.state) { store.send(action) }
      if random.next(upTo: 4) == 0 { scheduler.advance(by: .milliseconds(600)) }
      let cache = store.state.list.viewCache
      let warm = TodosView.frame(for: store.state)
      let (title, names, position, hints, bar) = (
        cache.title, cache.filterNames, cache.position, cache.hints, cache.filterBar
      )
      reused += names.reuses + hints.reuses
      barsReused += bar.reuses
      titlesReused += title.reuses
      positionsReused += position.reuses
      cache.title = KeptSpan()
      cache.filterNames = KeptSpan()
      cache.position = KeptSpan()
      cache.hints = KeptSpan()
      cache.filterBar = KeptSpan()
      let cold = TodosView.frame(for: store.state)
      (cache.title, cache.filterNames, cache.position, cache.hints, cache.filterBar) = (
        title, names, position, hints, bar
      )
      #expect(warm == cold, "step \(step), key \(key)")
      if warm != cold { break }
    }
    #expect(reused > 100)  // spans were copied, so the comparison compared something
    #expect(titlesReused > 100)
    #expect(barsReused > 100)
    // 24 todos overflow 40×12, where the position fits (at 30×8 the names leave no room).
    if size.0 == 40 { #expect(positionsReused > 50) }
    scheduler.advance(by: .seconds(5))
  }

  /// A span is drawn again when its key changes, and copied while it stays the same.
  @Test func aSpanIsCopiedWhileItsKeyStaysTheSame() {
    var span = KeptSpan<String>()
    var drawn = 0
    func frame(_ key: String) -> ScreenBuffer {
      var buffer = ScreenBuffer(width: 10, height: 2)
      let used = span.draw(key, x: 2, y: 1, into: &buffer) { buffer in
        drawn += 1
        return buffer.write(key, x: 2, y: 1)
      }
      #expect(used == DisplayWidth.of(key))
      return buffer
    }
    #expect(frame("ab").text(ofRow: 1) == "  ab")
    #expect(frame("ab").text(ofRow: 1) == "  ab")
    #expect(drawn == 1)
    #expect(frame("日x").text(ofRow: 1) == "  日x")
    #expect(frame("日x").text(ofRow: 1) == "  日x")
    #expect(drawn == 2)
    #expect(span.reuses == 2)
  }

  /// A span that is a whole line, drawn on a line nothing else was drawn on, is handed back as
  /// the very row the last frame drew: the diff then knows it unchanged without reading it. A
  /// span on a line something was drawn on first is copied cell by cell, and keeps that too.
  @Test func aWholeLineIsHandedBackAsTheLastFramesRow() {
    var span = KeptSpan<String>()
    func frame(_ key: String, before: String? = nil) -> ScreenBuffer {
      var buffer = ScreenBuffer(width: 10, height: 2)
      if let before { buffer.write(before, x: 6, y: 1) }
      _ = span.draw(key, x: 0, y: 1, into: &buffer) { buffer in
        // The whole line is the span: every cell of it is written.
        buffer.fill(x: 0, y: 1, width: buffer.width, height: 1, style: .plain)
        buffer.write(key, x: 0, y: 1)
        return buffer.width
      }
      return buffer
    }
    func storage(_ buffer: ScreenBuffer) -> UnsafePointer<Cell>? {
      buffer.cells(ofRow: 1).withUnsafeBufferPointer { $0.baseAddress }
    }
    let first = frame("title")
    let second = frame("title")
    #expect(second.text(ofRow: 1) == "title")
    #expect(storage(second) == storage(first))
    var changed: [Int] = []
    ScreenBuffer.forEachChange(from: first, to: second) { _, y, _ in changed.append(y) }
    #expect(changed.isEmpty)

    // Drawn on a line that had text first: the span's cells only, never the whole line.
    let over = frame("other", before: "xy")
    #expect(over.text(ofRow: 1) == "other")
    let again = frame("other", before: "zz")
    #expect(again.text(ofRow: 1) == "other")
    #expect(storage(again) != storage(over))
  }

  /// A line kept whole is never handed back over what a frame drew on that line first: the
  /// span is drawn again there, beside it.
  @Test func aWholeLineIsNotHandedBackOverWhatWasDrawnFirst() {
    var span = KeptSpan<String>()
    var drawn = 0
    func frame(before: String?) -> ScreenBuffer {
      var buffer = ScreenBuffer(width: 10, height: 1)
      if let before { buffer.write(before, x: 8, y: 0) }
      _ = span.draw("title", x: 0, y: 0, into: &buffer) { buffer in
        drawn += 1
        buffer.write("title", x: 0, y: 0)
        return buffer.width
      }
      return buffer
    }
    #expect(frame(before: nil).text(ofRow: 0) == "title")
    #expect(frame(before: "ab").text(ofRow: 0) == "title   ab")
    #expect(drawn == 2)
  }

  /// The title, the filter bar and the key hints a typed letter does not change are the rows
  /// of the frame before, as they are: of the whole screen, only the edited line is new.
  @Test func aTypedLetterDrawsOnlyTheEditedLineAnew() {
    let (store, scheduler) = store(width: 80, height: 24)
    store.send(.editKeyPressed)
    let before = TodosView.frame(for: store.state).buffer
    store.send(.editor(.textEdited(.insert("x"))))
    let after = TodosView.frame(for: store.state).buffer
    let shared = (0..<24).filter { y in
      before.cells(ofRow: y).withUnsafeBufferPointer { was in
        after.cells(ofRow: y).withUnsafeBufferPointer { was.baseAddress == $0.baseAddress }
      }
    }
    #expect(Set(0..<24).subtracting(shared) == [TodosView.listTop])
    scheduler.advance(by: .seconds(5))
  }

  @Test func aPositionIsAsWideAsItsText() {
    for (first, last, count) in [(1, 9, 9), (1, 22, 100), (981, 1000, 1000), (0, 0, 0)] {
      let key = TodosView.PositionKey(first: first, last: last, count: count)
      #expect(key.width == "\(first)-\(last) of \(count)".count)
    }
    #expect(DisplayWidth.of(decimal: -12) == 3)
    #expect(DisplayWidth.of(decimal: 99_999) == 5)
  }
}
