import Glibc
import Testing

@testable import TerminalUI

@Suite struct DisplayWidthTests {
  @Test func asciiAndLatinAreOneColumn() {
    #expect(DisplayWidth.of("Buy milk") == 8)
    #expect(DisplayWidth.of("café") == 4)
    #expect(DisplayWidth.of("") == 0)
  }

  @Test func cjkAndEmojiAreTwoColumns() {
    #expect(DisplayWidth.of("日本語") == 6)
    #expect(DisplayWidth.of("한국어") == 6)
    #expect(DisplayWidth.of("ｆｕｌｌ") == 8)  // fullwidth forms
    #expect(DisplayWidth.of("🎉") == 2)
    #expect(DisplayWidth.of("a🚀b") == 4)
  }

  @Test func combiningMarksStayInTheirCluster() {
    #expect(DisplayWidth.of("e\u{301}tude") == 5)
    #expect(DisplayWidth.of("\u{1100}\u{1161}\u{11A8}" as Character) == 2)  // Hangul jamo 각
    #expect(DisplayWidth.of(scalar: "\u{301}") == 0)
    #expect(DisplayWidth.of(scalar: "\u{200B}") == 0)
  }

  /// Widths as xterm and tmux draw these clusters (code point by code point), measured there.
  @Test func emojiSequencesTakeTheColumnsTerminalsDrawThemIn() {
    #expect(DisplayWidth.of("👩‍💻" as Character) == 4)  // ZWJ sequence: 👩 and 💻
    #expect(DisplayWidth.of("👨‍👩‍👧" as Character) == 6)
    #expect(DisplayWidth.of("👍🏽" as Character) == 4)  // emoji + skin tone modifier
    #expect(DisplayWidth.of("🇯🇵" as Character) == 2)  // regional indicator pair
    #expect(DisplayWidth.of("❤️" as Character) == 2)  // VS16: room for emoji presentation
    #expect(DisplayWidth.of("❤" as Character) == 1)  // text presentation
    #expect(DisplayWidth.of("1️⃣" as Character) == 2)  // keycap
    #expect(DisplayWidth.of("e\u{301}\u{302}" as Character) == 1)  // marks on their base
  }

  @Test func clustersSplitIntoOneSegmentPerSpacingCodePoint() {
    func segments(_ character: Character) -> [String] {
      DisplayWidth.segments(of: character).map { "\($0.text)=\($0.width)" }
    }
    #expect(segments("a") == ["a=1"])
    #expect(segments("e\u{301}") == ["e\u{301}=1"])
    #expect(segments("日") == ["日=2"])
    #expect(segments("👍🏽") == ["👍=2", "🏽=2"])
    #expect(segments("👨‍👩‍👧") == ["👨\u{200D}=2", "👩\u{200D}=2", "👧=2"])
    #expect(segments("🇯🇵") == ["🇯=1", "🇵=1"])
    #expect(segments("❤️") == ["❤\u{FE0F}=2"])
    #expect(segments("1️⃣") == ["1\u{FE0F}\u{20E3}=2"])
    #expect(segments("\u{1100}\u{1161}\u{11A8}") == ["\u{1100}\u{1161}\u{11A8}=2"])
    #expect(segments("\u{200B}").isEmpty)  // a lone zero-width space
    #expect(segments("\t") == ["\u{FFFD}=1"])
    #expect(segments("\r\n") == ["\u{FFFD}=1"])
    // The segments put back together are the cluster.
    for cluster: Character in ["👨‍👩‍👧‍👦", "👍🏽", "🇯🇵", "❤️", "e\u{301}"] {
      #expect(DisplayWidth.segments(of: cluster).map(\.text).joined() == String(cluster))
    }
  }

  /// `unsplit` (the path `ScreenBuffer.write` takes without allocating) and the width sum that
  /// makes no segments must say what `segments(of:)` says.
  @Test func theAllocationFreePathsAgreeWithSegments() {
    let clusters: [String] = [
      "a", "日", "\u{301}", "\u{200B}", "\t", "\u{85}", "\r\n", "e\u{301}", "👍🏽", "👨‍👩‍👧",
      "🇯🇵", "❤️", "1️⃣", "\u{1100}\u{1161}\u{11A8}", "\u{600}\u{661}", "a\u{FE0F}\u{301}",
      "日\u{FE0F}", "👩‍💻",
    ]
    for text in clusters {
      #expect(text.count == 1, "\(text.unicodeScalars.map(\.value)) is one cluster")
      guard let cluster = text.first else { continue }
      let segments = DisplayWidth.segments(of: cluster)
      #expect(
        DisplayWidth.of(cluster) == segments.reduce(0) { $0 + $1.width },
        "\(cluster.unicodeScalars.map(\.value))")
      if let whole = DisplayWidth.unsplit(cluster) {
        #expect(cluster.unicodeScalars.count == 1 || segments.first?.text == "\u{FFFD}")
        #expect(segments == (whole.width == 0 ? [] : [whole]))
      } else {
        #expect(cluster.unicodeScalars.count > 1)
      }
    }
  }

  @Test func controlsCountOneColumnForTheirPlaceholder() {
    #expect(DisplayWidth.of("a\tb") == 3)
    #expect(DisplayWidth.of("\r\n" as Character) == 1)
    for control: Character in ["\t", "\u{1B}", "\u{7F}", "\u{85}", "\r\n", "\u{0}"] {
      #expect(DisplayWidth.placeholder(for: control) == "\u{FFFD}")
    }
    #expect(DisplayWidth.placeholder(for: "a") == nil)
  }

  @Test func truncateEndsWithAnEllipsisAndNeverSplitsWideCharacters() {
    #expect(DisplayWidth.truncate("short", toWidth: 10) == "short")
    #expect(DisplayWidth.truncate("exactly", toWidth: 7) == "exactly")
    #expect(DisplayWidth.truncate("Buy milk today", toWidth: 8) == "Buy mil…")
    #expect(DisplayWidth.truncate("日本語テキスト", toWidth: 6) == "日本…")
    #expect(DisplayWidth.truncate("日本語テキスト", toWidth: 5) == "日本…")
    #expect(DisplayWidth.truncate("日本語テキスト", toWidth: 4) == "日…")
    #expect(DisplayWidth.truncate("abc", toWidth: 1) == "…")
    #expect(DisplayWidth.truncate("abc", toWidth: 0) == "")
    #expect(DisplayWidth.truncate("abc", toWidth: -3) == "")
    #expect(DisplayWidth.truncate("abcdef", toWidth: 4, ellipsis: "...") == "a...")
    #expect(DisplayWidth.truncate("abcdef", toWidth: 2, ellipsis: "...") == "ab")
  }

  /// The deliberate differences from glibc's `wcswidth` (the sum of the code points, which is
  /// what xterm draws): a narrow base with VS16 gets room for emoji presentation, and controls
  /// are -1 for glibc and 1 for us (their `�`). Sequences that agree are listed too, so a change
  /// to either side shows. Documented in docs/terminal.md.
  static let deliberateClusterDifferences: [(cluster: Character, ours: Int, glibc: Int)] = [
    ("❤️", 2, 1),  // VS16 asks for emoji presentation
    ("1️⃣", 2, 1),  // keycap: digit + VS16 + U+20E3
    ("👩‍💻", 4, 4),  // ZWJ sequence: as xterm draws it
    ("👨‍👩‍👧‍👦", 8, 8),
    ("👍🏽", 4, 4),  // skin tone modifier
    ("🇫🇷", 2, 2),  // a flag
    ("\t", 1, -1),  // control: shown as �
  ]

  @Test func clusterWidthsDifferFromGlibcOnlyAsDocumented() throws {
    let locale = try #require(newlocale(Int32(1 << LC_CTYPE), "C.UTF-8", nil))
    let previous = uselocale(locale)
    defer {
      uselocale(previous)
      freelocale(locale)
    }
    for (cluster, ours, glibc) in Self.deliberateClusterDifferences {
      var sum = 0
      for scalar in cluster.unicodeScalars {
        let width = NcursesTerminal.cLibraryWidth(scalar)
        if width < 0 {
          sum = -1
          break
        }
        sum += width
      }
      #expect(DisplayWidth.of(cluster) == ours, "\(cluster.unicodeScalars.map(\.value))")
      #expect(sum == glibc, "\(cluster.unicodeScalars.map(\.value))")
    }
  }

  /// Every code point where glibc (C.UTF-8) defines a width must have the same width in our
  /// table, with no exceptions at the code point level. The locale is switched for this thread only.
  @Test func tableMatchesGlibcWcwidthInCUTF8() throws {
    let locale = try #require(newlocale(Int32(1 << LC_CTYPE), "C.UTF-8", nil))
    let previous = uselocale(locale)
    defer {
      uselocale(previous)
      freelocale(locale)
    }
    var compared = 0
    var differences: [String] = []
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }  // surrogates
      let glibc = NcursesTerminal.cLibraryWidth(scalar)
      guard glibc >= 0, !DisplayWidth.isControl(scalar) else { continue }
      compared += 1
      let ours = DisplayWidth.of(scalar: scalar)
      if ours != glibc {
        differences.append(
          "U+\(String(value, radix: 16, uppercase: true)) ours \(ours) glibc \(glibc)")
      }
    }
    #expect(compared > 250_000)
    #expect(differences.isEmpty, "\(differences.count): \(differences.prefix(200))")
  }

  /// The printable-ASCII run, read eight bytes at a time, ends where a byte-by-byte reading
  /// ends: at the first byte outside 0x20–0x7E, or one before a byte of 128 and over (which
  /// may be a mark joining it), for every byte value at every place in the word.
  @Test func anASCIIRunEndsWhereAByteByByteReadingEnds() {
    func reference(_ bytes: [UInt8], from start: Int) -> Int {
      var offset = start
      while offset < bytes.count, (0x20..<0x7F).contains(bytes[offset]),
        offset + 1 == bytes.count || bytes[offset + 1] < 0x80
      {
        offset += 1
      }
      return offset - start
    }
    var checked = 0
    var generator = SystemRandomNumberGenerator()
    for length in 0...27 {
      for place in 0..<max(length, 1) {
        for value in UInt8.min...UInt8.max {
          var bytes = (0..<length).map { _ in UInt8.random(in: 0x20...0x7E, using: &generator) }
          if place < length { bytes[place] = value }
          for start in [0, 1, 3] where start <= length {
            let run = bytes.withUnsafeBufferPointer { DisplayWidth.asciiRun(in: $0, from: start) }
            let expected = reference(bytes, from: start)
            if run != expected {
              Issue.record("\(bytes) from \(start): \(run), not \(expected)")
              return
            }
            checked += 1
          }
        }
      }
    }
    #expect(checked > 100_000)
  }
}
