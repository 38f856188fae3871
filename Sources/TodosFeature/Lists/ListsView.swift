import IdentifiedCollections
import TerminalUI

/// The screen of the list on show: `AppView`'s frame for it; in done.txt (read-only) the hint
/// line names the keys that work there (`r` restore, `D` back), not the ones that change a
/// todo, with the keys in force.
///
/// ```swift
/// let frame = ListsView.frame(for: store.state, width: 80, height: 24, keys: keys)
/// ```
public enum ListsView {
  @MainActor
  public static func frame(
    for state: ListsFeature.State, width: Int, height: Int, keys: KeyBindings = .standard,
    theme: TodosTheme = .standard, pendingKey: Key? = nil
  ) -> Frame {
    let (drawn, isListFocused) = state.readingCurrentList { list in
      (
        AppView.frame(
          for: list, width: width, height: height, keys: keys, theme: theme,
          pendingKey: pendingKey),
        list.list.focus == .list && !Keymap.isTooSmall(list.list)
      )
    }
    var frame = drawn
    guard state.doneViews[state.current] != nil, pendingKey == nil, isListFocused
    else { return frame }
    let hints = doneHints(keys)
    let y = height - 1
    let room = width - 2
    var line = ""
    for hint in hints {
      let candidate = line.isEmpty ? hint : line + " · " + hint
      guard DisplayWidth.of(candidate) <= room else { break }
      line = candidate
    }
    frame.buffer.write(String(repeating: " ", count: width), x: 0, y: y)
    frame.buffer.write(line, x: 1, y: y, style: TodosView.hintStyle, maxWidth: room)
    return frame
  }

  /// The hints of done.txt's view, with the keys in force: "? help · r restore · D back · …".
  static func doneHints(_ keys: KeyBindings) -> [String] {
    [
      ("help", "?", "help"), ("restore", "r", "restore"), ("show_done", "D", "back"),
      ("search", "/", "search"), ("next_filter", "f", "filter"), ("detail", "i", "detail"),
    ].compactMap { name, fallback, words in
      let key = keys.key(name, or: fallback)
      return key == "-" ? nil : "\(key) \(words)"
    }
  }
}

extension ListsFeature.State {
  /// Reads the list on screen where it is: `currentList` returns a copy, every reference in a
  /// list's state retained and released, which a frame and each key cannot afford. Inlined,
  /// and read through the array's borrowing subscript: handing the body an element read
  /// through a buffer pointer copied it all the same (952 bytes and every reference in them).
  ///
  /// ```swift
  /// let requests = state.readingCurrentList { $0.list.redrawRequests }
  /// ```
  @inlinable @inline(__always)
  public func readingCurrentList<Result>(
    _ body: (borrowing AppFeature.State) -> Result
  ) -> Result {
    guard let index = lists.index(id: current) else { return body(currentList) }
    return body(lists[index])
  }
}
