import Foundation
import TerminalUITestSupport
import Testing
import TodoTxt
import TodosFeature

#if canImport(Glibc)
  import Glibc
#endif

/// The built app in tmux with dates: what the file holds after typing `due:tomorrow` and after
/// completing a recurring todo. The app's today is the real clock, so expected dates are
/// computed from it here (a run across midnight could see two days; it takes seconds).
@Suite(
  .serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: `make test` installs it"))
final class DatesTerminalTests {
  let fixture: TerminalFixture
  var file: URL { fixture.file }
  let today = LocalClock.today()

  init() throws { fixture = try TerminalFixture("dates") }

  func start(_ contents: String) throws -> TerminalSession {
    try fixture.write(contents)
    return try fixture.start(height: 16) { $0.first?.contains(" left") == true }
  }

  func contents() -> String? { fixture.contents() }

  func waitForFile(_ expected: String) throws { try waitUntilFile(file, is: expected) }

  @Test func typingDueTomorrowSavesTomorrowsDateAndShowsTheBadge() throws {
    let session = try start("Milk\n")
    defer { session.close() }
    try session.keys("a")
    try session.type("Call Bob due:tomorrow")
    try session.keys("Enter")
    // The typed text is on screen while the field is open: wait for the saved row.
    let screen = try session.waitForScreen { screen in
      screen.contains { $0.contains("Call Bob") && !$0.contains("due:") }
    }
    let row = try #require(screen.first { $0.contains("Call Bob") })
    #expect(
      row.hasSuffix("tomorrow") || row.trimmingCharacters(in: .whitespaces).hasSuffix("tomorrow"))
    let tomorrow = today.adding(days: 1)!
    try waitForFile("\(today) Call Bob due:\(tomorrow)\nMilk\n")
    // The edit field shows the tag as saved.
    try session.keys("e")
    try session.waitFor("Call Bob due:\(tomorrow)")
    try session.keys("Escape")
  }

  @Test func aBracketedPasteIntoTheFieldIsConvertedWhenSaved() throws {
    let session = try start("Milk\n")
    defer { session.close() }
    try session.keys("a")
    try session.paste("Pasted due:tomorrow t:today")
    try session.waitFor("Pasted due:tomorrow t:today")
    try session.keys("Enter")
    try session.waitFor("tomorrow")
    try waitForFile("\(today) Pasted due:\(today.adding(days: 1)!) t:\(today)\nMilk\n")
  }

  @Test func completingARecurringTodoWritesItsNextOccurrenceOnTheLineBelow() throws {
    // Odd spacing and a tag before the text: untouched lines keep their bytes.
    let original = "(B) 2020-01-01 Water  the plants due:2020-01-06 +home rec:1w"
    let session = try start("\(original)\nOther  line   +x\n")
    defer { session.close() }
    try session.keys("Space")
    let nextDue = today.adding(days: 7)!
    try session.waitFor("Added the next one")
    let copy = "(B) \(today) Water  the plants due:\(nextDue) +home rec:1w"
    let completed = "x \(today) \(original.replacingOccurrences(of: "(B) ", with: ""))"
    // The completed todo keeps its line; its next occurrence is on the line right below it.
    try waitForFile("\(completed) pri:B\n\(copy)\nOther  line   +x\n")
    try session.keys("u")
    try waitForFile("\(original)\nOther  line   +x\n")
  }

  /// A POSIX `TZ` (no zone file behind it) sets the app's today as it sets `date`'s. The
  /// offset is picked so that the wall clock is near noon on a day other than UTC's: a day
  /// before UTC's in its morning, after it in its afternoon.
  @Test func aPOSIXTZSetsTheDayAsDateShowsIt() throws {
    var utc = Calendar(identifier: .gregorian)
    utc.timeZone = TimeZone(identifier: "UTC")!
    let now = Date()
    let hour = utc.component(.hour, from: now)
    let utcDay = TodoDate(now)
    let (tz, expected) =
      hour < 12
      ? ("ABC+\(hour + 12)", utcDay.adding(days: -1)!)
      : ("XYZ-\(36 - hour)", utcDay.adding(days: 1)!)
    try Data("Milk\n".utf8).write(to: file)
    let session = try fixture.start(environment: "TZ=\(tz)") {
      $0.first?.contains(" left") == true
    }
    defer { session.close() }
    try session.waitFor("> [ ] Milk")
    try session.keys("x")
    try waitForFile("x \(expected) Milk\n")
  }
}
