import Architecture
import ArchitectureTestSupport
import Foundation
import IdentifiedCollections
import Testing
import TodosFeatureTestSupport

@testable import TodosFeature

/// The app with dates: the day is read at start and again at each midnight, and the file keeps
/// every line byte for byte until its todo changes (tags where they were).
@MainActor
@Suite struct DatesAppFeatureTests {
  static let lines = [
    "Call  Bob   due:2026-11-27\t+work",
    "2026-11-01 Pay rent due:2026-12-01 t:2026-11-28 rec:+1m  ",
    "due:2026-11-20 Water plants rec:1w @home",
    "x 2026-11-02 Old due:2026-10-01 rec:1d",
    "Someday h:1",
  ]

  @Test func startReadsTodayAndWakesAtMidnightAndUntouchedLinesKeepTheirBytes() {
    let clock = TestDayClock("2026-11-23", at: 22 * 3600)
    let contents = Self.lines.joined(separator: "\n") + "\n"
    let file = InMemoryFile(contents: contents)
    let store = TestStore(
      initialState: AppFeature.State(path: file.path),
      reducer: AppFeature.reducer(
        AppFeature.Environment(
          list: clock.environment(watchesDays: true), file: .inMemory(file))))
    store.exhaustivity = .off
    store.send(.started)
    #expect(store.state.list.today == day("2026-11-23"))
    let loaded = LoadedFile(
      bytes: Array(contents.utf8), stamp: stamp(0, size: Int64(contents.utf8.count)))
    store.receive(.loadFinished(.success(loaded)))
    // Hidden: the rent (starts on the 28th) and h:1.
    #expect(store.state.list.visible.count == 3)
    // Complete the watering (its id is the third the loader gave).
    let water = store.state.list.rows[2].id
    store.send(.list(.todos(.element(id: water, action: .checkboxToggled))))
    clock.scheduler.advance(by: .seconds(1))
    store.receive(.list(.sortCompletedTodos))
    clock.scheduler.advance(by: .seconds(1))
    let expected =
      [
        Self.lines[0], Self.lines[1],
        // Only its line changes; the next occurrence goes on the line right below it.
        "x 2026-11-23 due:2026-11-20 Water plants rec:1w @home",
        "due:2026-11-30 Water plants rec:1w @home", Self.lines[3], Self.lines[4],
      ].joined(separator: "\n") + "\n"
    #expect(file.contents == expected)
    // Midnight, five days on: the rent's threshold arrives without a key.
    for _ in 0..<5 {
      clock.scheduler.advance(by: clock.untilNextDay)
      store.receive(.list(.dates(.dayChanged)))
    }
    #expect(store.state.list.today == day("2026-11-28"))
    #expect(store.state.list.visible.ids.contains(store.state.list.rows[1].id))
    // Nothing was written for the day change: the file is the same.
    #expect(file.contents == expected)
    store.send(.list(.quitKeyPressed))
    clock.scheduler.run()
  }
}
