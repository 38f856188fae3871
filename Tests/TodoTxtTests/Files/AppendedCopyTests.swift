import Foundation
import Testing

@testable import TodoTxt

/// The heading of an appended version: its UTC time as a `DateFormatter` wrote it before.
@Suite struct AppendedCopyTests {
  @Test(arguments: [0, 59.999, 951_782_400, 1_795_657_445.5, 4_102_444_799, -1])
  func headingTimeIsUTC(_ seconds: Double) {
    let date = Date(timeIntervalSince1970: seconds)
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
    #expect(
      AppendedCopy.heading("unsaved changes", at: date)
        == "# todos-tui: unsaved changes, \(formatter.string(from: date)) UTC")
  }

  @Test func headingExample() {
    let date = Date(timeIntervalSince1970: 1_795_657_445)
    #expect(
      AppendedCopy.heading("x", at: date) == "# todos-tui: x, 2026-11-26 01:44:05 UTC")
  }
}
