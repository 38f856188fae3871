import Foundation
import Testing
import TodoTxt

/// Which files are lists: every `*.txt` of todo.sh's folder but done.txt and report.txt,
/// todo.txt first; paths given twice open once.
@Suite struct ListFilesTests {
  @Test func theTodoDirsTextFilesButDoneAndReportTodoTxtFirst() {
    #expect(
      ListFiles.inTodoDir(["work.txt", "done.txt", "todo.txt", "notes.md", "report.txt", "a.txt"])
        == ["todo.txt", "a.txt", "work.txt"])
  }

  @Test func aFolderIsListedForItsRegularFiles() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("list-files-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(
      atPath: folder + "/dir.txt", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    for name in ["todo.txt", "home.txt", "done.txt", "report.txt"] {
      try Data().write(to: URL(fileURLWithPath: folder + "/" + name))
    }
    #expect(ListFiles.inTodoDir(folder: folder) == [folder + "/todo.txt", folder + "/home.txt"])
  }

  @Test func distinctKeepsTheFirstOfEachPath() {
    #expect(ListFiles.distinct(["/a", "/b", "/a"]) == ["/a", "/b"])
  }
}
