import Foundation
import Testing

/// The developer docs stay true to the code: docs/architecture.md's map names every source file
/// (and no file that is gone), and no doc names a symbol the code lacks.
///
/// ```sh
/// swift test --filter DocsStayTrueTests
/// ```
@Suite struct DocsStayTrueTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  @Test func theArchitectureMapNamesEverySourceFile() throws {
    let map = try Repository.architectureMap(root: Self.root)
    let sources = try Repository.swiftFiles(under: "Sources", root: Self.root)
    let missing = sources.subtracting(map).sorted()
    let gone = map.subtracting(sources).sorted()
    #expect(
      missing.isEmpty,
      """
      docs/architecture.md's "Every source file" map leaves out:
      \(missing.map { "  Sources/\($0)" }.joined(separator: "\n"))
      To fix, add each under its folder's heading with the first sentence of its documentation.
      """)
    #expect(
      gone.isEmpty,
      """
      docs/architecture.md's "Every source file" map names files that do not exist:
      \(gone.map { "  Sources/\($0)" }.joined(separator: "\n"))
      To fix, remove them or write their new path.
      """)
    // The check itself can fail: the map is read, and it is long.
    #expect(map.count > 100)
  }

  /// Read once for every doc.
  static let words = (try? Repository.codeWords(root: root)) ?? []
  static let files = (try? Repository.swiftFileNames(root: root)) ?? []

  @Test(arguments: Repository.docs)
  func aDocNamesOnlySymbolsTheCodeHas(doc: String) throws {
    let (words, files) = (Self.words, Self.files)
    #expect(words.count > 1000 && files.count > 100)
    let text = try String(contentsOf: Self.root.appending(path: doc), encoding: .utf8)
    let unknown = DocReferences(markdown: text).unknown(words: words, files: files)
    #expect(
      unknown.isEmpty,
      """
      \(doc) names what the code does not have:
      \(unknown.map { "  `\($0)`" }.joined(separator: "\n"))
      To fix, write the name the code uses now (or, for a name from outside the project, add \
      it to DocReferences.outsideNames with where it comes from).
      """)
  }

  @Test func testingMdsExampleIsATestThatRuns() throws {
    let doc = try String(
      contentsOf: Self.root.appending(path: "docs/testing.md"), encoding: .utf8)
    let test = try String(
      contentsOf: Self.root.appending(
        path: "Tests/TodosFeatureTests/Support/TestingDocExampleTests.swift"),
      encoding: .utf8)
    let start = try #require(doc.range(of: "```swift\n@MainActor @Suite struct MySortTests"))
    let end = try #require(doc.range(of: "```", range: start.upperBound..<doc.endIndex))
    let example = doc[doc.index(start.lowerBound, offsetBy: 9)..<end.lowerBound]
    #expect(
      test.contains(example),
      "docs/testing.md's example differs from TestingDocExampleTests.swift. To fix, copy the test.")
  }

  @Test func theSymbolCheckFindsAStaleName() {
    let doc = DocReferences(
      markdown: """
        The list's `Todos.State.undoStack` and `TodoList.rows`, in `TodoList.swift`.

        ```swift
        struct Mine { func made() {} }
        store.send(.list(.quitKeyPressed)) { $0.undoStack = [] }
        Mine().made()
        ```

        ## History
        `OldName` is allowed here.
        """)
    let words: Set<String> = [
      "Todos", "State", "TodoList", "rows", "store", "send", "list", "quitKeyPressed", "struct",
      "func",
    ]
    let files: Set<String> = ["Sources/TodosFeature/List/TodoList.swift"]
    #expect(doc.unknown(words: words, files: files) == ["Todos.State.undoStack", "undoStack"])
    #expect(
      doc.unknown(words: words, files: []) == [
        "Todos.State.undoStack", "TodoList.swift", "undoStack",
      ])
  }
}

/// The repository's files, as the docs test reads them.
enum Repository {
  /// The docs whose names are checked (user docs name keys and tags more than code, but a stale
  /// type or file there misleads just the same).
  static let docs = [
    "README.md", "docs/architecture.md", "docs/testing.md", "docs/performance.md",
    "docs/terminal.md", "docs/config.md", "docs/dates.md", "docs/file-format.md",
    "docs/keys.md", "docs/merge.md", "docs/organise.md", "docs/sync.md",
  ]

  /// Every `.swift` file under `folder`, as a path relative to it.
  static func swiftFiles(under folder: String, root: URL) throws -> Set<String> {
    let base = root.appending(path: folder)
    let paths = FileManager.default.enumerator(atPath: base.path)?.allObjects as? [String] ?? []
    return Set(paths.filter { $0.hasSuffix(".swift") })
  }

  /// The paths, from the repository's root, of every Swift file of the package and its
  /// benchmarks.
  static func swiftFileNames(root: URL) throws -> Set<String> {
    var names: Set<String> = ["Package.swift"]
    for folder in ["Sources", "Tests", "Benchmarks/Benchmarks"] {
      for path in try swiftFiles(under: folder, root: root) { names.insert("\(folder)/\(path)") }
    }
    return names
  }

  /// Every identifier-like word in the code (declarations, uses, strings and comments alike).
  static func codeWords(root: URL) throws -> Set<String> {
    var words = Set<String>()
    for folder in ["Sources", "Tests", "Benchmarks/Benchmarks"] {
      for path in try swiftFiles(under: folder, root: root) {
        let url = root.appending(path: folder).appending(path: path)
        let text = try String(contentsOf: url, encoding: .utf8)
        words.formUnion(DocReferences.identifiers(in: text))
      }
    }
    for file in ["Package.swift", "Makefile", "Sources/CNcurses/include/CNcurses.h"] {
      let url = root.appending(path: file)
      if let text = try? String(contentsOf: url, encoding: .utf8) {
        words.formUnion(DocReferences.identifiers(in: text))
      }
    }
    return words
  }

  /// The files docs/architecture.md's "Every source file" section names, relative to
  /// Sources/: each `- \`File.swift\`` line under a `### Folder/` heading.
  static func architectureMap(root: URL) throws -> Set<String> {
    let text = try String(
      contentsOf: root.appending(path: "docs/architecture.md"), encoding: .utf8)
    var inMap = false
    var folder = ""
    var files = Set<String>()
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("## ") { inMap = line == "## Every source file" }
      guard inMap else { continue }
      if line.hasPrefix("### ") {
        folder = String(line.dropFirst(4)).trimmingCharacters(in: .whitespaces)
      } else if line.hasPrefix("- `"), let end = line.dropFirst(3).firstIndex(of: "`") {
        files.insert(folder + line[line.index(line.startIndex, offsetBy: 3)..<end])
      }
    }
    return files
  }
}

/// The names a Markdown doc gives in backticks and Swift code blocks.
///
/// ```swift
/// DocReferences(markdown: "`Todos.State`").unknown(words: ["Todos"], files: [])  // ["Todos.State"]
/// ```
struct DocReferences {
  /// Names from outside the project a doc may give: ncurses' C API, the kernel, Python's
  /// standard library in a benchmark script, a priority letter.
  static let outsideNames: Set<String> = [
    "BUTTON1_CLICKED", "define_key", "use_default_colors", "si_code", "abort", "VmHWM",
    "subprocess", "Popen", "P", "FIONREAD",
  ]

  /// Inline names: `Type.member`, `function()`, `name_with_underscore`, `File.swift`.
  var inline: [String] = []
  /// Words of Swift code blocks that the block itself does not declare.
  var codeWords: [String] = []

  init(markdown: String) {
    // A "History" section records what was, in the names of its day.
    var current = ""
    var inHistory = false
    var inCode = false
    var codeLanguage = ""
    var block = ""
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") {
        if inCode {
          if codeLanguage == "swift", !inHistory { codeWords += Self.undeclaredWords(in: block) }
          block = ""
        } else {
          codeLanguage = String(line.dropFirst(3))
        }
        inCode.toggle()
        continue
      }
      if inCode {
        block += line + "\n"
        continue
      }
      if line.hasPrefix("#") { inHistory = line.hasSuffix(" History") }
      if !inHistory { current += line + "\n" }
    }
    inline = Self.backticked(in: current).filter(Self.isName)
  }

  /// The names that neither the code's words nor its files (paths from the repository's root)
  /// account for, in order. A file may be named by its path's tail: `List/Todos.swift`.
  func unknown(words: Set<String>, files: Set<String>) -> [String] {
    var result: [String] = []
    for name in inline where !result.contains(name) {
      if name.hasSuffix(".swift") {
        if !files.contains(where: { $0 == name || $0.hasSuffix("/" + name) }) {
          result.append(name)
        }
      } else if Self.identifiers(in: name).contains(where: {
        !words.contains($0) && !Self.outsideNames.contains($0)
      }) {
        result.append(name)
      }
    }
    for word in codeWords where !words.contains(word) && !Self.outsideNames.contains(word) {
      if !result.contains(word) { result.append(word) }
    }
    return result
  }

  static func identifiers(in text: some StringProtocol) -> [String] {
    var words: [String] = []
    var word = ""
    for scalar in text.unicodeScalars {
      if scalar == "_" || (scalar.isASCII && scalar.properties.isAlphabetic)
        || (!word.isEmpty && scalar.isASCII && scalar.properties.numericType != nil)
      {
        word.unicodeScalars.append(scalar)
      } else if !word.isEmpty {
        words.append(word)
        word = ""
      }
    }
    if !word.isEmpty { words.append(word) }
    return words
  }

  private static func backticked(in text: String) -> [String] {
    text.split(separator: "\n").flatMap { line in
      line.split(separator: "`", omittingEmptySubsequences: false).enumerated()
        .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }
  }

  /// A Swift file name, or a dotted identifier path (maybe called: `f()`, `f(_:)`) that is
  /// clearly code: it has a capital, a dot, a call or an underscore (a plain lowercase word is
  /// more often a key, a tag or English).
  private static func isName(_ token: String) -> Bool {
    if token.hasSuffix(".swift") { return !token.contains("*") && token.count > 6 }
    var base = Substring(token)
    if let open = base.firstIndex(of: "("), base.hasSuffix(")") {
      let arguments = base[open...].dropFirst().dropLast()
      guard arguments.allSatisfy({ $0.isLetter || $0 == "_" || $0 == ":" }) else { return false }
      base = base[..<open]
    }
    let parts = base.split(separator: ".", omittingEmptySubsequences: false)
    guard
      parts.allSatisfy({ part in
        guard let first = part.first, first.isLetter || first == "_" else { return false }
        return part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
      })
    else { return false }
    let plainWord =
      parts.count == 1 && base == token && !base.contains("_")
      && !base.contains(where: \.isUppercase)
    return !plainWord
  }

  /// The words of a Swift block, less the names it declares itself and those in strings and
  /// comments.
  private static func undeclaredWords(in block: String) -> [String] {
    var code = ""
    for line in block.split(separator: "\n") {
      var inString = false
      var previous: Character = " "
      for character in line {
        if !inString, character == "/", previous == "/" {
          code.removeLast()
          break
        }
        if character == "\"" { inString.toggle() } else if !inString { code.append(character) }
        previous = character
      }
      code.append("\n")
    }
    let words = identifiers(in: code)
    var declared = Set<String>()
    let introducers: Set<String> = [
      "func", "struct", "enum", "class", "case", "let", "var", "typealias", "protocol",
    ]
    for (index, word) in words.enumerated().dropLast() where introducers.contains(word) {
      declared.insert(words[index + 1])
    }
    var seen = Set<String>()
    return words.filter { !declared.contains($0) && seen.insert($0).inserted }
  }
}
