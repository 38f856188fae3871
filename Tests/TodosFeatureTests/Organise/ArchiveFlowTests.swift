import Architecture
import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import Testing
import TodoTxt
import TodosFeatureTestSupport

@testable import TodosFeature

/// `A` and its undo through the app: done.txt is written before todo.txt, a failure changes
/// nothing, and the undo saves todo.txt before it takes the lines back out of done.txt.
@MainActor
@Suite struct ArchiveFlowTests {
  let scheduler = TestScheduler()
  static let text = "a\nx 2024-05-01 b\n(B) c\nx 2024-05-01  d  spaced\n"

  /// A store on `file` as loaded (rows 0, 1, …), archiving to `done`; `client` replaces the
  /// in-memory file client (to look at done.txt at the moment todo.txt is saved).
  func makeStore(
    _ file: InMemoryFile, _ done: InMemoryDoneFile, client: FileClient? = nil,
    autoArchive: Bool = false
  ) throws -> TestStore<AppFeature.State, AppFeature.Action> {
    let loaded = try #require(try FileClient.inMemory(file).load())
    let document = TodoTxtDocument.parse(loaded.bytes)
    var state = AppFeature.State(path: file.path)
    state.file.isLoaded = true
    state.file.stamp = loaded.stamp
    let rows = AppFeature.todoStates(from: document, uuid: UUID.incrementing())
    state.file.document = document.layout(ids: rows.map(\.id))
    state.list = Todos.State(todos: IdentifiedArray(uniqueElements: rows), selectedID: id(0))
    var todos = TodosEnvironment.test(scheduler: scheduler)
    todos.archivesAfterSettle = autoArchive
    return TestStore(
      initialState: state,
      reducer: AppFeature.reducer(
        AppFeature.Environment(
          list: todos, file: client ?? .inMemory(file),
          doneFile: .inMemory(done))))
  }

  /// The layout of `text`, its todo lines being the rows 0, 1, ….
  func layout(_ text: String) -> TodoTxtDocument {
    let document = TodoTxtDocument.parse(Array(text.utf8))
    return document.layout(ids: document.todos.indices.map { id(UInt64($0)) })
  }

  func receipt(_ bytes: String, addedNewline: Bool = false, created: Bool = false)
    -> AppendReceipt
  {
    AppendReceipt(
      path: "/tmp/done.txt", bytes: Array(bytes.utf8), addedNewline: addedNewline,
      createdFile: created)
  }

  /// Archives todos 1 and 3 of `text` and asserts it.
  func archive(
    _ store: TestStore<AppFeature.State, AppFeature.Action>, receipt: AppendReceipt
  ) {
    let before = store.state.list.rows
    store.send(.list(.organise(.archiveKeyPressed)))
    store.receive(.list(.delegate(.archive([id(1), id(3)]))))
    let remaining = "a\n(B) c\n"
    let saved = AppFeature.ArchiveSaved(
      ids: [id(1), id(3)], receipt: receipt, stamp: stamp(1, size: Int64(remaining.utf8.count)),
      layout: layout(Self.text), revision: 0)
    store.receive(.archiveFinished(.success(saved))) {
      $0.list.rows = [before[0], before[2]]
      $0.list.list.revision = 1
      $0.list.history.undoStack = [
        History.Entry(
          label: "archive of 2 todos",
          changes: [
            .insert([
              TodoList.IndexedTodo(before[1], at: 1), TodoList.IndexedTodo(before[3], at: 3),
            ])
          ],
          selectedID: id(0), archive: receipt)
      ]
      $0.list.status = Todos.StatusMessage("Archived 2 todos to done.txt · u to undo")
      $0.file.stamp = saved.stamp
      $0.file.savedRevision = 1
      $0.file.scheduledRevision = 1
    }
  }

  /// Undoes the archive of `appended` and asserts it: the todos come back, todo.txt is saved
  /// with them, then done.txt's lines are taken out (`.removed`) or left (`.changedSince`),
  /// and the status line says `status`.
  func undoArchive(
    _ store: TestStore<AppFeature.State, AppFeature.Action>, _ appended: AppendReceipt,
    doneFile outcome: UndoOutcome, status: String
  ) {
    store.send(.list(.history(.undoKeyPressed))) {
      $0.list.rows = IdentifiedArray(
        uniqueElements: AppFeature.todoStates(
          from: TodoTxtDocument.parse(Array(Self.text.utf8)), uuid: UUID.incrementing()))
      $0.list.list.revision = 2
      $0.list.history.undoStack = []
      $0.list.status = Todos.StatusMessage("Undid archive of 2 todos")
      $0.file.scheduledRevision = 2
    }
    store.receive(.list(.delegate(.restoreDoneFile(appended))))
    store.receive(
      .doneFileRestoreFinished(
        AppFeature.DoneFileRestore(
          receipt: appended, save: .success(stamp(2, size: Int64(Self.text.utf8.count))),
          doneFile: .success(outcome), layout: layout(Self.text), revision: 2))
    ) {
      $0.file.stamp = stamp(2, size: Int64(Self.text.utf8.count))
      $0.file.savedRevision = 2
      $0.list.status = Todos.StatusMessage(status)
    }
  }

  @Test func aAppendsTheCompletedTodosByteForByteBeforeTodoTxtIsSavedAndUndoTakesThemBack()
    throws
  {
    let file = InMemoryFile(contents: Self.text)
    let done = InMemoryDoneFile(contents: "x 2024-01-01 old")  // no final newline
    var client = FileClient.inMemory(file)
    let save = client.save
    var doneAtSave: [String?] = []
    client.save = { (bytes, expected) throws(FileError) in
      doneAtSave.append(done.contents)
      return try save(bytes, expected)
    }
    let store = try makeStore(file, done, client: client)
    let appended = receipt(
      "\nx 2024-05-01 b\nx 2024-05-01  d  spaced\n", addedNewline: true)
    archive(store, receipt: appended)
    let archivedDone = "x 2024-01-01 old\nx 2024-05-01 b\nx 2024-05-01  d  spaced\n"
    #expect(done.contents == archivedDone)
    #expect(doneAtSave == [archivedDone])  // done.txt had the lines when todo.txt was saved
    #expect(file.contents == "a\n(B) c\n")

    undoArchive(
      store, appended, doneFile: .removed,
      status: "Undid archive: 2 todos are back, and out of done.txt")
    #expect(done.contents == "x 2024-01-01 old")  // byte for byte as before
    #expect(doneAtSave.last == archivedDone)  // todo.txt had them back before done.txt lost them
    #expect(file.contents == Self.text)
    scheduler.advance(by: .seconds(3))
    store.receive(.list(.statusMessageExpired)) { $0.list.status = nil }
    store.finish()
  }

  @Test func aFailedAppendChangesNothingAndSaysWhy() throws {
    let file = InMemoryFile(contents: Self.text)
    let done = InMemoryDoneFile(contents: "x old\n")
    done.appendFailure = .diskFull(done.path)
    let store = try makeStore(file, done)
    store.send(.list(.organise(.archiveKeyPressed)))
    store.receive(.list(.delegate(.archive([id(1), id(3)]))))
    store.receive(.archiveFinished(.failure(.doneFileNotWritten(.diskFull(done.path))))) {
      $0.list.status = Todos.StatusMessage(
        "Disk full: done.txt not saved · nothing archived", kind: .error)
    }
    #expect(done.contents == "x old\n")
    #expect(file.contents == Self.text)
    #expect(file.saveCount == 0)
    scheduler.advance(by: .seconds(3))
    store.receive(.list(.statusMessageExpired)) { $0.list.status = nil }
    store.finish()
  }

  @Test func aTodoFileThatCannotBeSavedTakesTheLinesBackOutOfDoneTxt() throws {
    let file = InMemoryFile(contents: Self.text)
    file.saveFailure = .diskFull(file.path)
    let done = InMemoryDoneFile()  // no done.txt yet
    let store = try makeStore(file, done)
    store.send(.list(.organise(.archiveKeyPressed)))
    store.receive(.list(.delegate(.archive([id(1), id(3)]))))
    store.receive(
      .archiveFinished(.failure(.todoFileNotSaved(.diskFull(file.path), doneFileRestored: true)))
    ) {
      $0.list.status = Todos.StatusMessage(
        "Disk full: todo.txt not saved · nothing archived", kind: .error)
    }
    #expect(done.contents == nil)  // the done.txt the append created is gone again
    #expect(file.contents == Self.text)
    scheduler.advance(by: .seconds(3))
    store.receive(.list(.statusMessageExpired)) { $0.list.status = nil }
    store.finish()
  }

  @Test func undoLeavesADoneTxtThatChangedSinceAloneAndSaysSo() throws {
    let file = InMemoryFile(contents: Self.text)
    let done = InMemoryDoneFile(contents: "")
    let store = try makeStore(file, done)
    let appended = receipt("x 2024-05-01 b\nx 2024-05-01  d  spaced\n")
    archive(store, receipt: appended)
    let changed = done.contents! + "x 2024-05-02 appended by todo.sh\n"
    done.writeExternally(changed)
    undoArchive(
      store, appended, doneFile: .changedSince,
      status: "Undid archive: 2 todos are back; done.txt had changed, so it was left alone")
    #expect(done.contents == changed)
    #expect(file.contents == Self.text)
    scheduler.advance(by: .seconds(3))
    store.receive(.list(.statusMessageExpired)) { $0.list.status = nil }
    store.finish()
  }

  @Test func autoArchiveMovesTheCompletedTodosOnceTheyHaveSettled() throws {
    let file = InMemoryFile(contents: Self.text)
    let done = InMemoryDoneFile()
    let store = try makeStore(file, done, autoArchive: true)
    store.exhaustivity = .off
    store.send(.list(.todos(.element(id: id(0), action: .checkboxToggled))))
    // Nothing moves before the settle.
    scheduler.advance(by: .milliseconds(900))
    #expect(done.contents == nil)
    scheduler.advance(by: .milliseconds(100))
    store.skipReceivedActions()
    #expect(store.state.list.rows.map(\.description) == ["c"])
    #expect(done.contents?.hasPrefix("x 2024-05-01 a\nx 2024-05-01 b\n") == true)
    #expect(store.state.list.status?.text == "Archived 3 todos to done.txt · u to undo")
    #expect(file.contents == "(B) c\n")
    scheduler.advance(by: .seconds(5))
    store.skipReceivedActions()
    store.skipInFlightEffects()
    store.finish()
  }

  @Test func withoutAutoArchiveTheSettleKeepsTheCompletedTodos() throws {
    let file = InMemoryFile(contents: Self.text)
    let done = InMemoryDoneFile()
    let store = try makeStore(file, done)
    store.exhaustivity = .off
    store.send(.list(.todos(.element(id: id(0), action: .checkboxToggled))))
    scheduler.advance(by: .seconds(5))
    store.skipReceivedActions()
    #expect(done.contents == nil)
    #expect(store.state.list.list.count == 4)
    store.skipInFlightEffects()
    store.finish()
  }

  @Test func anArchiveInARangeTakesOnlyItsCompletedTodos() throws {
    let file = InMemoryFile(contents: Self.text)
    let done = InMemoryDoneFile()
    let store = try makeStore(file, done)
    // On screen: a, (B) c, then the completed b and d.
    store.send(.list(.viewport(.selectionMoved(.next)))) {
      $0.list.viewport.selectedID = id(2)
    }
    store.send(.list(.organise(.rangeKeyPressed))) { $0.list.organise.rangeAnchor = id(2) }
    store.send(.list(.viewport(.selectionMoved(.next)))) {
      $0.list.viewport.selectedID = id(1)
    }
    store.send(.list(.organise(.archiveKeyPressed))) { $0.list.organise.rangeAnchor = nil }
    store.receive(.list(.delegate(.archive([id(1)]))))
    let appended = receipt("x 2024-05-01 b\n", created: true)
    let remaining = "a\n(B) c\nx 2024-05-01  d  spaced\n"
    let row = store.state.list.list[id: id(1)]!
    store.receive(
      .archiveFinished(
        .success(
          AppFeature.ArchiveSaved(
            ids: [id(1)], receipt: appended, stamp: stamp(1, size: Int64(remaining.utf8.count)),
            layout: layout(Self.text), revision: 0)))
    ) {
      $0.list.rows.remove(id: id(1))
      $0.list.list.revision = 1
      $0.list.viewport.selectedID = id(3)
      $0.list.history.undoStack = [
        History.Entry(
          label: "archive “b”", changes: [.insert([TodoList.IndexedTodo(row, at: 1)])],
          selectedID: id(1), archive: appended)
      ]
      $0.list.status = Todos.StatusMessage("Archived 1 todo to done.txt · u to undo")
      $0.file.stamp = stamp(1, size: Int64(remaining.utf8.count))
      $0.file.document = self.layout(Self.text)  // the archived line's place stays, for undo
      $0.file.savedRevision = 1
      $0.file.scheduledRevision = 1
    }
    #expect(done.contents == "x 2024-05-01 b\n")
    #expect(file.contents == remaining)
    scheduler.advance(by: .seconds(3))
    store.receive(.list(.statusMessageExpired)) { $0.list.status = nil }
    store.finish()
  }

  /// A todo.txt whose lines end in CRLF: done.txt gets the archived lines with their CR, as
  /// todo.sh's `archive` copies them, not LF lines among CRLF ones.
  @Test func aCRLFTodoFileArchivesCRLFLines() throws {
    let text = "a\r\nx 2024-05-01 b\r\n(B) c\r\nx 2024-05-01  d  spaced\r\n"
    let file = InMemoryFile(contents: text)
    let done = InMemoryDoneFile(contents: "x 2024-01-01 old\r\n")
    let store = try makeStore(file, done)
    let before = store.state.list.rows
    store.send(.list(.organise(.archiveKeyPressed)))
    store.receive(.list(.delegate(.archive([id(1), id(3)]))))
    let appended = receipt("x 2024-05-01 b\r\nx 2024-05-01  d  spaced\r\n")
    let remaining = "a\r\n(B) c\r\n"
    let saved = AppFeature.ArchiveSaved(
      ids: [id(1), id(3)], receipt: appended,
      stamp: stamp(1, size: Int64(remaining.utf8.count)), layout: layout(text), revision: 0)
    store.receive(.archiveFinished(.success(saved))) {
      $0.list.rows = [before[0], before[2]]
      $0.list.list.revision = 1
      $0.list.history.undoStack = [
        History.Entry(
          label: "archive of 2 todos",
          changes: [
            .insert([
              TodoList.IndexedTodo(before[1], at: 1), TodoList.IndexedTodo(before[3], at: 3),
            ])
          ],
          selectedID: id(0), archive: appended)
      ]
      $0.list.status = Todos.StatusMessage("Archived 2 todos to done.txt · u to undo")
      $0.file.stamp = saved.stamp
      $0.file.savedRevision = 1
      $0.file.scheduledRevision = 1
    }
    #expect(done.contents == "x 2024-01-01 old\r\nx 2024-05-01 b\r\nx 2024-05-01  d  spaced\r\n")
    #expect(file.contents == remaining)
    scheduler.advance(by: .seconds(3))
    store.receive(.list(.statusMessageExpired)) { $0.list.status = nil }
    store.finish()
  }
}
