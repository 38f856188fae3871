import Architecture
import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import Testing
import TodoTxt
import TodosFeatureTestSupport

@testable import TodosFeature

/// Toggling in the app, saving and reading the file back gives the same todos, byte for byte
/// where the text is concerned.
@MainActor
@Suite struct ToggleRoundTripTests {
  let scheduler = TestScheduler()

  static let specText = "measure space for +chapelShelving @chapel due:2016-05-30"
  static let file = [
    "x ",
    "x (A) 2016-05-20 2016-04-30 \(specText)",
    "x 2024-01-01 (B) text",
    "(A) 2024-01-01",
    "ring \u{1B}bell",
  ]

  func store(_ file: InMemoryFile) -> TestStore<AppFeature.State, AppFeature.Action> {
    TestStore(
      initialState: AppFeature.State(path: file.path),
      reducer: AppFeature.reducer(
        AppFeature.Environment(list: .test(scheduler: scheduler), file: .inMemory(file))))
  }

  /// Sends a toggle of row `n` and asserts the whole step: the row becomes `toggled`.
  func toggle(
    _ store: TestStore<AppFeature.State, AppFeature.Action>, _ n: UInt64, to toggled: Todo.State,
    label: String, revision: Int
  ) {
    let before = store.state.list.rows[id: id(n)]!
    store.send(.list(.todos(.element(id: id(n), action: .checkboxToggled)))) {
      $0.list.rows[id: id(n)] = toggled
      $0.list.settling.insert(id(n))
      $0.list.list.revision = revision
      $0.list.history.undoStack.append(
        History.Entry(label: label, changes: [.update([before])], selectedID: id(3)))
      $0.file.scheduledRevision = revision
    }
  }

  @Test func toggledTodosAreSavedAndReadBackAsTheyAre() {
    let contents = Self.file.joined(separator: "\n") + "\n"
    let file = InMemoryFile(contents: contents)
    let store = store(file)
    let bytes = Array(contents.utf8)
    let stamp0 = FileStamp(modifiedSeconds: 0, size: Int64(bytes.count), inode: 1)
    let loaded = [
      Todo.State(id: id(0), description: "", isComplete: true),
      Todo.State(
        id: id(1), description: Self.specText, isComplete: true, priority: "A",
        creationDate: TodoDate(string: "2016-04-30"),
        completionDate: TodoDate(string: "2016-05-20"), rawLine: Array(Self.file[1].utf8)),
      Todo.State(
        id: id(2), description: "(B) text", isComplete: true,
        completionDate: TodoDate(string: "2024-01-01")),
      Todo.State(id: id(3), description: "2024-01-01", priority: "A"),
      Todo.State(
        id: id(4), description: "ring \u{FFFD}bell", rawLine: Array(Self.file[4].utf8)),
    ]
    store.send(.started)
    store.receive(.loadFinished(.success(LoadedFile(bytes: bytes, stamp: stamp0)))) {
      $0.file.isLoaded = true
      $0.file.stamp = stamp0
      $0.file.document = TodoTxtDocument.parse(bytes).layout(ids: loaded.map(\.id))
      $0.list.rows = IdentifiedArray(uniqueElements: loaded)
      // The first row on screen: the active todos show above the completed ones.
      $0.list.viewport.selectedID = id(3)
    }

    // Item 3: nothing in it; reopened, it gets a creation date so that its line is a todo.
    toggle(
      store, 0, to: Todo.State(id: id(0), description: "", creationDate: testDay),
      label: "reactivate “”", revision: 1)
    // Item 4: the spec's form keeps its priority and creation date.
    toggle(
      store, 1,
      to: Todo.State(
        id: id(1), description: Self.specText, priority: "A",
        creationDate: TodoDate(string: "2016-04-30")),
      label: "reactivate “measure space for +chapelShel…”", revision: 2)
    // Item 5: text that looks like a priority or a date stays text.
    toggle(
      store, 2, to: Todo.State(id: id(2), description: "(B) text"),
      label: "reactivate “(B) text”", revision: 3)
    toggle(
      store, 3,
      to: Todo.State(
        id: id(3), description: "2024-01-01", isComplete: true, priority: "A",
        completionDate: testDay),
      label: "complete “2024-01-01”", revision: 4)
    // Item 6: the control character stays in the file.
    toggle(
      store, 4,
      to: Todo.State(
        id: id(4), description: "ring \u{FFFD}bell", isComplete: true, completionDate: testDay,
        rawLine: Array("x 2024-05-01 ring \u{1B}bell".utf8)),
      label: "complete “ring \u{FFFD}bell”", revision: 5)

    let saved =
      [
        "2024-05-01 ",
        "(A) 2016-04-30 \(Self.specText)",
        " (B) text",
        "x 2024-05-01  2024-01-01 pri:A",
        "x 2024-05-01 ring \u{1B}bell",
      ].joined(separator: "\n") + "\n"
    scheduler.advance(by: .milliseconds(300))
    store.receive(.saveTimerFired)
    let stamp1 = stamp(1, size: Int64(saved.utf8.count))
    store.receive(.saveFinished(.success(stamp1), revision: 5)) {
      $0.file.stamp = stamp1
      $0.file.savedRevision = 5
    }
    #expect(file.bytes == Array(saved.utf8))
    // Read back, the file gives exactly the rows on screen.
    let reread = AppFeature.todoStates(
      from: TodoTxtDocument.parse(file.bytes ?? []), uuid: UUID.incrementing())
    #expect(reread == Array(store.state.list.rows))
    scheduler.advance(by: .seconds(1))
    // The selected todo sinks: the selection stays on the first row, now "".
    store.receive(.list(.sortCompletedTodos)) {
      $0.list.settling = []
      $0.list.viewport.selectedID = id(0)
    }
    store.finish()
  }
}
