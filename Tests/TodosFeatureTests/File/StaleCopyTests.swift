import Architecture
import ArchitectureTestSupport
import Foundation
import Testing
import TodoTxt
import TodosFeatureTestSupport

@testable import TodosFeature

/// A writer that read the file before the app saved and wrote after (todo.sh's `sed -i`, a
/// sync folder restoring its copy): its version is merged over the copy it was made from, so
/// the app's saved change and the writer's change both stay. Following it (the app had nothing
/// unsaved) dropped the app's change from the file and the screen, for good.
extension AppFeatureTests {
  /// Starts on `contents`, adds `text` through the keys and lets the save run; returns the
  /// store with nothing unsaved.
  func savedAfterAdding(
    _ text: String, to file: InMemoryFile
  ) -> TestStore<AppFeature.State, AppFeature.Action> {
    let store = makeStore(file)
    store.exhaustivity = .off
    store.send(.started)
    store.skipReceivedActions()
    store.send(.list(.addKeyPressed))
    store.send(.list(.editor(.textEdited(.insert(text)))))
    store.send(.list(.editor(.enterPressed)))
    scheduler.advance(by: .seconds(1))
    store.skipReceivedActions()
    #expect(!store.state.hasUnsavedChanges)
    return store
  }

  /// The reproduction: the app adds `app-1` and saves; `sed` renames its completion of
  /// `ts-000`, made from the file before that save, over it.
  @Test func aSedThatReadBeforeTheSaveIsMergedOverWhatItRead() {
    let file = InMemoryFile(contents: "ts-000 open\n")
    let store = savedAfterAdding("app-1", to: file)
    let before = FileStamp(modifiedSeconds: 0, size: 12, inode: 1)
    #expect(file.contents == "2024-05-01 app-1\nts-000 open\n")
    file.writeExternally("x 2026-11-26 ts-000 open\n")
    store.send(.fileChangedOnDisk)
    // The reload says which copy it was made from: the one before the app's save.
    store.receive(
      .reloadFinished(
        .success(
          LoadedFile(
            bytes: Array("x 2026-11-26 ts-000 open\n".utf8),
            stamp: FileStamp(modifiedSeconds: 2, size: 25, inode: 1), origin: before))))
    store.skipReceivedActions()
    #expect(file.contents == "2024-05-01 app-1\nx 2026-11-26 ts-000 open\n")
    #expect(
      store.state.list.rows.map(\.description) == ["app-1", "ts-000 open"])
    #expect(store.state.list.rows.last?.isComplete == true)
    #expect(!store.state.hasUnsavedChanges)
    store.skipInFlightEffects()
    store.finish()
  }

  /// An older copy renamed straight over the file, with no change of its own: the app's saved
  /// todo stays (the app cannot tell it from a sync folder's restore, and loses nothing).
  @Test func anUnchangedOlderCopyPutBackKeepsTheSavedTodo() {
    let file = InMemoryFile(contents: "Call Mom\nBuy milk\n")
    let store = savedAfterAdding("Pay rent", to: file)
    file.writeExternally("Call Mom\nBuy milk\n")
    store.send(.fileChangedOnDisk)
    store.skipReceivedActions()
    #expect(file.contents == "2024-05-01 Pay rent\nCall Mom\nBuy milk\n")
    store.skipInFlightEffects()
    store.finish()
  }

  /// A sync folder deletes the file and puts its older copy back (with a todo from another
  /// machine) after the app wrote the file again: the todo the app saved before the deletion
  /// and the remote one are both kept.
  @Test func aDeleteThenAnOlderCopyWithARemoteTodoKeepsTheSavedTodo() {
    let file = InMemoryFile(contents: "Call Mom\nBuy milk\n")
    let store = savedAfterAdding("Pay rent", to: file)
    file.writeExternally(nil)
    store.send(.fileChangedOnDisk)
    for _ in 0..<AppFeature.maxRechecks {
      scheduler.advance(by: .milliseconds(100))
      store.skipReceivedActions()
    }
    store.skipReceivedActions()
    #expect(file.contents == "2024-05-01 Pay rent\nCall Mom\nBuy milk\n")
    file.writeExternally("Call Mom\nBuy milk\nRemote todo\n")
    store.send(.fileChangedOnDisk)
    store.skipReceivedActions()
    #expect(file.contents == "2024-05-01 Pay rent\nCall Mom\nBuy milk\nRemote todo\n")
    #expect(
      store.state.list.rows.map(\.description)
        == ["Pay rent", "Call Mom", "Buy milk", "Remote todo"])
    store.skipInFlightEffects()
    store.finish()
  }

  /// Another program that starts from the app's saved version is followed as before: its
  /// completion of the app's new todo is that todo completed, never a second copy of it.
  @Test func aWriterThatStartedFromTheSavedVersionIsFollowed() {
    let file = InMemoryFile(contents: "ts-000 open\n")
    let store = savedAfterAdding("app-1", to: file)
    file.writeExternally("x 2026-11-26 2024-05-01 app-1\nts-000 open\n")
    store.send(.fileChangedOnDisk)
    store.skipReceivedActions()
    #expect(file.contents == "x 2026-11-26 2024-05-01 app-1\nts-000 open\n")
    #expect(store.state.list.rows.map(\.description) == ["app-1", "ts-000 open"])
    #expect(store.state.list.status?.text == "Reloaded: todo.txt changed on disk")
    store.skipInFlightEffects()
    store.finish()
  }
}
