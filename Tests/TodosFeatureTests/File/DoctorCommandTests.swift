import Foundation
import Testing
import TodosFeatureTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The built `todos-tui doctor`: where the file, its lock, done.txt and the config are, and
/// what is pending, read without writing anything.
@Suite struct DoctorCommandTests {
  @Test func printsTheFilesAndWhatIsPending() throws {
    let app = try AppTerminalTests.appBinary()
    let folder = try TemporaryFolder()
    try folder.write("Call Mom\nBuy milk\n")
    try folder.write("x 2026-11-20 Pay rent\n", to: "done.txt")
    try folder.write("Call Mom\n", to: "todo.sync-conflict-20261126-101500-laptop.txt")
    try folder.write("Call Mom\n", to: "todo.txt.recovery")
    let merged = folder.file("state/todos-tui/merged")
    try FileManager.default.createDirectory(atPath: merged, withIntermediateDirectories: true)
    try TemporaryFolder.write(
      "a\n", toPath: merged + "/todo (Ann's conflicted copy 2026-11-20).txt")
    let before = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()

    let result = try MergeFileCommandTests.run(
      app, ["doctor", "--file", "todo.txt"], in: folder.path,
      environment: [
        "XDG_STATE_HOME": folder.file("state"), "XDG_CONFIG_HOME": folder.file("config"),
        "TODOS_TUI_CONFIG": "", "DONE_FILE": "",
      ])

    #expect(result.status == 0, "\(result.error)")
    #expect(
      result.output == """
        File: \(folder.file()) (2 lines)
        Lock: \(folder.file()).lock (free)
        Done file: \(folder.file("done.txt")) (1 line)
        Config: none (the defaults are in force)
        Recovery file: \(folder.file()).recovery (merge it, then delete it)
        Conflict copies not merged yet: 1 (the app merges them when it opens)
          \(folder.file("todo.sync-conflict-20261126-101500-laptop.txt"))
        Merged conflict copies: \(merged) (1)
          todo (Ann's conflicted copy 2026-11-20).txt

        """)
    // It only reads: no lock file, nothing moved.
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == before)
  }
}
