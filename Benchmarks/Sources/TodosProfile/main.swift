// A plain executable that repeats one scenario, for `valgrind --tool=callgrind` (instruction
// counts are repeatable where wall time on a shared machine is not):
//
//   make -C Benchmarks profile SCENARIO=toggle TODOS=100000 KEYS=20
//
// Scenarios: nav (j/k), toggle (space), type (edit mode), view (render only), view-wide (render
// 200×60 mid-list, as the frame benchmark), search (`/` then typing), view-switch (a saved
// view, then All), view-switch-dated (the same over dated todos), view-switch-project and
// view-switch-due (that view grouped), view-toggle (Space in a saved
// view), sort,
// load (Todos.State.load), load-unchecked (the same list built without uniquing).
import Architecture
import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import TerminalUI
import TodoTxt
import TodosFeature

let arguments = CommandLine.arguments
let scenario = arguments.count > 1 ? arguments[1] : "nav"
let count = arguments.count > 2 ? Int(arguments[2]) ?? 10_000 : 10_000
let keys = arguments.count > 3 ? Int(arguments[3]) ?? 20 : 20

@MainActor
func run() {
  let todos = (0..<count).map { n in
    Todo.State(
      id: UUID(counter: UInt64(n)),
      description: "Todo \(n) water the plants and call mom about the flights +home @phone",
      isComplete: n % 5 == 4
    )
  }
  // Built inside the store: a `let state` (or `todos`) that stayed alive would share the
  // list's buffer, and the first change would copy it (once, but counted as if it cost that).
  let store = Store(
    initialState: {
      var state = Todos.State(
        todos: IdentifiedArray(uniqueElements: todos.map { $0 }), selectedID: todos.first?.id,
        size: TerminalSize(width: 80, height: 24))
      state.views = [SavedView(name: "Phone", query: "@phone")]
      return state
    }(),
    reducer: Todos.reducer(TodosEnvironment.test(scheduler: TestScheduler())))
  var shown = TodosView.frame(for: store.state).buffer

  func press(_ key: Key) {
    if let action = Keymap.action(for: key, in: store.state) { store.send(action) }
    let frame = TodosView.frame(for: store.state)
    _ = ScreenBuffer.diff(from: shown, to: frame.buffer)
    shown = frame.buffer
  }

  measuredKeys(press: press, store: store, todos: todos)
  print("\(scenario) \(count) todos × \(keys): done, \(store.state.list.rows.count) todos")
}

/// The part callgrind counts (`--toggle-collect='*measuredKeys*'`): the keys, not the setup.
@MainActor @inline(never)
func measuredKeys(
  press: (Key) -> Void, store: Store<Todos.State, Todos.Action>, todos: [Todo.State]
) {
  switch scenario {
  case "nav":
    for n in 0..<keys { press(.character(n % 2 == 0 ? "j" : "k")) }
  case "toggle":
    for _ in 0..<keys { press(.character(" ")) }
  case "type":
    press(.character("e"))
    for n in 0..<keys { press(.character(Character(UnicodeScalar(UInt8(97 + n % 26))))) }
  case "search":
    // The search benchmark's keys: `/`, then `plants` and six backspaces, over and over.
    press(.character("/"))
    let word: [Key] = "plants".map { .character($0) } + Array(repeating: .backspace, count: 6)
    for n in 0..<keys { press(word[n % word.count]) }
  case "view":
    for _ in 0..<keys { _ = TodosView.frame(for: store.state) }
  case "view-switch":
    // A saved view (`@phone`, every todo) picked, then All, over and over, as the view switch
    // benchmark does.
    for n in 0..<keys {
      store.send(n % 2 == 0 ? .viewPicked("Phone") : .filterPicked(.all))
      _ = TodosView.frame(for: store.state)
    }
  case "view-toggle":
    // Space in a saved view (`@phone`): the view's matches follow the toggled row.
    store.send(.viewPicked("Phone"))
    for _ in 0..<keys { press(.character(" ")) }
  case "view-switch-dated", "view-switch-project", "view-switch-due":
    // The same over the view benchmarks' todos: 50 projects, one in three with a due date;
    // the view cut into sections by project or due date in the last two.
    let group: GroupBy? =
      scenario == "view-switch-project" ? .project : scenario == "view-switch-due" ? .due : nil
    let dated = Store(
      initialState: {
        var todos: [Todo.State] = []
        for n in 0..<count {
          let due = n % 3 == 0 ? " due:2026-11-\(10 + n % 20)" : ""
          todos.append(
            Todo.State(
              id: UUID(counter: UInt64(n)),
              description: "Todo \(n) water the plants +project\(n % 50) @phone" + due,
              isComplete: n % 5 == 4))
        }
        var state = Todos.State(
          todos: IdentifiedArray(uniqueElements: todos), selectedID: todos.first?.id,
          size: TerminalSize(width: 80, height: 24))
        // QUERY=… in the environment profiles another view's query (a built-in view's).
        let query = ProcessInfo.processInfo.environment["QUERY"] ?? "@phone"
        state.views = [SavedView(name: "Phone", query: query, group: group)]
        return state
      }(),
      reducer: Todos.reducer(TodosEnvironment.test(scheduler: TestScheduler())))
    for n in 0..<keys {
      dated.send(n % 2 == 0 ? .viewPicked("Phone") : .filterPicked(.all))
      _ = TodosView.frame(for: dated.state)
    }
  case "view-wide":
    // The frame benchmark's screen: 200×60, the selection halfway down the list.
    var state = store.state
    state.viewport.size = TerminalSize(width: 200, height: 60)
    state.viewport.selectedID = state.list.rows.ids[todos.count / 2]
    state.viewport.scrollTop = state.viewport.top(
      in: state.visible, height: state.viewport.listHeight)
    for _ in 0..<keys { _ = TodosView.frame(for: state) }
  case "sort":
    store.send(.todos(.element(id: todos[0].id, action: .checkboxToggled)))
    for _ in 0..<keys { store.send(.sortCompletedTodos) }
  case "load":
    // What the list does when the file is read (Todos.State.load), KEYS times.
    var state = store.state
    for _ in 0..<keys { state.load(todos) }
  case "load-unchecked":
    // The alternative: drop duplicate ids with a Set, then build without re-checking.
    for _ in 0..<keys {
      var seen = Set<UUID>(minimumCapacity: todos.count)
      let unique = todos.filter { seen.insert($0.id).inserted }
      _ = IdentifiedArray(uncheckedUniqueElements: unique)
    }
  default:
    print("unknown scenario \(scenario)")
  }
}

MainActor.assumeIsolated { run() }
