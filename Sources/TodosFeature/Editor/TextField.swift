import TerminalUI

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

  /// Applies one keystroke. The text is changed in place through its indices: no array of
  /// its characters, no string rebuilt from one (a keystroke in a long todo cost 190k
  /// instructions that way).
  public mutating func apply(_ edit: Edit) {
    // Printable ASCII (nearly every todo): a character is a byte, so counting and finding the
    // cursor's index need no walk through grapheme clusters.
    let isASCII = Self.isPrintableASCII(text)
    let count = isASCII ? text.utf8.count : text.count
    let cursor = min(max(self.cursor, 0), count)
    func index(_ offset: Int) -> String.Index {
      isASCII
        ? text.utf8.index(text.utf8.startIndex, offsetBy: offset)
        : text.index(text.startIndex, offsetBy: offset)
    }
    switch edit {
    case .insert(let string):
      let clean = TextField.sanitize(string)
      if isASCII, Self.isPrintableASCII(clean) {
        // At the end (typing a new todo, or adding to one): an append, not the general
        // replacement of an empty range, whose code is four times the size; and no index.
        if cursor == count {
          text.append(contentsOf: clean)
        } else {
          text.insert(contentsOf: clean, at: index(cursor))
        }
        self.cursor = cursor + clean.utf8.count
        return
      }
      let at = index(cursor)
      // Combining marks may merge with the character before them: count again.
      let before = text[..<at] + clean
      text.insert(contentsOf: clean, at: at)
      self.cursor = min(before.count, text.count)
    case .moveLeft: self.cursor = max(cursor - 1, 0)
    case .moveRight: self.cursor = min(cursor + 1, count)
    case .moveToStart: self.cursor = 0
    case .moveToEnd: self.cursor = count
    case .deleteBackward:
      guard cursor > 0 else { return }
      text.remove(at: index(cursor - 1))
      self.cursor = cursor - 1
    case .deleteForward:
      guard cursor < count else { return }
      text.remove(at: index(cursor))
    case .deleteWordBackward:
      let end = index(cursor)
      var start = end
      while start > text.startIndex, text[text.index(before: start)].isWhitespace {
        start = text.index(before: start)
      }
      while start > text.startIndex, !text[text.index(before: start)].isWhitespace {
        start = text.index(before: start)
      }
      let removed = text[start..<end].count
      text.removeSubrange(start..<end)
      self.cursor = cursor - removed
    case .deleteToStart:
      text.removeSubrange(..<index(cursor))
      self.cursor = 0
    case .deleteToEnd:
      text.removeSubrange(index(cursor)...)
      self.cursor = cursor
    }
  }

  /// `string` with newlines, tabs and other control characters turned into spaces.
  ///
  /// ```swift
  /// TextField.sanitize("a\nb\tc")  // "a b c"
  /// ```
  public static func sanitize(_ string: String) -> String {
    if isPrintableASCII(string) { return string }
    return String(
      string.map { character -> Character in
        if character.isNewline { return " " }
        let isControl = character.unicodeScalars.contains {
          $0.properties.generalCategory == .control
        }
        return isControl ? " " : character
      })
  }

  /// Whether every byte of `text` is printable ASCII (space to `~`): then each character is
  /// one byte, with no control character or cluster of several code points.
  static func isPrintableASCII(_ text: String) -> Bool {
    // The screen's run of printable ASCII, read eight bytes at a time, spans all of it.
    DisplayWidth.asciiPrefix(text) == text.utf8.count
  }
}
