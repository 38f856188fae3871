import Architecture
import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import Testing
import TodoTxt
import TodosFeatureTestSupport

@testable import TodosFeature

/// A sync client's conflict copy of the open file: merged through the file client when the
/// folder watch reports it, or at start; the status line says what it brought.
@MainActor
@Suite struct AppConflictCopyTests: AppStoreTesting {
  let scheduler = TestScheduler()
  static let copyName = "todo.sync-conflict-20261126-101500-laptop.txt"
  static let merged = ConflictCopyMerged(
    copy: SyncConflictCopy(client: .syncthing, device: "laptop", name: copyName),
    copyName: copyName, counts: .init(added: 1, completed: 1),
    movedTo: "/state/todos-tui/merged/" + copyName)

  /// The copies beside the file; merging one writes the file as the merge would, moves it.
  final class Folder {
    var copies: [String] = []
  }

  func store(
    _ file: InMemoryFile, _ folder: Folder, mergedInto contents: String
  ) -> TestStore<AppFeature.State, AppFeature.Action> {
    var client = FileClient.inMemory(file)
    client.findConflictCopies = { folder.copies }
    client.mergeConflictCopy = { path in
      #expect(path == "/tmp/" + Self.copyName)
      file.writeExternally(contents)
      folder.copies.removeAll { $0 == path }
      return .success(Self.merged)
    }
    return TestStore(
      initialState: AppFeature.State(path: file.path),
      reducer: AppFeature.reducer(
        AppFeature.Environment(list: .test(scheduler: scheduler), file: client)))
  }

  @Test func aCopyTheWatchReportsIsMergedAndTheStatusLineSaysSo() {
    let file = InMemoryFile(contents: "a\nb\n")
    let folder = Folder()
    let store = store(file, folder, mergedInto: "x 2026-11-26 a\nb\nc\n")
    store.send(.started)
    let stamp0 = stamp(0, size: 4)
    store.receive(.loadFinished(.success(LoadedFile(bytes: Array("a\nb\n".utf8), stamp: stamp0)))) {
      $0.file.isLoaded = true
      $0.file.stamp = stamp0
      $0.file.document = TodoTxtDocument.parse(Array("a\nb\n".utf8)).layout(ids: [id(0), id(1)])
      $0.list.rows = [
        Todo.State(id: id(0), description: "a"), Todo.State(id: id(1), description: "b"),
      ]
      $0.list.viewport.selectedID = id(0)
    }
    // The sync client puts its copy beside the file; the folder watch reports it.
    folder.copies = ["/tmp/" + Self.copyName]
    store.send(.fileChangedOnDisk)
    let bytes = Array("x 2026-11-26 a\nb\nc\n".utf8)
    let stamp1 = stamp(1, size: Int64(bytes.count))
    store.receive(.reloadFinished(.success(LoadedFile(bytes: bytes, stamp: stamp1)))) {
      $0.file.stamp = stamp1
      $0.file.document = TodoTxtDocument.parse(bytes).layout(ids: [id(0), id(1), id(2)])
      $0.list.rows = [
        Todo.State(
          id: id(0), description: "a", isComplete: true,
          completionDate: TodoDate(string: "2026-11-26")),
        Todo.State(id: id(1), description: "b"), Todo.State(id: id(2), description: "c"),
      ]
      $0.list.status = Todos.StatusMessage("Reloaded: todo.txt changed on disk")
    }
    store.receive(.conflictCopyMerged(.success(Self.merged))) {
      $0.list.status = Todos.StatusMessage(
        "Merged Syncthing's conflict copy from laptop: 1 todo added, 1 completed")
    }
    #expect(folder.copies.isEmpty)
    scheduler.advance(by: .seconds(3))
    store.receive(.list(.statusMessageExpired)) { $0.list.status = nil }
    store.finish()
  }

  @Test func aCopyThereAtStartIsMergedOnceTheFileIsRead() {
    let file = InMemoryFile(contents: "a\n")
    let folder = Folder()
    folder.copies = ["/tmp/" + Self.copyName]
    let store = store(file, folder, mergedInto: "a\nc\n")
    store.send(.started)
    let stamp0 = stamp(0, size: 2)
    store.receive(.loadFinished(.success(LoadedFile(bytes: Array("a\n".utf8), stamp: stamp0)))) {
      $0.file.isLoaded = true
      $0.file.stamp = stamp0
      $0.file.document = TodoTxtDocument.parse(Array("a\n".utf8)).layout(ids: [id(0)])
      $0.list.rows = [Todo.State(id: id(0), description: "a")]
      $0.list.viewport.selectedID = id(0)
    }
    store.receive(.fileChangedOnDisk)
    let bytes = Array("a\nc\n".utf8)
    let stamp1 = stamp(1, size: 4)
    store.receive(.reloadFinished(.success(LoadedFile(bytes: bytes, stamp: stamp1)))) {
      $0.file.stamp = stamp1
      $0.file.document = TodoTxtDocument.parse(bytes).layout(ids: [id(0), id(1)])
      $0.list.rows = [
        Todo.State(id: id(0), description: "a"), Todo.State(id: id(1), description: "c"),
      ]
      $0.list.status = Todos.StatusMessage("Reloaded: todo.txt changed on disk")
    }
    store.receive(.conflictCopyMerged(.success(Self.merged))) {
      $0.list.status = Todos.StatusMessage(
        "Merged Syncthing's conflict copy from laptop: 1 todo added, 1 completed")
    }
    scheduler.advance(by: .seconds(3))
    store.receive(.list(.statusMessageExpired)) { $0.list.status = nil }
    store.finish()
  }

  @Test func aCopyThatCannotBeMergedIsSaidAndLeftWhereItIs() {
    let file = InMemoryFile(contents: "a\n")
    var client = FileClient.inMemory(file)
    let path = "/tmp/" + Self.copyName
    client.findConflictCopies = { [path] }
    client.mergeConflictCopy = { path in
      .failure(.notText(role: "OTHER", path: path, reason: "it holds NUL bytes"))
    }
    let store = TestStore(
      initialState: AppFeature.State(path: file.path),
      reducer: AppFeature.reducer(
        AppFeature.Environment(list: .test(scheduler: scheduler), file: client)))
    store.send(.started)
    let stamp0 = stamp(0, size: 2)
    store.receive(.loadFinished(.success(LoadedFile(bytes: Array("a\n".utf8), stamp: stamp0)))) {
      $0.file.isLoaded = true
      $0.file.stamp = stamp0
      $0.file.document = TodoTxtDocument.parse(Array("a\n".utf8)).layout(ids: [id(0)])
      $0.list.rows = [Todo.State(id: id(0), description: "a")]
      $0.list.viewport.selectedID = id(0)
    }
    store.receive(.fileChangedOnDisk)
    store.receive(
      .conflictCopyMerged(
        .failure(.notText(role: "OTHER", path: path, reason: "it holds NUL bytes")))
    ) {
      $0.list.status = Todos.StatusMessage(
        "\(Self.copyName) is not text: not merged", kind: .error)
    }
    #expect(file.contents == "a\n")
    scheduler.advance(by: .seconds(3))
    store.receive(.list(.statusMessageExpired)) { $0.list.status = nil }
    store.finish()
  }
}
