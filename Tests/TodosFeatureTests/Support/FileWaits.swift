import Foundation
import TerminalUITestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// For the real-terminal tests: a file the app writes, read as it is now, and waited for.
///
/// ```swift
/// try waitUntilFile(file, is: "Milk\n")
/// ```
func fileText(_ url: URL) -> String? { try? String(contentsOf: url, encoding: .utf8) }

/// Waits up to 10 s, looking every 20 ms, until the text of `url` (nil: unreadable) meets
/// `condition`; throws with what the file holds otherwise.
func waitUntilFile(_ url: URL, _ condition: (String?) -> Bool) throws {
  let deadline = ContinuousClock.now + .seconds(10)
  while ContinuousClock.now < deadline {
    if condition(fileText(url)) { return }
    usleep(20_000)
  }
  throw TestFailure("\(url.lastPathComponent) never matched: \(fileText(url) ?? "nil")")
}

/// Waits up to 10 s until `url` holds exactly `expected`.
func waitUntilFile(_ url: URL, is expected: String) throws {
  do {
    try waitUntilFile(url) { $0 == expected }
  } catch {
    throw TestFailure(
      "the file never became \(expected.debugDescription): \(fileText(url) ?? "nil")")
  }
}
