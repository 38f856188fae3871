import Architecture
import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import Testing
import TodosFeatureTestSupport

@testable import TodosFeature

/// What the store tests of `AppFeature` share: a test scheduler, a store on an in-memory file,
/// and starts asserted in full.
///
/// ```swift
/// @MainActor @Suite struct AppLoadTests: AppStoreTesting {
///   let scheduler = TestScheduler()
///   @Test func loads() { loaded(InMemoryFile(contents: "a\n"), todos: [todo(0, "a")]).finish() }
/// }
/// ```
@MainActor
protocol AppStoreTesting {
  var scheduler: TestScheduler { get }
}

extension AppStoreTesting {
  func makeStore(
    _ file: InMemoryFile, state: AppFeature.State? = nil
  ) -> TestStore<AppFeature.State, AppFeature.Action> {
    TestStore(
      initialState: state ?? AppFeature.State(path: file.path),
      reducer: AppFeature.reducer(
        AppFeature.Environment(
          list: .test(scheduler: scheduler), file: .inMemory(file))))
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

  /// Asserts what follows a reload of `theirs` (a version that is not text) with a change of
  /// ours at revision 1: their version copied aside to todo.txt.conflict, said on the status
  /// line, then ours written (`saved`).
  func receiveTheirsKeptAside(
    _ store: TestStore<AppFeature.State, AppFeature.Action>, theirs: LoadedFile,
    saved: FileStamp
  ) {
    store.receive(.mergeFinished(.success(.notText(theirs)), revision: 1))
    store.receive(
      .conflictCopyFinished(.success("/tmp/todo.txt.conflict"), theirs: theirs.stamp)
    ) {
      $0.file.stamp = theirs.stamp
      $0.list.status = Todos.StatusMessage(
        "todo.txt changed on disk: its version is kept in todo.txt.conflict", kind: .error)
    }
    store.receive(.saveFinished(.success(saved), revision: 1)) {
      $0.file.stamp = saved
      $0.file.savedRevision = 1
    }
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
}

/// The store side of persistence: merges, late writes, recovery, suspend, conflicts and the
/// undo history across writers, against an in-memory file and a test scheduler (its tests are
/// in the files of those topics).
@MainActor
@Suite struct AppFeatureTests: AppStoreTesting {
  let scheduler = TestScheduler()
}

/// The in-memory file's stamp after `version` writes of a file of `size` bytes.
func stamp(_ version: Int64, size: Int64) -> FileStamp {
  FileStamp(modifiedSeconds: version, size: size, inode: 1)
}
