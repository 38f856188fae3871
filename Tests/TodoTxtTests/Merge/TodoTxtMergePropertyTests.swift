import Testing

@testable import TodoTxt

/// Random edits on both sides of a random base, checked against what each todo's history says
/// the merge must keep (`MergeScenario`). A failure prints the seed, the case and the files.
@Suite struct TodoTxtMergePropertyTests {
  static let seed: UInt64 = 0x7D0_7E57
  static let cases = 600

  @Test func mergeKeepsEveryChangeOfBothSides() {
    var rng = MergeRNG(seed: Self.seed)
    var failures = 0
    for number in 0..<Self.cases {
      // Most cases have unique lines, where the result is known exactly; a quarter have
      // duplicate lines, where which copy was edited is ambiguous and weaker checks apply.
      let scenario = MergeScenario.random(&rng, duplicates: number % 4 == 3)
      let problems = Self.check(scenario)
      guard !problems.isEmpty else { continue }
      failures += 1
      Issue.record(
        """
        Merge property failed (seed \(Self.seed), case \(number)):
        \(problems.joined(separator: "\n"))
        \(scenario)
        """)
      if failures == 3 { break }
    }
  }

  /// What is wrong with the merge of `scenario`, or nothing.
  static func check(_ scenario: MergeScenario) -> [String] {
    let theirsFile = MergeScenario.file(scenario.theirs, crlf: scenario.theirsCRLF)
    let result = TodoTxtMerge.merge(
      base: MergeScenario.file(scenario.base, crlf: false),
      ours: MergeScenario.file(scenario.ours, crlf: scenario.oursCRLF),
      theirs: theirsFile)
    var problems: [String] = []
    let lines = Self.lines(result.bytes)
    let got = Dictionary(lines.map { ($0, 1) }, uniquingKeysWith: +)
    let expected = scenario.expectedLines()
    func show(_ counts: [[UInt8]: Int]) -> String {
      counts.filter { $0.value > 0 }.map {
        "\($0.value)× \(String(decoding: $0.key, as: UTF8.self))"
      }
      .sorted().joined(separator: "; ")
    }

    if scenario.linesAreUnique {
      if got != expected.filter({ $0.value > 0 }) {
        problems.append("lines: got \(show(got))\n  expected \(show(expected))")
      }
      problems += orderProblems(scenario, lines)
    } else {
      // Lines new to the file (not in base) cannot be confused with a base copy: each must be
      // there as often as the side that has more of them. And nothing is made up.
      let baseLines = Set(scenario.base.map(\.item.bytes))
      let oursCounts = Dictionary(scenario.ours.map { ($0.item.bytes, 1) }, uniquingKeysWith: +)
      let theirsCounts = Dictionary(
        scenario.theirs.map { ($0.item.bytes, 1) }, uniquingKeysWith: +)
      let either = oursCounts.merging(theirsCounts, uniquingKeysWith: max)
      for (line, count) in either where !baseLines.contains(line) && got[line, default: 0] < count {
        problems.append("new line missing: \(String(decoding: line, as: UTF8.self))")
      }
      for (line, count) in got where count > either[line, default: 0] {
        problems.append("line made up or repeated: \(String(decoding: line, as: UTF8.self))")
      }
    }

    // Todos re-prioritised or toggled differently on both sides are reported as conflicts,
    // and a reported conflict is always a new line of ours followed by a new line of theirs.
    let reported = result.conflicts.map { (lines[$0.ours], lines[$0.theirs]) }
    for conflict in scenario.recognisableConflicts()
    where !reported.contains(where: { $0 == (conflict.ours, conflict.theirs) }) {
      problems.append(
        "conflict not reported: \(String(decoding: conflict.theirs, as: UTF8.self))")
    }
    let baseLines = Set(scenario.base.map(\.item.bytes))
    for conflict in result.conflicts {
      if conflict.theirs != conflict.ours + 1 || baseLines.contains(lines[conflict.theirs])
        || !scenario.theirs.contains(where: { $0.item.bytes == lines[conflict.theirs] })
        || !scenario.ours.contains(where: { $0.item.bytes == lines[conflict.ours] })
      {
        problems.append("bad conflict \(conflict)")
      }
    }
    if result.summary.changedOnBothSides != result.conflicts.count {
      problems.append("summary counts \(result.summary.changedOnBothSides) conflicts")
    }

    // The disk's line ending when it has one throughout.
    if !scenario.theirs.isEmpty, !result.bytes.isEmpty {
      let crlfBreaks = zip(result.bytes.dropFirst(), result.bytes).filter {
        $0.0 == 0x0A && $0.1 == 0x0D
      }.count
      let breaks = result.bytes.filter { $0 == 0x0A }.count
      if crlfBreaks != (scenario.theirsCRLF ? breaks : 0) {
        problems.append("line endings: \(crlfBreaks) of \(breaks) are CR LF")
      }
    }
    return problems
  }

  /// When only one side moved todos, the result keeps that side's order among its lines.
  static func orderProblems(_ scenario: MergeScenario, _ lines: [[UInt8]]) -> [String] {
    let oursMoved = scenario.oursLog.contains { $0.hasPrefix("move") }
    let theirsMoved = scenario.theirsLog.contains { $0.hasPrefix("move") }
    var problems: [String] = []
    for (name, version, otherMoved) in [
      ("ours", scenario.ours, theirsMoved), ("theirs", scenario.theirs, oursMoved),
    ] where !otherMoved {
      let position = Dictionary(
        version.enumerated().map { ($0.element.item.bytes, $0.offset) },
        uniquingKeysWith: { a, _ in a })
      let order = lines.compactMap { position[$0] }
      if order != order.sorted() { problems.append("\(name)' order not kept") }
    }
    return problems
  }

  /// The lines of a file, without their line breaks.
  static func lines(_ bytes: [UInt8]) -> [[UInt8]] {
    guard !bytes.isEmpty else { return [] }
    var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
      line.last == 0x0D ? Array(line.dropLast()) : Array(line)
    }
    if bytes.last == 0x0A { lines.removeLast() }
    return lines
  }
}
