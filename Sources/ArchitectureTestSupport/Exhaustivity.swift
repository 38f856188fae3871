/// How much a `TestStore` insists on being told.
///
/// ```swift
/// store.exhaustivity = .off  // an integration test: assert only what it is about
/// ```
public enum Exhaustivity: Equatable, Sendable {
  /// Every state change, every received action and every running effect must be asserted
  /// (the default).
  case on
  /// Only what the test asserts is checked: a `send`/`receive` closure is applied to the actual
  /// state, so fields it does not set are not compared; `receive` skips received actions until
  /// one matches; actions still unreceived and effects still running are allowed (and cancelled)
  /// when the test ends. With `showSkippedAssertions`, each thing skipped is reported as a
  /// warning, which does not fail the test.
  case off(showSkippedAssertions: Bool)

  /// Non-exhaustive, skipping silently.
  public static let off = Self.off(showSkippedAssertions: false)
}
