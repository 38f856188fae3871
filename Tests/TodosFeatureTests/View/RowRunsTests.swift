import Foundation
import TerminalUI
import Testing
import TodoTxt

@testable import TodosFeature

/// A row's text is written a run of spans at a time (`drawTodoTxtText`): over random texts of
/// words, tags, links, wide characters, combining marks and tabs, the cells are those of
/// writing it span by span, as it was.
@Suite struct RowRunsTests {
  static let pieces = [
    "call", "mom", " ", "  ", "\t", "+home", "@phone", "due:2026-12-01", "https://a.example/x",
    "(see", "http://b.example)", "日本", "e\u{301}", "\u{301}", "\u{0600}", "é", "x:y:z", "+",
    "@", "👍🏽", "a:", ":b", "💡idea",
  ]

  /// The drawing as it was: each span on its own (a text with no `+`, `@` or `:` whole).
  static func spanBySpan(
    _ text: Substring, x: Int, y: Int, style: Style, isSelected: Bool,
    into buffer: inout ScreenBuffer, theme: TodosTheme
  ) -> Int {
    var x = x
    let onSelection = isSelected || style.reverse
    // No tag sign at all: written whole, as before.
    guard text.utf8.contains(where: { $0 == 0x2B || $0 == 0x40 || $0 == 0x3A }) else {
      return x + buffer.write(String(text), x: x, y: y, style: style)
    }
    TodoTxtText.forEachSpan(in: text) { span in
      var spanStyle = style
      switch span.kind {
      case .project where onSelection, .context where onSelection: spanStyle.underline = true
      case .project: spanStyle = TodosTheme.layered(theme.project, over: style)
      case .context: spanStyle = TodosTheme.layered(theme.context, over: style)
      case .word, .tag:
        x += TodosView.writeLinking(span.text, x: x, y: y, style: style, into: &buffer)
        return
      case .whitespace: break
      }
      x += buffer.write(String(span.text), x: x, y: y, style: spanStyle)
    }
    return x
  }

  @Test func runsGiveTheCellsOfSpanBySpan() {
    var seed: UInt64 = 11
    func next(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(bound))
    }
    let theme = TodosTheme.standard
    for round in 0..<3000 {
      let words = (0..<(1 + next(9))).map { _ in Self.pieces[next(Self.pieces.count)] }
      let text = words.joined(separator: next(3) == 0 ? "" : " ") + (next(2) == 0 ? " +x" : "")
      let style = next(3) == 0 ? Style(reverse: true) : .plain
      let isSelected = next(4) == 0
      let x = next(4)
      var runs = ScreenBuffer(width: 40, height: 1)
      let end = TodosView.drawTodoTxtText(
        Substring(text), priorityLength: 0, x: x, y: 0, style: style, isSelected: isSelected,
        into: &runs, theme: theme)
      var spans = ScreenBuffer(width: 40, height: 1)
      let spansEnd = Self.spanBySpan(
        Substring(text), x: x, y: 0, style: style, isSelected: isSelected, into: &spans,
        theme: theme)
      #expect(runs == spans, "round \(round): \(text.unicodeScalars.map(\.value)) \(x)")
      #expect(end == spansEnd, "round \(round): \(text)")
      if runs != spans { break }
    }
  }

  /// `holds` answers as `contains` does, for small sets (searched) and larger ones (hashed).
  @Test func holdsAgreesWithContains() {
    let ids = (0..<40).map { UUID(counter: UInt64($0)) }
    for size in 0..<20 {
      let set = Set(ids.prefix(size))
      for id in ids { #expect(set.holds(id) == set.contains(id), "size \(size)") }
    }
  }
}
