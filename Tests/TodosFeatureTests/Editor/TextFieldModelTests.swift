import Testing

@testable import TodosFeature

/// `TextField.apply` edits its text through string indices; the model below does each edit on
/// an array of characters, the plain way. After every edit of long random runs over text with
/// combining marks, emoji, wide characters and spaces, both hold the same text and cursor.
@Suite struct TextFieldModelTests {
  struct Model {
    var characters: [Character]
    var cursor: Int

    mutating func apply(_ edit: TextField.Edit) {
      switch edit {
      case .insert(let string):
        let before = String(characters[..<cursor]) + TextField.sanitize(string)
        let text = before + String(characters[cursor...])
        characters = Array(text)
        cursor = min(before.count, characters.count)
      case .moveLeft: cursor = max(cursor - 1, 0)
      case .moveRight: cursor = min(cursor + 1, characters.count)
      case .moveToStart: cursor = 0
      case .moveToEnd: cursor = characters.count
      case .deleteBackward:
        guard cursor > 0 else { return }
        characters.remove(at: cursor - 1)
        characters = Array(String(characters))
        cursor -= 1
      case .deleteForward:
        guard cursor < characters.count else { return }
        characters.remove(at: cursor)
        characters = Array(String(characters))
      case .deleteWordBackward:
        var start = cursor
        while start > 0, characters[start - 1].isWhitespace { start -= 1 }
        while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
        characters.removeSubrange(start..<cursor)
        characters = Array(String(characters))
        cursor = start
      case .deleteToStart:
        characters.removeSubrange(0..<cursor)
        characters = Array(String(characters))
        cursor = 0
      case .deleteToEnd:
        characters.removeSubrange(cursor...)
        characters = Array(String(characters))
      }
      cursor = min(cursor, characters.count)
    }
  }

  @Test(arguments: [1, 2, 3, 4, 5])
  func indicesAndTheCharacterModelAgree(seed: UInt64) {
    let pieces = [
      "a", "b", " ", "é", "e\u{301}", "\u{301}", "日", "👍🏽", "🇫🇷", "\u{1F469}\u{200D}\u{1F4BB}",
      "word ", "  ", "x", "\n", "\t",
    ]
    run(seed: seed, pieces: pieces)
  }

  /// Mostly printable ASCII, which takes the byte way, now and then a piece that is not (a
  /// combining mark that merges with the letter before it, a control character, a wide
  /// character), so the text goes in and out of that way.
  @Test(arguments: [6, 7, 8, 9, 10])
  func printableASCIIAndTheCharacterModelAgree(seed: UInt64) {
    let pieces =
      Array(repeating: ["a", "b", " ", "word ", "x", "+p", "due:fri", "~"], count: 6).flatMap { $0 }
      + ["\u{301}", "e\u{301}", "\t", "\n", "\r\n", "日", "\u{7F}"]
    run(seed: seed, pieces: pieces)
  }

  func run(seed: UInt64, pieces: [String]) {
    let edits: [TextField.Edit] = [
      .moveLeft, .moveRight, .moveToStart, .moveToEnd, .deleteBackward, .deleteForward,
      .deleteWordBackward, .deleteToStart, .deleteToEnd,
    ]
    var generator = SplitMix(seed: seed)
    var field = TextField(text: "Call Mom +family")
    var model = Model(characters: Array(field.text), cursor: field.cursor)
    for step in 0..<2_000 {
      let edit: TextField.Edit =
        generator.next(upTo: 3) == 0
        ? edits[generator.next(upTo: edits.count)]
        : .insert(pieces[generator.next(upTo: pieces.count)])
      field.apply(edit)
      model.apply(edit)
      #expect(field.text == String(model.characters), "step \(step): \(edit)")
      #expect(field.cursor == model.cursor, "step \(step): \(edit)")
      if field.text != String(model.characters) || field.cursor != model.cursor { break }
    }
  }
}
