import Testing

@testable import TodoTxt

/// `todos-tui merge-file`'s merges on random edits of both sides (`MergeScenario`): every change
/// of both kept, merging again changes nothing, a side equal to the base gives the other side.
/// A failure prints the seed, the case and the files.
@MainActor
@Suite struct MergeFilePropertyTests {
  static let seed: UInt64 = 0x6172_7365
  static let cases = 300

  /// The scenarios with unique lines (where the result is known exactly), as LF files.
  static func scenarios() -> [(number: Int, MergeScenario)] {
    var rng = MergeRNG(seed: seed)
    return (0..<cases).map { ($0, MergeScenario.random(&rng, duplicates: false)) }
  }

  static func input(_ role: String, _ version: MergeScenario.Version) -> MergeFile.Input {
    MergeFile.Input(role: role, path: role, bytes: MergeScenario.file(version, crlf: false))
  }

  static func lines(_ bytes: [UInt8]) -> [[UInt8]] {
    var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
    if lines.last == [] { lines.removeLast() }
    return lines
  }

  static func counts(_ bytes: [UInt8]) -> [[UInt8]: Int] {
    Dictionary(lines(bytes).map { ($0, 1) }, uniquingKeysWith: +)
  }

  /// Whether the three-way merge of the scenario's files is refused (a file is not text).
  static func isRefused(_ scenario: MergeScenario) -> Bool {
    [scenario.base, scenario.ours, scenario.theirs].contains {
      !FileClient.isText(MergeScenario.file($0, crlf: false))
    }
  }

  @Test func keepsEveryChangeOfBothSides() throws {
    var merged = 0
    for (number, scenario) in Self.scenarios() {
      let base = Self.input("BASE", scenario.base)
      let ours = Self.input("OURS", scenario.ours)
      let theirs = Self.input("THEIRS", scenario.theirs)
      guard !Self.isRefused(scenario) else {
        #expect(throws: MergeFileError.self) {
          try MergeFile.merge(base: base, ours: ours, theirs: theirs)
        }
        continue
      }
      merged += 1
      let result = try MergeFile.merge(base: base, ours: ours, theirs: theirs)
      let expected = scenario.expectedLines().filter { $0.value > 0 }
      let got = String(decoding: result.bytes, as: UTF8.self)
      #expect(
        Self.counts(result.bytes) == expected,
        "seed \(Self.seed), case \(number):\n\(scenario)\ngot:\n\(got)")
    }
    #expect(merged > Self.cases * 9 / 10)
  }

  @Test func mergingTheResultAgainChangesNothing() throws {
    for (number, scenario) in Self.scenarios() where !Self.isRefused(scenario) {
      let base = Self.input("BASE", scenario.base)
      let theirs = Self.input("THEIRS", scenario.theirs)
      let once = try MergeFile.merge(
        base: base, ours: Self.input("OURS", scenario.ours), theirs: theirs)
      let again = try MergeFile.merge(
        base: base, ours: MergeFile.Input(role: "OURS", path: "OURS", bytes: once.bytes),
        theirs: theirs)
      #expect(again.bytes == once.bytes, "seed \(Self.seed), case \(number):\n\(scenario)")
      // The two-file form, run twice on the same copy, adds nothing the second time.
      let other = Self.input("OTHER", scenario.theirs)
      let into = try MergeFile.mergeTwo(into: Self.input("FILE", scenario.ours), other: other)
      let intoAgain = try MergeFile.mergeTwo(
        into: MergeFile.Input(role: "FILE", path: "FILE", bytes: into.bytes), other: other)
      #expect(intoAgain.bytes == into.bytes, "seed \(Self.seed), case \(number):\n\(scenario)")
    }
  }

  @Test func aSideEqualToTheBaseGivesTheOtherSide() throws {
    for (number, scenario) in Self.scenarios() where !Self.isRefused(scenario) {
      let base = Self.input("BASE", scenario.base)
      let ours = Self.input("OURS", scenario.ours)
      let theirs = Self.input("THEIRS", scenario.theirs)
      let unchangedOurs = Self.input("OURS", scenario.base)
      let unchangedTheirs = Self.input("THEIRS", scenario.base)
      #expect(
        try MergeFile.merge(base: base, ours: unchangedOurs, theirs: theirs).bytes
          == theirs.bytes, "seed \(Self.seed), case \(number):\n\(scenario)")
      #expect(
        try MergeFile.merge(base: base, ours: ours, theirs: unchangedTheirs).bytes
          == ours.bytes, "seed \(Self.seed), case \(number):\n\(scenario)")
    }
  }

  @Test func theTwoFileFormKeepsEveryLineOfBothOnce() throws {
    for (number, scenario) in Self.scenarios() where !Self.isRefused(scenario) {
      let into = Self.input("FILE", scenario.ours)
      let other = Self.input("OTHER", scenario.theirs)
      let result = try MergeFile.mergeTwo(into: into, other: other)
      let expected = Self.counts(into.bytes).merging(
        Self.counts(other.bytes), uniquingKeysWith: max)
      #expect(
        Self.counts(result.bytes) == expected, "seed \(Self.seed), case \(number):\n\(scenario)")
      // FILE's lines keep their order.
      let fileLines = Set(Self.lines(into.bytes))
      #expect(
        Self.lines(result.bytes).filter { fileLines.contains($0) } == Self.lines(into.bytes),
        "seed \(Self.seed), case \(number):\n\(scenario)")
    }
  }

  /// Each todo kept twice by the two-file form is the file's line, then the copy's right after.
  @Test func theTwoFileFormsConflictsAreTheFilesLineThenTheCopys() throws {
    var conflicts = 0
    for (number, scenario) in Self.scenarios() where !Self.isRefused(scenario) {
      let into = Self.input("FILE", scenario.ours)
      let other = Self.input("OTHER", scenario.theirs)
      let result = try MergeFile.mergeTwo(into: into, other: other)
      let lines = Self.lines(result.bytes)
      let (intoLines, otherLines) = (Set(Self.lines(into.bytes)), Set(Self.lines(other.bytes)))
      for conflict in result.conflicts {
        conflicts += 1
        #expect(
          conflict.theirs == conflict.ours + 1 && intoLines.contains(lines[conflict.ours])
            && otherLines.contains(lines[conflict.theirs])
            && !intoLines.contains(lines[conflict.theirs]),
          "seed \(Self.seed), case \(number):\n\(scenario)")
      }
    }
    #expect(conflicts > 0)
  }

  @Test func aFileThatIsNotTextIsRefusedAndNamed() {
    let text = MergeFile.Input(role: "BASE", path: "base", bytes: Array("Call Mom\n".utf8))
    let utf16 = MergeFile.Input(
      role: "THEIRS", path: "/repo/.merge_file_x", bytes: [0xFF, 0xFE, 0x43, 0x00, 0x0A, 0x00])
    #expect(
      throws: MergeFileError.notText(
        role: "THEIRS", path: "/repo/.merge_file_x",
        reason: "it holds NUL bytes (UTF-16 text, or not text at all)")
    ) {
      try MergeFile.merge(base: text, ours: text, theirs: utf16)
    }
  }
}
