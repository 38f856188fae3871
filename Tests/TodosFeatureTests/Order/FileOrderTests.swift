import Architecture
import ArchitectureTestSupport
import Foundation
import Testing
import TodosFeatureTestSupport

@testable import TodosFeature

/// The list on screen is a view of the file: a change, once settled and saved, touches only its
/// own line of a file with `#` headings, blank lines and completed lines scattered through it.
@MainActor
@Suite struct FileOrderTests {
  static let lines = [
    "# Work",
    "(A) Call Mom +family",
    "x 2024-04-01 Old done thing",
    "Write report due:2024-05-03",
    "",
    "# Home",
    "x 2024-04-02 Paid rent",
    "Water plants rec:1w",
    "Buy milk",
    "x 2024-04-03 Fixed sink",
    "",
    "Clean garage",
  ]
  static var text: String { lines.joined(separator: "\n") + "\n" }
  /// The rows' ids, in file order (the test environment numbers them as it reads).
  static let callMom = id(0)
  static let report = id(2)
  static let water = id(4)
  static let milk = id(5)
  static let garage = id(7)

  let scheduler = TestScheduler()
  let file = InMemoryFile(contents: FileOrderTests.text)
  let done = InMemoryDoneFile()

  /// The app on the 12-line file, loaded (a plain store: these tests look at the file).
  func start(addsAtBottom: Bool = false) -> Store<AppFeature.State, AppFeature.Action> {
    var todos = TodosEnvironment.test(scheduler: scheduler)
    todos.addsAtBottom = addsAtBottom
    let store = Store(
      initialState: AppFeature.State(path: file.path),
      reducer: AppFeature.reducer(
        AppFeature.Environment(
          list: todos, file: .inMemory(file), doneFile: .inMemory(done))))
    store.send(.started)
    #expect(store.state.list.list.count == 8)
    return store
  }

  /// Lets the settle and the debounced save happen; the file's lines.
  func settledFile() -> [String] {
    scheduler.advance(by: .seconds(2))
    guard let text = file.contents else { return [] }
    return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(
      String.init)
  }

  func select(_ id: UUID, in store: Store<AppFeature.State, AppFeature.Action>) {
    store.send(.list(.viewport(.rowClicked(id))))
    #expect(store.state.list.viewport.selectedID == id)
  }

  @Test func aToggleChangesOnlyItsLine() {
    let store = start()
    store.send(.list(.todos(.element(id: Self.milk, action: .checkboxToggled))))
    var expected = Self.lines
    expected[8] = "x 2024-05-01 Buy milk"
    #expect(settledFile() == expected)
  }

  @Test func aRecurringTodoChangesItsLineAndItsNextOccurrenceGoesRightBelow() {
    let store = start()
    store.send(.list(.todos(.element(id: Self.water, action: .checkboxToggled))))
    var expected = Self.lines
    expected[7] = "x 2024-05-01 Water plants rec:1w"
    expected.insert("Water plants rec:1w due:2024-05-08", at: 8)
    #expect(settledFile() == expected)
  }

  @Test func spaceTwiceOnARecurringTodoWithinTheSettleGivesTheFileBackByteForByte() {
    let store = start()
    select(Self.water, in: store)
    store.send(.list(.todos(.element(id: Self.water, action: .checkboxToggled))))
    scheduler.advance(by: .milliseconds(400))
    #expect(store.state.list.viewport.selectedID == Self.water)
    store.send(.list(.todos(.element(id: Self.water, action: .checkboxToggled))))
    scheduler.advance(by: .seconds(2))
    #expect(file.contents == Self.text)
  }

  @Test func aPriorityChangesOnlyItsLine() {
    let store = start()
    select(Self.report, in: store)
    store.send(.list(.organise(.priorityKeyPressed)))
    store.send(.list(.organise(.priorityLetterTyped("B"))))
    var expected = Self.lines
    expected[3] = "(B) Write report due:2024-05-03"
    #expect(settledFile() == expected)
  }

  @Test func anArchiveRemovesOnlyTheArchivedLines() {
    let store = start()
    store.send(.list(.organise(.archiveKeyPressed)))
    let expected = Self.lines.filter { !$0.hasPrefix("x ") }
    #expect(settledFile() == expected)
    #expect(
      done.contents
        == "x 2024-04-01 Old done thing\nx 2024-04-02 Paid rent\nx 2024-04-03 Fixed sink\n")
  }

  @Test func anEditChangesOnlyItsLine() {
    let store = start()
    select(Self.garage, in: store)
    store.send(.list(.editKeyPressed))
    store.send(.list(.editor(.textEdited(.deleteToStart))))
    store.send(.list(.editor(.textEdited(.insert("Clean the garage")))))
    store.send(.list(.editor(.enterPressed)))
    var expected = Self.lines
    expected[11] = "Clean the garage"
    #expect(settledFile() == expected)
  }

  /// `d` then `u`: the todo goes back between its heading and its neighbour, byte for byte.
  @Test func deleteThenUndoGivesTheFileBackByteForByte() {
    let store = start()
    select(Self.callMom, in: store)
    store.send(.list(.deleteKeyPressed))
    var expected = Self.lines
    expected.remove(at: 1)
    #expect(settledFile() == expected)
    store.send(.list(.history(.undoKeyPressed)))
    scheduler.advance(by: .seconds(2))
    #expect(file.contents == Self.text)
  }

  /// A new todo goes before the first todo line, or with `new_todo_position = "bottom"` after
  /// the last line; in the view too (last of the active todos).
  @Test(arguments: [false, true])
  func aNewTodoGoesAtTheTopOrAtTheBottom(atBottom: Bool) {
    let store = start(addsAtBottom: atBottom)
    store.send(.list(.addKeyPressed))
    store.send(.list(.editor(.textEdited(.insert("New one")))))
    store.send(.list(.editor(.enterPressed)))
    var expected = Self.lines
    expected.insert("2024-05-01 New one", at: atBottom ? expected.count : 1)
    #expect(settledFile() == expected)
    let visible = store.state.list.visible.ids
    let newID = store.state.list.viewport.selectedID
    #expect(visible.firstIndex(of: newID!) == (atBottom ? 5 : 0))
  }
}
