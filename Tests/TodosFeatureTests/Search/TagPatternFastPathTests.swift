import Testing

@testable import TodosFeature

/// A tag term's one-pass byte scan (`Query.TagPattern.find`) gives what splitting the text
/// into words and comparing each tag word gives, over random texts with tags in any case,
/// tags inside words, tabs, non-ASCII words and a Kelvin sign.
@Suite struct TagPatternFastPathTests {
  func slow(_ pattern: Query.TagPattern, _ text: String) -> Bool {
    var found = false
    TagIndex.forEachTag(in: text) { _, word in
      if !found, pattern.isTag(word) { found = true }
    }
    return found
  }

  @Test(arguments: ["@phone", "+work", "+a", "@x-y"])
  func theScanAgreesWithTheWords(_ tag: String) {
    let pattern = Query.TagPattern(tag)
    let pieces = [
      "@phone", "@PHONE", "+work", "+Work", "+works", "a+work", "@phone@x", "+", "@", "+a", "@x-y",
      "word", " ", "  ", "\t", "é", "+wor\u{212A}", "@téléphone", "due:2024-01-01", "+a+a",
    ]
    var generator = SplitMix(seed: UInt64(tag.utf8.count))
    var decided = 0
    for _ in 0..<3_000 {
      var text = ""
      for _ in 0..<generator.next(upTo: 7) { text += pieces[generator.next(upTo: pieces.count)] }
      var contiguous = text
      contiguous.makeContiguousUTF8()
      let fast = contiguous.utf8.withContiguousStorageIfAvailable {
        Query.TagPattern.find(Array(tag.lowercased().utf8), in: $0)
      }
      if let fast, let fast {
        decided += 1
        #expect(fast == slow(pattern, text), "\(text)")
      }
      #expect(pattern.matches(text) == slow(pattern, text), "\(text)")
    }
    #expect(decided > 1_000)
  }
}
