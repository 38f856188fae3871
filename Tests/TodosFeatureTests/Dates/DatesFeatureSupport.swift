import Architecture
import ArchitectureTestSupport
import Foundation
import TodoTxt
import TodosFeature

/// A wall clock for date tests, driven by a test scheduler: the day starts at `start`, the
/// scheduler's zero is `secondsIntoDay` seconds into it, and each 86,400 s of virtual time is
/// the next day. `today` and `untilNextDay` are the environment's, so a test crosses midnight
/// by advancing the scheduler.
@MainActor
final class TestDayClock {
  let scheduler = TestScheduler()
  let start: TodoDate
  let secondsIntoDay: Int64

  init(_ start: String, at secondsIntoDay: Int64 = 12 * 3600) {
    self.start = TodoDate(string: start)!
    self.secondsIntoDay = secondsIntoDay
  }

  private var seconds: Int64 {
    secondsIntoDay + Instant.zero.duration(to: scheduler.now).components.seconds
  }

  var today: TodoDate { start.adding(days: Int(seconds / 86_400))! }
  var untilNextDay: Duration { .seconds(86_400 - seconds % 86_400) }

  /// The environment: ids 0, 1, 2, … and this clock.
  func environment(watchesDays: Bool = false) -> TodosEnvironment {
    var untilNextDay: (@MainActor () -> Duration)?
    if watchesDays { untilNextDay = { @MainActor in self.untilNextDay } }
    return TodosEnvironment(
      uuid: UUID.incrementing(), today: { self.today }, scheduler: scheduler,
      untilNextDay: untilNextDay)
  }

  /// A test store on `state` (seen on this clock's day).
  func store(
    _ state: Todos.State, watchesDays: Bool = false
  ) -> TestStore<Todos.State, Todos.Action> {
    var state = state
    state.today = today
    return TestStore(
      initialState: state, reducer: Todos.reducer(environment(watchesDays: watchesDays)))
  }
}
