import Architecture
import Foundation
import IdentifiedCollections
import SnapshotTesting
import TerminalUI
import TerminalUITestSupport
import Testing
import TodoTxt

@testable import TodosFeature

/// The title names the file (`todo.txt`, or the path with `~` away from the default place),
/// says `new file` while there is none and `read-only` when it cannot be written; a narrow
/// title drops whole parts and shortens a path from the left, never the count.
@MainActor
@Suite struct FileTitleSnapshotTests {
  func title(_ file: FileTitle?, width: Int, sort: TodoSortOrder = .fileOrder) -> String {
    let state = Todos.State(
      todos: [todo(0, "Buy milk"), todo(1, "Pay rent", done: true)], selectedID: id(0),
      sortOrder: sort)
    return TodosView.frame(for: state, width: width, height: 8, file: file).buffer
      .text(ofRow: 0)
  }

  @Test func theTitleNamesTheFileAndWhatItIs() {
    let app = AppFeature.State(
      list: Todos.State(
        todos: [todo(0, "Buy milk")], selectedID: id(0),
        size: TerminalSize(width: 60, height: 8)),
      path: "/home/me/work/todo.txt")
    var new = app
    new.file.isLoaded = true
    new.file.displayName = "~/work/todo.txt"
    assertSnapshot(of: AppView.frame(for: new, width: 60, height: 8), as: .styledScreen)
    var readOnly = app
    readOnly.file.isLoaded = true
    readOnly.file.stamp = FileStamp(modifiedSeconds: 0, size: 9)
    readOnly.file.readOnly = .fileIsReadOnly(app.file.path)
    assertSnapshot(of: AppView.frame(for: readOnly, width: 60, height: 8), as: .styledScreen)
  }

  @Test func aNarrowTitleDropsWholePartsAndShortensThePathFromTheLeft() {
    let file = FileTitle(name: "~/work/lists/todo.txt", isNew: true, isReadOnly: true)
    let lines = [80, 50, 44, 36, 30, 26, 24].map { title(file, width: $0) }
    assertSnapshot(of: lines.joined(separator: "\n"), as: .lines)
  }

  @Test func theSortOrderComesAfterTheFile() {
    let line = title(FileTitle(name: "todo.txt"), width: 60, sort: .priority)
    #expect(line.hasPrefix(" todo.txt · by priority "))
    #expect(line.hasSuffix("1 item left"))
  }

  @Test func withoutAFileTheTitleSaysTodos() {
    #expect(title(nil, width: 60).hasPrefix(" Todos "))
  }

  @Test func shortening() {
    #expect(TodosView.shortened("~/work/lists/todo.txt", toWidth: 30) == "~/work/lists/todo.txt")
    #expect(TodosView.shortened("~/work/lists/todo.txt", toWidth: 16) == "…/lists/todo.txt")
    #expect(TodosView.shortened("~/work/lists/todo.txt", toWidth: 10) == "…/todo.txt")
    #expect(TodosView.shortened("~/work/lists/todo.txt", toWidth: 9) == "todo.txt")
    #expect(TodosView.shortened("~/work/lists/todo.txt", toWidth: 7) == "")
  }

  /// `todo.txt` at the default place; elsewhere the path, with `~` for home.
  @Test func theNameOfEachLocation() {
    let home = "/home/me"
    let cases: [(TodoFileLocation, String)] = [
      (
        .init(path: "/home/me/.local/share/todos-tui/todo.txt", source: .defaultLocation),
        "todo.txt"
      ),
      (.init(path: "/home/me/work/todo.txt", source: .argument), "~/work/todo.txt"),
      (.init(path: "/home/me/todo/todo.txt", source: .todoDir), "~/todo/todo.txt"),
      (.init(path: "/home/meg/todo.txt", source: .environment), "/home/meg/todo.txt"),
      (.init(path: "/srv/todo.txt", source: .fileOption), "/srv/todo.txt"),
    ]
    for (location, name) in cases {
      #expect(location.displayName(home: home) == name)
    }
    #expect(
      TodoFileLocation(path: "/home/me/todo.txt", source: .argument).displayName(home: nil)
        == "/home/me/todo.txt")
  }
}
