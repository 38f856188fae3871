/// What opens a link, as a dependency: `open` gets a URL and says whether the command ran. The
/// live one (in the executable) runs config.toml's `open_command`, else `$BROWSER`, else
/// `xdg-open` (`open` on macOS), with the terminal handed over as `E` hands it to the editor,
/// so a text browser can use it; tests script it.
///
/// ```swift
/// let opener = LinkOpener { url in .opened }
/// opener.open("https://example.com")  // .opened
/// ```
public struct LinkOpener: Sendable {
  /// How opening a link ended.
  public enum Outcome: Equatable, Sendable {
    /// The command exited with status 0.
    case opened
    /// The command was not found, could not start, or failed: a sentence saying which.
    case failed(String)
  }

  public var open: @MainActor @Sendable (String) -> Outcome

  public init(open: @escaping @MainActor @Sendable (String) -> Outcome) {
    self.open = open
  }

  /// Nothing opens links (the default in tests that do not press `o`).
  public static let unavailable = LinkOpener { _ in .failed("no command to open links is set up") }
}
