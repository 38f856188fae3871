import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import TerminalUI
import Testing

@testable import Architecture
@testable import TodosFeature

/// A view's matches kept row by row (`ViewMatches`) stay what matching every row again gives,
/// through toggles, moves, deletes, adds and undo, and what the view shows with them is what
/// it shows worked out from nothing.
@MainActor
@Suite struct ViewMatchesTests {
  @Test func keptMatchesFollowEveryChange() {
    var todos: [Todo.State] = []
    for n in 0..<40 {
      let tags = n % 3 == 0 ? " +work" : (n % 3 == 1 ? " @phone" : "")
      todos.append(
        Todo.State(
          id: UUID(counter: UInt64(n)), description: "Todo \(n)\(tags)", isComplete: n % 4 == 3))
    }
    let scheduler = TestScheduler()
    let store = Store(
      initialState: {
        var state = Todos.State(
          todos: IdentifiedArray(uniqueElements: todos), selectedID: todos.first?.id,
          size: TerminalSize(width: 80, height: 16))
        state.views = [SavedView(name: "Open", query: "-is:done +work|@phone")]
        state.view = "Open"
        return state
      }(), reducer: Todos.reducer(.test(scheduler: scheduler)))
    let keys: [Key] = [
      .character("j"), .character("j"), .character(" "), .character("J"), .character("K"),
      .character("d"), .character("u"), .character("k"), .character(" "), .character("G"),
    ]
    var generator = SplitMix(seed: 11)
    var followed = 0
    for step in 0..<300 {
      let key = keys[generator.next(upTo: keys.count)]
      if let action = Keymap.action(for: key, in: store.state) { store.send(action) }
      if generator.next(upTo: 5) == 0 { scheduler.advance(by: .seconds(2)) }
      let list = store.state.list
      let query = Query("-is:done +work|@phone")
      let context = Query.Context(today: list.dates.today)
      let kept = list.viewMatches(query, context)
      if !list.viewCache.viewMatches.isEmpty { followed += 1 }
      let fresh = list.rows.elements.map(query.matcher(in: context).matches)
      #expect(kept == fresh, "step \(step), key \(key)")
      if kept != fresh { break }
      let shown = (0..<store.state.visible.count).map { store.state.visible[$0].id }
      list.viewCache.visible = nil
      list.viewCache.viewMatches = [:]
      let again = store.state.visible
      #expect((0..<again.count).map { again[$0].id } == shown, "step \(step), key \(key)")
    }
    #expect(followed > 0)
    scheduler.advance(by: .seconds(5))
  }

  /// Going back to a view uses its kept matches, and a change is followed in every view kept.
  @Test func eachViewShownKeepsItsMatches() {
    let todos = (0..<10).map {
      Todo.State(
        id: UUID(counter: UInt64($0)), description: "Todo \($0)" + ($0 % 2 == 0 ? " @phone" : ""))
    }
    let store = Store(
      initialState: {
        var state = Todos.State(
          todos: IdentifiedArray(uniqueElements: todos), selectedID: todos[0].id)
        state.views = [
          SavedView(name: "Phone", query: "@phone"), SavedView(name: "Open", query: "-is:done"),
        ]
        return state
      }(), reducer: Todos.reducer(.test(scheduler: TestScheduler())))
    store.send(.viewPicked("Phone"))
    _ = store.state.visible
    store.send(.viewPicked("Open"))
    _ = store.state.visible
    let cache = store.state.list.viewCache
    #expect(Set(cache.viewMatches.keys) == ["@phone", "-is:done"])
    let phone = cache.viewMatches["@phone"]?.rows
    store.send(.viewPicked("Phone"))
    _ = store.state.visible
    #expect(cache.viewMatches["@phone"]?.rows == phone)
    store.send(.todos(.element(id: todos[0].id, action: .checkboxToggled)))
    _ = store.state.visible
    let token = store.state.list.contentToken
    #expect(cache.viewMatches["@phone"]?.token == token)
    #expect(cache.viewMatches["-is:done"]?.token == token)
    #expect(cache.viewMatches["-is:done"]?.rows.first == false)
  }

  /// Loading the file and a change of day work out every view's matches and sections ahead,
  /// so the first switch to a view reads no row; what they hold is what matching gives.
  @Test func theViewsArePreparedWhenTheFileLoadsAndWhenTheDayChanges() throws {
    let today = try #require(TodoDate(string: "2026-11-26"))
    var state = Todos.State()
    state.today = today
    state.views =
      SavedView.builtIn + [
        SavedView(name: "Work", query: "+work", group: .due),
        SavedView(name: "Phone", query: "@phone", group: .project),
      ]
    var todos: [Todo.State] = []
    for n in 0..<30 {
      let tags: String = n % 2 == 0 ? " +work" : " @phone +home"
      let due: String = n % 3 == 0 ? " due:2026-11-2\(n % 10)" : ""
      todos.append(
        Todo.State(
          id: UUID(counter: UInt64(n)), description: "Todo \(n)" + tags + due,
          isComplete: n % 5 == 4))
    }
    state.load(todos)
    func expectPrepared(_ state: Todos.State) {
      let list = state.list
      let context = Query.Context(today: list.dates.today)
      let cache = list.viewCache
      for view in state.views {
        let query = Query(view.query)
        let kept = cache.viewMatches[query.description]
        #expect(kept?.token == list.contentToken, "\(view.name)")
        #expect(kept?.today == list.dates.today, "\(view.name)")
        #expect(
          kept?.rows == list.rows.elements.map(query.matcher(in: context).matches), "\(view.name)")
      }
      #expect(Set(cache.organise.groups.keys) == [.due, .project])
      #expect(cache.organise.groups.values.allSatisfy { $0.token == list.contentToken })
    }
    expectPrepared(state)
    state.today = try #require(today.adding(days: 1))
    expectPrepared(state)
  }
}
