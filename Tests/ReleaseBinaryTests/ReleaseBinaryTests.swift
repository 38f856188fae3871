import Foundation
import Testing

/// The release binary (`make install`'s: static, `-static-pie`) holds no ICU and none
/// of Foundation beyond FoundationEssentials: one use of a Foundation-only API (`NSString`,
/// `DateFormatter`, `CharacterSet`, a lock) in the app or a dependency brings ICU's code and
/// data back: 44 MB of the stripped binary and 3 MiB of memory at start (docs/performance.md).
/// `make test` builds it and passes its path in `TODOS_TUI_RELEASE_BIN`; the check reads its
/// bytes, so it holds for a stripped binary as well.
@Suite struct ReleaseBinaryTests {
  static let path = ProcessInfo.processInfo.environment["TODOS_TUI_RELEASE_BIN"]
  /// Whether the release binary was linked by lld with scripts/text-layout.ld (`make test` says
  /// so; without lld the Makefile links with the toolchain's default linker and no script).
  static let laidOut = ProcessInfo.processInfo.environment["TODOS_TUI_RELEASE_LINKER"] == "lld"
  /// Whether the Makefile linked it as one static position-independent executable (it does
  /// where lld and the static C library and ncurses are installed; `make test` says so).
  static let staticPIE = ProcessInfo.processInfo.environment["TODOS_TUI_RELEASE_STATIC"] == "yes"

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

  /// What the start and the keys run but the link order cannot name sits just before the
  /// ordered code (scripts/text-layout.ld): the functions Swift emits without a symbol (closure
  /// contexts' destroy functions, key path accessors), `.init` and the PLT. Spread over the rest
  /// of the binary, a start faulted in a 64 kB window for each of a dozen of them (0.7 MB of
  /// peak RSS, docs/performance.md).
  @Test(.enabled(if: path != nil && laidOut, "make test sets TODOS_TUI_RELEASE_LINKER=lld"))
  func whatTheOrderCannotNameSitsBeforeTheOrderedCode() throws {
    let sections = try ELFSections(Data(contentsOf: URL(fileURLWithPath: try #require(Self.path))))
    let text = try #require(sections[".text"], "no .text: \(sections.names)")
    for name in [".init", ".plt", ".text.locals"] {
      let section = sections[name]
      #expect(
        section.map {
          $0.size > 0 && $0.address + $0.size <= text.address && text.address - $0.address < 65536
        } == true,
        """
        The release binary's \(name) is not in the 64 kB before .text:
          \(name): \(section.map { "\($0)" } ?? "missing"), .text: \(text)
        To fix, check that the Makefile's LLD_FLAGS pass `-T scripts/text-layout.ld` to lld and \
        that the script still inserts \(name) before .text.
        """)
    }
  }

  /// One static executable, still position-independent: no loader runs and no shared library
  /// is mapped whole at start (libc, libm and ncurses cost 1.5 MiB of peak RSS that way), and
  /// the kernel still places it at a random address.
  @Test(.enabled(if: path != nil && staticPIE, "make test sets TODOS_TUI_RELEASE_STATIC=yes"))
  func oneStaticPositionIndependentExecutable() throws {
    let data = try Data(contentsOf: URL(fileURLWithPath: try #require(Self.path)))
    let sections = try ELFSections(data)
    // e_type, two bytes at 0x10: 3 is ET_DYN (position-independent), 2 ET_EXEC (fixed address).
    let type = [UInt8](data.dropFirst(0x10).prefix(2))
    #expect(
      type == [3, 0],
      """
      The release binary is not position-independent (e_type \(type)).
      To fix, link it with -static-pie, not -static.
      """)
    #expect(
      sections[".interp"] == nil,
      """
      The release binary names a loader (.interp: \(sections[".interp"].map { "\($0)" } ?? "")): \
      it loads the shared C library and ncurses at start.
      To fix, check that the Makefile's STATIC_PIE_FLAGS reach the link (`-static-pie`, \
      `--disable-local-rpath`): `make -n build CONFIG=release` shows them.
      """)
  }

  /// The standard library's Unicode names tables sit apart from the constants a start reads
  /// (scripts/text-layout.ld): between them, a kernel that maps a large folio whole on a fault
  /// mapped them too (0.6 MB of peak RSS, docs/performance.md).
  @Test(.enabled(if: path != nil && laidOut, "make test sets TODOS_TUI_RELEASE_LINKER=lld"))
  func theUnicodeNamesSitApartFromTheConstants() throws {
    let sections = try ELFSections(Data(contentsOf: URL(fileURLWithPath: try #require(Self.path))))
    let rodata = try #require(sections[".rodata"], "no .rodata: \(sections.names)")
    let text = try #require(sections[".text"], "no .text: \(sections.names)")
    let names = sections[".rodata.unicode_names"]
    let apart = names.map {
      $0.size > 100_000 && $0.address + $0.size <= text.address
        && ($0.address >= rodata.address + rodata.size || $0.address + $0.size <= rodata.address)
    }
    #expect(
      apart == true,
      """
      The Unicode names tables are not in a section of their own before the code:
        .rodata.unicode_names: \(names.map { "\($0)" } ?? "missing"), .rodata: \(rodata), \
      .text: \(text)
      To fix, check that scripts/text-layout.ld still names the tables' input sections \
      (`.rodata._ZL19_swift_stdlib_names`…; `nm` on libswiftCore.a lists them) and inserts \
      them before .eh_frame.
      """)
  }

  /// The section reader finds the code of an ELF binary (this test's own).
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/exe")))
  func theSectionReaderReadsThisTestBinary() throws {
    let sections = try ELFSections(Data(contentsOf: URL(fileURLWithPath: "/proc/self/exe")))
    let text = try #require(sections[".text"], "sections: \(sections.names)")
    #expect(text.size > 1000 && text.address > 0)
    #expect(sections["no such section"] == nil)
  }

  /// A damaged file throws instead of reading outside it: a header table past the end, at an
  /// offset too large for an `Int`, or a name past the end.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/exe")))
  func theSectionReaderThrowsOnDamagedHeaders() throws {
    let good = try Data(contentsOf: URL(fileURLWithPath: "/proc/self/exe"))
    func damaged(at offset: Int, _ value: UInt64, width: Int = 8) -> Data {
      var bytes = [UInt8](good)
      for index in 0..<width {
        bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * index))
      }
      return Data(bytes)
    }
    #expect(throws: ELFSections.NotELF.self) {
      try ELFSections(damaged(at: 0x28, UInt64(good.count)))
    }
    #expect(throws: ELFSections.NotELF.self) { try ELFSections(damaged(at: 0x28, .max - 8)) }
    #expect(throws: ELFSections.NotELF.self) { try ELFSections(damaged(at: 0x3A, 8, width: 2)) }
    #expect(throws: ELFSections.NotELF.self) { try ELFSections(Data(good.prefix(200))) }
    #expect(throws: ELFSections.NotELF.self) { try ELFSections(Data("not an ELF file".utf8)) }
    let table = try #require(
      Int(exactly: good[0x28..<0x30].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }))
    // The first section's name, moved past the end of the file.
    #expect(throws: ELFSections.NotELF.self) {
      try ELFSections(damaged(at: table + 64, UInt64(good.count), width: 4))
    }
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

/// The section headers of a 64-bit little-endian ELF file: name, address and size. A file that
/// is not one, or whose headers point outside it, throws `NotELF`.
struct ELFSections {
  struct Section: Equatable, CustomStringConvertible {
    var address: UInt64
    var size: UInt64
    var description: String { "0x\(String(address, radix: 16)), \(size) bytes" }
  }

  struct NotELF: Error {}

  private var byName: [String: Section] = [:]
  var names: [String] { byName.keys.sorted() }

  init(_ data: Data) throws {
    let bytes = [UInt8](data)
    guard bytes.count > 64, bytes[0..<4] == [0x7F, 0x45, 0x4C, 0x46], bytes[4] == 2, bytes[5] == 1
    else { throw NotELF() }
    /// `base` + `plus`, where `width` bytes can be read; throws when that is outside the file.
    func position(_ base: Int, plus: Int = 0, width: Int = 0) throws -> Int {
      let (start, overflow) = base.addingReportingOverflow(plus)
      guard !overflow, start >= 0, start <= bytes.count - width else { throw NotELF() }
      return start
    }
    /// The little-endian integer of `width` bytes at `base` + `plus`, as an offset or a count.
    func integer(_ base: Int, plus: Int = 0, _ width: Int) throws -> Int {
      let start = try position(base, plus: plus, width: width)
      let value = (0..<width).reversed().reduce(UInt64(0)) { $0 << 8 | UInt64(bytes[start + $1]) }
      guard let result = Int(exactly: value) else { throw NotELF() }
      return result
    }
    let table = try integer(0x28, 8)
    let entrySize = try integer(0x3A, 2)
    let count = try integer(0x3C, 2)
    let namesIndex = try integer(0x3E, 2)
    guard entrySize >= 0x28, namesIndex < count else { throw NotELF() }
    /// Where the header of section `index` starts (the whole header inside the file).
    func header(_ index: Int) throws -> Int {
      let (offset, overflow) = index.multipliedReportingOverflow(by: entrySize)
      guard !overflow else { throw NotELF() }
      return try position(table, plus: offset, width: entrySize)
    }
    let namesOffset = try integer(try header(namesIndex), plus: 0x18, 8)
    for index in 0..<count {
      let header = try header(index)
      let start = try position(namesOffset, plus: try integer(header, 4))
      var end = start
      while end < bytes.count, bytes[end] != 0 { end += 1 }
      let name = String(decoding: bytes[start..<end], as: UTF8.self)
      byName[name] = Section(
        address: UInt64(try integer(header, plus: 0x10, 8)),
        size: UInt64(try integer(header, plus: 0x20, 8)))
    }
  }

  subscript(name: String) -> Section? { byName[name] }
}
