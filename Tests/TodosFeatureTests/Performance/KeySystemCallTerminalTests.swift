import Foundation
import TerminalUITestSupport
import Testing

/// Whether strace can trace a program here (it is installed, and ptrace is allowed).
private let straceWorks: Bool =
  (try? Tmux.execute(["strace", "-o", "/dev/null", "true"]))?.status == 0

/// What a key costs the built app in system calls, in a real terminal (tmux) under strace: the
/// key is read, and its frame goes out in one write, with nothing else in between (ncurses
/// wrote a frame in a write per cursor move, and set SIGTSTP aside around each update; the
/// shim asked the terminal how many bytes were left after a read that had taken them all).
@Suite(
  .serialized,
  .enabled(if: Tmux.isAvailable, "tmux is not installed: `make test` installs it"),
  .enabled(if: straceWorks, "strace cannot run here: `make test` installs it where it can"))
final class KeySystemCallTerminalTests {
  let fixture: TerminalFixture

  init() throws { fixture = try TerminalFixture("syscalls") }

  /// The app's system calls of these kinds (strace's `-e trace=` list), a line each, while
  /// `typing` drives it on the fixture's file; then it quits.
  private func traceCalls(
    _ calls: String, typing: (TerminalSession) throws -> Void
  ) throws -> [Substring] {
    let trace = fixture.url("trace.txt")
    let session = try TerminalSession(
      command: "strace -o '\(trace.path)' -e trace=\(calls) "
        + "'\(try TerminalFixture.appBinary())' '\(fixture.file.path)'",
      width: 80, height: 24)
    defer { session.close() }
    try session.waitForScreen { $0.first?.hasSuffix(" left") == true }
    try typing(session)
    try session.keys("q")
    try session.waitFor("exited 0")
    return try String(contentsOf: trace, encoding: .utf8).split(separator: "\n")
  }

  @Test func aKeysFrameIsOneWriteWithNoOtherCallBetweenTheReadAndTheNextWait() throws {
    try fixture.write((1...30).map { "Todo \($0) +work @home\n" }.joined())
    let lines = try traceCalls("read,write,poll,ppoll,rt_sigaction,ioctl") { session in
      for todo in 2...4 {
        try session.keys("j")
        try session.waitFor("> [ ] Todo \(todo) ")
      }
    }
    // From each `j` read to the wait that follows it (the poll on every descriptor).
    var keys = 0
    for (index, line) in lines.enumerated() where line.hasPrefix("read(0, \"j\"") {
      keys += 1
      let rest = lines[(index + 1)...]
      let end =
        rest.firstIndex { $0.hasPrefix("poll(") && $0.contains("}, {fd=") } ?? lines.endIndex
      let between = lines[(index + 1)..<end]
      #expect(between.filter { $0.hasPrefix("write(1,") }.count == 1, "\(between)")
      #expect(!between.contains { $0.hasPrefix("rt_sigaction") }, "\(between)")
      #expect(!between.contains { $0.hasPrefix("read(") }, "\(between)")
      // Nor a poll of the terminal alone, asking whether more follows: it would wait for the
      // kernel to finish handing the key over.
      #expect(!between.contains { $0.hasPrefix("poll(") }, "\(between)")
      // Nor a question of how many bytes are left (FIONREAD), when the read took fewer than
      // it asked for: it took them all, and what comes next wakes the wait.
      #expect(!between.contains { $0.hasPrefix("ioctl(") }, "\(between)")
      #expect(end != lines.endIndex, "no wait after the key: \(between)")
    }
    #expect(keys == 3, "\(lines.suffix(30))")
    // Nor before it: the signal pipe is read only when the wait says it has bytes, and the
    // key is read straight away (the wait said it is there), all the terminal has in one read.
    for (index, line) in lines.enumerated() where line.hasPrefix("read(0, \"j\"") {
      let before = lines[..<index].lastIndex { $0.hasPrefix("poll(") && $0.contains("}, {fd=") }
      let since = lines[((before ?? index) + 1)..<index]
      #expect(!since.contains { $0.hasPrefix("read(") && !$0.hasPrefix("read(0,") }, "\(since)")
      #expect(!since.contains { $0.hasPrefix("poll(") }, "\(since)")
    }
  }

  /// A toggle asks the day (its completion date) without the C library's look at
  /// /etc/localtime each time: today is kept for the minute.
  @Test func aToggleDoesNotReadTheTimeZoneFileEachTime() throws {
    try fixture.write((1...5).map { "Todo \($0)\n" }.joined())
    let lines = try traceCalls("read,write,stat,newfstatat,statx") { session in
      for toggle in 1...4 {
        try session.keys("Space")
        try session.waitFor(toggle.isMultiple(of: 2) ? "> [ ] Todo 1" : "> [x] Todo 1")
      }
    }
    var toggles = 0
    var looks = 0
    for (index, line) in lines.enumerated() where line.hasPrefix("read(0, \" \"") {
      toggles += 1
      let rest = lines[(index + 1)...]
      let end = rest.firstIndex { $0.hasPrefix("write(1,") } ?? lines.endIndex
      looks += lines[(index + 1)..<end].filter { $0.contains("/etc/localtime") }.count
    }
    #expect(toggles == 4, "\(lines.suffix(30))")
    // One minute may turn while the toggles are typed: at most one look then.
    #expect(looks <= 1, "\(lines.suffix(40))")
  }
}
