import Architecture
import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import Testing
import TodosFeatureTestSupport

@testable import TodosFeature

/// The store side of persistence: load at start, debounced saves, the final save, errors,
/// reloads and conflicts, against an in-memory file and a test scheduler.
@MainActor
@Suite struct AppFeatureTests {
  let scheduler = TestScheduler()

  func makeStore(
    _ file: InMemoryFile, state: AppFeature.State? = nil
  ) -> TestStore<AppFeature.State, AppFeature.Action> {
    TestStore(
      initialState: state ?? AppFeature.State(path: file.path),
      reducer: AppFeature.reducer(
        AppFeature.Environment(
          list: .test(scheduler: scheduler), file: .inMemory(file))))
  }

  /// Sends a list action comparing only the state `update` sets (the rest of the state is
  /// compared as usual from the next step on): the undo step it records is for the history's
  /// tests to assert (HistoryTests), not a test of the file.
  func sendSkippingHistory(
    _ store: TestStore<AppFeature.State, AppFeature.Action>, _ action: AppFeature.Action,
    assert update: @escaping (inout AppFeature.State) -> Void,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    store.exhaustivity = .off
    store.send(
      action, assert: update, fileID: fileID, filePath: filePath, line: line, column: column)
    store.exhaustivity = .on
  }

  /// Starts the store on `contents` and asserts the load; returns the store.
  func loaded(
    _ file: InMemoryFile, todos: [Todo.State], selected: UUID? = nil
  ) -> TestStore<AppFeature.State, AppFeature.Action> {
    let store = makeStore(file)
    let bytes = file.bytes ?? []
    let stamp = FileStamp(modifiedSeconds: 0, size: Int64(bytes.count), inode: 1)
    store.send(.started)
    store.receive(.loadFinished(.success(LoadedFile(bytes: bytes, stamp: stamp)))) {
      $0.file.isLoaded = true
      $0.file.stamp = stamp
      $0.file.document = TodoTxtDocument.parse(bytes).layout(ids: todos.map(\.id))
      $0.list.rows = IdentifiedArray(uniqueElements: todos)
      $0.list.viewport.selectedID = selected ?? todos.first?.id
    }
    return store
  }

  /// Starts on "precious\n" that cannot be read, asserting the start, then types `text` into
  /// a new todo (not yet committed).
  func startedUnreadable(
    typing text: String
  ) -> (TestStore<AppFeature.State, AppFeature.Action>, InMemoryFile) {
    let file = InMemoryFile(contents: "precious\n")
    file.loadFailure = .permissionDenied(file.path)
    let store = makeStore(file)
    store.send(.started)
    store.receive(.loadFinished(.failure(.permissionDenied(file.path)))) {
      $0.file.problem = .permissionDenied(file.path)
      $0.list.status = Todos.StatusMessage(
        "Permission denied: todo.txt · retrying", kind: .error)
    }
    store.send(.list(.addKeyPressed)) {
      $0.list.mode = .editing(Editor.State(id: id(0), isNew: true, field: TextField()))
    }
    store.send(.list(.editor(.textEdited(.insert(text))))) {
      $0.list.mode = .editing(
        Editor.State(id: id(0), isNew: true, field: TextField(text: text)))
    }
    return (store, file)
  }

  @Test func loadsTheFileAtStart() {
    let file = InMemoryFile(
      contents: "(A) Call Mom +family\n# a note\nx 2024-05-01 2024-04-01 Buy milk pri:B\n")
    let store = loaded(
      file,
      todos: [
        Todo.State(
          id: id(0), description: "Call Mom +family", priority: "A"),
        Todo.State(
          id: id(1), description: "Buy milk", isComplete: true, priority: "B",
          creationDate: TodoDate(string: "2024-04-01"),
          completionDate: TodoDate(string: "2024-05-01")),
      ])
    // The lock serialises a save's read–merge–rename step; nobody holds it while idle.
    #expect(!file.isLocked)
    #expect(store.state.file.problem == nil)
    store.finish()
  }

  @Test func onlyLinesTheAppWouldWriteDifferentlyKeepTheirOriginalBytes() {
    let odd = "x 2024-05-01 pri:B Call  Mom"  // a moved pri: tag and a double space
    let file = InMemoryFile(contents: "\(odd)\nplain\n")
    let store = loaded(
      file,
      todos: [
        Todo.State(
          id: id(0), description: "Call  Mom", isComplete: true, priority: "B",
          completionDate: TodoDate(string: "2024-05-01"), rawLine: Array(odd.utf8)),
        Todo.State(id: id(1), description: "plain"),
      ],
      selected: id(1))  // the first row on screen: active todos show above completed ones
    sendSkippingHistory(store, .list(.deleteKeyPressed)) {
      $0.list.rows.remove(id: id(1))
      $0.list.viewport.selectedID = id(0)
      $0.list.list.revision = 1
      $0.list.status = Todos.StatusMessage("Deleted “plain” · u to undo")
      $0.file.scheduledRevision = 1
    }
    scheduler.advance(by: .milliseconds(300))
    store.receive(.saveTimerFired)  // the deleted todo's place stays, for its undo
    store.receive(.saveFinished(.success(stamp(1, size: 29)), revision: 1)) {
      $0.file.stamp = stamp(1, size: 29)
      $0.file.savedRevision = 1
    }
    #expect(file.contents == "\(odd)\n")
    scheduler.advance(by: .seconds(3))
    store.receive(.list(.statusMessageExpired)) { $0.list.status = nil }
    store.finish()
  }

  @Test func aMissingFileIsAnEmptyListAndIsCreatedOnTheFirstChange() {
    let file = InMemoryFile(contents: nil)
    let store = makeStore(file)
    store.send(.started)
    store.receive(.loadFinished(.success(nil))) { $0.file.isLoaded = true }
    store.send(.list(.addKeyPressed)) {
      $0.list.mode = .editing(Editor.State(id: id(0), isNew: true, field: TextField()))
    }
    store.send(.list(.editor(.textEdited(.insert("Milk"))))) {
      $0.list.mode = .editing(
        Editor.State(id: id(0), isNew: true, field: TextField(text: "Milk")))
    }
    sendSkippingHistory(store, .list(.editor(.enterPressed))) {
      $0.list.mode = .normal
      $0.list.rows = [Todo.State(id: id(0), description: "Milk", creationDate: testDay)]
      $0.list.viewport.selectedID = id(0)
      $0.list.list.revision = 1
      $0.file.scheduledRevision = 1
    }
    scheduler.advance(by: .milliseconds(299))
    #expect(file.bytes == nil)
    scheduler.advance(by: .milliseconds(1))
    store.receive(.saveTimerFired) { $0.file.document = TodoTxtDocument(lines: [.slot(id(0))]) }
    store.receive(.saveFinished(.success(stamp(1, size: 16)), revision: 1)) {
      $0.file.stamp = stamp(1, size: 16)
      $0.file.savedRevision = 1
    }
    #expect(file.contents == "2024-05-01 Milk\n")
    store.finish()
  }

  @Test func savesOnce300msAfterTheLastOfSeveralChanges() {
    let file = InMemoryFile(contents: "a\nb\n")
    let store = loaded(
      file,
      todos: [
        Todo.State(id: id(0), description: "a"),
        Todo.State(id: id(1), description: "b"),
      ])
    sendSkippingHistory(store, .list(.todos(.element(id: id(1), action: .checkboxToggled)))) {
      $0.list.rows[id: id(1)]?.isComplete = true
      $0.list.rows[id: id(1)]?.completionDate = testDay
      $0.list.settling = [id(1)]
      $0.list.list.revision = 1
      $0.file.scheduledRevision = 1
    }
    scheduler.advance(by: .milliseconds(200))
    sendSkippingHistory(store, .list(.todos(.element(id: id(0), action: .checkboxToggled)))) {
      $0.list.rows[id: id(0)]?.isComplete = true
      $0.list.rows[id: id(0)]?.completionDate = testDay
      $0.list.settling = [id(0), id(1)]
      $0.list.list.revision = 2
      $0.file.scheduledRevision = 2
    }
    scheduler.advance(by: .milliseconds(299))
    #expect(file.saveCount == 0)
    scheduler.advance(by: .milliseconds(1))
    store.receive(.saveTimerFired)  // two todo lines before, two after: the layout stays
    store.receive(.saveFinished(.success(stamp(1, size: 30)), revision: 2)) {
      $0.file.stamp = stamp(1, size: 30)
      $0.file.savedRevision = 2
    }
    #expect(file.saveCount == 1)
    #expect(file.contents == "x 2024-05-01 a\nx 2024-05-01 b\n")
    // The sort settles 1 s after the last toggle; both are complete, so the order stays.
    scheduler.advance(by: .milliseconds(700))
    store.receive(.list(.sortCompletedTodos)) { $0.list.settling = [] }
    store.finish()
  }

  @Test func quittingSavesAtOnceWithTheSortSettled() {
    let file = InMemoryFile(contents: "a\nb\n")
    let store = loaded(
      file,
      todos: [
        Todo.State(id: id(0), description: "a"),
        Todo.State(id: id(1), description: "b"),
      ])
    sendSkippingHistory(store, .list(.todos(.element(id: id(0), action: .checkboxToggled)))) {
      $0.list.rows[id: id(0)]?.isComplete = true
      $0.list.rows[id: id(0)]?.completionDate = testDay
      $0.list.settling = [id(0)]
      $0.list.list.revision = 1
      $0.file.scheduledRevision = 1
    }
    // The settle is done at once, on screen only: the file keeps its order.
    sendSkippingHistory(store, .list(.quitKeyPressed)) {
      $0.list.settling = []
      $0.list.viewport.selectedID = id(1)
      $0.list.isQuitting = true
      $0.file.isStopping = true
    }
    store.receive(.saveFinished(.success(stamp(1, size: 17)), revision: 1)) {
      $0.file.stamp = stamp(1, size: 17)
      $0.file.savedRevision = 1
    }
    #expect(file.contents == "x 2024-05-01 a\nb\n")
    store.finish()
  }

  @Test func stoppingMidEditKeepsWhatWasTyped() {
    let file = InMemoryFile(contents: "")
    let store = makeStore(file)
    store.send(.started)
    store.receive(.loadFinished(.success(LoadedFile(bytes: [], stamp: stamp(0, size: 0))))) {
      $0.file.isLoaded = true
      $0.file.stamp = stamp(0, size: 0)
      $0.file.document = TodoTxtDocument.parse([]).layout(ids: [])
    }
    store.send(.list(.addKeyPressed)) {
      $0.list.mode = .editing(Editor.State(id: id(0), isNew: true, field: TextField()))
    }
    store.send(.list(.editor(.textEdited(.insert("Half-typed"))))) {
      $0.list.mode = .editing(
        Editor.State(id: id(0), isNew: true, field: TextField(text: "Half-typed")))
    }
    sendSkippingHistory(store, .shutdownRequested) {
      $0.list.mode = .normal
      $0.list.rows = [
        Todo.State(id: id(0), description: "Half-typed", creationDate: testDay)
      ]
      $0.list.viewport.selectedID = id(0)
      $0.list.list.revision = 1
      $0.list.status = nil
      $0.file.isStopping = true
      $0.file.scheduledRevision = 1
      $0.file.document = TodoTxtDocument(lines: [.slot(id(0))])
    }
    store.receive(.saveFinished(.success(stamp(1, size: 22)), revision: 1)) {
      $0.file.stamp = stamp(1, size: 22)
      $0.file.savedRevision = 1
    }
    #expect(file.contents == "2024-05-01 Half-typed\n")
    store.finish()
  }

  @Test func aFailedSaveIsShownKeptInMemoryAndRetried() {
    let file = InMemoryFile(contents: "a\n")
    let store = loaded(
      file, todos: [Todo.State(id: id(0), description: "a")])
    file.saveFailure = .diskFull(file.path)
    sendSkippingHistory(store, .list(.deleteKeyPressed)) {
      $0.list.rows = []
      $0.list.viewport.selectedID = nil
      $0.list.list.revision = 1
      $0.list.status = Todos.StatusMessage("Deleted “a” · u to undo")
      $0.file.scheduledRevision = 1
    }
    scheduler.advance(by: .milliseconds(300))
    store.receive(.saveTimerFired)  // the deleted todo's place stays, for its undo
    store.receive(.saveFinished(.failure(.diskFull(file.path)), revision: 1)) {
      $0.file.problem = .diskFull(file.path)
      $0.list.status = Todos.StatusMessage(
        "Disk full: todo.txt not saved · kept in memory, retrying", kind: .error)
    }
    #expect(file.contents == "a\n")
    // Still failing 2 s later: retried quietly.
    scheduler.advance(by: .seconds(2))
    store.receive(.saveTimerFired)
    store.receive(.saveFinished(.failure(.diskFull(file.path)), revision: 1))
    // The status message expires 3 s after it was shown; the problem stays on screen.
    scheduler.advance(by: .seconds(1))
    store.receive(.list(.statusMessageExpired)) { $0.list.status = nil }
    #expect(
      AppView.frame(for: store.state, width: 80, height: 8).buffer.description
        .contains("Disk full: todo.txt not saved"))
    file.saveFailure = nil
    scheduler.advance(by: .seconds(1))
    store.receive(.saveTimerFired)
    store.receive(.saveFinished(.success(stamp(1, size: 0)), revision: 1)) {
      $0.file.stamp = stamp(1, size: 0)
      $0.file.savedRevision = 1
      $0.file.problem = nil
      $0.list.status = Todos.StatusMessage("Saved todo.txt")
    }
    #expect(file.contents == "")
    scheduler.advance(by: .seconds(3))
    store.receive(.list(.statusMessageExpired)) { $0.list.status = nil }
    store.finish()
  }

  @Test func aFileThatCannotBeReadIsNeverOverwrittenAndIsRetried() {
    // A todo typed meanwhile is kept in memory, and nothing is written.
    let (store, file) = startedUnreadable(typing: "New")
    sendSkippingHistory(store, .list(.editor(.enterPressed))) {
      $0.list.mode = .normal
      $0.list.rows = [Todo.State(id: id(0), description: "New", creationDate: testDay)]
      $0.list.viewport.selectedID = id(0)
      $0.list.list.revision = 1
    }
    file.loadFailure = nil
    scheduler.advance(by: .seconds(2))
    store.receive(.loadRetryTimerFired)
    let stamp0 = stamp(0, size: 9)
    store.receive(
      .loadFinished(.success(LoadedFile(bytes: Array("precious\n".utf8), stamp: stamp0)))
    ) {
      $0.file.isLoaded = true
      $0.file.stamp = stamp0
      $0.file.document = TodoTxtDocument.parse(Array("precious\n".utf8)).layout(ids: [id(1)])
      $0.file.problem = nil
      $0.file.savedRevision = -1  // nothing typed meanwhile is on disk yet
      $0.file.scheduledRevision = 1
      $0.list.rows = [
        Todo.State(id: id(0), description: "New", creationDate: testDay),
        Todo.State(id: id(1), description: "precious"),
      ]
    }
    scheduler.advance(by: .milliseconds(300))
    store.receive(.saveTimerFired) {
      $0.file.document = TodoTxtDocument(lines: [.slot(id(0)), .slot(id(1))])
    }
    store.receive(.saveFinished(.success(stamp(1, size: 24)), revision: 1)) {
      $0.file.stamp = stamp(1, size: 24)
      $0.file.savedRevision = 1
    }
    #expect(file.contents == "2024-05-01 New\nprecious\n")
    scheduler.advance(by: .seconds(3))
    store.receive(.list(.statusMessageExpired)) { $0.list.status = nil }
    store.finish()
  }

  @Test func anOutsideChangeIsReloaded() {
    let file = InMemoryFile(contents: "a\n")
    let store = loaded(
      file, todos: [Todo.State(id: id(0), description: "a")])
    // Our own save does not count as an outside change.
    store.send(.fileChangedOnDisk)
    file.writeExternally("a\nfrom todo.sh\n")
    store.send(.fileChangedOnDisk)
    let stamp1 = stamp(1, size: 15)
    store.receive(
      .reloadFinished(
        .success(LoadedFile(bytes: Array("a\nfrom todo.sh\n".utf8), stamp: stamp1)))
    ) {
      $0.file.stamp = stamp1
      $0.file.document =
        TodoTxtDocument.parse(Array("a\nfrom todo.sh\n".utf8)).layout(ids: [id(0), id(1)])
      $0.list.rows = [
        Todo.State(id: id(0), description: "a"),
        Todo.State(id: id(1), description: "from todo.sh"),
      ]
      // "a" kept its id: the selection stays on it.
      $0.list.status = Todos.StatusMessage("Reloaded: todo.txt changed on disk")
    }
    #expect(file.saveCount == 0)
    scheduler.advance(by: .seconds(3))
    store.receive(.list(.statusMessageExpired)) { $0.list.status = nil }
    store.finish()
  }

  @Test func aReloadKeepsAnEditInProgressAndTheSelection() {
    let file = InMemoryFile(contents: "a\nb\n")
    let store = loaded(
      file,
      todos: [
        Todo.State(id: id(0), description: "a"),
        Todo.State(id: id(1), description: "b"),
      ])
    store.send(.list(.viewport(.selectionMoved(.next)))) { $0.list.viewport.selectedID = id(1) }
    store.send(.list(.editKeyPressed)) {
      $0.list.mode = .editing(
        Editor.State(id: id(1), isNew: false, field: TextField(text: "b")))
    }
    store.send(.list(.editor(.textEdited(.insert(" and more"))))) {
      $0.list.mode = .editing(
        Editor.State(id: id(1), isNew: false, field: TextField(text: "b and more")))
    }
    file.writeExternally("new on top\na\nb\n")
    store.send(.fileChangedOnDisk)
    let stamp1 = stamp(1, size: 15)
    let reloaded: [Todo.State] = [
      Todo.State(id: id(2), description: "new on top"),
      Todo.State(id: id(0), description: "a"),
      Todo.State(id: id(1), description: "b"),
    ]
    store.receive(
      .reloadFinished(
        .success(LoadedFile(bytes: Array("new on top\na\nb\n".utf8), stamp: stamp1))))
    // Merged (nothing of ours to add: the file is not written), so the edited todo is followed
    // even had the disk changed its text.
    store.receive({ if case .mergeFinished = $0 { true } else { false } }) {
      $0.file.stamp = stamp1
      $0.file.document =
        TodoTxtDocument.parse(Array("new on top\na\nb\n".utf8)).layout(ids: reloaded.map(\.id))
      $0.list.rows = IdentifiedArray(uniqueElements: reloaded)
      $0.list.status = Todos.StatusMessage("Merged todo.txt: 1 change from disk applied")
    }
    // Still editing "b", still selected: Enter saves the text typed before the reload.
    #expect(
      store.state.list.mode
        == .editing(Editor.State(id: id(1), isNew: false, field: TextField(text: "b and more"))))
    #expect(store.state.list.viewport.selectedID == id(1))
    scheduler.advance(by: .seconds(3))
    store.receive(.list(.statusMessageExpired)) { $0.list.status = nil }
    store.finish()
  }

  @Test func aFileThatIsNoLongerTextOverUnsavedChangesIsCopiedAside() {
    let file = InMemoryFile(contents: "a\n")
    let store = loaded(
      file, todos: [Todo.State(id: id(0), description: "a")])
    sendSkippingHistory(store, .list(.deleteKeyPressed)) {
      $0.list.rows = []
      $0.list.viewport.selectedID = nil
      $0.list.list.revision = 1
      $0.list.status = Todos.StatusMessage("Deleted “a” · u to undo")
      $0.file.scheduledRevision = 1
    }
    file.writeExternally("theirs\u{0}\n")
    store.send(.fileChangedOnDisk)
    let theirs = stamp(1, size: 8)
    store.receive(
      .reloadFinished(.success(LoadedFile(bytes: Array("theirs\u{0}\n".utf8), stamp: theirs)))
    )
    store.receive(
      .mergeFinished(
        .success(.notText(LoadedFile(bytes: Array("theirs\u{0}\n".utf8), stamp: theirs))),
        revision: 1))
    store.receive(.conflictCopyFinished(.success("/tmp/todo.txt.conflict"), theirs: theirs)) {
      $0.file.stamp = theirs
      $0.list.status = Todos.StatusMessage(
        "todo.txt changed on disk: its version is kept in todo.txt.conflict", kind: .error)
    }
    store.receive(.saveFinished(.success(stamp(2, size: 0)), revision: 1)) {
      $0.file.stamp = stamp(2, size: 0)
      $0.file.savedRevision = 1
    }
    #expect(file.contents == "")
    #expect(file.conflictCopies == ["/tmp/todo.txt.conflict": Array("theirs\u{0}\n".utf8)])
    scheduler.advance(by: .seconds(3))
    store.receive(.list(.statusMessageExpired)) { $0.list.status = nil }
    store.finish()
  }

  @Test func aRemovedFileIsWrittenAgainFromMemory() {
    let file = InMemoryFile(contents: "keep me\n")
    let store = loaded(
      file,
      todos: [Todo.State(id: id(0), description: "keep me")])
    file.writeExternally(nil)
    store.send(.fileChangedOnDisk)
    // Believed only after five more looks, 100 ms apart: it is not another program mid-save.
    store.receive(.reloadFinished(.success(nil))) { $0.file.recheckCount = 1 }
    for count in 2...5 {
      scheduler.advance(by: .milliseconds(100))
      store.receive(.recheckTimerFired)
      store.receive(.reloadFinished(.success(nil))) { $0.file.recheckCount = count }
    }
    scheduler.advance(by: .milliseconds(99))
    #expect(file.saveCount == 0)
    scheduler.advance(by: .milliseconds(1))
    store.receive(.recheckTimerFired)
    store.receive(.reloadFinished(.success(nil))) {
      $0.file.recheckCount = 0
      $0.file.baseBeforeRemoval = $0.file.stamp
      $0.file.stamp = nil
      $0.file.savedRevision = -1
      $0.file.recreatedRevision = 0
      $0.list.status = Todos.StatusMessage("todo.txt was removed: saved your todos again")
    }
    store.receive(.saveFinished(.success(stamp(2, size: 8)), revision: 0)) {
      $0.file.stamp = stamp(2, size: 8)
      $0.file.savedRevision = 0
    }
    #expect(file.contents == "keep me\n")
    scheduler.advance(by: .seconds(3))
    store.receive(.list(.statusMessageExpired)) { $0.list.status = nil }
    store.finish()
  }

  @Test func aRetriedReloadKeepsUnsavedChangesAndTheirVersion() {
    let file = InMemoryFile(contents: "a\n")
    let store = loaded(
      file, todos: [Todo.State(id: id(0), description: "a")])
    let ioError = FileError.io(file.path, errno: 5, message: "Input/output error")
    sendSkippingHistory(store, .list(.deleteKeyPressed)) {
      $0.list.rows = []
      $0.list.viewport.selectedID = nil
      $0.list.list.revision = 1
      $0.list.status = Todos.StatusMessage("Deleted “a” · u to undo")
      $0.file.scheduledRevision = 1
    }
    // Another program writes the file, and reading it fails for a while.
    file.writeExternally("theirs\u{0}\n")
    file.loadFailure = ioError
    store.send(.fileChangedOnDisk)
    store.receive(.reloadFinished(.failure(ioError))) {
      $0.file.problem = ioError
      $0.list.status = Todos.StatusMessage(
        "todo.txt: Input/output error · retrying", kind: .error)
    }
    // The debounced save finds the file changed and does not overwrite it.
    scheduler.advance(by: .milliseconds(300))
    store.receive(.saveTimerFired)
    store.receive(.saveFinished(.failure(.changedOnDisk(file.path)), revision: 1))
    store.receive(.reloadFinished(.failure(ioError)))
    #expect(file.contents == "theirs\u{0}\n")
    // Reading works again: the retry is a reload, so both versions are kept.
    file.loadFailure = nil
    scheduler.advance(by: .seconds(2))
    store.receive(.loadRetryTimerFired)
    let theirs = stamp(1, size: 8)
    store.receive(
      .reloadFinished(.success(LoadedFile(bytes: Array("theirs\u{0}\n".utf8), stamp: theirs)))
    ) {
      $0.file.problem = nil
    }
    store.receive(
      .mergeFinished(
        .success(.notText(LoadedFile(bytes: Array("theirs\u{0}\n".utf8), stamp: theirs))),
        revision: 1))
    store.receive(.conflictCopyFinished(.success("/tmp/todo.txt.conflict"), theirs: theirs)) {
      $0.file.stamp = theirs
      $0.list.status = Todos.StatusMessage(
        "todo.txt changed on disk: its version is kept in todo.txt.conflict", kind: .error)
    }
    store.receive(.saveFinished(.success(stamp(2, size: 0)), revision: 1)) {
      $0.file.stamp = stamp(2, size: 0)
      $0.file.savedRevision = 1
    }
    #expect(file.contents == "")
    #expect(file.conflictCopies == ["/tmp/todo.txt.conflict": Array("theirs\u{0}\n".utf8)])
    scheduler.advance(by: .seconds(3))
    store.receive(.list(.statusMessageExpired)) { $0.list.status = nil }
    store.finish()
  }

  @Test func todosAddedWhileTheFileCannotBeReadAreKeptAsideOnQuit() {
    let (store, file) = startedUnreadable(typing: "Typed meanwhile")
    sendSkippingHistory(store, .shutdownRequested) {
      $0.list.mode = .normal
      $0.list.rows = [
        Todo.State(id: id(0), description: "Typed meanwhile", creationDate: testDay)
      ]
      $0.list.viewport.selectedID = id(0)
      $0.list.list.revision = 1
      $0.file.isStopping = true
      $0.file.scheduledRevision = 1
    }
    store.receive(.unsavedChangesCopied(.success("/tmp/todo.txt.recovery"))) {
      $0.file.unsavedChangesCopy = "/tmp/todo.txt.recovery"
    }
    #expect(file.contents == "precious\n")
    #expect(file.recovery == Array("2024-05-01 Typed meanwhile\n".utf8))
    store.finish()
  }

}

/// The in-memory file's stamp after `version` writes of a file of `size` bytes.
func stamp(_ version: Int64, size: Int64) -> FileStamp {
  FileStamp(modifiedSeconds: version, size: size, inode: 1)
}
