import FoundationEssentials
import IdentifiedCollections
import Testing

@testable import TodosFeature

/// A grouped view's labels read each row's first `+word`/`@word` in place (`ASCIINames`): they
/// give the sections that splitting every description into words and numbering each name as a
/// `String` gives, over random texts with tags in any case, signs inside words, lone signs,
/// tabs, non-ASCII names and the two spellings of `é`.
@Suite struct GroupLabelsFastPathTests {
  /// The sections worked out the slow way: each row's first tag of `kind` as a `String`.
  func slowSections(_ texts: [String], _ kind: TagIndex.Kind) -> [String: [Int]] {
    var sections: [String: [Int]] = [:]
    for (index, text) in texts.enumerated() {
      var first: Substring?
      TagIndex.forEachTag(in: text) { found, word in
        if first == nil, found == kind { first = word }
      }
      sections[first.map(String.init) ?? "none", default: []].append(index)
    }
    return sections
  }

  @Test(arguments: [GroupBy.project, .context])
  func theLabelsAgreeWithTheWords(_ group: GroupBy) {
    let pieces = [
      "+work", "+Work", "@phone", "@PHONE", "a+work", "b@phone", "+", "@", " ", "  ", "\t",
      "word", "+caf\u{E9}", "+cafe\u{301}", "@caf\u{E9}", "+x+y", "@a@b", "+w", "é",
      "+project\(group.rawValue)",
    ]
    var generator = SplitMix(seed: 7)
    for round in 0..<40 {
      var texts: [String] = []
      for _ in 0..<(20 + generator.next(upTo: 60)) {
        var text = ""
        for _ in 0..<generator.next(upTo: 8) { text += pieces[generator.next(upTo: pieces.count)] }
        texts.append(text)
      }
      let rows = IdentifiedArray(
        uniqueElements: texts.enumerated().map {
          Todo.State(id: UUID(counter: UInt64($0.offset)), description: $0.element)
        })
      let labels = GroupLabels(group, rows: rows, token: 1)
      var sections: [String: [Int]] = [:]
      for (index, label) in labels.labels.enumerated() {
        let title = label == GroupLabels.none ? "none" : labels.names[Int(label)]
        sections[title, default: []].append(index)
      }
      #expect(
        sections == slowSections(texts, group == .project ? .project : .context),
        "round \(round): \(texts)")
      // One number per name as `String` compares them.
      #expect(Set(labels.names).count == labels.names.count, "round \(round)")
    }
  }

  @Test func aNameKeptByItsBytesIsFoundAgainAfterTheTableGrows() {
    var names = ASCIINames()
    for number in 0..<500 {
      var bytes = Array("+project\(number)".utf8)
      bytes.withUnsafeMutableBufferPointer {
        let name = UnsafeBufferPointer($0)
        #expect(names.number(of: name) == nil)
        names.insert(name, number: UInt32(number))
      }
    }
    for number in 0..<500 {
      var bytes = Array("+project\(number)".utf8)
      bytes.withUnsafeMutableBufferPointer {
        #expect(names.number(of: UnsafeBufferPointer($0)) == UInt32(number))
      }
    }
    var other = Array("+project500".utf8)
    other.withUnsafeMutableBufferPointer {
      #expect(names.number(of: UnsafeBufferPointer($0)) == nil)
    }
  }
}
