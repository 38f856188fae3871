/// A one-line text being edited, with a cursor counted in characters (grapheme clusters).
///
/// ```swift
/// var field = TextField(text: "Mlk")
/// field.apply(.moveLeft); field.apply(.moveLeft); field.apply(.insert("i"))  // "Milk", cursor 2
/// ```
public struct TextField: Equatable, Sendable {
  public var text: String
  /// The cursor position: how many characters are before it, `0...text.count`.
  public var cursor: Int

  /// A field holding `text`, with the cursor at the end unless told otherwise.
  public init(text: String = "", cursor: Int? = nil) {
    self.text = text
    self.cursor = min(max(cursor ?? text.count, 0), text.count)
  }

  /// One editing keystroke.
  ///
  /// ```swift
  /// store.send(.textFieldEdited(.deleteWordBackward))
  /// ```
  public enum Edit: Equatable, Sendable {
    /// Typed or pasted text; newlines and control characters become spaces.
    case insert(String)
    case moveLeft, moveRight, moveToStart, moveToEnd
    /// Backspace.
    case deleteBackward
    /// Delete.
    case deleteForward
    /// Ctrl-W: the word before the cursor (and the spaces after it).
    case deleteWordBackward
    /// Ctrl-U: everything before the cursor.
    case deleteToStart
    /// Ctrl-K: everything after the cursor.
    case deleteToEnd
  }

  /// Applies one keystroke.
  public mutating func apply(_ edit: Edit) {
    var characters = Array(text)
    let cursor = min(max(self.cursor, 0), characters.count)
    switch edit {
    case .insert(let string):
      let clean = TextField.sanitize(string)
      let before = String(characters[..<cursor]) + clean
      text = before + String(characters[cursor...])
      // Combining marks may merge with the character before them: count again.
      self.cursor = min(before.count, text.count)
      return
    case .moveLeft: self.cursor = max(cursor - 1, 0)
    case .moveRight: self.cursor = min(cursor + 1, characters.count)
    case .moveToStart: self.cursor = 0
    case .moveToEnd: self.cursor = characters.count
    case .deleteBackward:
      guard cursor > 0 else { return }
      characters.remove(at: cursor - 1)
      text = String(characters)
      self.cursor = cursor - 1
    case .deleteForward:
      guard cursor < characters.count else { return }
      characters.remove(at: cursor)
      text = String(characters)
    case .deleteWordBackward:
      var start = cursor
      while start > 0, characters[start - 1].isWhitespace { start -= 1 }
      while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
      characters.removeSubrange(start..<cursor)
      text = String(characters)
      self.cursor = start
    case .deleteToStart:
      characters.removeSubrange(0..<cursor)
      text = String(characters)
      self.cursor = 0
    case .deleteToEnd:
      characters.removeSubrange(cursor...)
      text = String(characters)
      self.cursor = cursor
    }
  }

  /// `string` with newlines, tabs and other control characters turned into spaces.
  ///
  /// ```swift
  /// TextField.sanitize("a\nb\tc")  // "a b c"
  /// ```
  public static func sanitize(_ string: String) -> String {
    String(
      string.map { character -> Character in
        if character.isNewline { return " " }
        let isControl = character.unicodeScalars.contains {
          $0.properties.generalCategory == .control
        }
        return isControl ? " " : character
      })
  }
}
