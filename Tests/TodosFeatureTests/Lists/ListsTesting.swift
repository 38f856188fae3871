import Architecture
import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import Testing
import TodoTxt
import TodosFeatureTestSupport

@testable import TodosFeature

/// Two lists for the store tests of `ListsFeature`: home (`/tmp/todo.txt`, "a", "b": rows 0
/// and 1) and work (`/tmp/work.txt`, "w": row 2), both loaded, home on screen.
@MainActor
struct TwoLists {
  let scheduler = TestScheduler()
  let homeFile = InMemoryFile(contents: "a\nb\n", path: "/tmp/todo.txt")
  let workFile = InMemoryFile(contents: "w\n", path: "/tmp/work.txt")
  let doneFile = InMemoryFile(contents: "x 1970-01-01 Old\n", path: "/tmp/done.txt")
  let home = ListID("/tmp/todo.txt")
  let work = ListID("/tmp/work.txt")
  /// home's done.txt view (`D`); work has none.
  let done = ListID("/tmp/done.txt")
  /// Runs between a move's two writes (`afterMoveTargetWritten`).
  var between: @MainActor () -> Void = {}
  /// The ids of both lists and of the app: no id is in both lists.
  let uuid = UUID.incrementing()

  /// The lists as loaded (their rows take the next ids).
  func states() throws -> [AppFeature.State] {
    return try [homeFile, workFile].map { file in
      let loaded = try #require(try FileClient.inMemory(file).load())
      let document = TodoTxtDocument.parse(loaded.bytes)
      var state = AppFeature.State(path: file.path)
      state.file.isLoaded = true
      state.file.stamp = loaded.stamp
      let rows = AppFeature.todoStates(from: document, uuid: uuid)
      state.file.document = document.layout(ids: rows.map(\.id))
      state.list = Todos.State(
        todos: IdentifiedArray(uniqueElements: rows), selectedID: rows.first?.id)
      return state
    }
  }

  /// The store, `home` and `work` on their in-memory files (or the clients given).
  func makeStore(
    home homeClient: FileClient? = nil, work workClient: FileClient? = nil
  ) throws -> TestStore<ListsFeature.State, ListsFeature.Action> {
    let initial = try states()
    var todos = TodosEnvironment.test(scheduler: scheduler)
    todos.uuid = uuid
    let environment = ListsFeature.Environment(
      lists: [
        home: AppFeature.Environment(list: todos, file: homeClient ?? .inMemory(homeFile)),
        work: AppFeature.Environment(list: todos, file: workClient ?? .inMemory(workFile)),
        done: AppFeature.Environment(list: todos, file: .inMemory(doneFile)),
      ], doneFiles: [home: done], afterMoveTargetWritten: between)
    return TestStore(
      initialState: ListsFeature.State(lists: initial),
      reducer: ListsFeature.reducer(environment))
  }

  /// The layout of `text`, its todo lines being the rows `ids`.
  func layout(_ text: String, _ ids: [UInt64]) -> TodoTxtDocument {
    TodoTxtDocument.parse(Array(text.utf8)).layout(ids: ids.map(id))
  }
}

extension ListsFeature.Action {
  /// `action` for the list `list`.
  static func list(_ list: ListID, _ action: AppFeature.Action) -> Self {
    .list(.element(id: list, action: action))
  }

  /// The list action `action` for the list `list` (a key, as the live app sends it).
  static func key(_ list: ListID, _ action: Todos.Action) -> Self {
    .list(.element(id: list, action: .list(action)))
  }
}
