import TerminalUI
import TodoTxt

/// Typing help in the edit field: Tab completes the `+project` or `@context` before the caret
/// from those in the file (Tab again cycles, Shift-Tab goes back), and a `due:`/`t:` word under
/// the caret is read for the hint line (`due:fri → Fri Nov 27`).
///
/// ```swift
/// var editor = Editor.State(id: id, isNew: true, field: TextField(text: "Call +wo"))
/// editor.completeTag(forward: true) { _ in ["+home", "+work", "+workshop"] }
/// editor.field.text  // "Call +work"
/// ```
public struct TagCompletion: Equatable, Sendable {
  /// Where the completed word starts in the field (a character offset).
  public var start: Int
  /// The tags that complete what was typed, in picker order.
  public var candidates: [String]
  /// The candidate in the field now.
  public var index: Int
}

extension Editor.State {
  /// Tab (`forward`) or Shift-Tab: the word before the caret, `+` or `@` and at least one more
  /// character, becomes the first tag of `tags` (those of its kind) that starts with it,
  /// ignoring case (Shift-Tab: the last); pressed again with nothing typed in between, the next
  /// (or previous) one, round again. With nothing to complete the field stays as it is.
  ///
  /// ```swift
  /// editor.completeTag(forward: false) { state.list.tagIndex.entries($0).map(\.tag) }
  /// ```
  public mutating func completeTag(forward: Bool, tags: (TagIndex.Kind) -> [String]) {
    var characters = Array(field.text)
    let cursor = min(max(field.cursor, 0), characters.count)
    if var completion, completion.index < completion.candidates.count {
      let shown = Array(completion.candidates[completion.index])
      if completion.start + shown.count == cursor,
        Array(characters[completion.start..<cursor]) == shown
      {
        let count = completion.candidates.count
        completion.index = (completion.index + (forward ? 1 : count - 1)) % count
        let next = Array(completion.candidates[completion.index])
        characters.replaceSubrange(completion.start..<cursor, with: next)
        field = TextField(text: String(characters), cursor: completion.start + next.count)
        self.completion = completion
        return
      }
    }
    completion = nil
    var start = cursor
    while start > 0, characters[start - 1] != " ", characters[start - 1] != "\t" { start -= 1 }
    let typed = String(characters[start..<cursor])
    guard typed.count >= 2, let sign = typed.first, sign == "+" || sign == "@" else { return }
    let lowered = typed.lowercased()
    let candidates = tags(sign == "+" ? .project : .context).filter {
      $0 != typed && $0.lowercased().hasPrefix(lowered)
    }
    guard !candidates.isEmpty else { return }
    let index = forward ? 0 : candidates.count - 1
    let chosen = Array(candidates[index])
    characters.replaceSubrange(start..<cursor, with: chosen)
    field = TextField(text: String(characters), cursor: start + chosen.count)
    completion = TagCompletion(start: start, candidates: candidates, index: index)
  }

  /// What the `due:` or `t:` word under the caret means, for the hint line: `due:fri → Fri
  /// Nov 27`, `t:banana → not a date`; nil when the caret is on no such word.
  ///
  /// ```swift
  /// Editor.State(id: id, isNew: true, field: TextField(text: "a due:fri")).dateHint(today: monday)
  /// // "due:fri → Fri Nov 27"
  /// ```
  public func dateHint(today: TodoDate) -> String? {
    // The word around the caret, found through the text's indices (no array of characters:
    // this runs for every frame of the editor).
    let text = field.text
    func isSpace(_ character: Character) -> Bool { character == " " || character == "\t" }
    // Printable ASCII (nearly every todo): a character is a byte, so the word is found in them
    // where they are, and made a string only when it is a `due:` or `t:` word.
    let word: String
    if TextField.isPrintableASCII(text) {
      var text = text
      let dateWord: String? = text.withUTF8 { bytes in
        let caret = min(max(field.cursor, 0), bytes.count)
        func isBlank(_ byte: UInt8) -> Bool {
          byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
        }
        var start = caret
        while start > 0, !isBlank(bytes[start - 1]) { start -= 1 }
        var end = caret
        while end < bytes.count, !isBlank(bytes[end]) { end += 1 }
        let word = UnsafeBufferPointer(rebasing: bytes[start..<end])
        guard word.starts(with: "due:".utf8) || word.starts(with: "t:".utf8) else { return nil }
        return String(decoding: word, as: UTF8.self)
      }
      guard let dateWord else { return nil }
      word = dateWord
    } else {
      let caret =
        text.index(text.startIndex, offsetBy: max(field.cursor, 0), limitedBy: text.endIndex)
        ?? text.endIndex
      var start = caret
      while start > text.startIndex, !isSpace(text[text.index(before: start)]) {
        start = text.index(before: start)
      }
      var end = caret
      while end < text.endIndex, !isSpace(text[end]) { end = text.index(after: end) }
      word = String(text[start..<end])
    }
    guard let tag = TodoTags.first(keyOf: word), tag.key == "due" || tag.key == "t" else {
      return nil
    }
    guard let date = RelativeDate.resolve(tag.value, today: today) else {
      return "\(word) → not a date"
    }
    return "\(word) → \(Postpone.longDate(date, today: today))"
  }
}

extension Todos.State {
  /// Tab or Shift-Tab in the editor: completes the `+project`/`@context` before the caret from
  /// the list's tags (`Editor.State.completeTag`).
  mutating func completeTag(forward: Bool) {
    guard case .editing(var editor) = mode else { return }
    let index = list.tagIndex
    editor.completeTag(forward: forward) { index.entries($0).map(\.tag) }
    mode = .editing(editor)
  }
}
