import Foundation
import Testing
import TodoTxt

@testable import TodosFeature

/// `add` reads only the part of the file the new todo goes into (`TodoCommand.edit`): on files
/// of every shape its bytes, output and warnings are those of the whole file parsed and
/// changed (`TodoCommand.change`).
@Suite struct TodoCommandEditTests {
  static let settings = TodoCommand.Settings(today: TodoDate(string: "2026-11-26")!)

  /// Lines of every kind: todos, completed, comments, blank and white lines, a byte order mark
  /// inside the file, Latin-1 (not UTF-8), a todo with a CR of its own.
  static let lines: [[UInt8]] = [
    Array("Call Mom".utf8), Array("(A) Milk +shop".utf8), Array("x 2026-11-20 Bread".utf8),
    Array("# note".utf8), [], Array("  ".utf8), [0xEF, 0xBB, 0xBF] + Array("(B) marked".utf8),
    Array("Caf".utf8) + [0xE9], Array("Eggs\r".utf8), Array("2026-11-01 Water plants".utf8),
  ]

  /// A file of `count` random lines: a byte order mark or not, LF or CRLF, a final line break
  /// or not.
  static func file(_ rng: inout SeededRandom) -> [UInt8] {
    var bytes: [UInt8] = Bool.random(using: &rng) ? [0xEF, 0xBB, 0xBF] : []
    let ending: [UInt8] = Bool.random(using: &rng) ? [0x0D, 0x0A] : [0x0A]
    let count = Int.random(in: 0...6, using: &rng)
    for index in 0..<count {
      bytes += lines.randomElement(using: &rng)!
      if index < count - 1 || Bool.random(using: &rng) { bytes += ending }
    }
    return bytes
  }

  @Test func addOnThePartIsAddOnTheWholeFile() throws {
    var rng = SeededRandom(seed: 0xADD)
    var partsRead = 0
    for _ in 0..<2000 {
      let bytes = Self.file(&rng)
      // A last line ending in a CR with no LF after it loses that CR when the whole file is
      // printed again; the part keeps it. Compare where the whole file gives its bytes back.
      guard TodoTxtDocument.parse(bytes).serialized() == bytes else { continue }
      var settings = Self.settings
      settings.addsAtBottom = Bool.random(using: &rng)
      settings.addsCreationDate = Bool.random(using: &rng)
      let text = ["New +x due:fri", "(C) 2026-11-02 Typed date", "due:someday Later"]
        .randomElement(using: &rng)!
      let whole = try TodoCommand.change(
        .add(text), in: TodoTxtDocument.parse(bytes), settings)
      let part = try TodoCommand.edit(.add(text), file: bytes, settings)
      let shown = String(decoding: bytes, as: UTF8.self).debugDescription
      #expect(
        part.bytes == whole.document?.serialized(), "\(shown), bottom: \(settings.addsAtBottom)")
      #expect(part.output == whole.output, "\(shown)")
      #expect(part.warnings == whole.warnings, "\(shown)")
      if TodoCommand.addPart(of: bytes, atBottom: settings.addsAtBottom) != nil { partsRead += 1 }
    }
    // Most files are read in part, not all through the whole-file fallback.
    #expect(partsRead > 1000)
  }

  @Test func addCopiesTheRestOfALargeFileAsItIs() throws {
    let rest = (1...1000).map { "Todo \($0)\n" }.joined()
    let bytes = Array(("# list\n" + rest).utf8)
    let top = try TodoCommand.edit(.add("New"), file: bytes, Self.settings)
    #expect(top.bytes == Array("# list\n2026-11-26 New\n\(rest)".utf8))
    #expect(top.output == ["2 2026-11-26 New"])
    var bottom = Self.settings
    bottom.addsAtBottom = true
    let last = try TodoCommand.edit(.add("New"), file: bytes, bottom)
    #expect(last.bytes == Array("# list\n\(rest)2026-11-26 New\n".utf8))
    #expect(last.output == ["1002 2026-11-26 New"])
  }
}
