import Architecture
import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import Testing
import TodoTxt
import TodosFeatureTestSupport

@testable import TodosFeature

#if canImport(Glibc)
  import Glibc
#endif

/// A file or folder the app cannot write, found at start: the title says `read-only` from the
/// first frame, keys that would change a todo change nothing and say why, and nothing is left
/// to end up in a recovery file.
extension AppFeatureTests {
  @Test func aReadOnlyFileIsSaidAtStartAndNoKeyChangesATodo() {
    let file = InMemoryFile(contents: "Buy milk\n")
    file.writeProblem = .fileIsReadOnly(file.path)
    file.saveFailure = .fileIsReadOnly(file.path)
    let store = makeStore(file)
    let bytes = Array("Buy milk\n".utf8)
    let stamp = FileStamp(modifiedSeconds: 0, size: Int64(bytes.count), inode: 1)
    store.send(.started)
    store.receive(.writeAccessChecked(.fileIsReadOnly(file.path))) {
      $0.file.readOnly = .fileIsReadOnly(file.path)
    }
    store.receive(.loadFinished(.success(LoadedFile(bytes: bytes, stamp: stamp)))) {
      $0.file.isLoaded = true
      $0.file.stamp = stamp
      $0.file.document = TodoTxtDocument.parse(bytes).layout(ids: [id(0)])
      $0.list.rows = [Todo.State(id: id(0), description: "Buy milk")]
      $0.list.viewport.selectedID = id(0)
    }
    #expect(
      AppView.frame(for: store.state, width: 60, height: 8).buffer.text(ofRow: 0)
        .hasPrefix(" todo.txt · read-only "))
    let refused = Todos.StatusMessage(
      "todo.txt is read-only (its mode): nothing changed", kind: .error)
    store.send(.list(.todos(.element(id: id(0), action: .checkboxToggled)))) {
      $0.list.status = refused
    }
    store.receive(.writeAccessChecked(.fileIsReadOnly(file.path)))
    for action: Todos.Action in [
      .toggleAllKeyPressed, .deleteKeyPressed, .addKeyPressed, .editKeyPressed,
      .clearCompletedKeyPressed, .organise(.archiveKeyPressed),
    ] {
      store.send(.list(action))
      store.receive(.writeAccessChecked(.fileIsReadOnly(file.path)))
    }
    // A paste: the editor is refused, and so is what it would type.
    let paste = Keymap.actions(forPaste: "Eggs", in: store.state.list)
    #expect(paste.first == .addKeyPressed && paste.count > 1)
    store.send(.list(paste[0]))
    store.receive(.writeAccessChecked(.fileIsReadOnly(file.path)))
    for action in paste.dropFirst() { store.send(.list(action)) }
    // Moving and searching still work.
    store.send(.list(.searchKeyPressed)) { $0.list.search = Search.State() }
    store.send(.list(.quitKeyPressed)) { $0.list.isQuitting = true }
    #expect(file.recovery == nil)
    #expect(file.saveCount == 0)
    #expect(file.contents == "Buy milk\n")
  }

  /// `chmod u+w` while the app runs: the refused key looks again, and the next key works.
  @Test func aFileMadeWritableLetsTheNextKeyThrough() {
    let file = InMemoryFile(contents: "Buy milk\n")
    file.writeProblem = .permissionDenied("/tmp")
    let store = makeStore(file)
    store.exhaustivity = .off
    store.send(.started)
    store.skipReceivedActions()
    #expect(store.state.file.readOnly == .permissionDenied("/tmp"))
    file.writeProblem = nil
    store.send(.list(.toggleAllKeyPressed)) {
      $0.list.status = Todos.StatusMessage(
        "todo.txt is read-only (its folder cannot be written): nothing changed", kind: .error)
    }
    store.receive(.writeAccessChecked(nil)) { $0.file.readOnly = nil }
    store.send(.list(.toggleAllKeyPressed))
    #expect(store.state.list.rows[id: id(0)]?.isComplete == true)
    store.skipInFlightEffects()
  }
}

/// The live check, on real files (as root too: a 0444 file is read-only to the app).
@MainActor
@Suite struct LiveWriteProblemTests {
  @Test func aFileWhoseModeLetsNobodyWriteIt() throws {
    let folder = try TemporaryFolder()
    try folder.write("Buy milk\n")
    chmod(folder.file(), 0o444)
    #expect(FileClient.live(path: folder.file()).writeProblem() == .fileIsReadOnly(folder.file()))
    chmod(folder.file(), 0o644)
    #expect(FileClient.live(path: folder.file()).writeProblem() == nil)
    // The probe leaves nothing behind.
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["todo.txt"])
  }

  @Test func noFileYetInAWritableFolder() throws {
    let folder = try TemporaryFolder()
    #expect(FileClient.live(path: folder.file()).writeProblem() == nil)
  }

  /// /sys refuses new files even to root: an unwritable folder.
  @Test func aFolderNoFileCanBeMadeIn() {
    #expect(FileClient.live(path: "/sys/todo.txt").writeProblem() != nil)
  }
}
