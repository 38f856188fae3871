import Foundation
import TerminalUITestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `o` in the built app, in a real terminal (tmux): config.toml's `open_command` (a script
/// that records its argument) gets the URL, the picker picks one of several, `$BROWSER` is used
/// without `open_command`, and a command that is not found says so; todo.txt never changes.
@Suite(
  .serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: `make test` installs it"))
final class OpenLinkTerminalTests {
  let fixture: TerminalFixture
  var log: URL { fixture.url("opened.log") }

  init() throws { fixture = try TerminalFixture("links") }

  static let original =
    "Read https://example.com/post.\n" + "Compare (https://a.example) with mailto:bob@b.example\n"

  /// A script that appends its first argument to `opened.log`; its path.
  func recorder() throws -> String {
    try fixture.write("#!/bin/sh\nprintf '%s\\n' \"$1\" >> '\(log.path)'\n", to: "open.sh")
    chmod(fixture.url("open.sh").path, 0o755)
    return fixture.url("open.sh").path
  }

  func config(openCommand: String) throws -> String {
    try fixture.write("[behavior]\nopen_command = \"\(openCommand)\"\n", to: "config.toml")
    return "--config '\(fixture.url("config.toml").path)'"
  }

  func waitForLog(_ expected: String) throws {
    try waitUntil {
      fixture.contents("opened.log") == expected
    } otherwise: {
      "opened.log never became \(expected.debugDescription): "
        + (fixture.contents("opened.log") ?? "nil")
    }
  }

  @Test func oOpensTheLinkWithOpenCommandAndThePickerPicksOneOfSeveral() throws {
    try fixture.write(Self.original)
    let session = try fixture.start(arguments: try config(openCommand: try recorder()))
    defer { session.close() }
    try session.keys("o")
    try waitForLog("https://example.com/post\n")
    try session.waitFor("Opened https://example.com/post")
    try session.keys("j", "o")
    let picker = try session.waitFor("Open which link? (2 links)")
    #expect(picker.contains { $0 == "> 1  https://a.example" })
    try session.keys("j", "Enter")
    try waitForLog("https://example.com/post\nmailto:bob@b.example\n")
    try session.waitFor("Opened mailto:bob@b.example")
    try session.keys("q")
    try session.waitFor("exited 0")
    #expect(fixture.contents() == Self.original)
  }

  @Test func withoutOpenCommandBrowserOpensIt() throws {
    try fixture.write(Self.original)
    let session = try fixture.start(environment: "BROWSER='\(try recorder())'")
    defer { session.close() }
    try session.keys("o")
    try waitForLog("https://example.com/post\n")
    try session.waitFor("Opened https://example.com/post")
  }

  @Test func aCommandThatIsNotFoundSaysWhyAndChangesNothing() throws {
    try fixture.write(Self.original)
    let session = try fixture.start(
      arguments: try config(openCommand: "no-such-opener-here"), width: 100)
    defer { session.close() }
    try session.keys("o")
    let screen = try session.waitFor(
      "Open link: no-such-opener-here not found · To fix, correct open_command in config.toml")
    #expect(screen.contains { $0.contains("> [ ] Read https://example.com/post.") })
    try session.keys("q")
    try session.waitFor("exited 0")
    #expect(fixture.contents() == Self.original)
  }
}
