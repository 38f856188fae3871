import Foundation
import Testing

/// The release binary (`make install`'s: static, `--static-swift-stdlib`) holds no ICU and none
/// of Foundation beyond FoundationEssentials: one use of a Foundation-only API (`NSString`,
/// `DateFormatter`, `CharacterSet`, a lock) in the app or a dependency brings ICU's code and
/// data back: 44 MB of the stripped binary and 3 MiB of memory at start (docs/performance.md).
/// `make test` builds it and passes its path in `TODOS_TUI_RELEASE_BIN`; the check reads its
/// bytes, so it holds for a stripped binary as well.
@Suite struct ReleaseBinaryTests {
  static let path = ProcessInfo.processInfo.environment["TODOS_TUI_RELEASE_BIN"]

  /// Byte strings that only these libraries put in a binary, with what each one means.
  static let markers: [(bytes: String, meaning: String)] = [
    ("icudt", "ICU's data (the icudt…l tables)"),
    ("U_ILLEGAL_ARGUMENT_ERROR", "ICU's code (its error names)"),
    ("FoundationInternationalization", "Foundation's internationalization (Calendar, Locale…)"),
    ("10Foundation", "swift-corelibs-foundation (NSString, CharacterSet, locks, Bundle…)"),
    ("libicu", "a shared ICU library"),
    ("lib_FoundationICU.so", "Foundation's shared ICU"),
    ("libFoundation.so", "shared swift-corelibs-foundation"),
    ("libFoundationInternationalization.so", "shared Foundation internationalization"),
  ]

  /// Names that FoundationEssentials puts in a binary once more of it than `Date` and `UUID` is
  /// used: it then comes in whole (3.6 MB of code, and the memory of reading it at start).
  static let essentialsMarkers: [(bytes: String, meaning: String)] = [
    ("FileManager", "FileManager"),
    ("JSONEncoder", "the JSON encoder"),
    ("AttributedString", "AttributedString"),
    ("PropertyListEncoder", "the property list encoder"),
    ("FormatStyle", "the format styles"),
    ("NSUnderlyingError", "Foundation's errors (CocoaError, POSIXError)"),
  ]

  @Test(.enabled(if: path != nil, "make test sets TODOS_TUI_RELEASE_BIN"))
  func noFoundationEssentialsBeyondDateAndUUID() throws {
    let binary = try Data(contentsOf: URL(fileURLWithPath: try #require(Self.path)))
    let found = Self.essentialsMarkers.filter { binary.contains(Data($0.bytes.utf8)) }
    #expect(
      found.isEmpty,
      """
      The release binary links all of FoundationEssentials: \
      \(found.map { "\($0.meaning) (\"\($0.bytes)\")" }.joined(separator: ", ")).
      To fix, find the code that uses more of it than Date and UUID (`Data`, `URL`, \
      `FileManager`, `ProcessInfo`, a `Calendar`…): `nm` on the objects of each target shows \
      which one references FoundationEssentials; use TodoTxt's FileSystem, \
      ProcessEnvironment and PathComponents, or TodoDate's arithmetic instead.
      """)
  }

  /// The standard library's regex engine and parser, which one `contains`, `firstRange(of:)` or
  /// `replacing` of a string links (1.1 MB of code, and conformances every start scans).
  @Test(.enabled(if: path != nil, "make test sets TODOS_TUI_RELEASE_BIN"))
  func noRegexEngine() throws {
    let binary = try Data(contentsOf: URL(fileURLWithPath: try #require(Self.path)))
    let found = ["17_StringProcessing", "12_RegexParser"].filter {
      binary.contains(Data($0.utf8))
    }
    #expect(
      found.isEmpty,
      """
      The release binary links the regex engine (\(found.joined(separator: ", "))).
      To fix, find the call: `nm -u` on the objects in .build/release/*.build shows which one \
      references $s17_StringProcessing (usually a string's `contains`, `firstRange(of:)` or \
      `replacing(_:with:)`); use TodoTxt's `containsText`, `firstRange(ofText:)` and \
      `replacingText(_:with:)` instead.
      """)
  }

  @Test(.enabled(if: path != nil, "make test sets TODOS_TUI_RELEASE_BIN"))
  func noICUAndNoFoundationBeyondEssentials() throws {
    let binary = try Data(contentsOf: URL(fileURLWithPath: try #require(Self.path)))
    #expect(binary.count > 1_000_000, "not the app: \(binary.count) bytes")
    let found = Self.markers.filter { binary.contains(Data($0.bytes.utf8)) }
    #expect(
      found.isEmpty,
      """
      The release binary links \(found.map { "\($0.meaning) (\"\($0.bytes)\")" }.joined(separator: ", ")).
      To fix, find which code uses a Foundation-only API: build with \
      `swift build -c release --static-swift-stdlib -Xlinker -Map=/tmp/todos.map` and read \
      the map's "Archive member included" lines for libFoundation.a back to an object of ours \
      or of a dependency; use FoundationEssentials, Glibc or a helper of TodoTxt instead.
      """)
  }

  /// The search itself finds what it looks for (a marker string in the test's own data).
  @Test func theSearchFindsAMarker() {
    let data = Data("xxlibicuuc.so.72\0".utf8)
    #expect(data.contains(Data("libicu".utf8)))
    #expect(!data.contains(Data("icudt".utf8)))
  }
}

extension Data {
  /// Whether `needle` occurs in these bytes.
  fileprivate func contains(_ needle: Data) -> Bool {
    range(of: needle) != nil
  }
}
