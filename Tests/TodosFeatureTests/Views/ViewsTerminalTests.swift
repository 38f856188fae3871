import Foundation
import TerminalUITestSupport
import Testing

/// Saved views in the built app, in a real terminal (tmux): a view from config.toml on its own
/// key, the built-in Today on `4`, `w` and the search's match count.
@Suite(
  .serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: `make test` installs it"))
final class ViewsTerminalTests {
  let fixture: TerminalFixture
  var folder: URL { fixture.folder }
  var file: URL { fixture.file }

  init() throws { fixture = try TerminalFixture("views") }

  @Test func aViewFromTheConfigWorksOnItsOwnKey() throws {
    try "Call Mom @phone\nBuy milk @store\nx 2026-11-20 Call Bob @phone\n(A) Pay rent\n"
      .write(to: file, atomically: true, encoding: .utf8)
    let config = folder.appendingPathComponent("config.toml")
    try "[views]\nweek = false\n\n[views.calls]\nquery = \"@phone -is:done\"\nkey = \"8\"\n"
      .write(to: config, atomically: true, encoding: .utf8)
    let session = try fixture.start(arguments: "--config '\(config.path)'", width: 80, height: 12)
    defer { session.close() }
    var screen = try session.waitFor("[All] Active  Completed  Today  Overdue  No date  Calls")
    try session.keys("8")
    screen = try session.waitFor(" Active  Completed  Today  Overdue  No date [Calls]")
    #expect(screen[0].contains("· Calls"))
    let rows = screen.filter { $0.contains("[ ]") || $0.contains("[x]") }
    #expect(rows.count == 1)
    #expect(rows.first?.hasPrefix("> [ ] Call Mom @phone") == true)
    // The built-in Today on 4: the priority-A todo.
    try session.keys("4")
    screen = try session.waitFor("[Today]")
    #expect(screen.contains { $0.contains("Pay rent") })
    #expect(!screen.contains { $0.contains("Call Mom") })
    // The search narrows the view, and says how many match.
    try session.keys("8", "/", "m", "o", "m")
    screen = try session.waitFor("1 match")
    try session.keys("Escape", "w")
    screen = try session.waitFor("View:")
    #expect(screen.contains { $0.contains("Calls") && $0.contains("@phone -is:done") })
    try session.keys("Escape", "q")
    try session.waitFor("exited 0")
  }

  @Test func aGroupedViewFromTheConfigShowsItsHeadersAndJSkipsThem() throws {
    try "Call Mom @phone +family\nSend report +work\nRead more\nPlan trip +family\n"
      .write(to: file, atomically: true, encoding: .utf8)
    let config = folder.appendingPathComponent("config.toml")
    try "[views.projects]\nquery = \"-is:done\"\ngroup = \"project\"\nkey = \"9\"\n"
      .write(to: config, atomically: true, encoding: .utf8)
    let session = try fixture.start(arguments: "--config '\(config.path)'", width: 80, height: 14)
    defer { session.close() }
    try session.waitFor("Projects")
    try session.keys("9")
    var screen = try session.waitFor("[Projects]")
    let list = Array(screen[2..<10]).map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(
      list == [
        "+family · 2", "> [ ] Call Mom @phone +family", "[ ] Plan trip +family", "+work · 1",
        "[ ] Send report +work", "No project · 1", "[ ] Read more", "",
      ])
    // j from the last todo of +family goes to the first of +work, over the header.
    try session.keys("j", "j")
    screen = try session.waitFor("> [ ] Send report +work")
    #expect(screen[5].trimmingCharacters(in: .whitespaces) == "+work · 1")
    try session.keys("q")
    try session.waitFor("exited 0")
  }
}
