import Testing
import TodoTxt

/// TodoTxt's text search compares characters (`Character`s), as the standard library's
/// _StringProcessing methods that the app no longer links did: checked against a search over
/// arrays of characters, and against answers those methods gave (`examples`).
@Suite struct TextSearchTests {
  /// Pieces that make the cases that matter: canonically equivalent characters (`é` and `e` +
  /// U+0301), a combining mark on its own, CR LF, emoji sequences, case.
  static let pieces = [
    "a", "b", "e", "é", "e\u{301}", "\u{301}", "_", " ", "·", "\r\n", "\r", "\n", "👍🏽", "👍",
    "É", "ab",
  ]

  /// Where `needle`'s characters first occur in `haystack`'s, as character offsets.
  static func reference(_ haystack: [Character], _ needle: [Character], from: Int = 0) -> Range<
    Int
  >? {
    guard !needle.isEmpty else { return from..<from }
    guard haystack.count >= needle.count + from else { return nil }
    for start in from...(haystack.count - needle.count)
    where Array(haystack[start..<(start + needle.count)]) == needle {
      return start..<(start + needle.count)
    }
    return nil
  }

  static func referenceReplacing(_ haystack: String, _ needle: String, _ with: String) -> String {
    let characters = Array(haystack)
    let target = Array(needle)
    var result = ""
    var rest = 0
    while let found = reference(characters, target, from: rest) {
      result += String(characters[rest..<found.lowerBound]) + with
      rest = found.upperBound
    }
    return result + String(characters[rest...])
  }

  @Test func findingAgreesWithASearchOverCharacters() {
    var seed: UInt64 = 11
    func next(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(bound))
    }
    func text(_ count: Int) -> String {
      (0..<count).map { _ in Self.pieces[next(Self.pieces.count)] }.joined()
    }
    for round in 0..<3000 {
      let haystack = text(next(10))
      let needle = text(next(3))
      let label =
        "round \(round): \(haystack.unicodeScalars.map(\.value)) / "
        + "\(needle.unicodeScalars.map(\.value))"
      let expected = Self.reference(Array(haystack), Array(needle))
      let found = haystack.firstRange(ofText: needle).map {
        haystack.distance(
          from: haystack.startIndex, to: $0.lowerBound)..<haystack.distance(
            from: haystack.startIndex, to: $0.upperBound)
      }
      #expect(found == expected, "\(label)")
      #expect(haystack.containsText(needle) == (expected != nil && !needle.isEmpty), "\(label)")
      guard !needle.isEmpty else { continue }
      let replacement = text(next(2))
      #expect(
        haystack.replacingText(needle, with: replacement)
          == Self.referenceReplacing(haystack, needle, replacement), "\(label)")
    }
  }

  /// What the standard library's `contains` answered for these (Swift 6.3).
  @Test func examples() {
    #expect("Café".containsText("Cafe\u{301}"))  // é either way
    #expect("Cafe\u{301}".containsText("Café"))
    #expect(!"cafe\u{301}".containsText("cafe"))  // the e is half of é
    #expect(!"a\r\nb".containsText("\r"))  // half of CR LF
    #expect(!"a\u{301}".containsText("\u{301}"))
    #expect(!"👍🏽".containsText("👍"))
    #expect(!"abc".containsText(""))
    #expect("Call Mom @phone"[...].containsText("Mom"))
    #expect("a_b_c".replacingText("_", with: " ") == "a b c")
    #expect("aaa".replacingText("aa", with: "b") == "ba")
    #expect("abc".replacingText("", with: "x") == "abc")
  }

  /// The `String` overload (what literals and `String`s pick) replaces as the generic one does.
  @Test func theStringOverloadAgreesWithTheGenericOne() {
    let cases: [(String, String, String)] = [
      ("Next week", " ", "_"), ("a_b_c", "_", " "), ("aaa", "aa", "b"), ("abc", "", "x"),
      ("e\u{301} e", "e", "é"), ("line\r\nnext", "\n", " "), ("日本 語", " ", "_"),
    ]
    for (text, target, replacement) in cases {
      #expect(
        text.replacingText(target, with: replacement)
          == text.replacingText(target[...], with: replacement[...]))
    }
  }
}
