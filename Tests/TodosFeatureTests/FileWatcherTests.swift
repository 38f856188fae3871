import Foundation
import Testing

@testable import TodosFeature

@Suite struct FileWatcherTests {
  @Test func seesWritesAndRenamesOfTheFileButNotOfItsNeighbours() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("watcher-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("todo.txt")
    let watcher = try #require(FileWatcher(path: file.path))
    #expect(!watcher.drainEvents())

    try Data("other\n".utf8).write(to: folder.appendingPathComponent("notes.txt"))
    #expect(!watcher.drainEvents())

    try Data("a\n".utf8).write(to: file)  // Foundation writes atomically: create + rename
    #expect(watcher.drainEvents())
    #expect(!watcher.drainEvents())

    let handle = try FileHandle(forWritingTo: file)
    handle.seekToEndOfFile()
    handle.write(Data("b\n".utf8))
    try handle.close()
    #expect(watcher.drainEvents())

    try FileManager.default.removeItem(at: file)
    #expect(watcher.drainEvents())
  }
}

@MainActor
@Suite struct LiveIdTests {
  @Test func fastRandomIdsAreDistinctAndDifferBetweenRuns() {
    let first = UUID.fastRandom()
    let ids = (0..<1000).map { _ in first() }
    #expect(Set(ids).count == 1000)
    let second = UUID.fastRandom()
    #expect(second() != ids[0])
  }
}
