import TerminalUI
import Testing

@testable import TodosFeature

/// The editor's field layout (`FieldLayout`) reads a printable-ASCII text a byte at a time; it
/// shows what walking the text character by character shows, at every cursor and width.
@Suite struct FieldLayoutTests {
  /// The layout worked out a character at a time.
  func reference(_ text: String, cursor: Int, width: Int) -> (text: String, column: Int) {
    let width = max(width, 1)
    let characters = Array(text)
    let before = characters.prefix(max(cursor, 0))
    let column = before.reduce(0) { $0 + DisplayWidth.of($1) }
    let room = width - 2
    if column <= room { return (DisplayWidth.truncate(text, toWidth: width), column) }
    var dropped = 0
    var shown = column
    while dropped < before.count, shown + 1 > room {
      shown -= DisplayWidth.of(characters[dropped])
      dropped += 1
    }
    let rest = String(characters[dropped...])
    return ("…" + DisplayWidth.truncate(rest, toWidth: width - 1), 1 + shown)
  }

  @Test func anASCIITextLaysOutAsCharacterByCharacter() {
    var generator = SplitMix(seed: 5)
    let letters = Array("abc de+f@g:h1 ")
    for _ in 0..<2_000 {
      let length = generator.next(upTo: 40)
      let text = String((0..<length).map { _ in letters[generator.next(upTo: letters.count)] })
      let cursor = generator.next(upTo: length + 1)
      let width = 1 + generator.next(upTo: 30)
      let layout = FieldLayout(field: TextField(text: text, cursor: cursor), width: width)
      let expected = reference(text, cursor: cursor, width: width)
      #expect(layout.text == expected.text, "\(text) cursor \(cursor) width \(width)")
      #expect(layout.cursorColumn == expected.column, "\(text) cursor \(cursor) width \(width)")
    }
  }
}
