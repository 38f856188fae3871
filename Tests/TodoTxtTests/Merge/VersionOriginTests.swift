import Foundation
import Testing

@testable import TodoTxt

/// Which version another writer started from: an old copy (merged over it) or the app's latest
/// (followed).
@Suite struct VersionOriginTests {
  func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  func origin(_ theirs: String, latest: String, older: [String]) -> Int? {
    VersionOrigin.origin(of: bytes(theirs), latest: bytes(latest), older: older.map(bytes))
  }

  /// todo.sh's `sed -i` read the file just before the app added a todo and renamed its version
  /// just after: it lacks the app's todo, so it was made from the copy before.
  @Test func sedThatReadBeforeTheAppsSaveIsMadeFromTheOlderCopy() {
    #expect(
      origin(
        "x 2026-11-26 ts-000 open\n", latest: "app-1\nts-000 open\n", older: ["ts-000 open\n"])
        == 0)
  }

  /// A writer that started from the app's latest version: an append, a completion of the
  /// app's new todo, a deletion of an old one. None lacks the app's change as the old copy had
  /// it, so none is merged over the old copy.
  @Test func aWriterThatStartedFromTheLatestIsNotMadeFromAnOlderCopy() {
    let old = "ts-000 open\n"
    let latest = "app-1\nts-000 open\n"
    #expect(origin("app-1\nts-000 open\nsh-1\n", latest: latest, older: [old]) == nil)
    #expect(origin("x 2026-11-26 app-1\nts-000 open\n", latest: latest, older: [old]) == nil)
    #expect(origin("(A) app-1\nts-000 open\n", latest: latest, older: [old]) == nil)
    #expect(origin("app-1\n", latest: latest, older: [old]) == nil)
    #expect(origin(latest, latest: latest, older: [old]) == nil)
  }

  /// A todo the app completed, put back open by a copy older than the completion, with an
  /// edit of another todo: made from the copy before the completion.
  @Test func aCompletionMissingFromTheCopyMakesItOlder() {
    #expect(
      origin(
        "Call Mom\n(B) Buy milk\n", latest: "x 2026-11-26 Call Mom\nBuy milk\n",
        older: ["Call Mom\nBuy milk\n"]) == 0)
    // The copy has the completion: made from the latest.
    #expect(
      origin(
        "x 2026-11-26 Call Mom\n(B) Buy milk\n", latest: "x 2026-11-26 Call Mom\nBuy milk\n",
        older: ["Call Mom\nBuy milk\n"]) == nil)
  }

  /// Two saves since the copy was read: the oldest copy that lacks both is the origin (a base
  /// between them would read the first save as deleted by the other writer).
  @Test func theOldestCopyThatLacksEveryLaterChangeIsTheOrigin() {
    let v0 = "seed\n"
    let v1 = "app-1\nseed\n"
    let v2 = "app-2\napp-1\nseed\n"
    #expect(origin("x 2026-11-26 seed\n", latest: v2, older: [v0, v1]) == 0)
    // Made from v1: lacks only the second save.
    #expect(origin("app-1\nx 2026-11-26 seed\n", latest: v2, older: [v0, v1]) == 1)
  }

  /// Another writer's version the app read in between is a copy like the app's own: a stale
  /// writer that started from it is merged over it, not over the app's older saves.
  @Test func aVersionTheAppReadFromAnotherWriterCanBeTheOrigin() {
    let v0 = "A\n"
    let v1 = "A\nX\n"  // the app added X
    let t1 = "X\n"  // another writer deleted A
    let v2 = "X\nY\n"  // the app added Y
    #expect(origin("X\nZ\n", latest: v2, older: [v0, v1, t1]) == 2)
  }

  /// Two machines apart changed the same todo, one editing it, the other completing it: the
  /// other's version lacks the app's change and has one of its own of that todo, so it was
  /// made from the version before, on either machine.
  @Test func aTodoBothMachinesChangedApartLeavesTheVersionBeforeAsTheOrigin() {
    let v0 = "Call Mom\nBuy milk\nPay rent\n"
    let v1 = "Call Mom\nBuy milk\nPay rent online\n"
    // This app edited it (then completed another); the other machine completed it and added
    // a todo.
    #expect(
      origin(
        "Call Mom\nBuy milk\nx 2026-11-26 Pay rent\nFix bike\n",
        latest: "Call Mom\nx 2026-11-26 Buy milk\nPay rent online\n", older: [v0, v1]) == 0)
    // This app completed it; the other machine edited it.
    #expect(
      origin(v1, latest: "Call Mom\nBuy milk\nx 2026-11-26 Pay rent\n", older: [v0]) == 0)
    // This app deleted it; the other machine edited it.
    #expect(origin(v1, latest: "Call Mom\nBuy milk\n", older: [v0]) == 0)
  }

  /// A writer that changed the app's version of a todo further (closer to it than to the line
  /// before, or the same words) started from the app's version: not a change by both.
  @Test func aChangeOfTheAppsVersionOfATodoIsNotAChangeByBoth() {
    #expect(
      origin("Pay rent online today\n", latest: "Pay rent online\n", older: ["Pay rent\n"])
        == nil)
    #expect(
      origin("x 2026-11-26 Pay rent\n", latest: "(A) Pay rent\n", older: ["Pay rent\n"])
        == nil)
    // A todo of theirs that is no version of the one the app changed explains nothing.
    #expect(
      origin("Fix bike\n", latest: "Pay rent online\n", older: ["Pay rent\n"]) == nil)
  }

  /// Line endings and identical versions do not count as changes.
  @Test func aCRLFCopyMatchesItsLines() {
    #expect(origin("seed\r\nsh-1\r\n", latest: "app-1\nseed\n", older: ["seed\n"]) == 0)
    #expect(origin("seed\nsh-1\n", latest: "seed\n", older: ["seed\n"]) == nil)
  }

  /// The versions a client knew are bases only while recent: a copy older than the window is
  /// followed (another program restoring an old backup on purpose).
  @Test func knownVersionsOfferAnOriginOnlyWithinTheWindow() {
    var known = KnownVersions()
    let start = ContinuousClock.now
    let v0 = FileStamp(modifiedSeconds: 0, size: 12, inode: 1)
    let v1 = FileStamp(modifiedSeconds: 1, size: 18, inode: 2)
    let theirs = LoadedFile(
      bytes: bytes("x 2026-11-26 ts-000 open\n"),
      stamp: FileStamp(modifiedSeconds: 2, size: 25, inode: 3))
    known.remember(bytes("ts-000 open\n"), v0, at: start)
    known.remember(bytes("app-1\nts-000 open\n"), v1, at: start + .seconds(1))
    #expect(known.origin(of: theirs, latest: v1, now: start + .seconds(2)) == v0)
    #expect(known.origin(of: theirs, latest: v0, now: start + .seconds(2)) == nil)
    let late = start + .seconds(1) + KnownVersions.originWindow + .seconds(1)
    #expect(known.origin(of: theirs, latest: v1, now: late) == nil)
  }
}
